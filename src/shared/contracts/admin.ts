/**
 * The admin back-office (spec §2 Admin panel; §3 Discount, Audit log, Customer with payments, Admin
 * stats; §5 Admin balances and charges, Discounts; §7 Admin). Every call is admin only (403 otherwise).
 *
 * GET    /api/admin/stats                        → ZAdminStats
 * GET    /api/admin/users                        → ZAdminUser[] (newest first)
 * GET    /api/admin/users-with-wallets           → ZAdminUser[] (the same, for the balances dialogs)
 * GET    /api/admin/organizations                → ZAdminOrganization[]
 * PUT    /api/admin/users/{userId}/role          ZRoleChange   → ZAdminUserChange
 * PUT    /api/admin/users/{userId}/status        ZStatusChange → ZAdminUserChange (deactivate ends sessions)
 * PUT    /api/admin/users/{userId}/wallet-hold   ZWalletHoldChange → ZAdminUserChange (hold or lift, audited)
 * GET    /api/admin/audit-logs?userId            → latest 50 (contracts/settings.ts ZAuditLogList)
 * GET    /api/admin/shipments?search&page&limit  → ZAdminShipmentList
 * GET    /api/admin/customers-with-payments      → ZCustomerWithPayments[]
 * POST   /api/admin/charge-customer              ZChargeCustomerRequest → ZChargeResult; 402 declined
 * GET    /api/admin/discounts                    → ZDiscount[]
 * POST   /api/admin/discounts                    ZDiscountRequest → ZDiscountChange (201)
 * PUT    /api/admin/discounts/{id}               ZDiscountUpdate  → ZDiscountChange
 * DELETE /api/admin/discounts/{id}               → { message }
 * GET    /api/admin/price-rules                  → ZPriceRule[]
 * GET    /api/admin/carrier-services             → ZCarrierServices[] (the codes a price rule may name)
 * POST   /api/admin/price-rules                  ZPriceRuleRequest → ZPriceRuleChange (201)
 * PUT    /api/admin/price-rules/{id}             ZPriceRuleRequest → ZPriceRuleChange
 * DELETE /api/admin/price-rules/{id}             → { message }
 * GET    /api/admin/margins?months               → ZMarginReport (cost, price, margin per Toronto month)
 * (add-balance and edit-balance: contracts/wallet.ts)
 */
import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { ZRole } from './user';
import { ZMoneyInput, ZPagination, ZShipmentListQuery } from './shipments';
import { CARD_BRANDS } from './payments';
import { CARRIER_CODES } from '../carriers';

/** A UUID in any letter case, read in lower case (as the database writes them). */
export const ZId = (message: string) => z.uuid({ error: message }).transform((v) => v.toLowerCase());

export const ZUserIdParams = z.object({ userId: ZId('userId must be a user id') });
export const ZIdParams = z.object({ id: ZId('id must be an id') });

