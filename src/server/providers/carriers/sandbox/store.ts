/**
 * What each sandbox carrier sold (`sandbox_carrier_shipments`): the record a real carrier keeps on
 * its side, found by our reference or by its tracking number. The only sandbox file that uses the
 * database (its statements are in store-repo.ts).
 */
import type { Db } from '../../../db/client';
import {
  insertSandboxShipment,
  sandboxShipmentByReference,
  sandboxShipmentByTrackingNumber,
  voidSandboxShipment,
  type SandboxShipmentRow,
} from './store-repo';
import type { CarrierCode, PackageType } from '../index';
import type { ScheduleEnd } from './tracking-schedule';

/** The `request` column: what the carrier needs later (the tracking schedule, the label's facts). */
export type SandboxRequest = {
  serviceName: string;
  /** YYYY-MM-DD */
  shipDate: string;
  /** YYYY-MM-DD, from the service's transit days on this lane. */
  estimatedDelivery: string;
  transitDays: number;
  from: ScheduleEnd;
  to: ScheduleEnd;
  package: { weightKg: number; lengthCm: number; widthCm: number; heightCm: number; type: PackageType };
};

export type SandboxRecord = {
  reference: string;
  carrier: CarrierCode;
  serviceCode: string;
  trackingNumber: string;
  request: SandboxRequest;
  createdAt: Date;
  voidedAt: Date | null;
};

const toRecord = (row: SandboxShipmentRow): SandboxRecord => ({
  ...row,
  carrier: row.carrier as CarrierCode,
  request: row.request as SandboxRequest,
});

/** A unique violation (directly or wrapped by drizzle), and on which constraint when the driver says. */
function uniqueViolation(err: unknown): { constraint: string } | null {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : '' };
  }
  return null;
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;

export function createSandboxStore(db: Db) {
  return {
    /**
     * Records a purchase. 'reference_taken' when a record already holds this reference (the caller
     * answers that one); 'tracking_number_taken' when the number is already someone else's (draw again).
     */
    async insert(
      record: Omit<SandboxRecord, 'voidedAt'>,
    ): Promise<'inserted' | 'reference_taken' | 'tracking_number_taken'> {
      try {
        return (await insertSandboxShipment(db, { ...record, voidedAt: null })) ? 'inserted' : 'reference_taken';
      } catch (err) {
        const violation = uniqueViolation(err);
        // Only the tracking number's index can still be violated once the reference conflict is handled.
        if (violation && !violation.constraint.includes('pkey')) return 'tracking_number_taken';
        throw err;
      }
    },

    /** The record holding our reference, whichever carrier sold it, voided or not. */
    async byReference(reference: string): Promise<SandboxRecord | null> {
      const row = await sandboxShipmentByReference(db, reference);
      return row ? toRecord(row) : null;
    },

    async byTrackingNumber(carrier: CarrierCode, trackingNumber: string): Promise<SandboxRecord | null> {
      const row = await sandboxShipmentByTrackingNumber(db, carrier, trackingNumber);
      return row ? toRecord(row) : null;
    },

    /** Voids once: true when this call voided it, false when it already was. */
    async markVoided(carrier: CarrierCode, trackingNumber: string, at: Date): Promise<boolean> {
      return voidSandboxShipment(db, carrier, trackingNumber, at);
    },
  };
}
