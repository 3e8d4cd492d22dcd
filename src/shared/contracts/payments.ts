/**
 * Card top-ups and saved cards (spec §3 Saved card; §5 Wallet top-up; §7 Wallet; §8 Wallet and
 * cards; DESIGN §3).
 *
 * GET    /api/payments/config                         → ZPaymentsConfig (which browser-side script to use)
 * POST   /api/create-payment-intent   ZCreateIntentRequest → ZCreateIntentResponse; 501 when card
 *                                                       payments are not available
 * POST   /api/confirm-payment         ZConfirmPaymentRequest → ZConfirmPaymentResponse; the server
 *                                                       asks the provider and credits a succeeded
 *                                                       intent once as a `topup`
 * GET    /api/payment-methods                         → ZPaymentMethodList
 * PATCH  /api/payment-methods/{id}/set-default        → ZPaymentMethodList
 * DELETE /api/payment-methods/{id}                    → ZPaymentMethodList; 400 for the only card,
 *                                                       403 for another user's card
 * GET    /api/billing                                 → ZBilling (default card + organization billing address)
 * PUT    /api/billing/address         ZBillingAddress → ZBilling
 *
 * The sandbox provider's browser-side confirm (stands in for the card provider's script):
 * POST   /api/sandbox/payment-intents/{id}/confirm      ZSandboxConfirmRequest → ZSandboxIntentStatus
 *                                                       or 402 ZCardErrorBody
 * POST   /api/sandbox/payment-intents/{id}/authenticate ZSandboxAuthenticateRequest → same
 *
 * Webhooks (raw body, signed): POST /api/webhooks/stripe, POST /api/webhooks/sandbox.
 */
import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { ADDRESS_COUNTRIES, ADDRESS_LIMITS, checkRegion, fieldsPassed, normalizeRegion } from './addresses';
import { ZMoneyInput } from './shipments';
import { ZTransaction } from './wallet';

/** DESIGN §3: $10.00–$10,000.00 per payment. */
export const TOPUP_CENTS = { min: 1_000, max: 1_000_000 } as const;
export const TOPUP_RANGE_MESSAGE = 'Amount must be between $10.00 and $10,000.00';
/** Spec §2 Wallet: the quick amounts of the top-up dialog (dollars). */
export const TOPUP_QUICK_AMOUNTS = [50, 100, 200, 500] as const;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const ZPaymentsConfig = z.object({
  /** `none`: card payments are not available (top-up answers 501). */
  provider: z.enum(['sandbox', 'stripe', 'none']),
  /** Stripe's publishable key when provider is stripe. */
  publishableKey: z.string().nullable(),
});
export type TPaymentsConfig = z.infer<typeof ZPaymentsConfig>;

export const ZCreateIntentRequest = z.strictObject({
  /** Dollars: 50, "50", "50.00". */
  amount: ZMoneyInput('Amount').refine((c) => c >= TOPUP_CENTS.min && c <= TOPUP_CENTS.max, TOPUP_RANGE_MESSAGE),
  /** Keep the card for later top-ups (the spec's client always sends true). */
  savePaymentMethod: z.boolean({ error: 'savePaymentMethod must be true or false' }).optional().default(true),
});
export type TCreateIntentRequestInput = z.input<typeof ZCreateIntentRequest>;
export type TCreateIntentRequest = z.output<typeof ZCreateIntentRequest>;

export const ZCreateIntentResponse = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** "50.00" */
  amount: z.string(),
  currency: z.literal('CAD'),
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type TCreateIntentResponse = z.infer<typeof ZCreateIntentResponse>;

export const ZConfirmPaymentRequest = z.strictObject({
  paymentIntentId: requiredText('paymentIntentId', 255),
});
export type TConfirmPaymentRequest = z.infer<typeof ZConfirmPaymentRequest>;

export const ZConfirmPaymentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The provider's status of the intent (always succeeded here). */
  status: z.literal('succeeded'),
  /** The wallet balance after (CAD, "12.34"). */
  balance: z.string(),
  /** The top-up entry (the one credit for this intent, whichever call made it). */
  transaction: ZTransaction,
  /** Whether this call made the credit (false: it was already credited). */
  credited: z.boolean(),
});
export type TConfirmPaymentResponse = z.infer<typeof ZConfirmPaymentResponse>;

