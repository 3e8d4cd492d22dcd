import { bigint, customType, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TDuties } from '../../../shared/contracts/customs';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });
/** JSON the server wrote, kept as its text (migration 0041): postgres stores it unchecked, drizzle parses it. */
const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => JSON.parse(value) as T,
  })(name);

/** A quote as asked: the request snapshot and what carriers said; lives 15 minutes. */
export const rateQuotes = pgTable('rate_quotes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  /** The quote's request as asked ({ body }): JSON text, written and read whole (migration 0041). */
  request: jsonText<unknown>('request').notNull(),
  warnings: jsonText<unknown>('warnings').notNull().default([]),
  shipDate: date('ship_date', { mode: 'string' }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  /** The priced options, one positional array each (rates/repo.ts, migration 0035); null before it. */
  options: jsonText<unknown[][]>('options'),
});

/**
 * One priced service of a quote made before migration 0035 (read, no longer written); the orders
 * issue charges `total_cents` of the chosen one.
 */
export const rateQuoteOptions = pgTable('rate_quote_options', {
  id: uuid('id').primaryKey(),
  quoteId: uuid('quote_id').notNull(),
  userId: uuid('user_id').notNull(),
  carrier: text('carrier').notNull(),
  serviceCode: text('service_code').notNull(),
  serviceName: text('service_name').notNull(),
  carrierPriceCents: cents('carrier_price_cents').notNull(),
  /** Our price rule's addition over the carrier's cost (carrierPriceCents). */
  markupCents: cents('markup_cents').notNull().default(0),
  discountCents: cents('discount_cents').notNull().default(0),
  /** The carrier's charge for covering the declared value (decision 020): part of carrierPriceCents. */
  coverageCents: cents('coverage_cents').notNull().default(0),
  priceCents: cents('price_cents').notNull(),
  gstCents: cents('gst_cents').notNull(),
  hstCents: cents('hst_cents').notNull(),
  qstCents: cents('qst_cents').notNull(),
  taxTotalCents: cents('tax_total_cents').notNull(),
  totalCents: cents('total_cents').notNull(),
  transitDays: integer('transit_days').notNull(),
  estimatedDelivery: date('estimated_delivery', { mode: 'string' }).notNull(),
  breakdown: jsonb('breakdown').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  /** Leaving Canada (migration 0020): the duties estimate (DDP charges it; 0 for DDU) and its lines. */
  dutiesCents: cents('duties_cents').notNull().default(0),
  duties: jsonb('duties').$type<TDuties>(),
});

/** The CAD price of one US dollar, in millionths, as admins set it over time (migration 0020). */
export const exchangeRates = pgTable('exchange_rates', {
  id: uuid('id').primaryKey(),
  cadPerUsdMicros: cents('cad_per_usd_micros').notNull(),
  setBy: uuid('set_by'),
  note: text('note').notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export type RateQuoteOptionRow = typeof rateQuoteOptions.$inferSelect;
