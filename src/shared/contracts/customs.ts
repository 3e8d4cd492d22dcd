/**
 * The `customs` object of POST /api/rates/quote and POST /api/shipments (issue 25, decision 029):
 * required when `toAddress.country` is not CA, refused when it is.
 *
 * customs: { contentsType: 'merchandise' | 'gift' | 'documents' | 'sample' | 'return',
 *            currency: 'CAD' | 'USD', incoterm: 'DDP' | 'DDU', nonDelivery?: 'return' | 'abandon',
 *            items: [{ description, hsCode, originCountry, quantity, unitValue, weightKg,
 *                      cusmaQualifying?: boolean }] }
 *
 * `nonDelivery` matters to postal services only and defaults to 'return' (DEFAULT_NON_DELIVERY).
 *
 * Rate options for a shipment leaving Canada carry `duties` (ZDuties): the estimate of the duties
 * and fees at the destination, charged from the wallet with the label when the incoterm is DDP.
 */
import { z } from 'zod';
import { requiredText } from './fields';
import { isCountryCode } from '../countries';
import { CURRENCIES, canQualifyUnderCusma, isUsHtsCode, normalizeHsCode } from '../customs';
import { parseCents } from '../money';

export const CONTENTS_TYPES = ['merchandise', 'gift', 'documents', 'sample', 'return'] as const;
export const INCOTERMS = ['DDP', 'DDU'] as const;
export const NON_DELIVERY = ['return', 'abandon'] as const;
/**
 * What a postal service (Canada Post) does with an undeliverable parcel when the shipper did not
 * choose: the parcel comes back (decision 029). Quote and order agree on it.
 */
export const DEFAULT_NON_DELIVERY: (typeof NON_DELIVERY)[number] = 'return';
export const CUSTOMS_MAX_ITEMS = 20;
export const CUSTOMS_ITEM_MAX = { quantity: 9999, unitValue: 100_000, weightKg: 1000 } as const;

