import type { Db } from '../../db/client';
import { CarrierError, type Carrier, type CarrierMode } from '../../providers/carriers/index';
import { CARRIER_CODES, carrierName } from '../../../shared/carriers';
import type { TAdminCarriers } from '../../../shared/contracts/carriers';
import { carrierCallsLastHour, insertCarrierCalls, lastCarrierCalls } from './repo';

/*
 * Calls to carriers, as the admin panel's carriers view shows them (issue 24): each carrier's last
 * call (outcome, latency) and its error rate over the last hour. Every instance writes into the one
 * database (carrier_calls), so the view is the same whichever instance answers; rows live a day
 * (prune-expired). Writing never holds up the call it records: rows are batched and written in the
 * background, and a failed write is logged, not thrown.
 */

export type CarrierOperation = 'quote' | 'purchase' | 'find' | 'label' | 'track' | 'void';

export type CarrierCall = {
  carrier: string;
  mode: CarrierMode;
  operation: CarrierOperation;
  /** The carrier answered in time — a refusal (REFUSED, NOT_VOIDABLE, …) included. */
  ok: boolean;
  latencyMs: number;
  /** The CarrierError reason of a failure or a refusal; null when the call did what it asked. */
  errorReason: string | null;
};

/** Reasons that mean the carrier did not answer (the error rate); any other is the carrier's answer. */
export const OUTAGE_REASONS: readonly string[] = ['TIMEOUT', 'UNAVAILABLE', 'BUSY'];

type Log = { error(obj: object, msg: string): void };

/** Calls alike (carrier, mode, operation, outcome, reason) recorded since the last write: one row. */
type Group = CarrierCall & { calls: number };

/** Each group once, in the order of its last call (the last group holds the latest call). */
type Batch = { groups: Map<string, Group>; timer: NodeJS.Timeout | null; writing: Promise<void>; log?: Log };

// A second: calls alike within it are one row (migration 0040), so a quote's five calls cost the
// database next to nothing; on the embedded database every statement runs on the request thread.
const FLUSH_AFTER_MS = 1_000;
const FLUSH_AT_GROUPS = 200;
const batches = new WeakMap<Db, Batch>();

function batchOf(db: Db): Batch {
  let b = batches.get(db);
  if (!b) {
    b = { groups: new Map(), timer: null, writing: Promise.resolve() };
    batches.set(db, b);
  }
  return b;
}

/**
 * Records one call: returns at once; it is written within ~1 s with the others of that moment (one
 * INSERT, one row for the calls alike, with the last one's latency). A write that fails is logged
 * and dropped (the view is a diagnostic).
 */
export function recordCarrierCall(db: Db, call: CarrierCall, log?: Log): void {
  const b = batchOf(db);
  if (log) b.log = log;
  const errorReason = call.ok ? call.errorReason : (call.errorReason ?? 'UNAVAILABLE');
  const key = `${call.carrier}\n${call.mode}\n${call.operation}\n${call.ok}\n${errorReason ?? ''}`;
  const seen = b.groups.get(key);
  // Taken out and put back: the map's order stays the order of each group's last call.
  if (seen) b.groups.delete(key);
  b.groups.set(key, {
    carrier: call.carrier,
    mode: call.mode,
    operation: call.operation,
    ok: call.ok,
    latencyMs: Math.max(0, Math.round(call.latencyMs)),
    errorReason,
    calls: (seen?.calls ?? 0) + 1,
  });
  if (b.groups.size >= FLUSH_AT_GROUPS) void flush(db, b);
  else if (!b.timer) {
    b.timer = setTimeout(() => void flush(db, b), FLUSH_AFTER_MS);
    b.timer.unref();
  }
}

function flush(db: Db, b: Batch): Promise<void> {
  if (b.timer) clearTimeout(b.timer);
  b.timer = null;
  // In the order of their last calls: the row written last (the highest id) holds the latest one.
  const rows = [...b.groups.values()];
  b.groups.clear();
  if (rows.length === 0) return b.writing;
  b.writing = b.writing.then(async () => {
    try {
      await insertCarrierCalls(db, rows);
    } catch (err) {
      b.log?.error({ err, rows: rows.length }, 'could not record carrier calls');
    }
  });
  return b.writing;
}

/** Writes what is waiting now (tests, shut-down): resolves once every recorded call is stored. */
export async function flushCarrierCalls(db: Db): Promise<void> {
  const b = batches.get(db);
  if (b) await flush(db, b);
}

/** The CarrierError reason of a failure, 'UNAVAILABLE' for anything else. */
export function reasonOf(err: unknown): string {
  return err instanceof CarrierError ? err.reason : 'UNAVAILABLE';
}

/**
 * Runs one carrier operation and records it (for the order saga, tracking and voids):
 * `await timedCarrierCall(db, { carrier: c.code, mode: c.mode, operation: 'purchase' }, () => …)`.
 */
export async function timedCarrierCall<T>(
  db: Db,
  what: Pick<CarrierCall, 'carrier' | 'mode' | 'operation'>,
  fn: () => Promise<T>,
  log?: Log,
): Promise<T> {
  const started = performance.now();
  try {
    const out = await fn();
    recordCarrierCall(db, { ...what, ok: true, latencyMs: performance.now() - started, errorReason: null }, log);
    return out;
  } catch (err) {
    const reason = reasonOf(err);
    recordCarrierCall(
      db,
      { ...what, ok: !OUTAGE_REASONS.includes(reason), latencyMs: performance.now() - started, errorReason: reason },
      log,
    );
    throw err;
  }
}

/**
 * The carriers view (GET /api/admin/carriers): every carrier of the spec, enabled or not, with its
 * mode now ('off' when CARRIERS_SANDBOX=off left it out), its last call and the last hour's counts
 * (on the database's clock, the same for every instance). This instance's waiting records are written
 * first, so an admin who quotes and then opens the tab sees that quote.
 */
export async function carrierCallStats(db: Db, carriers: readonly Carrier[]): Promise<TAdminCarriers> {
  await flushCarrierCalls(db);
  const last = await lastCarrierCalls(db);
  const hour = await carrierCallsLastHour(db);
  return {
    carriers: CARRIER_CODES.map((code) => {
      const enabled = carriers.find((c) => c.code === code);
      const l = last.find((r) => r.carrier === code);
      const h = hour.find((r) => r.carrier === code);
      const calls = Number(h?.calls ?? 0);
      const errors = Number(h?.errors ?? 0);
      return {
        carrier: code,
        carrierName: carrierName(code),
        mode: enabled ? enabled.mode : 'off',
        lastCall: l
          ? {
              operation: l.operation as CarrierOperation,
              mode: l.mode as CarrierMode,
              ok: l.ok,
              latencyMs: Number(l.latency_ms),
              errorReason: l.error_reason,
              at: new Date(l.at).toISOString(),
            }
          : null,
        lastHour: { calls, errors, errorRateBp: calls === 0 ? null : Math.round((errors * 10_000) / calls) },
      };
    }),
  };
}
