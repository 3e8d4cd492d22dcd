/** The rules of the codes that verify a phone number (issue 27): pure, so a unit test checks them. */
import { sameDigest, sha256 } from '../../lib/crypto';

export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_RESEND_MS = 60_000;

/** The stored form of a code: SHA-256 of the row id and the code (the same code hashes apart in each row). */
export const hashPhoneCode = (id: string, code: string) => sha256(`phone:${id}:${code}`);

export type StoredPhoneCode = {
  id: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
  createdAt: Date;
};

export type PhoneCodeCheck =
  | { kind: 'ok' }
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'invalid'; attempts: number; left: number }
  | { kind: 'too-many'; attempts: number };

/** What `code` does against the latest code sent: the wrong tries it leaves are in `attempts`. */
export function checkPhoneCode(stored: StoredPhoneCode | null, code: string, now: Date): PhoneCodeCheck {
  if (!stored || stored.consumedAt) return { kind: 'none' };
  if (stored.attempts >= PHONE_CODE_MAX_ATTEMPTS) return { kind: 'too-many', attempts: stored.attempts };
  if (stored.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
  if (sameDigest(hashPhoneCode(stored.id, code), stored.codeHash)) return { kind: 'ok' };
  const attempts = stored.attempts + 1;
  if (attempts >= PHONE_CODE_MAX_ATTEMPTS) return { kind: 'too-many', attempts };
  return { kind: 'invalid', attempts, left: PHONE_CODE_MAX_ATTEMPTS - attempts };
}

/** Whole seconds before another code may be sent after one sent at `lastSentAt` (0: now). */
export function resendWait(lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0;
  const left = lastSentAt.getTime() + PHONE_CODE_RESEND_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** The text that carries the code, in the user's language. */
export function phoneCodeText(code: string, locale: 'en' | 'zh'): string {
  return locale === 'zh'
    ? `Voyageur 验证码：${code}，10 分钟内有效。如非本人操作请忽略。`
    : `Voyageur: your verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this text.`;
}
