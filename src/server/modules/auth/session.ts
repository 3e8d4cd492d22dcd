import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { forbidden, unauthorized } from '../../lib/errors';
import type { TUser } from '../../../shared/contracts/user';
import type { UserRow } from './repo';
import { findSessionWithUser, insertSession } from './session-repo';

// Callers ending sessions (sign-out, password and email changes) import these from here.
export { deleteOtherSessions, deleteSession } from './session-repo';

export const SESSION_COOKIE = 'voyageur_session';
/** Ties sign-up attempts to the browser that made them (random, HttpOnly, path /api). */
export const BROWSER_COOKIE = 'voyageur_browser';
/** A browser that signed in to an account before (OWASP device cookie; HttpOnly, path /api). */
export const DEVICE_COOKIE = 'voyageur_device';

export type SessionUser = TUser & { sessionId: string };

export function toUser(
  row: Pick<
    UserRow,
    | 'id'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'pendingEmail'
    | 'role'
    | 'organizationId'
    | 'isActive'
    | 'emailVerifiedAt'
    | 'locale'
    | 'createdAt'
  >,
): TUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    pendingEmail: row.pendingEmail,
    role: row.role,
    organizationId: row.organizationId,
    isActive: row.isActive,
    emailVerified: row.emailVerifiedAt !== null,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Creates a session and returns its opaque token (only the hash is stored). */
export async function createSession(
  db: Db,
  opts: { userId: string; now: Date; ttlDays: number; ip?: string; userAgent?: string },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomToken();
  const id = randomUUID();
  const expiresAt = new Date(opts.now.getTime() + opts.ttlDays * 86_400_000);
  await insertSession(db, {
    id,
    userId: opts.userId,
    tokenHash: sha256(token),
    ipAddress: opts.ip ?? null,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    createdAt: opts.now,
    expiresAt,
  });
  return { token, id, expiresAt };
}

export async function findSessionUser(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  const row = await findSessionWithUser(db, sha256(token), now);
  if (!row || !row.user.isActive || row.user.emailVerifiedAt === null) return null;
  return { ...toUser(row.user), sessionId: row.sessionId };
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in admin: 401 when anonymous, 403 for any other role. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('Admin access required');
  return user;
}

/**
 * Route options that authenticate before body validation, so an anonymous caller gets 401 (and a
 * non-admin 403) whatever it sends.
 */
export const signedIn = { preValidation: async (request: FastifyRequest) => void requireUser(request) };
export const adminOnly = { preValidation: async (request: FastifyRequest) => void requireAdmin(request) };
