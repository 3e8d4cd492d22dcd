import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, base64url. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** SHA-256 of a high-entropy secret (session token, reset token); hex. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A 6-digit code from the CSPRNG. */
export const randomDigits = (n = 6) => Array.from({ length: n }, () => String(randomInt(0, 10))).join('');

// scrypt, N=2^cost r=8 p=1, 32-byte key. Format: scrypt$N$r$p$salt$hash. The cost is
// PASSWORD_HASH_COST (default 17, OWASP's minimum N=2^17); a stored hash carries its own N, so
// verifying works whatever the cost was when it was made.
export const DEFAULT_PASSWORD_HASH_COST = 17;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 256 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await scryptAsync(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  const expected = Buffer.from(hash, 'base64');
  return expected.length === key.length && timingSafeEqual(expected, key);
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
