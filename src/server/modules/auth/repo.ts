import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlStateOf } from '../../db/errors';
import {
  organizations,
  passwordResetTokens,
  registrationAttempts,
  sessions,
  trustedDevices,
  users,
  verificationCodes,
} from '../../db/schema/identity';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;
/** Sign-up codes and email-change codes live in one table and never satisfy each other. */
export type CodePurpose = CodeRow['purpose'];

/** Case-insensitive lookup (matches the unique index on lower(email)). */
export async function findUserByEmail(db: Db, email: string, forUpdate = false): Promise<UserRow | null> {
  const q = db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string, forUpdate = false): Promise<UserRow | null> {
  const q = db.select().from(users).where(eq(users.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function findUserByGoogleSubject(db: Db, subject: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return rows[0] ?? null;
}

export async function insertOrganization(
  db: Db,
  values: { name: string; email: string | null; now: Date },
): Promise<OrganizationRow> {
  const [row] = await db
    .insert(organizations)
    .values({ id: randomUUID(), name: values.name, email: values.email, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Omit<typeof users.$inferInsert, 'id'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

export async function updateOrganizationName(db: Db, id: string, name: string, now: Date): Promise<void> {
  await db.update(organizations).set({ name, updatedAt: now }).where(eq(organizations.id, id));
}

/** Codes of this purpose created for the user since `since`, newest first. */
export async function codesSince(db: Db, userId: string, purpose: CodePurpose, since: Date): Promise<CodeRow[]> {
  return db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        gte(verificationCodes.createdAt, since),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt));
}

export async function latestCode(db: Db, userId: string, purpose: CodePurpose): Promise<CodeRow | null> {
  const rows = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Invalidates every open code of the user with this purpose, then stores the new one. */
export async function replaceCode(
  db: Db,
  values: { id: string; userId: string; purpose: CodePurpose; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await closeCodes(db, values.userId, values.purpose, values.now);
  await db.insert(verificationCodes).values({
    id: values.id,
    userId: values.userId,
    purpose: values.purpose,
    codeHash: values.codeHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

/** Every open code of the user with this purpose stops working. */
export async function closeCodes(db: Db, userId: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function recordCodeAttempt(db: Db, id: string, attempts: number, kill: Date | null): Promise<void> {
  await db.update(verificationCodes).set({ attempts, consumedAt: kill }).where(eq(verificationCodes.id, id));
}

export async function consumeCode(db: Db, id: string, now: Date): Promise<void> {
  await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, id));
}

export async function insertResetToken(
  db: Db,
  values: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values({
    id: randomUUID(),
    userId: values.userId,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

export async function findResetToken(db: Db, tokenHash: string): Promise<ResetTokenRow | null> {
  const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

/** Marks the token used if it still is unused; false when another request got there first. */
export async function claimResetToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** Every other open reset token of the user stops working (a reset or password change happened). */
export async function retireResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ id: string; userId: string } | null> {
  const rows = await db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

/** Postgres unique violation (directly or wrapped by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlStateOf(err) === '23505';
}

export type AttemptRow = typeof registrationAttempts.$inferSelect;

export async function insertAttempt(db: Db, values: typeof registrationAttempts.$inferInsert): Promise<AttemptRow> {
  const [row] = await db.insert(registrationAttempts).values(values).returning();
  return row;
}

/** Open (not closed, not expired) attempts for an email, newest first; optionally only one browser's. */
export async function openAttempts(
  db: Db,
  email: string,
  now: Date,
  opts: { browserHash?: string; forUpdate?: boolean; limit?: number } = {},
): Promise<AttemptRow[]> {
  const q = db
    .select()
    .from(registrationAttempts)
    .where(
      and(
        eq(registrationAttempts.email, email.toLowerCase()),
        isNull(registrationAttempts.closedAt),
        gt(registrationAttempts.expiresAt, now),
        opts.browserHash ? eq(registrationAttempts.browserHash, opts.browserHash) : undefined,
      ),
    )
    .orderBy(desc(registrationAttempts.createdAt))
    .limit(opts.limit ?? 20);
  return opts.forUpdate ? q.for('update') : q;
}

/** Attempts for an email created since `since` (open or not), for the per-email sending limit. */
export async function countAttemptCodesSince(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrationAttempts)
    .where(and(eq(registrationAttempts.email, email.toLowerCase()), gte(registrationAttempts.codeSentAt, since)));
  return row.n;
}

export async function updateAttempt(
  db: Db,
  id: string,
  patch: Partial<Omit<typeof registrationAttempts.$inferInsert, 'id'>>,
): Promise<AttemptRow> {
  const [row] = await db.update(registrationAttempts).set(patch).where(eq(registrationAttempts.id, id)).returning();
  return row;
}

/** Closes every open attempt for an email (but `keepId`): the account exists now, or an operator took it. */
export async function closeAttempts(db: Db, email: string, now: Date, keepId?: string): Promise<void> {
  await db
    .update(registrationAttempts)
    .set({ closedAt: now })
    .where(
      and(
        eq(registrationAttempts.email, email.toLowerCase()),
        isNull(registrationAttempts.closedAt),
        keepId ? ne(registrationAttempts.id, keepId) : undefined,
      ),
    );
}

export async function insertTrustedDevice(
  db: Db,
  values: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(trustedDevices).values({
    id: randomUUID(),
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Whether the device token belongs to this user and is still valid. */
export async function isTrustedDevice(db: Db, userId: string, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, tokenHash),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function touchTrustedDevice(db: Db, tokenHash: string, now: Date, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .update(trustedDevices)
    .set({ lastUsedAt: now, expiresAt })
    .where(eq(trustedDevices.tokenHash, tokenHash))
    .returning({ id: trustedDevices.id });
  return rows.length > 0;
}

export async function deleteTrustedDevices(db: Db, userId: string): Promise<void> {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}

/**
 * Serialises the transactions that turn an email into an account (sign-up completion, Google sign-in,
 * the admin bootstrap) for that one email: without it two completions lock each other's attempt rows
 * and deadlock. Held until the transaction ends.
 */
export async function lockEmail(db: Db, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-email:${email.toLowerCase()}`}))`);
}
