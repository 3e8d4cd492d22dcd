import type { TRateOption } from '../../../shared/contracts/rates';
import type { TPriceChange } from '../../../shared/contracts/shipments';
import type { TDuties } from '../../../shared/contracts/customs';
import { carrierName, toCarrierCode } from '../../../shared/carriers';
import { countryName } from '../../../shared/countries';
import { formatHsCode } from '../../../shared/customs';
import { parseCents, type Cents } from '../../../shared/money';

/** Cents of a wire amount; an unreadable amount counts as 0 so it never hides an option. */
export function cents(amount: string): Cents {
  return parseCents(amount) ?? 0;
}

/** Price plus taxes, in cents. */
export function optionTotal(option: TRateOption): Cents {
  // Leaving Canada the total includes the duties estimate (paid at origin for DDP, '0.00' for DDU).
  return cents(option.price) + cents(option.taxes.total) + (option.duties ? cents(option.duties.amount) : 0);
}

/**
 * The option at the price a 409 PRICE_CHANGED named (issue 22), when it is about this option; the
 * order placed with it sends that total, which the server then charges.
 */
export function repriced(option: TRateOption, change: TPriceChange | null): TRateOption {
  if (!change || change.rateId !== option.id) return option;
  const next: TRateOption = { ...option, price: change.price, taxes: change.taxes, total: change.total };
  if (change.originalPrice) next.originalPrice = change.originalPrice;
  else delete next.originalPrice;
  return next;
}

/** Cheapest (price + taxes) first; ties keep the server's order. */
export function sortCheapestFirst(options: readonly TRateOption[]): TRateOption[] {
  return options
    .map((option, index) => ({ option, index, total: optionTotal(option) }))
    .sort((a, b) => a.total - b.total || a.index - b.index)
    .map((x) => x.option);
}

/** A service across quotes: the same carrier's same service (a new quote gives it a new id). */
export function serviceKey(option: Pick<TRateOption, 'carrier' | 'serviceCode'>): string {
  return `${option.carrier}:${option.serviceCode}`;
}

/**
 * After a 409 PRICE_CHANGED (issue 22): the service the order was for, what it cost when quoted, the
 * price the 409 named for that option (null when it named none: expired, another shipment), the order
 * the cards were shown in, and the quote's update time then, so that a quote answered later is known
 * to carry today's prices.
 */
export type Repricing = {
  choice: { carrier: string; serviceCode: string };
  quotedTotal: Cents;
  change: TPriceChange | null;
  shown: string[];
  staleDataAt: number;
};

/** What the rate cards show: in which order, which have no price to trust, which is the cheapest. */
export type RateView = {
  options: TRateOption[];
  /** Ids of options quoted before the price changed: shown without their price, not selectable. */
  stale: ReadonlySet<string>;
  /** The option with the lowest total among those with a price; null when none is known. */
  cheapestId: string | null;
};

/** Options in the order the user saw them (by service); services not shown before come after, cheapest first. */
export function inShownOrder(options: readonly TRateOption[], shown: readonly string[]): TRateOption[] {
  const rank = new Map(shown.map((key, index) => [key, index]));
  const sorted = sortCheapestFirst(options);
  const at = (o: TRateOption) => rank.get(serviceKey(o)) ?? shown.length;
  return sorted
    .map((option, index) => ({ option, index }))
    .sort((a, b) => at(a.option) - at(b.option) || a.index - b.index)
    .map((x) => x.option);
}

/**
 * The cards for a quote. Normally cheapest first. After a price change: in the order the user saw
 * them, so the chosen card stays where it was; once a quote answered after the 409 (`fresh`) every
 * card has today's price and the cheapest is marked wherever it is; until then (the quote again is on
 * its way, or failed) only the option the 409 priced has a price, and every other card is stale.
 */
