import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, type ApiKeyRow } from '../../db/schema/api';
import { users } from '../../db/schema/identity';

/** A key that still works at `now`: not revoked, and its grace period (if any) not over. */
const working = (now: Date) =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

export async function insertApiKey(tx: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  return row!;
}

/** The user's working key with this id, locked for the transaction. */
export async function lockWorkingKey(tx: Db, userId: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), working(now)))
    .for('update')
    .limit(1);
  return row;
}

/** The user's working keys, newest first. */
export function listWorkingKeys(db: Db, userId: string, now: Date): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), working(now)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Serialises one user's key changes until the transaction ends. */
export async function lockKeyOwner(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function countWorkingKeys(tx: Db, userId: string, now: Date): Promise<number> {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), working(now)));
  return count?.n ?? 0;
}

export async function revokeApiKey(tx: Db, id: string, now: Date): Promise<void> {
  await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id));
}

/** The old key of a regeneration: it stops now (`revokedAt`) or after its grace period (`expiresAt`). */
export async function retireApiKey(
  tx: Db,
  id: string,
  values: { expiresAt: Date; replacedBy: string } | { revokedAt: Date; replacedBy: string },
): Promise<void> {
  await tx.update(apiKeys).set(values).where(eq(apiKeys.id, id));
}

/** The working key with this prefix and its user's columns (active or not, verified or not). */
export async function workingKeyWithUser(db: Db, prefix: string, now: Date) {
  const [found] = await db
    .select({
      key: apiKeys,
      user: {
        id: users.id,
        email: users.email,
        pendingEmail: users.pendingEmail,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        organizationId: users.organizationId,
        isActive: users.isActive,
        emailVerifiedAt: users.emailVerifiedAt,
        locale: users.locale,
        createdAt: users.createdAt,
      },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.prefix, prefix), working(now)))
    .limit(1);
  return found;
}

export async function touchApiKeyLastUsed(db: Db, id: string, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
}
