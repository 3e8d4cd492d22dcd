/**
 * Whether a carrier is real (issue 22; DESIGN §5).
 *
 * Every carrier reports a `mode`:
 *   - 'sandbox': our built-in simulation (rates from calibrated tables, SPECIMEN labels, tracking on
 *     a schedule). No real parcel is shipped. Today every carrier is one.
 *   - 'test': a real carrier adapter on the carrier's test environment. No real parcel is shipped either.
 *   - 'live': a real carrier adapter on a live account: labels are real and parcels ship.
 * Rate options and shipments carry the mode of the carrier that quoted or sold them.
 *
 * GET /api/carriers/status (signed in) → ZCarrierStatus: the mode of each enabled carrier and the
 * overall status the sidebar badge shows ('sandbox' when every carrier is sandbox, 'live' only when
 * all are live, 'test' when all are test, else 'mixed' with the counts).
 */
import { z } from 'zod';

export const CARRIER_MODES = ['sandbox', 'test', 'live'] as const;
export const ZCarrierMode = z.enum(CARRIER_MODES);
export type TCarrierMode = z.infer<typeof ZCarrierMode>;

/** Whether a parcel handed in under this mode really ships (only a live carrier's labels are real). */
export function shipsForReal(mode: TCarrierMode): boolean {
  return mode === 'live';
}

export const CARRIER_OVERALL_STATUSES = ['sandbox', 'test', 'live', 'mixed'] as const;
export type TCarrierOverallStatus = (typeof CARRIER_OVERALL_STATUSES)[number];

export type TCarrierModeCounts = Record<TCarrierMode, number>;

/** The overall status of a set of carriers: one mode when they all share it, else 'mixed'. None → 'sandbox'. */
export function summarizeCarrierModes(modes: readonly TCarrierMode[]): {
  overall: TCarrierOverallStatus;
  counts: TCarrierModeCounts;
} {
  const counts: TCarrierModeCounts = { sandbox: 0, test: 0, live: 0 };
  for (const m of modes) counts[m]++;
  const present = CARRIER_MODES.filter((m) => counts[m] > 0);
  const overall: TCarrierOverallStatus = present.length === 0 ? 'sandbox' : present.length === 1 ? present[0] : 'mixed';
  return { overall, counts };
}

export const ZCarrierStatus = z.object({
  overall: z.enum(CARRIER_OVERALL_STATUSES),
  counts: z.object({ sandbox: z.number().int(), test: z.number().int(), live: z.number().int() }),
  carriers: z.array(z.object({ carrier: z.string(), carrierName: z.string(), mode: ZCarrierMode })),
});
export type TCarrierStatus = z.infer<typeof ZCarrierStatus>;

/**
 * GET /api/admin/carriers (admin only; issue 24): every carrier of the spec with its mode now ('off'
 * when it is left out: no account and CARRIERS_SANDBOX=off), its last call (any operation, any
 * instance) and the last hour's calls and failures. errorRateBp: failures per 10 000 calls, null
 * without calls.
 */
export const CARRIER_CALL_OPERATIONS = ['quote', 'purchase', 'find', 'label', 'track', 'void'] as const;
export const ZAdminCarrier = z.object({
  carrier: z.string(),
  carrierName: z.string(),
  mode: z.enum([...CARRIER_MODES, 'off']),
  lastCall: z
    .object({
      operation: z.enum(CARRIER_CALL_OPERATIONS),
      mode: ZCarrierMode,
      ok: z.boolean(),
      latencyMs: z.number().int().nonnegative(),
      errorReason: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  lastHour: z.object({
    calls: z.number().int().nonnegative(),
    errors: z.number().int().nonnegative(),
    errorRateBp: z.number().int().min(0).max(10_000).nullable(),
  }),
});
export type TAdminCarrier = z.infer<typeof ZAdminCarrier>;
export const ZAdminCarriers = z.object({ carriers: z.array(ZAdminCarrier) });
export type TAdminCarriers = z.infer<typeof ZAdminCarriers>;
