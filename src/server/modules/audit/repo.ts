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

/** Latest entries first, optionally for one user. */
export async function listAuditLogs(db: Db, opts: { userId?: string; limit: number }): Promise<TAuditLogEntry[]> {
  const rows = await db
    .select({
      log: auditLogs,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
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
  return rows.map(({ log, firstName, lastName, email }) => ({
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
  }));
}
