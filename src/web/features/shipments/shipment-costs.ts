import type { TShipment } from '../../../shared/contracts/shipments';
import type { Cents } from '../../../shared/money';
import { cents } from './rate-display';

/**
 * What a shipment leaving Canada adds to its cost lines in the detail (issue 25, decision 029): the
 * zero-rated GST/HST of an export, and the duties and taxes at destination — for DDP the estimate
 * charged with the label (its own wallet entry, inside `totalCost`), for DDU nothing charged (the
 * receiver pays on delivery). Null inside Canada.
 *
 * The DDP amount is what the order charged beyond shipping and its taxes (`totalCost` − `price` −
 * `taxes.total`), so the lines always add up to the total shown, as on the receipt.
 */
export type ExportCharges = {
  zeroRatedCents: Cents;
  incoterm: 'DDP' | 'DDU';
  dutiesCents: Cents;
};

export function exportCharges(
  shipment: Pick<TShipment, 'totalCost' | 'price' | 'taxes' | 'duties' | 'customs' | 'toAddress'>,
): ExportCharges | null {
  const leaving = shipment.duties !== null || shipment.customs !== null || shipment.toAddress.country !== 'CA';
  if (!leaving) return null;
  const charged = Math.max(0, cents(shipment.totalCost) - cents(shipment.price) - cents(shipment.taxes.total));
  const incoterm = shipment.duties?.incoterm ?? shipment.customs?.incoterm ?? (charged > 0 ? 'DDP' : 'DDU');
  return {
    zeroRatedCents: cents(shipment.taxes.total),
    incoterm,
    dutiesCents: incoterm === 'DDP' ? charged : 0,
  };
}

/** The customs declaration in a few facts: contents type, incoterm, how many pieces, their value. */
export type CustomsSummary = {
  contentsType: NonNullable<TShipment['customs']>['contentsType'];
  incoterm: 'DDP' | 'DDU';
  /** Pieces declared: the items' quantities added up. */
  pieces: number;
  /** The declared value of the items, in hundredths of `currency`. */
  valueCents: number;
  currency: 'CAD' | 'USD';
};

export function customsSummary(customs: TShipment['customs']): CustomsSummary | null {
  if (!customs) return null;
  let pieces = 0;
  let valueCents = 0;
  for (const item of customs.items) {
    pieces += item.quantity;
    valueCents += Math.round(item.quantity * item.unitValue * 100);
  }
  return {
    contentsType: customs.contentsType,
    incoterm: customs.incoterm,
    pieces,
    valueCents,
    currency: customs.currency,
  };
}

const formatters = new Map<string, Intl.NumberFormat>();

/** A declared value in its own currency: '$50.00' / 'US$50.00' (en), 'CA$50.00' / 'US$50.00' (zh). */
export function formatDeclared(valueCents: number, currency: 'CAD' | 'USD', lang: 'en' | 'zh'): string {
  const tag = lang === 'zh' ? 'zh-CN' : 'en-CA';
  const key = `${tag}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, { style: 'currency', currency });
    formatters.set(key, f);
  }
  return f.format(valueCents / 100);
}
