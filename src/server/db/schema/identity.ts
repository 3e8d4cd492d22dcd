import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  email: text('email'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  role: text('role', { enum: ['end_user', 'staff', 'org_owner', 'admin'] })
    .notNull()
    .default('end_user'),
  organizationId: uuid('organization_id'),
  passwordHash: text('password_hash'),
  googleSubject: text('google_subject'),
  /** A new address the user asked for; it becomes `email` only once a code mailed there is confirmed. */
  pendingEmail: text('pending_email'),
  emailVerifiedAt: tz('email_verified_at'),
  isActive: boolean('is_active').notNull().default(true),
  locale: text('locale', { enum: ['en', 'zh'] })
    .notNull()
    .default('en'),
  notifyEmail: boolean('notify_email').notNull().default(true),
  notifySms: boolean('notify_sms').notNull().default(false),
  notifyMarketing: boolean('notify_marketing').notNull().default(false),
  /** Per-kind mail switches and the low-balance threshold (migration 0024); `notifyEmail` is the master switch. */
  notifyReceipts: boolean('notify_receipts').notNull().default(true),
  notifyCreditNotes: boolean('notify_credit_notes').notNull().default(true),
  notifyTopupReceipts: boolean('notify_topup_receipts').notNull().default(true),
  notifyLowBalance: boolean('notify_low_balance').notNull().default(true),
  notifyTracking: boolean('notify_tracking').notNull().default(true),
  /** The verified number SMS go to, E.164 (migration 0031); set with phoneVerifiedAt once a code sent there came back. */
  phoneE164: text('phone_e164'),
  phoneVerifiedAt: tz('phone_verified_at'),
  lowBalanceThresholdCents: bigint('low_balance_threshold_cents', { mode: 'number' }).notNull().default(2000),
  /** The label format downloads start from (migration 0029): a PDF page or ZPL II for a thermal printer. */
  labelFormat: text('label_format', { enum: ['pdf', 'zpl'] })
    .notNull()
    .default('pdf'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
});

export const verificationCodes = pgTable('verification_codes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose', { enum: ['verify_email', 'email_change'] })
    .notNull()
    .default('verify_email'),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: tz('expires_at').notNull(),
  consumedAt: tz('consumed_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const auditLogs = pgTable('audit_logs', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id'),
  action: text('action').notNull(),
  resourceType: text('resource_type').notNull(),
  resourceId: text('resource_id'),
  oldValue: jsonb('old_value'),
  newValue: jsonb('new_value'),
  ipAddress: text('ip_address'),
  details: text('details'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: tz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** One sign-up attempt: its own password, names and code, tied to the browser that made it. */
export const registrationAttempts = pgTable('registration_attempts', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  browserHash: text('browser_hash').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  organizationName: text('organization_name'),
  locale: text('locale', { enum: ['en', 'zh'] })
    .notNull()
    .default('en'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  codeHash: text('code_hash').notNull(),
  codeAttempts: integer('code_attempts').notNull().default(0),
  codeSentAt: tz('code_sent_at').notNull(),
  codeExpiresAt: tz('code_expires_at').notNull(),
  createdAt: tz('created_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  closedAt: tz('closed_at'),
});

/** A browser that has signed in to the account (OWASP device cookie); exempt from the account lock-out. */
export const trustedDevices = pgTable('trusted_devices', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: tz('created_at').notNull(),
  lastUsedAt: tz('last_used_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
});
