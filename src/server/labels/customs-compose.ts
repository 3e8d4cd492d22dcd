/**
 * The customs pages' data (customs-input.ts) from a shipment's stored declaration (decision 036):
 * which form the service needs, each line's value and weight, the totals. Cheap; runs on the request
 * thread, the drawing on the worker pool.
 */
import type { TCustoms, TDuties } from '../../shared/contracts/customs';
import { DEFAULT_NON_DELIVERY } from '../../shared/contracts/customs';
import { DEFAULT_USD_RATE, formatHsCode, toCad, type UsdRate } from '../../shared/customs';
import { parseCents } from '../../shared/money';
import type { CustomsDocInput, CustomsFormKind } from './customs-input';

/**
 * The largest value (CAD cents) a CN 22 declares. The UPU's Letter Post Regulations keep the CN 22
 * for items whose contents are worth up to 300 SDR (a CN 23 above); 300 SDR is about 570 CAD at
 * late-2025 rates, and the SDR moves, so Canada Post's postal services use a CN 22 up to 400 CAD,
 * safely inside the UPU limit whatever the day's rate (decision 036).
 */
export const CN22_MAX_VALUE_CENTS = 400_00;
/** A CN 22 goes on small packets: letter-post items of at most 2 kg (UPU). Heavier: CN 23. */
export const CN22_MAX_WEIGHT_KG = 2;
/** The lines a CN 22 has room for on one 4×6 page; more items need a CN 23. */
export const CN22_MAX_ITEMS = 4;

/** Canada Post's services are postal (UPU forms); the couriers take a commercial invoice. */
export const POSTAL_CARRIERS: readonly string[] = ['CA-CP'];

export function customsFormFor(
  carrierCode: string,
  shipment: { valueCadCents: number; grossWeightKg: number; itemCount: number },
): CustomsFormKind {
  if (!POSTAL_CARRIERS.includes(carrierCode)) return 'COMMERCIAL_INVOICE';
  const small =
    shipment.valueCadCents <= CN22_MAX_VALUE_CENTS &&
    shipment.grossWeightKg <= CN22_MAX_WEIGHT_KG &&
    shipment.itemCount <= CN22_MAX_ITEMS;
  return small ? 'CN22' : 'CN23';
}

/** The quote's CAD price of one USD ('1.3800'), or the default rate when the shipment has none. */
function rateOf(duties: TDuties | null | undefined): UsdRate {
  const micros = duties ? Math.round(Number(duties.usdRate) * 1_000_000) : NaN;
  return { cadPerUsdMicros: Number.isFinite(micros) && micros > 0 ? micros : DEFAULT_USD_RATE.cadPerUsdMicros };
}

const kg = (n: number) => Math.round(n * 1000) / 1000;

export function composeCustomsDocument(shipment: {
  carrier: string;
  customs: TCustoms;
  duties: TDuties | null | undefined;
  grossWeightKg: number;
  business: { name: string | null; gstHstNumber: string | null };
}): CustomsDocInput {
  const { customs } = shipment;
  const items = customs.items.map((item) => {
    const unitValueCents = parseCents(item.unitValue) ?? 0;
    return {
      description: item.description,
      hsCode: formatHsCode(item.hsCode),
      originCountry: item.originCountry,
      quantity: item.quantity,
      unitValueCents,
      lineValueCents: unitValueCents * item.quantity,
      weightKg: kg(item.weightKg * item.quantity),
      cusma: item.cusmaQualifying === true,
    };
  });
  const totalValueCents = items.reduce((s, i) => s + i.lineValueCents, 0);
  const form = customsFormFor(shipment.carrier, {
    valueCadCents: toCad(totalValueCents, customs.currency, rateOf(shipment.duties)),
    grossWeightKg: shipment.grossWeightKg,
    itemCount: items.length,
  });
  const bn = shipment.business.gstHstNumber?.replace(/\D/g, '').slice(0, 9) ?? '';
  return {
    form,
    currency: customs.currency,
    contentsType: customs.contentsType,
    incoterm: customs.incoterm,
    nonDelivery: form === 'COMMERCIAL_INVOICE' ? null : (customs.nonDelivery ?? DEFAULT_NON_DELIVERY),
    items,
    totalValueCents,
    netWeightKg: kg(items.reduce((s, i) => s + i.weightKg, 0)),
    grossWeightKg: shipment.grossWeightKg,
    operator: bn.length === 9 ? { name: shipment.business.name ?? '', businessNumber: bn } : null,
  };
}