export const ZAdminStats = z.object({
  totalUsers: z.number().int(),
  totalOrganizations: z.number().int(),
  /** This Toronto month's completed shipping charges less refunds (CAD, "12.34"). */
  monthlyRevenue: z.string(),
  /** Shipments not delivered, cancelled or failed. */
  activeShipments: z.number().int(),
  /** This Toronto month: what the carriers charged us and the margin over it (CAD, pre-tax). */
  monthlyCarrierCost: z.string(),
  monthlyMargin: z.string(),
  /** Wallets flagged for an admin (a card payment taken back after it was credited). */
  flaggedWallets: z.number().int(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZAdminUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZRole,
  organizationId: z.uuid().nullable(),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** CAD, "12.34". */
  walletBalance: z.string(),
  wallet: z.object({
    balance: z.string(),
    /** Set when a card payment was taken back after its credit (DESIGN §3). */
    flaggedAt: z.string().nullable(),
    flagReason: z.string().nullable(),
    /**
     * Uncovered chargebacks: what a card payment taken back after its credit left owing, beyond what
     * the balance covered (CAD, "12.34"); absent when nothing is owed. Top-ups pay it first (decision 021).
     */
    owed: z.string().optional(),
    /** The wallet's hold, absent when there is none: orders are refused while it stands. 'uncovered_debit' lifts itself once paid. */
    hold: z
      .object({ heldAt: z.string(), kind: z.enum(['admin', 'uncovered_debit']), reason: z.string().nullable() })
      .optional(),
  }),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  email: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type TAdminOrganization = z.infer<typeof ZAdminOrganization>;

export const ZRoleChange = z.strictObject({ role: ZRole });
export const ZStatusChange = z.strictObject({ isActive: z.boolean({ error: 'isActive must be true or false' }) });
export const ZAdminUserChange = z.object({ message: z.string(), user: ZAdminUser });
/** Put a wallet on hold (`onHold: true`) or lift its hold, saying why (kept in the audit log). */
export const ZWalletHoldChange = z.strictObject({
  onHold: z.boolean({ error: 'onHold must be true or false' }),
  reason: requiredText('Reason', 500),
});
export type TWalletHoldChange = z.output<typeof ZWalletHoldChange>;
export type TAdminUserChange = z.infer<typeof ZAdminUserChange>;

// The receiver's-country filter is the user's list's (issue 25); the admin's list has none yet.
export const ZAdminShipmentQuery = ZShipmentListQuery.omit({ destination: true });

export const ZAdminShipment = z.object({
  id: z.uuid(),
  trackingNumber: z.string().nullable(),
  orderCode: z.string(),
  user: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  organization: z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() }).nullable(),
  carrier: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  from: z.object({ city: z.string(), province: z.string() }),
  to: z.object({ city: z.string(), province: z.string() }),
  /** What the customer paid, taxes included (CAD). */
  totalCost: z.string(),
  /** The customer's price before taxes, the carrier's cost, and the margin between them (CAD). */
  price: z.string(),
  carrierCost: z.string(),
  margin: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type TAdminShipment = z.infer<typeof ZAdminShipment>;
export const ZAdminShipmentList = z.object({ data: z.array(ZAdminShipment), pagination: ZPagination });
export type TAdminShipmentList = z.infer<typeof ZAdminShipmentList>;

export const ZCustomerWithPayments = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  organization: z.object({ name: z.string() }).nullable(),
  wallet: z.object({ balance: z.string() }),
  paymentMethods: z.array(
    z.object({
      id: z.string(),
      isDefault: z.boolean(),
      card: z.object({
        brand: z.enum(CARD_BRANDS),
        last4: z.string(),
        exp_month: z.number().int(),
        exp_year: z.number().int(),
      }),
    }),
  ),
});
export type TCustomerWithPayments = z.infer<typeof ZCustomerWithPayments>;

/** Spec §5 and §9: $1 to $50,000. */
export const ADMIN_CHARGE_CENTS = { min: 100, max: 5_000_000 } as const;

export const ZChargeCustomerRequest = z.strictObject({
  userId: ZId('userId must be a user id'),
  paymentMethodId: requiredText('paymentMethodId', 255),
  amount: z
    .union([z.string(), z.number()], { error: 'Amount is required' })
    .refine((v) => v !== '', 'Amount is required')
    .pipe(ZMoneyInput('Amount'))
    .refine((c) => c >= ADMIN_CHARGE_CENTS.min && c <= ADMIN_CHARGE_CENTS.max, 'Amount must be between $1 and $50,000'),
  /** One line: it is what the customer reads on their statement. */
  description: requiredText('Description', 500),
});
export type TChargeCustomerRequest = z.output<typeof ZChargeCustomerRequest>;

export const ZChargeResult = z.object({
  message: z.string(),
  userId: z.uuid(),
  /** The customer's balance after the credit (CAD). */
  balance: z.string(),
  paymentIntentId: z.string(),
  transactionId: z.uuid(),
});
export type TChargeResult = z.infer<typeof ZChargeResult>;

// ---------------------------------------------------------------------------------------------
// Discounts

export const DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const;
/** DESIGN §9: a fixed discount is at most $10,000. */
export const DISCOUNT_FIXED_MAX_CENTS = 1_000_000;

/** A real calendar day 'YYYY-MM-DD' (no 30 February). */
const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  // Month 13 or day 32 is an Invalid Date, whose toISOString() throws.
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
};