export function rateView(rates: readonly TRateOption[], repricing: Repricing | null, fresh: boolean): RateView {
  if (!repricing) {
    const options = sortCheapestFirst(rates);
    return { options, stale: new Set(), cheapestId: options[0]?.id ?? null };
  }
  if (fresh) {
    return {
      options: inShownOrder(rates, repricing.shown),
      stale: new Set(),
      cheapestId: sortCheapestFirst(rates)[0]?.id ?? null,
    };
  }
  const priced = repricing.change?.rateId;
  return {
    options: inShownOrder(
      rates.map((o) => repriced(o, repricing.change)),
      repricing.shown,
    ),
    stale: new Set(rates.filter((o) => o.id !== priced).map((o) => o.id)),
    cheapestId: null,
  };
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

type Translate = (key: string, options?: { defaultValue: string }) => string;

/** Translation key part of a code: dots and dashes are not key separators ('DOM.RP' → 'DOM_RP'). */
const keyPart = (code: string) => code.replace(/[^A-Za-z0-9]/g, '_');

/** The carrier's name in the interface language (Canada Post is 加拿大邮政 in Chinese); others raw. */
export function carrierLabel(code: string | null | undefined, t: Translate): string {
  const english = carrierName(code, t('rates.unknownCarrier'));
  const known = toCarrierCode(code);
  return known ? t(`rates.carriers.${keyPart(known)}`, { defaultValue: english }) : english;
}

/**
 * The service's name without the carrier's name in front ('UPS Standard' under UPS → 'Standard'),
 * so a card that already names the carrier does not name it twice.
 */
export function serviceWithoutCarrier(serviceName: string, carrier: string): string {
  const name = serviceName.trim();
  const prefix = carrier.trim();
  if (prefix && name.toLowerCase().startsWith(`${prefix.toLowerCase()} `)) return name.slice(prefix.length).trim();
  return name;
}

/**
 * The service's name in the interface language: a known service code has a translated name;
 * any other keeps the carrier's own name, without the carrier's name repeated.
 */
export function serviceLabel(
  option: Pick<TRateOption, 'carrier' | 'serviceCode' | 'serviceName'>,
  t: Translate,
): string {
  const fallback = serviceWithoutCarrier(option.serviceName, carrierName(option.carrier, ''));
  return t(`rates.services.${keyPart(option.serviceCode)}`, { defaultValue: fallback });
}

type TranslateWith = (key: string, options?: Record<string, unknown>) => string;

/** A rate in basis points as a percentage ('1650' → '16.5%'). */
export const percentOf = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;

/** One line of the duties estimate as the rate card explains it: what it is, how it was reckoned, its amount. */
export type DutyBreakdownLine = { kind: 'duty' | 'brokerage'; label: string; detail: string; cents: Cents };

/**
 * The duties estimate line by line (decision 029): each item's duty (its HS code, origin, value in
 * USD and the rates applied: the general rate, the extra duty on its origin) and the carrier's fee
 * for clearing the parcel and paying them, each label in the interface language.
 */
export function dutyBreakdown(
  duties: TDuties,
  carrier: string,
  t: TranslateWith,
  language: string,
): DutyBreakdownLine[] {
  return duties.lines.map((line) => {
    if (line.kind === 'brokerage') {
      return {
        kind: 'brokerage',
        label: t('rates.dutyLines.brokerage', { carrier: carrierLabel(carrier, t) }),
        detail: t('rates.dutyLines.brokerageDetail'),
        cents: cents(line.amount),
      };
    }
    const rates: string[] = [];
    if (line.generalRateBp !== undefined)
      rates.push(t('rates.dutyLines.general', { rate: percentOf(line.generalRateBp) }));
    if (line.extraRateBp > 0) rates.push(t('rates.dutyLines.extra', { rate: percentOf(line.extraRateBp) }));
    if (!line.listed) rates.push(t('rates.dutyLines.unlisted'));
    if (rates.length === 0) rates.push(t('rates.dutyLines.free'));
    const facts = [
      line.hsCode ? t('rates.dutyLines.hsCode', { code: formatHsCode(line.hsCode) }) : null,
      line.originCountry ? t('rates.dutyLines.origin', { country: countryName(line.originCountry, language) }) : null,
      t('rates.dutyLines.value', { amount: line.valueUsd }),
      ...rates,
    ].filter((x): x is string => !!x);
    return {
      kind: 'duty',
      label: t('rates.dutyLines.item', { description: line.description }),
      detail: facts.join(t('rates.dutyLines.separator')),
      cents: cents(line.amount),
    };
  });
}
