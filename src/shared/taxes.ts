import { centsToDecimal, roundHalfUpDiv, type Cents } from './money';
import type { ProvinceCode } from './provinces';

/**
 * Sales taxes on freight transportation (DESIGN §6). Freight is supplied where it is delivered,
 * so GST/HST follows the destination province; QST applies only to carriage within Quebec;
 * shipments leaving Canada are zero-rated.
 */
export type Taxes = { gstCents: Cents; hstCents: Cents; qstCents: Cents; totalCents: Cents };
export type TaxesWire = { gst: string; hst: string; qst: string; total: string };

export type TaxInput = {
  amountCents: Cents;
  origin: ProvinceCode;
  /** null = the shipment leaves Canada (zero-rated). */
  destination: ProvinceCode | null;
  date: Date;
};

/** A rate as an exact fraction, so 9.975% is 9975/100000 and no float touches an amount. */
type Rate = { num: number; den: number };
const ZERO: Rate = { num: 0, den: 1 };
const percent = (num: number, den = 100): Rate => ({ num, den });

type RatePeriod = { from: string; gst: Rate; hst: Rate };

// Each list is ordered by `from` (a date in America/Toronto, inclusive). The table starts at the
// last change before today's rates in the Atlantic provinces (PE, 2016-10-01); earlier dates use
// the first row.
const GST_ONLY: RatePeriod[] = [{ from: '2008-01-01', gst: percent(5), hst: ZERO }];
const hstOnly = (rate: number, from = '2016-10-01'): RatePeriod => ({ from, gst: ZERO, hst: percent(rate) });

const GST_HST_TABLE: Record<ProvinceCode, RatePeriod[]> = {
  AB: GST_ONLY,
  BC: GST_ONLY,
  MB: GST_ONLY,
  QC: GST_ONLY,
  SK: GST_ONLY,
  NT: GST_ONLY,
  NU: GST_ONLY,
  YT: GST_ONLY,
  ON: [hstOnly(13)],
  NB: [hstOnly(15)],
  NL: [hstOnly(15)],
  PE: [hstOnly(15)],
  NS: [hstOnly(15), hstOnly(14, '2025-04-01')],
};

const QST_PERIODS: { from: string; rate: Rate }[] = [{ from: '2013-01-01', rate: percent(9975, 100_000) }];

const torontoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) in Toronto, the business time zone, for effective-date lookups. */
export function businessDate(date: Date): string {
  // A quote asks this for every option and tax line: formatToParts is slow, so the last answer is
  // kept for its UTC hour. Toronto's offset is a whole number of hours and changes on the hour, so
  // its calendar day never changes within a UTC hour.
  const hour = Math.floor(date.getTime() / HOUR_MS);
  if (hour === lastBusinessDate.hour) return lastBusinessDate.day;
  const parts = Object.fromEntries(torontoDate.formatToParts(date).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (!Number.isNaN(hour)) lastBusinessDate = { hour, day };
  return day;
}

const HOUR_MS = 3_600_000;
let lastBusinessDate = { hour: Number.NaN, day: '' };

function inEffect<T extends { from: string }>(periods: T[], day: string): T {
  let current = periods[0];
  for (const p of periods) if (p.from <= day) current = p;
  return current;
}

/** The rates in effect, as percentages (e.g. { gst: 0, hst: 13, qst: 0 }), for labels. */
export function taxRates(input: Omit<TaxInput, 'amountCents'>): { gst: number; hst: number; qst: number } {
  if (input.destination === null) return { gst: 0, hst: 0, qst: 0 };
  const day = businessDate(input.date);
  const period = inEffect(GST_HST_TABLE[input.destination], day);
  const qst = input.origin === 'QC' && input.destination === 'QC' ? inEffect(QST_PERIODS, day).rate : ZERO;
  const asPercent = (r: Rate) => (r.num * 100) / r.den;
  return { gst: asPercent(period.gst), hst: asPercent(period.hst), qst: asPercent(qst) };
}

/** Integer cents per tax line, each rounded half-up; total is their sum. */
export function computeTaxes(input: TaxInput): Taxes {
  const { amountCents, origin, destination, date } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`bad amount: ${amountCents}`);
  if (Number.isNaN(date.getTime())) throw new RangeError('bad tax date');
  if (destination === null) return { gstCents: 0, hstCents: 0, qstCents: 0, totalCents: 0 };
  const day = businessDate(date);
  const period = inEffect(GST_HST_TABLE[destination], day);
  const line = (rate: Rate) => {
    if (rate.num === 0) return 0;
    const numerator = amountCents * rate.num;
    if (!Number.isSafeInteger(numerator)) throw new RangeError(`amount too large for tax: ${amountCents}`);
    return roundHalfUpDiv(numerator, rate.den);
  };
  const gstCents = line(period.gst);
  const hstCents = line(period.hst);
  const qstCents = origin === 'QC' && destination === 'QC' ? line(inEffect(QST_PERIODS, day).rate) : 0;
  return { gstCents, hstCents, qstCents, totalCents: gstCents + hstCents + qstCents };
}

export function taxesToWire(t: Taxes): TaxesWire {
  return {
    gst: centsToDecimal(t.gstCents),
    hst: centsToDecimal(t.hstCents),
    qst: centsToDecimal(t.qstCents),
    total: centsToDecimal(t.totalCents),
  };
}
