/** The sessions table's statements (session.ts: cookies, tokens and the signed-in user). */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/identity';

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

const sessionUserColumns = {
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
};

// Every API request with a cookie runs this lookup, so the statement is built once per database.
function prepareFindSession(db: Db) {
  return db
    .select({ user: sessionUserColumns, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session_user');
}
const findSessionStatements = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

/** The unexpired session with this token hash and its user's columns (active or not, verified or not). */
export async function findSessionWithUser(db: Db, tokenHash: string, now: Date) {
  let statement = findSessionStatements.get(db);
  if (!statement) {
    statement = prepareFindSession(db);
    findSessionStatements.set(db, statement);
  }
  const rows = await statement.execute({ tokenHash, now });
  return rows[0];
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user except `keepSessionId` (all when omitted). */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}
