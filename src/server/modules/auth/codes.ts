import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { randomDigits, sameDigest, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import * as repo from './repo';

const HOUR = 3_600_000;

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_GAP_MS = 30_000;
export const CODE_MAX_PER_HOUR = 10;

export type CodePurpose = repo.CodePurpose;

export const invalidCode = (message = 'Invalid verification code') =>
  new AppError(400, message, ErrorCode.INVALID_CODE);
export const codeExpired = () => new AppError(400, 'This code has expired. Request a new one.', ErrorCode.CODE_EXPIRED);
/** `retryAfter`: seconds until a new code may be requested. */
export const tooManyAttempts = (retryAfter: number) =>
  new AppError(429, 'Too many attempts. Request a new code.', ErrorCode.TOO_MANY_ATTEMPTS, undefined, {
    'retry-after': String(Math.max(1, retryAfter)),
  });

export const hashCode = (codeId: string, code: string) => sha256(`${codeId}:${code}`);

/** Seconds to wait before another code of this purpose may go to the user, or 0. Exact, on the stored codes. */
export async function codeWait(tx: Db, userId: string, purpose: CodePurpose, now: Date): Promise<number> {
  const recent = await repo.codesSince(tx, userId, purpose, new Date(now.getTime() - HOUR));
  const last = recent[0];
  if (last && now.getTime() - last.createdAt.getTime() < CODE_RESEND_GAP_MS) {
    return Math.ceil((last.createdAt.getTime() + CODE_RESEND_GAP_MS - now.getTime()) / 1000);
  }
  if (recent.length >= CODE_MAX_PER_HOUR) {
    const oldest = recent[CODE_MAX_PER_HOUR - 1];
    return Math.ceil((oldest.createdAt.getTime() + HOUR - now.getTime()) / 1000);
  }
  return 0;
}

/** Stores a fresh 6-digit code (hashed) in place of the user's open codes of this purpose; returns it. */
export async function issueCode(tx: Db, userId: string, purpose: CodePurpose, now: Date): Promise<string> {
  const code = randomDigits(6);
  const id = randomUUID();
  await repo.replaceCode(tx, {
    id,
    userId,
    purpose,
    codeHash: hashCode(id, code),
    now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

export type CodeCheck =
  { kind: 'ok'; codeId: string } | { kind: 'invalid' } | { kind: 'expired' } | { kind: 'too-many'; resendIn: number };

/**
 * Checks `code` against the user's latest code of this purpose (row locked) and records a wrong try;
 * the caller consumes the code on 'ok'. Run inside a transaction that commits even on failure, so
 * wrong tries count.
 */
export async function checkCode(
  tx: Db,
  userId: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const stored = await repo.latestCode(tx, userId, purpose);
  if (!stored) return { kind: 'invalid' };
  const resendIn = Math.ceil((stored.createdAt.getTime() + CODE_RESEND_GAP_MS - now.getTime()) / 1000);
  if (stored.attempts >= CODE_MAX_ATTEMPTS) return { kind: 'too-many', resendIn };
  if (stored.consumedAt) return { kind: 'invalid' };
  if (stored.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
  if (!sameDigest(hashCode(stored.id, code), stored.codeHash)) {
    const attempts = stored.attempts + 1;
    const dead = attempts >= CODE_MAX_ATTEMPTS;
    await repo.recordCodeAttempt(tx, stored.id, attempts, dead ? now : null);
    return dead ? { kind: 'too-many', resendIn } : { kind: 'invalid' };
  }
  return { kind: 'ok', codeId: stored.id };
}
