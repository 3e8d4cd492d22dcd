import { parseCents } from '../../../shared/money';
import { DEFAULT_USD_RATE } from '../../../shared/customs';
import type { TCustoms } from '../../../shared/contracts/customs';
import { DEFAULT_NON_DELIVERY } from '../../../shared/contracts/customs';
import type { CustomsDeclaration, CustomsItem } from './index';

/*
 * The customs declaration as the real adapters take it (issue 25, decision 037): built once from the
 * order's stored declaration, then written by each carrier's mapping in its own shape.
 */

/**
 * The order's declaration (contracts/customs.ts, as stored on the shipment) for the carriers: values
 * in integer cents, CUSMA and the non-delivery choice explicit, and the CAD price of one USD the
 * duties were estimated with ('1.3800' as the duties estimate states it; when absent, as for a quote,
 * the rate in force while no admin has set one, DEFAULT_USD_RATE).
 */
export function customsDeclarationOf(
  customs: TCustoms,
  usdRate?: string | null,
  dutiesPrepaidCents?: number,
): CustomsDeclaration {
  const rate = usdRate ? Number(usdRate) : DEFAULT_USD_RATE.cadPerUsdMicros / 1_000_000;
  const prepaid = customs.incoterm === 'DDP' && dutiesPrepaidCents && dutiesPrepaidCents > 0 ? dutiesPrepaidCents : 0;
  return {
    ...(prepaid > 0 ? { dutiesPrepaidCents: prepaid } : {}),
    contentsType: customs.contentsType,
    currency: customs.currency,
    incoterm: customs.incoterm,
    nonDelivery: customs.nonDelivery ?? DEFAULT_NON_DELIVERY,
    items: customs.items.map((item): CustomsItem => ({
      description: item.description,
      hsCode: item.hsCode,
      originCountry: item.originCountry,
      quantity: item.quantity,
      unitValueCents: parseCents(item.unitValue) ?? 0,
      weightKg: item.weightKg,
      cusmaQualifying: item.cusmaQualifying === true,
    })),
    cadPerUsd: Number.isFinite(rate) && rate > 0 ? rate : DEFAULT_USD_RATE.cadPerUsdMicros / 1_000_000,
  };
}

/** The goods' total value in the declaration's currency, in cents (quantity × unit value). */
export function customsTotalCents(customs: Pick<CustomsDeclaration, 'items'>): number {
  return customs.items.reduce((sum, item) => sum + item.quantity * item.unitValueCents, 0);
}

/** The goods' total weight (quantity × unit weight), in kg with three decimals. */
export function customsTotalKg(customs: Pick<CustomsDeclaration, 'items'>): number {
  const grams = customs.items.reduce((sum, item) => sum + item.quantity * Math.round(item.weightKg * 1000), 0);
  return grams / 1000;
}

/** Whether every item qualifies under CUSMA (the parcel may then travel with a CUSMA statement). */
export function allCusma(customs: Pick<CustomsDeclaration, 'items'>): boolean {
  return customs.items.length > 0 && customs.items.every((item) => item.cusmaQualifying);
}

/** An amount in cents as the decimal text carriers read ('12.50'). */
export function decimalOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount in cents as the JSON number carriers read (serialisation only; no arithmetic on it). */
export function numberOf(cents: number): number {
  return cents / 100;
}

/** Our contents type in words, for carriers that take a free-text purpose. */
export const CONTENTS_WORDS: Record<CustomsDeclaration['contentsType'], string> = {
  merchandise: 'Sale of goods',
  gift: 'Gift',
  documents: 'Documents',
  sample: 'Commercial sample',
  return: 'Returned goods',
};
