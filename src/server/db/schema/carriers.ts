import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Calls to a carrier (migration 0016): what the admin's carriers view counts; kept a day. One row
 * stands for `calls` calls alike recorded together (migration 0040), with the last one's latency and time.
 */
export const carrierCalls = pgTable('carrier_calls', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  carrier: text('carrier').notNull(),
  mode: text('mode').$type<'sandbox' | 'test' | 'live'>().notNull(),
  operation: text('operation').$type<'quote' | 'purchase' | 'find' | 'label' | 'track' | 'void'>().notNull(),
  /** The carrier answered in time (a refusal included); false on a timeout or an outage. */
  ok: boolean('ok').notNull(),
  latencyMs: integer('latency_ms').notNull(),
  /** The CarrierError reason of a failed call or of the carrier's refusal; null when it succeeded. */
  errorReason: text('error_reason'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  calls: integer('calls').notNull().default(1),
});
