import {
  bigint,
  boolean,
  bigserial,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TCustoms, TDuties } from '../../../shared/contracts/customs';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/** One per user (a trigger opens it with the user). `balance_cents` caches the ledger's sum. */
export const wallets = pgTable('wallets', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  currency: text('currency').notNull(),
  balanceCents: cents('balance_cents').notNull(),
  flaggedAt: tz('flagged_at'),
  flagReason: text('flag_reason'),
  /** On hold (migration 0012): orders are refused. 'uncovered_debit' lifts itself once the chargeback is paid. */
  heldAt: tz('held_at'),
  holdKind: text('hold_kind').$type<'admin' | 'uncovered_debit'>(),
  holdReason: text('hold_reason'),
  heldBy: uuid('held_by'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
export type WalletRow = typeof wallets.$inferSelect;

/** Append-only (a trigger refuses UPDATE and DELETE). */
export const walletTransactions = pgTable('wallet_transactions', {
  id: uuid('id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  walletId: uuid('wallet_id').notNull(),
  userId: uuid('user_id').notNull(),
  type: text('type').notNull().$type<'topup' | 'shipping_charge' | 'refund' | 'adjustment' | 'admin_charge'>(),
  direction: text('direction').notNull().$type<'credit' | 'debit'>(),
  status: text('status').notNull().$type<'completed' | 'pending' | 'failed' | 'cancelled'>(),
  amountCents: cents('amount_cents').notNull(),
  balanceAfterCents: cents('balance_after_cents').notNull(),
  description: text('description').notNull().default(''),
  reference: text('reference'),
  shipmentId: uuid('shipment_id'),
  idempotencyKey: text('idempotency_key'),
  createdBy: uuid('created_by'),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** A completed debit paying (part of) this pending debit (migration 0012). */
  settlesId: uuid('settles_id'),
  /** Set once on a pending debit when the entries that name it have paid all of it (the only UPDATE allowed). */
  settledAt: tz('settled_at'),
});
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;

/** What the stored addresses hold (jsonb): one end of the shipment as printed on the label. */
export type StoredParty = {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
};

/** The parcel as ordered (metric). */
export type StoredPackage = {
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  type: 'package' | 'envelope' | 'tube';
  description: string;
  insuranceValueCents: number;
};

export const shipments = pgTable('shipments', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  organizationId: uuid('organization_id'),
  status: text('status')
    .notNull()
    .$type<'purchasing' | 'label_created' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'failed'>(),
  carrier: text('carrier').notNull(),
  /** The selling carrier's mode at purchase (migration 0014): only 'live' labels ship a real parcel. */
  mode: text('mode').notNull().default('sandbox').$type<'sandbox' | 'test' | 'live'>(),
  serviceCode: text('service_code').notNull(),
  serviceName: text('service_name').notNull(),
  quoteOptionId: uuid('quote_option_id'),
  orderCode: text('order_code').notNull(),
  trackingNumber: text('tracking_number'),
  carrierPriceCents: cents('carrier_price_cents').notNull(),
  /** Our price rule's addition over the carrier's cost (carrierPriceCents). */
  markupCents: cents('markup_cents').notNull().default(0),
  discountCents: cents('discount_cents').notNull().default(0),
  priceCents: cents('price_cents').notNull(),
  gstCents: cents('gst_cents').notNull().default(0),
  hstCents: cents('hst_cents').notNull().default(0),
  qstCents: cents('qst_cents').notNull().default(0),
  taxTotalCents: cents('tax_total_cents').notNull(),
  totalCents: cents('total_cents').notNull(),
  insuranceCents: cents('insurance_cents').notNull().default(0),
  /** The carrier's charge for covering `insuranceCents` (decision 020): part of carrierPriceCents. */
  coverageCents: cents('coverage_cents').notNull().default(0),
  fromAddress: jsonb('from_address').notNull().$type<StoredParty>(),
  toAddress: jsonb('to_address').notNull().$type<StoredParty>(),
  package: jsonb('package').notNull().$type<StoredPackage>(),
  /** Who the receiver is, by the spec's rule (email, else 10-digit phone, else name + street + postal code). */
  receiverKey: text('receiver_key'),
  /** Lower-cased tracking number, order code, receiver name, company, city and postal code (trigram-indexed). */
  searchText: text('search_text').notNull(),
  shipDate: date('ship_date', { mode: 'string' }).notNull(),
  transitDays: integer('transit_days').notNull(),
  estimatedDelivery: date('estimated_delivery', { mode: 'string' }),
  deliveredAt: tz('delivered_at'),
  idempotencyKey: text('idempotency_key'),
  requestHash: text('request_hash'),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  refundedCents: cents('refunded_cents').notNull().default(0),
  trackingSyncedAt: tz('tracking_synced_at'),
  voidedAt: tz('voided_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  /** What the real carrier needs later (void, label fetch), as its adapter handed it over (migration 0015). */
  carrierRef: jsonb('carrier_ref').$type<Record<string, unknown>>(),
  /** A real carrier's shipment is tracked no sooner than this (15 minutes, longer after errors). */
  trackingNextCheckAt: tz('tracking_next_check_at'),
  /** Tracking calls that failed in a row (the back-off grows with it). */
  trackingAttempts: integer('tracking_attempts').notNull().default(0),
  /** Bought with a test API key (migration 0018): sandbox carriers only, no money moved, listed apart. */
  test: boolean('test').notNull().default(false),
  /** Leaving Canada (migration 0020): the duties charged with the label (DDP; 0 for DDU or inside Canada). */
  dutiesCents: cents('duties_cents').notNull().default(0),
  /** The duties estimate as quoted (contracts/customs.ts TDuties); null inside Canada. */
  duties: jsonb('duties').$type<TDuties>(),
  /** The customs declaration as ordered (TCustoms); null inside Canada. */
  customs: jsonb('customs').$type<TCustoms>(),
  /** Mail the receiver (toAddress.email) when shipped and delivered (migration 0032), off by default. */
  notifyRecipient: boolean('notify_recipient').notNull().default(false),
  /** The language of those mails. */
  recipientLanguage: text('recipient_language').notNull().default('en').$type<'en' | 'zh'>(),
});
export type ShipmentRow = typeof shipments.$inferSelect;

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** The label a real carrier sold, as it sent it (migration 0015); sandbox shipments have none. */
export const shipmentLabels = pgTable('shipment_labels', {
  shipmentId: uuid('shipment_id').primaryKey(),
  mediaType: text('media_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const trackingEvents = pgTable('tracking_events', {
  id: uuid('id').primaryKey(),
  shipmentId: uuid('shipment_id').notNull(),
  userId: uuid('user_id').notNull(),
  status: text('status').notNull(),
  description: text('description').notNull(),
  location: text('location').notNull().default(''),
  occurredAt: tz('occurred_at').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});
export type TrackingEventRow = typeof trackingEvents.$inferSelect;

export const sandboxCarrierShipments = pgTable('sandbox_carrier_shipments', {
  reference: text('reference').primaryKey(),
  carrier: text('carrier').notNull(),
  serviceCode: text('service_code').notNull(),
  trackingNumber: text('tracking_number').notNull(),
  request: jsonb('request').notNull(),
  createdAt: tz('created_at').notNull(),
  voidedAt: tz('voided_at'),
});
