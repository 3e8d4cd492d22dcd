import { describe, expect, it } from 'vitest';
import { checkOidcAttempt, GoogleAuthError, newOidcAttempt, validateIdToken } from './google';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (claims: object) => `${b64({ alg: 'RS256' })}.${b64(claims)}.sig`;
const now = new Date('2026-03-02T15:00:00Z');
const nowS = now.getTime() / 1000;
const base = {
  iss: 'https://accounts.google.com',
  aud: 'client-1',
  sub: '1234',
  email: 'A@Example.com',
  email_verified: true,
  nonce: 'n1',
  exp: nowS + 600,
  iat: nowS,
};
const check = (claims: object) => validateIdToken(token(claims), { clientId: 'client-1', nonce: 'n1', now });

describe('validateIdToken', () => {
  it('accepts good claims and lower-cases the email', () => {
    expect(check(base)).toEqual({ subject: '1234', email: 'a@example.com', givenName: '', familyName: '' });
    expect(check({ ...base, iss: 'accounts.google.com' }).subject).toBe('1234');
  });

  it.each([
    ['issuer', { iss: 'https://evil.example' }],
    ['audience', { aud: 'client-2' }],
    ['expiry', { exp: nowS - 3600 }],
    ['nonce', { nonce: 'n2' }],
    ['email_verified', { email_verified: false }],
    ['subject', { sub: '' }],
    ['email', { email: 'nope' }],
  ])('rejects a bad %s', (_name, over) => {
    expect(() => check({ ...base, ...over })).toThrow(GoogleAuthError);
  });

  it('rejects a malformed token', () => {
    expect(() => validateIdToken('abc', { clientId: 'client-1', nonce: 'n1', now })).toThrow(GoogleAuthError);
    expect(() => validateIdToken('a.!!!.c', { clientId: 'client-1', nonce: 'n1', now })).toThrow(GoogleAuthError);
  });
});

describe('OIDC attempt cookie', () => {
  it('ties state and nonce to the cookie for ten minutes', () => {
    const a = newOidcAttempt(now);
    expect(checkOidcAttempt(a.cookie, a.state, now)).toBe(a.nonce);
    expect(checkOidcAttempt(a.cookie, 'forged', now)).toBeNull();
    expect(checkOidcAttempt(undefined, a.state, now)).toBeNull();
    expect(checkOidcAttempt(a.cookie, a.state, new Date(now.getTime() + 11 * 60_000))).toBeNull();
    expect(checkOidcAttempt(newOidcAttempt(now).cookie, a.state, now)).toBeNull();
  });
});
