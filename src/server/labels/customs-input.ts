/**
 * What the customs pages after a label print (issue 25, decision 036), as plain data: they are drawn
 * on the worker pool with the label (`renderLabel`, a LabelInput with `customs`), so strings and
 * numbers only. Composed on the request thread from the shipment's stored declaration
 * (customs-compose.ts); money in integer cents of the declaration's currency.
 */

/**
 * The form the service needs: a UPU CN 22 (postal, small and low value; one 4×6 page), a CN 23
 * (postal, otherwise; letter), or a commercial invoice in three copies (couriers; letter).
 */
export type CustomsFormKind = 'CN22' | 'CN23' | 'COMMERCIAL_INVOICE';

export type CustomsDocItem = {
  description: string;
  /** As the tariff prints it ("6109.10.00.12"). */
  hsCode: string;
  /** ISO 3166-1 alpha-2. */
  originCountry: string;
  quantity: number;
  unitValueCents: number;
  /** quantity × unit value. */
  lineValueCents: number;
  /** Net weight of the line (quantity × unit weight), kg. */
  weightKg: number;
  /** Declared as qualifying under CUSMA (marked on the forms, and the statement printed). */
  cusma: boolean;
};

export type CustomsDocInput = {
  form: CustomsFormKind;
  currency: 'CAD' | 'USD';
  /** 'merchandise' | 'gift' | 'documents' | 'sample' | 'return' (contracts/customs.ts). */
  contentsType: string;
  incoterm: 'DDP' | 'DDU';
  /** Postal services only: what the operator does with an undeliverable item; null for couriers. */
  nonDelivery: 'return' | 'abandon' | null;
  items: CustomsDocItem[];
  totalValueCents: number;
  /** The items' net weight, kg. */
  netWeightKg: number;
  /** The parcel's weight (packaging included), kg. */
  grossWeightKg: number;
  /**
   * The operator's Business Number (the 9 digits of its GST/HST registration, decision 025) and
   * name, when configured; printed with the exporter.
   */
  operator: { name: string; businessNumber: string } | null;
};