const number = (label: string) =>
  z.number({ error: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a finite number`);

export const ZCustomsItem = z.strictObject({
  description: requiredText('Description', 100).refine(
    (v) => /^[\u0020-\u024f]*$/u.test(v),
    'Description must be written in Latin letters (customs forms are printed in English or French)',
  ),
  hsCode: z.string({ error: 'HS code is required' }).transform((v, ctx) => {
    const code = normalizeHsCode(v);
    if (!code) {
      ctx.addIssue({
        code: 'custom',
        message: v.trim() === '' ? 'HS code is required' : 'Enter an HS code of 6 to 10 digits',
      });
      return z.NEVER;
    }
    return code;
  }),
  originCountry: z
    .string({ error: 'Country of origin is required' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'Country of origin must be a two-letter ISO country code'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(CUSTOMS_ITEM_MAX.quantity, `Quantity must be at most ${CUSTOMS_ITEM_MAX.quantity}`),
  unitValue: number('Unit value')
    .refine((v) => v >= 0, 'Unit value cannot be negative')
    .refine((v) => v <= CUSTOMS_ITEM_MAX.unitValue, `Unit value must be at most ${CUSTOMS_ITEM_MAX.unitValue}`)
    .refine((v) => parseCents(v) !== null, 'Unit value must have at most two decimals'),
  weightKg: number('Weight')
    .refine((v) => v > 0, 'Weight must be greater than 0')
    .refine((v) => v <= CUSTOMS_ITEM_MAX.weightKg, `Weight must be at most ${CUSTOMS_ITEM_MAX.weightKg}`),
  cusmaQualifying: z.boolean({ error: 'CUSMA must be true or false' }).optional(),
});
export type TCustomsItem = z.output<typeof ZCustomsItem>;

export const ZCustoms = z.strictObject({
  contentsType: z.enum(CONTENTS_TYPES, {
    error: 'Contents type must be merchandise, gift, documents, sample or return',
  }),
  currency: z.enum(CURRENCIES, { error: 'Currency must be CAD or USD' }),
  incoterm: z.enum(INCOTERMS, { error: 'Incoterm must be DDP or DDU' }),
  nonDelivery: z
    .enum(NON_DELIVERY, { error: 'If undeliverable must be return or abandon' })
    .optional()
    .describe(
      "Postal services (Canada Post): what to do with an undeliverable parcel. When absent, 'return' (the parcel comes back to the shipper). Does not change the price or the duties.",
    ),
  items: z
    .array(ZCustomsItem, { error: 'Items must be a list' })
    .min(1, 'Add at least one item')
    .max(CUSTOMS_MAX_ITEMS, `At most ${CUSTOMS_MAX_ITEMS} items`),
});
export type TCustomsInput = z.input<typeof ZCustoms>;

/** The declaration as stored and answered (normalised: HS code digits, upper-case origin); no transforms. */
export const ZCustomsOut = z.object({
  contentsType: z.enum(CONTENTS_TYPES),
  currency: z.enum(CURRENCIES),
  incoterm: z.enum(INCOTERMS),
  nonDelivery: z.enum(NON_DELIVERY).optional(),
  items: z.array(
    z.object({
      description: z.string(),
      hsCode: z.string(),
      originCountry: z.string(),
      quantity: z.number(),
      unitValue: z.number(),
      weightKg: z.number(),
      cusmaQualifying: z.boolean().optional(),
    }),
  ),
});
export type TCustoms = z.output<typeof ZCustoms>;

/** Item weights may not add up to more than the parcel (packaging makes up the rest); a little rounding allowed. */
const WEIGHT_TOLERANCE_KG = 0.01;

type Shipment = {
  toAddress: { country: string };
  packageDetails: { weight: number; insuranceValue?: number | null };
  customs?: TCustoms | undefined;
};

/**
 * The request-level customs rules, each problem on its field: customs present exactly when the
 * parcel leaves Canada; 10-digit HTS codes for the US; CUSMA only for North American goods; DDP
 * for the United States (duties are paid at origin there, decision 029) and DDU elsewhere for now;
 * item weights within the parcel's; a declared value (CAD) no higher than the goods' value when
 * they are valued in CAD (USD values are checked by the server, which knows the rate).
 */
export function customsRule(body: Shipment, ctx: z.RefinementCtx): void {
  const country = body.toAddress.country;
  const customs = body.customs;
  if (country === 'CA') {
    if (customs)
      ctx.addIssue({
        code: 'custom',
        path: ['customs'],
        message: 'Customs details are only for shipments leaving Canada',
      });
    return;
  }
  if (!customs) {
    ctx.addIssue({
      code: 'custom',
      path: ['customs'],
      message: 'Customs details are required for a shipment leaving Canada',
    });
    return;
  }
  const isUs = country === 'US';
  if (isUs && customs.incoterm !== 'DDP') {
    ctx.addIssue({
      code: 'custom',
      path: ['customs', 'incoterm'],
      message: 'Shipments to the United States go duties paid (DDP): the United States charges duty on every parcel',
    });
  }
  if (!isUs && customs.incoterm === 'DDP') {
    ctx.addIssue({
      code: 'custom',
      path: ['customs', 'incoterm'],
      message: 'Duties paid (DDP) is offered to the United States only for now; choose DDU',
    });
  }
  customs.items.forEach((item, i) => {
    if (isUs && !isUsHtsCode(item.hsCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['customs', 'items', i, 'hsCode'],
        message: 'The United States needs the 10-digit HTS code',
      });
    }
    if (item.cusmaQualifying && !canQualifyUnderCusma(item.originCountry)) {
      ctx.addIssue({
        code: 'custom',
        path: ['customs', 'items', i, 'cusmaQualifying'],
        message: 'Only goods made in Canada, the United States or Mexico can qualify under CUSMA',
      });
    }
    if (customs.contentsType !== 'documents' && item.unitValue <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['customs', 'items', i, 'unitValue'],
        message: 'Unit value must be greater than 0 (only documents may have no value)',
      });
    }
  });
  const itemsKg = customs.items.reduce((sum, item) => sum + item.quantity * item.weightKg, 0);
  if (itemsKg > body.packageDetails.weight + WEIGHT_TOLERANCE_KG) {
    ctx.addIssue({
      code: 'custom',
      path: ['customs', 'items'],
      message: `The items weigh ${round(itemsKg)} kg together, more than the package (${round(body.packageDetails.weight)} kg)`,
    });
  }
  const declared = body.packageDetails.insuranceValue ?? 0;
  if (customs.currency === 'CAD' && declared > 0) {
    const goods = customsValueCents(customs) / 100;
    if (declared > goods + 0.005) {
      ctx.addIssue({
        code: 'custom',
        path: ['packageDetails', 'insuranceValue'],
        message: `The declared value ($${declared.toFixed(2)}) is more than the items are worth ($${goods.toFixed(2)})`,
      });
    }
  }
}

const round = (kg: number) => Number(kg.toFixed(3));

/** The goods' value in the customs currency, in cents (quantity × unit value, each line rounded to the cent). */
export function customsValueCents(customs: Pick<TCustoms, 'items'>): number {
  return customs.items.reduce((sum, item) => sum + item.quantity * (parseCents(item.unitValue) ?? 0), 0);
}

/** One line of the duties estimate: an item of the customs declaration, or a fee. */
export const ZDutyLine = z.object({
  /** 'duty' (an item's duties), 'brokerage' (the carrier's fee for clearing and paying them). */
  kind: z.enum(['duty', 'brokerage']),
  /** The item's description (duty lines), or the carrier's fee name. */
  description: z.string(),
  hsCode: z.string().optional(),
  originCountry: z.string().optional(),
  /** The item's value in USD (duty lines). */
  valueUsd: ZMoneyString(),
  /** The general (MFN) rate of the HTS heading, in basis points; absent when the heading is not in our table. */
  generalRateBp: z.number().int().optional(),
  /** The extra duty on this origin (e.g. Canadian goods not qualifying under CUSMA), in basis points. */
  extraRateBp: z.number().int(),
  /** Whether the HTS heading is in our tariff table; when not, only the extra duty is estimated. */
  listed: z.boolean(),
  /** CAD */
  amount: ZMoneyString(),
});
export type TDutyLine = z.infer<typeof ZDutyLine>;

export const ZDuties = z.object({
  amount: ZMoneyString(),
  currency: z.literal('CAD'),
  estimate: z.literal(true),
  incoterm: z.enum(INCOTERMS),
  /** The CAD price of one USD used (admin setting), e.g. '1.3800'. */
  usdRate: z.string(),
  /** The tariff table's date (YYYY-MM-DD) the rates were read at. */
  tariffDate: z.string(),
  lines: z.array(ZDutyLine),
});
export type TDuties = z.infer<typeof ZDuties>;

function ZMoneyString() {
  return z.string().regex(/^\d+\.\d{2}$/);
}

/**
 * GET /api/exchange-rate (signed in) → ZExchangeRate: the CAD price of one US dollar customs values
 * are converted at, and when an admin set it. PUT /api/admin/exchange-rate (admin) with
 * ZSetExchangeRate → ZExchangeRate: a new rate in force from now (audited, the old ones kept).
 */
export const EXCHANGE_RATE_LIMITS = { min: 0.5, max: 3 } as const;
export const ZExchangeRate = z.object({ cadPerUsd: z.string(), setAt: z.string() });
export type TExchangeRate = z.infer<typeof ZExchangeRate>;
export const ZSetExchangeRate = z.strictObject({
  cadPerUsd: z
    .number({ error: 'Rate must be a number' })
    .refine(Number.isFinite, 'Rate must be a finite number')
    .refine(
      (v) => v >= EXCHANGE_RATE_LIMITS.min && v <= EXCHANGE_RATE_LIMITS.max,
      `Rate must be between ${EXCHANGE_RATE_LIMITS.min} and ${EXCHANGE_RATE_LIMITS.max} CAD per USD`,
    )
    .refine(
      (v) => Number.isInteger(Math.round(v * 1_000_000)) && Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6,
      'Rate takes at most four decimals',
    ),
  note: z.string().trim().max(200, 'Note must be at most 200 characters').optional(),
});
export type TSetExchangeRate = z.output<typeof ZSetExchangeRate>;
