import { randomUUID } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs, users } from '../../db/schema/identity';
import type { TAuditLogEntry } from '../../../shared/contracts/settings';

export type AuditEntry = {
  /** Who did it (or whom it concerns when nobody is signed in, e.g. a failed login). */
  userId: string | null;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  ipAddress?: string | null;
  details?: string | null;
  at: Date;
};

/**
 * Writes one audit entry. Pass the transaction that makes the change so the entry and the change
 * commit (or roll back) together. Never put secrets (passwords, hashes, tokens, codes) in values.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    id: randomUUID(),
    userId: entry.userId,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
    ipAddress: entry.ipAddress ?? null,
    details: entry.details ?? null,
    createdAt: entry.at,
  });
}

type AuditCard = { brand: string; last4: string };

function parseStoredCard(text: string | null): AuditCard | null {
  if (!text) return null;
  const card = JSON.parse(text) as { brand?: unknown; last4?: unknown };
  return typeof card.brand === 'string' && typeof card.last4 === 'string'
    ? { brand: card.brand, last4: card.last4 }
    : null;
}

/** The brands as payments' cardLabel writes them ('Visa •••• 4242'), back to their codes. */
const LABEL_BRANDS: Record<string, string> = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  'American Express': 'amex',
  Discover: 'discover',
  Card: 'unknown',
};
const CARD_LABEL = /^(Visa|Mastercard|American Express|Discover|Card) •••• (\d{4})$/;

/**
 * A card no longer stored (deleted since) read from the label its entry kept: the card deleted
 * (oldValue.card) or made the default (newValue.defaultCard).
 */
function cardOfValues(log: { oldValue: unknown; newValue: unknown }): AuditCard | null {
  const field = (value: unknown, key: string): unknown =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  for (const label of [field(log.newValue, 'defaultCard'), field(log.newValue, 'card'), field(log.oldValue, 'card')]) {
    const m = typeof label === 'string' ? CARD_LABEL.exec(label) : null;
    if (m) return { brand: LABEL_BRANDS[m[1]!]!, last4: m[2]! };
  }
  return null;
}

/** Latest entries first, optionally for one user. */
export async function listAuditLogs(db: Db, opts: { userId?: string; limit: number }): Promise<TAuditLogEntry[]> {
  const rows = await db
    .select({
      log: auditLogs,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      // A payment_method entry's card, from the stored record (one subquery, not a call per row).
      storedCard: sql<string | null>`(
        select json_build_object('brand', pm.brand, 'last4', pm.last4)::text from payment_methods pm
        where ${auditLogs.resourceType} = 'payment_method' and pm.provider_method_id = ${auditLogs.resourceId}
        order by pm.created_at desc limit 1)`,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    // A user's entries: what they did, and what was done to them (an admin's change to their account,
    // a charge or ledger entry on their wallet, a discount for them).
    .where(
      opts.userId
        ? or(
            eq(auditLogs.userId, opts.userId),
            and(eq(auditLogs.resourceType, 'user'), eq(auditLogs.resourceId, opts.userId)),
            sql`${auditLogs.newValue}->>'userId' = ${opts.userId}`,
            sql`${auditLogs.oldValue}->>'userId' = ${opts.userId}`,
          )
        : undefined,
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(opts.limit);
  return rows.map(({ log, firstName, lastName, email, storedCard }) => ({
    id: log.id,
    user: email !== null ? { firstName: firstName ?? '', lastName: lastName ?? '', email } : null,
    action: log.action,
    resourceType: log.resourceType,
    resourceId: log.resourceId,
    oldValue: log.oldValue ?? null,
    newValue: log.newValue ?? null,
    ipAddress: log.ipAddress,
    details: log.details,
    createdAt: log.createdAt.toISOString(),
    card: log.resourceType === 'payment_method' ? (parseStoredCard(storedCard) ?? cardOfValues(log)) : null,
  }));
}
