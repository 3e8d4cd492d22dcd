/**
 * The wallet and its ledger (spec §3 Wallet, Wallet transaction; §7 Wallet; DESIGN §3).
 *
 * GET  /api/wallet                    → ZWallet
 * GET  /api/wallet/month              → ZWalletMonth (this month's shipping charges and refunds)
 * GET  /api/transactions              → ZTransaction[] newest first (the latest 500), or with
 *                                       `page`/`limit` → ZTransactionList ({ data, pagination })
 * POST /api/admin/add-balance         body ZAddBalanceRequest  → ZBalanceChange (admin only)
 * POST /api/admin/edit-balance        body ZEditBalanceRequest → ZBalanceChange (admin only)
 */
import { z } from 'zod';
import { CARRIER_NAMES } from '../carriers';
import { optionalText } from './fields';
import { ZMoneyInput, ZPageQuery, ZPagination } from './shipments';

export const TRANSACTION_TYPES = ['topup', 'shipping_charge', 'refund', 'adjustment', 'admin_charge'] as const;
/**
 * `settled` is an uncovered chargeback (a pending debit) that later top-ups paid in full (decision
 * 021): it never moved money itself — the "Chargeback paid …" entries did — so no sum counts it.
 */
export const TRANSACTION_STATUSES = ['completed', 'pending', 'settled', 'failed', 'cancelled'] as const;

/**
 * The wallet's hold (decision 021), absent when there is none: orders are refused while it stands.
 * `owed`: what an uncovered chargeback still owes ("30.00"; "0.00" when nothing); `reason`: an
 * admin's reason, which the customer sees.
 */
export const ZWalletHold = z.object({
  kind: z.enum(['admin', 'uncovered_debit']),
  owed: z.string(),
  reason: z.string().optional(),
});
export type TWalletHold = z.infer<typeof ZWalletHold>;

export const ZWallet = z.object({
  /** CAD, "12.34". */
  balance: z.string(),
  currency: z.literal('CAD'),
  hold: ZWalletHold.optional(),
});
export type TWallet = z.infer<typeof ZWallet>;

/**
 * GET /api/wallet/month → ZWalletMonth: the current Toronto calendar month's shipping charges and
 * refunds, read together. `shippingCharged` is the spec's "this month's spend" (completed
 * shipping_charge entries written this month); `refunded` the completed refund credits written this
 * month (voided labels, orders the carrier did not create), whichever month their order was placed in.
 */
export const ZWalletMonth = z.object({
  /** 'YYYY-MM', Toronto. */
  month: z.string(),
  /** CAD, "12.34". */
  shippingCharged: z.string(),
  /** CAD, "12.34". */
  refunded: z.string(),
});
export type TWalletMonth = z.infer<typeof ZWalletMonth>;

/** Whether `service` already begins with the carrier's name (any case; in Chinese without a space). */
function namesCarrier(service: string, carrier: string): boolean {
  if (!carrier || !service.toLocaleLowerCase().startsWith(carrier.toLocaleLowerCase())) return false;
  const next = service.charAt(carrier.length);
  if (next === '' || !/[\p{L}\p{N}]/u.test(next)) return true;
  // Chinese and Japanese write no space between words: '加拿大邮政快递' begins with '加拿大邮政'.
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(carrier.slice(-1) + next);
}

/**
 * A shipping charge's carrier and service, the carrier named once: 'UPS' + 'UPS Standard' →
 * 'UPS Standard'; 'Canada Post' + 'Expedited Parcel' → 'Canada Post Expedited Parcel'; 'Canada Post'
 * + 'Canada Post Expedited Parcel' → 'Canada Post Expedited Parcel'.
 */
export function carrierAndService(carrier: string, service: string): string {
  const c = carrier.trim().replace(/\s+/g, ' ');
  const s = service.trim().replace(/\s+/g, ' ');
  if (!s) return c;
  if (!c || namesCarrier(s, c)) return s;
  return `${c} ${s}`;
}

/**
 * A stored description with the carrier named twice at its start (entries written before
 * carrierAndService: 'UPS UPS Standard — order …') with the carrier named once. Other text as is;
 * the ledger keeps what it stored, this is how it reads.
 */
export function carrierNamedOnce(description: string): string {
  for (const name of Object.values(CARRIER_NAMES)) {
    const head = `${name} `;
    if (!description.toLowerCase().startsWith(head.toLowerCase())) continue;
    const rest = description.slice(head.length).trimStart();
    return namesCarrier(rest, name) ? rest : description;
  }
  return description;
}

export const ZTransaction = z.object({
  id: z.uuid(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  /** Always positive ("12.34"); `direction` says which way it went. */
  amount: z.string(),
  direction: z.enum(['credit', 'debit']),
  /** The balance once this entry applied. */
  balanceAfter: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  shipmentId: z.string().nullable(),
  createdAt: z.string(),
  /** The document issued for it (decision 025): R- an order's receipt, CN- a void's credit note, P- a top-up's. */
  receiptNumber: z.string().nullable().optional(),
  /** A shipping charge's (or its refund's) amount before tax and its taxes; null for other entries. */
  tax: z.object({ preTax: z.string(), gst: z.string(), hst: z.string(), qst: z.string() }).nullable().optional(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionsQuery = ZPageQuery;
export const ZTransactionList = z.object({ data: z.array(ZTransaction), pagination: ZPagination });
export type TTransactionList = z.infer<typeof ZTransactionList>;

/** Without page/limit the list is this long at most (newest first). */
export const TRANSACTIONS_UNPAGED_MAX = 500;

export const ADMIN_ADD_BALANCE_CENTS = { min: 100, max: 5_000_000 } as const;
export const ADMIN_EDIT_BALANCE_CENTS = { min: 0, max: 5_000_000 } as const;

const inRange = (label: string, range: { min: number; max: number }, message: string) =>
  ZMoneyInput(label).refine((c) => c >= range.min && c <= range.max, message);

export const ZAddBalanceRequest = z.strictObject({
  userId: z.uuid({ error: 'userId must be a user id' }).transform((v) => v.toLowerCase()),
  amount: inRange('Amount', ADMIN_ADD_BALANCE_CENTS, 'Amount must be between $1.00 and $50,000.00'),
  description: optionalText('Description', 500),
});
export type TAddBalanceRequest = z.output<typeof ZAddBalanceRequest>;

export const ZEditBalanceRequest = z.strictObject({
  userId: z.uuid({ error: 'userId must be a user id' }).transform((v) => v.toLowerCase()),
  newBalance: inRange('New balance', ADMIN_EDIT_BALANCE_CENTS, 'Balance must be between $0.00 and $50,000.00'),
  description: optionalText('Description', 500),
});
export type TEditBalanceRequest = z.output<typeof ZEditBalanceRequest>;

export const ZBalanceChange = z.object({
  message: z.string(),
  userId: z.uuid(),
  oldBalance: z.string(),
  balance: z.string(),
  /** The ledger entry written; null when the balance already had that value. */
  transaction: ZTransaction.nullable(),
});
export type TBalanceChange = z.infer<typeof ZBalanceChange>;
