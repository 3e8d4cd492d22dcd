import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** API keys (migration 0018, decision 027): only the SHA-256 of the secret, its prefix and last four. */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  mode: text('mode').notNull().$type<'live' | 'test'>(),
  prefix: text('prefix').notNull(),
  last4: text('last4').notNull(),
  keyHash: text('key_hash').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastUsedAt: tz('last_used_at'),
  /** Set by 'regenerate' with a grace period: the old key works until then. */
  expiresAt: tz('expires_at'),
  revokedAt: tz('revoked_at'),
  replacedBy: uuid('replaced_by'),
});
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * The first answer to a POST with an Idempotency-Key, per account and key mode (migration 0023): a
 * regenerated or second key of the same account replays it; a test key's answer never serves a live key.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    userId: uuid('user_id').notNull(),
    mode: text('mode').notNull().$type<'live' | 'test'>(),
    /** The key that sent the first request. */
    apiKeyId: uuid('api_key_id').notNull(),
    idemKey: text('idem_key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mode, t.idemKey] })],
);
