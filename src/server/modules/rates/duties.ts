/**
 * Duties estimate for a parcel leaving Canada (issue 25, decision 029).
 *
 * United States, duties paid at origin (DDP): per customs item, the item's value in USD × (the
 * general rate of its HTS heading, 0 for goods qualifying under CUSMA, + the extra duty on its
 * origin in force on the ship date), converted to CAD at the admin's rate; plus the carrier's
 * brokerage fee for clearing and paying them. Every rate carries the date it took effect, so a quote
 * for a given day reads the rate of that day. An estimate: what the US Customs and Border Protection
 * assesses can differ (decision 029 lists what is left out).
 *
 * Elsewhere, duties unpaid (DDU): the receiver pays at the door, the estimate is zero.
 */
import { centsToDecimal, roundHalfUpDiv, type Cents } from '../../../shared/money';
import { formatRate, toUsd, usdToCad, type UsdRate } from '../../../shared/customs';
import { parseCents } from '../../../shared/money';
import type { TCustoms, TDuties, TDutyLine } from '../../../shared/contracts/customs';

/** The date the tariff tables below were last checked against their sources. */
export const TARIFF_TABLE_DATE = '2025-11-15';

type Dated<T> = { from: string; value: T };

/** The value in force on `date` (YYYY-MM-DD): the latest entry from that day or earlier; null before the first. */
export function inForce<T>(entries: readonly Dated<T>[], date: string): T | null {
  let found: Dated<T> | null = null;
  for (const e of entries) if (e.from <= date && (!found || e.from >= found.from)) found = e;
  return found ? found.value : null;
}

/**
 * General (MFN) duty rates of the Harmonized Tariff Schedule of the United States (2025 edition),
 * in basis points, by heading or subheading (the longest prefix of the HTS code wins). Only a small
 * set of what Canadian small shippers send most; a code not in it is estimated with the extra duty
 * alone, and its line says so (`listed: false`).
 */
export const US_GENERAL_RATES: Readonly<Record<string, { description: string; rates: readonly Dated<number>[] }>> = {
  '0901': { description: 'Coffee', rates: [{ from: '2025-01-01', value: 0 }] },
  '1704': { description: 'Sugar confectionery', rates: [{ from: '2025-01-01', value: 560 }] },
  '2106': { description: 'Food preparations n.e.s.', rates: [{ from: '2025-01-01', value: 640 }] },
  '3304': { description: 'Beauty and make-up preparations', rates: [{ from: '2025-01-01', value: 0 }] },
  '3401': { description: 'Soap', rates: [{ from: '2025-01-01', value: 0 }] },
  '3926': { description: 'Other articles of plastics', rates: [{ from: '2025-01-01', value: 530 }] },
  '420221': { description: 'Handbags, outer surface of leather', rates: [{ from: '2025-01-01', value: 900 }] },
  '4819': { description: 'Cartons, boxes and bags of paper', rates: [{ from: '2025-01-01', value: 0 }] },
  '4901': { description: 'Printed books', rates: [{ from: '2025-01-01', value: 0 }] },
  '610910': { description: 'T-shirts, knitted, of cotton', rates: [{ from: '2025-01-01', value: 1650 }] },
  '610990': { description: 'T-shirts, knitted, of other textiles', rates: [{ from: '2025-01-01', value: 3200 }] },
  '611020': { description: 'Sweaters, knitted, of cotton', rates: [{ from: '2025-01-01', value: 1650 }] },
  '611030': { description: 'Sweaters, knitted, of man-made fibres', rates: [{ from: '2025-01-01', value: 3200 }] },
  '620342': { description: "Men's trousers of cotton", rates: [{ from: '2025-01-01', value: 1660 }] },
  '620462': { description: "Women's trousers of cotton", rates: [{ from: '2025-01-01', value: 1660 }] },
  '640399': { description: 'Footwear, leather uppers', rates: [{ from: '2025-01-01', value: 1000 }] },
  '711319': { description: 'Jewellery of precious metal', rates: [{ from: '2025-01-01', value: 550 }] },
  '8471': { description: 'Computers', rates: [{ from: '2025-01-01', value: 0 }] },
  '8517': { description: 'Telephones', rates: [{ from: '2025-01-01', value: 0 }] },
  '851830': { description: 'Headphones and earphones', rates: [{ from: '2025-01-01', value: 490 }] },
  '9403': { description: 'Furniture', rates: [{ from: '2025-01-01', value: 0 }] },
  '9503': { description: 'Toys', rates: [{ from: '2025-01-01', value: 0 }] },
  '9504': { description: 'Games', rates: [{ from: '2025-01-01', value: 0 }] },
};

