/**
 * One-click unsubscribe tokens (RFC 8058, decision 026): the user's id, the kind, and an HMAC of
 * both under a key only the server knows (app_secrets), so no table of tokens is kept and a token
 * cannot be made for another user or another kind. A token never expires: an old mail's link still
 * turns that kind off, which is what the reader expects of it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { isMailKind, type MailKind } from './kinds';
import { appSecret } from './repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (key: string, userId: string, kind: MailKind) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url').slice(0, 32);

export function unsubscribeToken(key: string, userId: string, kind: MailKind): string {
  return `${userId}.${kind}.${signature(key, userId, kind)}`;
}

/** The user and kind a token names, or null when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(key: string, token: string): { userId: string; kind: MailKind } | null {
  const [userId, kind, sig, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !UUID.test(userId) || !isMailKind(kind) || !sig) return null;
  const expected = Buffer.from(signature(key, userId, kind));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind };
}

/** The signing key: made on first use (a random 32 bytes), the same for every instance after. */
export function unsubscribeKey(db: Db): Promise<string> {
  return appSecret(db, 'unsubscribe', randomBytes(32).toString('base64url'));
}