export const ZCard = z.object({
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

/** A saved card. `id` is the provider's payment method id (what the browser-side confirm takes). */
export const ZPaymentMethod = ZCard.extend({
  id: z.string(),
  isDefault: z.boolean(),
  /**
   * A payment made with this card was disputed (chargeback): it is never the default and cannot be
   * used for top-ups (decision 021). Absent reads as false.
   */
  disputed: z.boolean().optional(),
  /** The same fields, nested as the card provider shows them (spec §3 Customer with payments). */
  card: ZCard,
  createdAt: z.string(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const ZPaymentMethodList = z.object({ paymentMethods: z.array(ZPaymentMethod) });
export type TPaymentMethodList = z.infer<typeof ZPaymentMethodList>;

export const ZPaymentMethodParams = z.object({ id: requiredText('id', 255) });

/** A card provider's error (spec §8: card_error / validation_error show the message under 'payment failed'). */
export const ZCardError = z.object({
  type: z.enum(['card_error', 'validation_error', 'invalid_request_error', 'api_error']),
  code: z.string(),
  message: z.string(),
  declineCode: z.string().optional(),
  /** The form field the error is about, when it is one (number, expiry, cvc, name). */
  param: z.string().optional(),
});
export type TCardError = z.infer<typeof ZCardError>;
export const ZCardErrorBody = z.object({ error: ZCardError });
export type TCardErrorBody = z.infer<typeof ZCardErrorBody>;

export const SANDBOX_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;

export const ZSandboxIntentStatus = z.object({
  id: z.string(),
  status: z.enum(SANDBOX_INTENT_STATUSES),
  /** With requires_action: the sandbox's stand-in for the bank's 3-D Secure page. */
  nextAction: z.object({ type: z.literal('sandbox_authentication') }).nullable(),
});
export type TSandboxIntentStatus = z.infer<typeof ZSandboxIntentStatus>;

/** Digits as the card form sends them (spaces and dashes allowed), as text. */
const ZDigits = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A whole number given as a number or as digits ("12", "2030"); nothing else is read as one. */
const ZWhole = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .refine(
      (v) => (typeof v === 'number' ? Number.isInteger(v) : /^\s*\d{1,4}\s*$/.test(v)),
      `${label} must be a whole number`,
    )
    .transform((v) => Number(v));

export const ZSandboxCard = z.strictObject({
  /** Spaces and dashes allowed ("4242 4242 4242 4242"). */
  number: ZDigits('Card number', 40),
  expMonth: ZWhole('Expiry month'),
  /** Two or four digits. */
  expYear: ZWhole('Expiry year'),
  cvc: ZDigits('CVC', 8),
  name: optionalText('Cardholder name', 100),
});
export type TSandboxCard = z.infer<typeof ZSandboxCard>;

/** One of `card` (a new card) or `paymentMethodId` (a saved one). */
export const ZSandboxConfirmRequest = z
  .strictObject({
    clientSecret: requiredText('clientSecret', 255),
    card: ZSandboxCard.optional(),
    paymentMethodId: requiredText('paymentMethodId', 255).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.card === undefined) === (body.paymentMethodId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'Send either card or paymentMethodId' });
    }
  });
export type TSandboxConfirmRequest = z.infer<typeof ZSandboxConfirmRequest>;

export const ZSandboxAuthenticateRequest = z.strictObject({
  clientSecret: requiredText('clientSecret', 255),
  /** What the user chose on the sandbox authentication step. */
  outcome: z.enum(['approve', 'fail'], { error: 'outcome must be approve or fail' }),
});
export type TSandboxAuthenticateRequest = z.infer<typeof ZSandboxAuthenticateRequest>;

export const ZSandboxIntentParams = z.object({ id: requiredText('id', 255) });

/** Settings → Billing: the organization's billing address (the address rules of the address book). */
export const ZBillingAddress = z
  .strictObject({
    name: requiredText('Name', ADDRESS_LIMITS.name),
    company: optionalText('Company', ADDRESS_LIMITS.company),
    address1: requiredText('Address', ADDRESS_LIMITS.address1),
    address2: optionalText('Address line 2', ADDRESS_LIMITS.address2),
    city: requiredText('City', ADDRESS_LIMITS.city),
    province: requiredText('Province', ADDRESS_LIMITS.province),
    postalCode: requiredText('Postal code', ADDRESS_LIMITS.postalCode),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(ADDRESS_COUNTRIES, { error: 'Country must be CA or US' }))
      .nullish()
      .transform((v) => v ?? 'CA'),
  })
  .superRefine(checkRegion, { when: fieldsPassed('country', 'province', 'postalCode') })
  .transform(normalizeRegion);
export type TBillingAddress = z.output<typeof ZBillingAddress>;
export type TBillingAddressInput = z.input<typeof ZBillingAddress>;

export const ZBillingAddressOut = z.object({
  name: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.enum(ADDRESS_COUNTRIES),
});

export const ZBilling = z.object({
  defaultCard: ZPaymentMethod.nullable(),
  cardCount: z.number().int(),
  billingAddress: ZBillingAddressOut.nullable(),
});
export type TBilling = z.infer<typeof ZBilling>;