/** The general rate of an HTS code on `date` and the table entry it came from; null when not listed. */
export function generalRateOf(hsCode: string, date: string): { heading: string; rateBp: number } | null {
  for (let len = Math.min(10, hsCode.length); len >= 4; len--) {
    const heading = hsCode.slice(0, len);
    const entry = US_GENERAL_RATES[heading];
    if (!entry) continue;
    const rateBp = inForce(entry.rates, date);
    return rateBp === null ? null : { heading, rateBp };
  }
  return null;
}

/**
 * Extra US duties by the goods' origin (IEEPA orders of 2025), in basis points, with their dates.
 * Canadian and Mexican goods pay it only when they do not qualify under CUSMA; US goods returned
 * pay none. Other origins pay the reciprocal baseline unless listed.
 */
export const US_EXTRA_DUTIES: Readonly<Record<string, readonly Dated<number>[]>> = {
  CA: [
    { from: '2025-03-04', value: 2500 },
    { from: '2025-08-01', value: 3500 },
  ],
  MX: [{ from: '2025-03-04', value: 2500 }],
  CN: [
    { from: '2025-02-04', value: 1000 },
    { from: '2025-03-04', value: 2000 },
    { from: '2025-05-14', value: 3000 },
    { from: '2025-11-10', value: 2000 },
  ],
  US: [{ from: '2025-01-01', value: 0 }],
  '*': [{ from: '2025-04-05', value: 1000 }],
};

/** The extra duty on goods of `origin` on `date`, in basis points (0 for CUSMA-qualifying goods). */
export function extraDutyBp(origin: string, cusmaQualifying: boolean, date: string): number {
  if (cusmaQualifying && (origin === 'CA' || origin === 'MX' || origin === 'US')) return 0;
  return inForce(US_EXTRA_DUTIES[origin] ?? US_EXTRA_DUTIES['*']!, date) ?? 0;
}

/**
 * What each carrier charges, in CAD cents, to clear the parcel and pay the duties for the shipper
 * (DDP to the US). Estimated from the carriers' published Canadian brokerage and duty-paid fees
 * (docs/rates-calibration-export.md).
 */
export const BROKERAGE_FEES: Readonly<Record<string, { name: string; cents: Cents }>> = {
  'CA-CP': { name: 'Canada Post duty and tax processing', cents: 1000 },
  'CA-UPS': { name: 'UPS brokerage (duties paid by shipper)', cents: 1995 },
  'CA-Fedex': { name: 'FedEx clearance (duties paid by shipper)', cents: 1850 },
  'CA-PUROLATOR': { name: 'Purolator brokerage (duties paid by shipper)', cents: 1750 },
  'CA-DHL': { name: 'DHL Duty Tax Paid service', cents: 2200 },
};

export type DutiesInput = {
  carrier: string;
  country: string;
  customs: TCustoms;
  rate: UsdRate;
  /** YYYY-MM-DD, the ship date. */
  date: string;
};

export type DutiesEstimate = { amountCents: Cents; duties: TDuties };

/** The duties of one carrier's option for a shipment leaving Canada. */
export function estimateDuties(input: DutiesInput): DutiesEstimate {
  const { customs, rate, date } = input;
  const base = {
    currency: 'CAD' as const,
    estimate: true as const,
    incoterm: customs.incoterm,
    usdRate: formatRate(rate),
    tariffDate: TARIFF_TABLE_DATE,
  };
  if (customs.incoterm !== 'DDP' || input.country !== 'US') {
    return { amountCents: 0, duties: { ...base, amount: '0.00', lines: [] } };
  }
  const lines: TDutyLine[] = [];
  let total = 0;
  for (const item of customs.items) {
    const valueCents = item.quantity * (parseCents(item.unitValue) ?? 0);
    const valueUsd = toUsd(valueCents, customs.currency, rate);
    const cusma = item.cusmaQualifying === true;
    const general = generalRateOf(item.hsCode, date);
    // Goods qualifying under CUSMA enter at its preferential rate: free.
    const generalBp = cusma ? 0 : (general?.rateBp ?? 0);
    const extraBp = extraDutyBp(item.originCountry, cusma, date);
    const dutyUsd = roundHalfUpDiv(valueUsd * (generalBp + extraBp), 10_000);
    const amount = usdToCad(dutyUsd, rate);
    total += amount;
    lines.push({
      kind: 'duty',
      description: item.description,
      hsCode: item.hsCode,
      originCountry: item.originCountry,
      valueUsd: centsToDecimal(valueUsd),
      ...(general || cusma ? { generalRateBp: generalBp } : {}),
      extraRateBp: extraBp,
      listed: cusma || general !== null,
      amount: centsToDecimal(amount),
    });
  }
  const fee = BROKERAGE_FEES[input.carrier];
  if (fee) {
    total += fee.cents;
    lines.push({
      kind: 'brokerage',
      description: fee.name,
      valueUsd: '0.00',
      extraRateBp: 0,
      listed: true,
      amount: centsToDecimal(fee.cents),
    });
  }
  return { amountCents: total, duties: { ...base, amount: centsToDecimal(total), lines } };
}
