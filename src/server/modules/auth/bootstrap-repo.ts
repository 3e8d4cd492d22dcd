/** The admin bootstrap's statements (bootstrap.ts): ADMIN_EMAIL's account found, promoted, taken over or created. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLogs,
  organizations,
  passwordResetTokens,
  registrationAttempts,
  sessions,
  trustedDevices,
  users,
  verificationCodes,
} from '../../db/schema/identity';
import type { UserRow } from './repo';

/** Advisory lock id: one admin bootstrap at a time across instances starting together. */
const BOOTSTRAP_LOCK = 7_240_532;

export async function countAdmins(db: Db): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return n;
}

/** The account with this email (lower-cased already), compared case-insensitively; locked on request. */
export async function userWithEmail(db: Db, email: string, forUpdate = false): Promise<UserRow | undefined> {
  const byEmail = sql`lower(${users.email}) = ${email}`;
  const [u] = forUpdate
    ? await db.select().from(users).where(byEmail).limit(1).for('update')
    : await db.select().from(users).where(byEmail).limit(1);
  return u;
}

/** Held until the transaction ends. */
export async function lockBootstrap(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
}

export async function closeRegistrationAttempts(tx: Db, email: string, now: Date): Promise<void> {
  await tx
    .update(registrationAttempts)
    .set({ closedAt: now })
    .where(and(eq(registrationAttempts.email, email), isNull(registrationAttempts.closedAt)));
}

/** Whether an admin ever changed this account's role or deactivated it. */
export async function adminDecidedOn(tx: Db, userId: string): Promise<boolean> {
  const [decided] = await tx
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.resourceType, 'user'),
        eq(auditLogs.resourceId, userId),
        inArray(auditLogs.action, ['user.role_change', 'user.deactivate']),
      ),
    )
    .limit(1);
  return decided !== undefined;
}

export async function promoteToAdmin(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ role: 'admin', isActive: true, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * An unverified account becomes the operator's admin: verified, with `passwordHash`; its sessions and
 * trusted devices are deleted, its open codes and reset links used up.
 */
export async function takeOverAccount(tx: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ role: 'admin', isActive: true, passwordHash, emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The admin's organization, then the admin account. */
export async function insertAdminAccount(
  tx: Db,
  a: { id: string; organizationId: string; email: string; passwordHash: string; now: Date },
): Promise<void> {
  await tx
    .insert(organizations)
    .values({ id: a.organizationId, name: 'Voyageur Admin', email: a.email, createdAt: a.now, updatedAt: a.now });
  await tx.insert(users).values({
    id: a.id,
    organizationId: a.organizationId,
    email: a.email,
    firstName: 'Admin',
    lastName: 'User',
    role: 'admin',
    passwordHash: a.passwordHash,
    emailVerifiedAt: a.now,
    createdAt: a.now,
    updatedAt: a.now,
  });
}

export async function insertAuditLog(tx: Db, row: typeof auditLogs.$inferInsert): Promise<void> {
  await tx.insert(auditLogs).values(row);
}