/** 'YYYY-MM-DD' (a Toronto calendar day) or an ISO date-time with its offset. */
const ZDateInput = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) =>
        isDay(v) ||
        (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
          isDay(v.slice(0, 10)) &&
          !Number.isNaN(Date.parse(v))),
      `${label} must be a date like 2026-03-31`,
    );

const optionalDate = (label: string) =>
  z
    .union([ZDateInput(label), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** The instant a date input stands for: a day starts (from) or ends (to) in Toronto. */
export function dateInputInstant(value: string, edge: 'start' | 'end'): Date {
  if (value.length > 10) return new Date(value);
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const day = edge === 'start' ? Date.UTC(y, m - 1, d) : Date.UTC(y, m - 1, d + 1);
  // Toronto is UTC−5 or UTC−4: find the offset that maps local midnight to this instant.
  for (const offsetHours of [4, 5]) {
    const candidate = new Date(day + offsetHours * 3_600_000);
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(candidate);
    if (local.find((p) => p.type === 'hour')?.value === '00') return candidate;
  }
  return new Date(day + 5 * 3_600_000);
}

const ZDiscountValue = z
  .union([z.string(), z.number()], { error: 'Discount value must be a positive number' })
  .refine((v) => v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0, 'Discount value must be a positive number');

const discountFields = {
  discountType: z.enum(DISCOUNT_TYPES, { error: 'Choose a discount type' }),
  discountValue: ZDiscountValue,
  description: optionalText('Description', 500),
  validFrom: optionalDate('Valid from'),
  validTo: optionalDate('Valid to'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional().default(true),
};

type DiscountShape = {
  discountType: (typeof DISCOUNT_TYPES)[number];
  discountValue: string | number;
  validFrom: string | null;
  validTo: string | null;
};

/** Percent in basis points (10.5 % → 1050) or a fixed amount in cents, with the spec's ranges. */
function checkDiscount(body: DiscountShape, ctx: z.RefinementCtx) {
  const text = String(body.discountValue).trim();
  const readable = text !== '' && Number.isFinite(Number(text)) && Number(text) >= 0;
  if (!readable || !DISCOUNT_TYPES.includes(body.discountType)) {
    // The value's own message is already there.
  } else if (body.discountType === 'percentage') {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) {
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A percentage must be between 0 and 100' });
    }
  } else if (!/^\d{1,7}(\.\d{1,2})?$/.test(text) || Math.round(Number(text) * 100) > DISCOUNT_FIXED_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A fixed amount must be between $0 and $10,000' });
  }
  if (
    body.validFrom &&
    body.validTo &&
    dateInputInstant(body.validFrom, 'start').getTime() >= dateInputInstant(body.validTo, 'end').getTime()
  ) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Valid from must be before valid to' });
  }
}

/** The discount's value as stored: basis points (percentage) or cents (fixed amount); both are hundredths. */
export function discountUnits(value: string | number): number {
  return Math.round(Number(String(value).trim()) * 100);
}

export const ZDiscountRequest = z
  .strictObject({
    /** Taken from the chosen user; the server uses the user's own organization whatever is sent. */
    organizationId: z.union([z.uuid(), z.literal(''), z.null()]).optional(),
    userId: ZId('Please select a specific user for this discount'),
    ...discountFields,
  })
  .superRefine(checkDiscount);
export type TDiscountRequest = z.output<typeof ZDiscountRequest>;
export type TDiscountRequestInput = z.input<typeof ZDiscountRequest>;

/** Edit: the same rules, without the customer; `isActive` left out keeps the discount's own. */
export const ZDiscountUpdate = z
  .strictObject({ ...discountFields, isActive: z.boolean({ error: 'isActive must be true or false' }).optional() })
  .superRefine(checkDiscount);
export type TDiscountUpdate = z.output<typeof ZDiscountUpdate>;

export const ZDiscount = z.object({
  id: z.uuid(),
  organizationId: z.uuid().nullable(),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  userId: z.uuid(),
  user: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Percent ("10.5") or dollars ("5.00"). */
  discountValue: z.string(),
  description: z.string(),
  /** The first instant it applies (a 'YYYY-MM-DD' input: that day's start in Toronto). */
  validFrom: z.string().nullable(),
  /** The first instant it no longer applies (a 'YYYY-MM-DD' input: the next day's start in Toronto). */
  validTo: z.string().nullable(),
  isActive: z.boolean(),
  /** Active and within its dates now. */
  inEffect: z.boolean(),
  createdAt: z.string(),
});
export type TDiscount = z.infer<typeof ZDiscount>;
export const ZDiscountChange = z.object({ message: z.string(), discount: ZDiscount });

// ---------------------------------------------------------------------------------------------
// Price rules (the "rate templates" tab): our price over the carrier's cost.

export const PRICE_RULE_MAX_PERCENT = 500;
export const PRICE_RULE_MAX_FIXED_CENTS = 100_000;

export const ZPriceRuleRequest = z.strictObject({
  carrier: z.enum(CARRIER_CODES, { error: 'Choose a carrier' }),
  /** One service, or null/'' for every service of the carrier. */
  serviceCode: z
    .union([requiredText('Service code', 100), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  /** One organization, or null/'' for everyone. */
  organizationId: z
    .union([z.uuid({ error: 'organizationId must be an organization id' }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  /** Percent over the carrier's cost, 0–500, up to 2 decimals. */
  markupPercent: z
    .union([z.string(), z.number()], { error: 'Markup percent must be a number' })
    .refine(
      (v) => /^\d{1,3}(\.\d{1,2})?$/.test(String(v).trim()) && Number(v) <= PRICE_RULE_MAX_PERCENT,
      `Markup percent must be between 0 and ${PRICE_RULE_MAX_PERCENT}`,
    )
    .transform((v) => Math.round(Number(v) * 100)),
  /** Dollars added per shipment, $0–$1,000. */
  markupFixed: ZMoneyInput('Fixed markup').refine(
    (c) => c <= PRICE_RULE_MAX_FIXED_CENTS,
    'Fixed markup must be between $0 and $1,000',
  ),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional().default(true),
  description: optionalText('Description', 500),
});
export type TPriceRuleRequest = z.output<typeof ZPriceRuleRequest>;
export type TPriceRuleRequestInput = z.input<typeof ZPriceRuleRequest>;

export const ZPriceRule = z.object({
  id: z.uuid(),
  carrier: z.string(),
  serviceCode: z.string().nullable(),
  organizationId: z.uuid().nullable(),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** "12.5" */
  markupPercent: z.string(),
  /** "1.50" */
  markupFixed: z.string(),
  isActive: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPriceRule = z.infer<typeof ZPriceRule>;
export const ZPriceRuleChange = z.object({ message: z.string(), rule: ZPriceRule });

/** A carrier and the services it sells (code and English name), in the carrier's own order. */
export const ZCarrierServices = z.object({
  carrier: z.string(),
  carrierName: z.string(),
  services: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type TCarrierServices = z.infer<typeof ZCarrierServices>;

export const ZMarginQuery = z.object({
  months: z
    .string()
    .regex(/^\d{1,2}$/, { message: 'months must be a whole number from 1 to 24', abort: true })
    .refine((v) => Number(v) >= 1 && Number(v) <= 24, 'months must be a whole number from 1 to 24')
    .optional(),
});

export const ZMarginMonth = z.object({
  /** 'YYYY-MM' in Toronto. */
  month: z.string(),
  orders: z.number().int(),
  /** Pre-tax, CAD: what we charged, what the carriers charged us, the difference. */
  revenue: z.string(),
  carrierCost: z.string(),
  margin: z.string(),
});
export const ZMarginReport = z.object({ months: z.array(ZMarginMonth), total: ZMarginMonth.omit({ month: true }) });
export type TMarginReport = z.infer<typeof ZMarginReport>;

export const ZMessage = z.object({ message: z.string() });
