import type { TRateOption } from '../../../shared/contracts/rates';
import { parseCents, type Cents } from '../../../shared/money';

/** Cents of a wire amount; an unreadable amount counts as 0 so it never hides an option. */
export function cents(amount: string): Cents {
  return parseCents(amount) ?? 0;
}

/** Price plus taxes, in cents. */
export function optionTotal(option: TRateOption): Cents {
  return cents(option.price) + cents(option.taxes.total);
}

/** Cheapest (price + taxes) first; ties keep the server's order. */
export function sortCheapestFirst(options: readonly TRateOption[]): TRateOption[] {
  return options
    .map((option, index) => ({ option, index, total: optionTotal(option) }))
    .sort((a, b) => a.total - b.total || a.index - b.index)
    .map((x) => x.option);
}

export type TaxLine = { code: 'gst' | 'hst' | 'qst'; cents: Cents };

/** The GST, HST and QST lines above zero, in that order. */
export function taxLines(option: TRateOption): TaxLine[] {
  return (['gst', 'hst', 'qst'] as const)
    .map((code) => ({ code, cents: cents(option.taxes[code]) }))
    .filter((line) => line.cents > 0);
}

/** A business date 'YYYY-MM-DD' as an instant at noon UTC, which is that same date in Toronto. */
export function businessDateInstant(date: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}
