import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { checkOidcAttempt, createGoogleOidc, GoogleAuthError, identityFrom, newOidcAttempt } from './google';

const now = new Date('2026-03-02T15:00:00Z');

describe('identityFrom', () => {
  const base = { sub: '1234', email: ' A@Example.com ', email_verified: true, given_name: 'Ada', family_name: 'L' };

  it('keeps the subject, lower-cases the email and reads email_verified', () => {
    expect(identityFrom(base)).toEqual({
      subject: '1234',
      email: 'a@example.com',
      emailVerified: true,
      givenName: 'Ada',
      familyName: 'L',
    });
    expect(identityFrom({ ...base, email_verified: 'true' }).emailVerified).toBe(true);
    expect(identityFrom({ ...base, email_verified: false }).emailVerified).toBe(false);
    expect(identityFrom({ ...base, email_verified: undefined }).emailVerified).toBe(false);
  });

  it('turns control characters in names into spaces and caps their length', () => {
    const id = identityFrom({ ...base, given_name: 'Ada\r\nBcc: x', family_name: 'x'.repeat(300) });
    expect(id.givenName).toBe('Ada Bcc: x');
    expect(id.familyName).toHaveLength(100);
  });

  it.each([
    ['no subject', { sub: '' }],
    ['a long subject', { sub: 'x'.repeat(256) }],
    ['no email', { email: undefined }],
    ['a malformed email', { email: 'nope' }],
  ])('rejects %s', (_name, over) => {
    expect(() => identityFrom({ ...base, ...over })).toThrow(GoogleAuthError);
  });
});

describe('OIDC attempt cookie', () => {
  it('ties state, nonce and PKCE verifier to the cookie for ten minutes', () => {
    const a = newOidcAttempt(now);
    expect(checkOidcAttempt(a.cookie, a.state, now)).toEqual({
      state: a.state,
      nonce: a.nonce,
      codeVerifier: a.codeVerifier,
      issuedAt: now,
    });
    expect(a.codeVerifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(new Set([a.state, a.nonce, a.codeVerifier]).size).toBe(3);
    expect(checkOidcAttempt(a.cookie, 'forged', now)).toBeNull();
    expect(checkOidcAttempt(undefined, a.state, now)).toBeNull();
    expect(checkOidcAttempt(a.cookie, a.state, new Date(now.getTime() + 11 * 60_000))).toBeNull();
    expect(checkOidcAttempt(newOidcAttempt(now).cookie, a.state, now)).toBeNull();
  });
});

describe('createGoogleOidc', () => {
  const attempt = newOidcAttempt(now);

  it('does not contact the provider until asked, and rejects with GoogleAuthError when it is unreachable', async () => {
    let clock = 0;
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    const google = createGoogleOidc({
      issuer: 'http://127.0.0.1:9',
      clientId: 'c',
      clientSecret: 's',
      now: () => clock,
    });
    const url = () => google.authorizationUrl({ ...attempt, redirectUri: 'http://localhost:5000/cb' });
    await expect(url()).rejects.toThrow(/discovery failed/);
    // A failure is remembered for 30 s: later attempts fail fast without a request.
    clock += 10_000;
    await expect(url()).rejects.toThrow('provider discovery failed recently');
    clock += 30_000;
    await expect(url()).rejects.toThrow(/discovery failed: /);
  });
});

describe('GOOGLE_ISSUER', () => {
  const env = { GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's' };

  it("defaults to Google's issuer; Google stays off without a client id and secret", () => {
    expect(loadConfig(env).google).toEqual({ clientId: 'c', clientSecret: 's', issuer: 'https://accounts.google.com' });
    expect(loadConfig({}).google).toBeUndefined();
  });

  it('accepts another https issuer, and plain http only on this machine', () => {
    expect(loadConfig({ ...env, GOOGLE_ISSUER: 'https://id.example.com/realm/' }).google?.issuer).toBe(
      'https://id.example.com/realm',
    );
    expect(loadConfig({ ...env, GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).google?.issuer).toBe('http://127.0.0.1:4000');
    expect(() => loadConfig({ ...env, GOOGLE_ISSUER: 'http://id.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, GOOGLE_ISSUER: 'not a url' })).toThrow(/GOOGLE_ISSUER/);
  });
});
