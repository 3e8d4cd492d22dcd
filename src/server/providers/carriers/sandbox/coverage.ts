/**
 * Declared-value coverage as the sandbox carriers price it (decision 020). Each carrier keeps its
 * own table (in its file) shaped like what it publishes: a value it covers at no charge (its
 * liability limit), then a charge per $100 (or part of $100) — on the value above the free part or
 * on the whole value, with a minimum — or a percentage of the value with a minimum (DHL's Shipment
 * Insurance), up to the most it will cover.
 */
import { applyBasisPoints } from '../../../../shared/money';
import { CarrierError } from '../index';

export type CoverageTable = {
  /** Declared value covered at no charge, in cents (the carrier's liability), unless the service says otherwise. */
  includedCents: number;
  /** Services whose included coverage differs (e.g. Canada Post Regular Parcel includes none). */
  includedByService?: Readonly<Record<string, number>>;
  /** The most this carrier covers for one parcel, in cents; a higher value is refused. */
  maxDeclaredCents: number;
  price:
    | {
        kind: 'per100';
        /** Cents per $100 or part of $100. */
        unitCents: number;
        /** 'excess': the units above the included value; 'whole': the whole value once above it. */
        on: 'excess' | 'whole';
        minimumCents: number;
      }
    | { kind: 'percent'; basisPoints: number; minimumCents: number };
};

const HUNDRED_DOLLARS = 10_000;

/** Dollars for messages: 5000 → '$5,000'. */
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-CA', { maximumFractionDigits: 2 })}`;

/**
 * What the carrier charges to cover `declaredCents` on `serviceCode`: 0 when nothing is declared or
 * the value is within what the service includes. Throws LIMIT_EXCEEDED above the carrier's maximum.
 */
export function coverageCents(
  carrierName: string,
  table: CoverageTable,
  serviceCode: string,
  declaredCents: number,
): number {
  if (!Number.isFinite(declaredCents) || declaredCents <= 0) return 0;
  const declared = Math.round(declaredCents);
  if (declared > table.maxDeclaredCents) {
    throw new CarrierError(
      'LIMIT_EXCEEDED',
      `${carrierName} covers declared values up to ${dollars(table.maxDeclaredCents)}; this parcel declares ${dollars(declared)}`,
    );
  }
  const included = table.includedByService?.[serviceCode] ?? table.includedCents;
  if (declared <= included) return 0;
  const p = table.price;
  if (p.kind === 'percent') return Math.max(p.minimumCents, applyBasisPoints(declared, p.basisPoints));
  const base = p.on === 'excess' ? declared - included : declared;
  const units = Math.ceil(base / HUNDRED_DOLLARS);
  return Math.max(p.minimumCents, units * p.unitCents);
}
