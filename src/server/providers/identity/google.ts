import { randomToken, sha256 } from '../../lib/crypto';

/** The claims we use from a validated Google id_token. */
export type GoogleIdentity = {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
};

export type GoogleOidc = {
  /** URL of Google's consent screen for this sign-in attempt. */
  authorizationUrl(opts: { state: string; nonce: string; redirectUri: string }): string;
  /** Exchanges the authorization code and validates the id_token (iss, aud, exp, nonce, email_verified). */
  exchange(opts: { code: string; nonce: string; redirectUri: string; now: Date }): Promise<GoogleIdentity>;
};

export class GoogleAuthError extends Error {}

const AUTH_ENDPOINT = 'https://accounts.google.com/o/oauth2/v2/auth';
const TOKEN_ENDPOINT = 'https://oauth2.googleapis.com/token';
const ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);
const CLOCK_SKEW_S = 60;

type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export function createGoogleOidc(opts: {
  clientId: string;
  clientSecret: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}): GoogleOidc {
  const doFetch: FetchLike = opts.fetch ?? ((url, init) => fetch(url, init));
  return {
    authorizationUrl({ state, nonce, redirectUri }) {
      const q = new URLSearchParams({
        client_id: opts.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        prompt: 'select_account',
      });
      return `${AUTH_ENDPOINT}?${q.toString()}`;
    },
    async exchange({ code, nonce, redirectUri, now }) {
      const res = await doFetch(TOKEN_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          code,
          client_id: opts.clientId,
          client_secret: opts.clientSecret,
          redirect_uri: redirectUri,
          grant_type: 'authorization_code',
        }).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 8000),
      });
      if (!res.ok) throw new GoogleAuthError(`token endpoint answered ${res.status}`);
      const body = (await res.json()) as { id_token?: unknown };
      if (typeof body.id_token !== 'string') throw new GoogleAuthError('no id_token');
      return validateIdToken(body.id_token, { clientId: opts.clientId, nonce, now });
    },
  };
}

/**
 * Checks the claims of an id_token received straight from Google's token endpoint over TLS
 * (OpenID Connect Core 3.1.3.7: TLS server validation may stand in for the signature check then).
 */
export function validateIdToken(idToken: string, opts: { clientId: string; nonce: string; now: Date }): GoogleIdentity {
  const parts = idToken.split('.');
  if (parts.length !== 3) throw new GoogleAuthError('malformed id_token');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new GoogleAuthError('malformed id_token');
  }
  const nowS = Math.floor(opts.now.getTime() / 1000);
  if (typeof claims.iss !== 'string' || !ISSUERS.has(claims.iss)) throw new GoogleAuthError('wrong issuer');
  const aud = claims.aud;
  if (!(aud === opts.clientId || (Array.isArray(aud) && aud.includes(opts.clientId))))
    throw new GoogleAuthError('wrong audience');
  if (Array.isArray(aud) && aud.length > 1 && claims.azp !== opts.clientId) throw new GoogleAuthError('wrong azp');
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_S < nowS) throw new GoogleAuthError('expired');
  if (typeof claims.iat === 'number' && claims.iat - CLOCK_SKEW_S > nowS)
    throw new GoogleAuthError('issued in the future');
  if (claims.nonce !== opts.nonce) throw new GoogleAuthError('wrong nonce');
  if (claims.email_verified !== true && claims.email_verified !== 'true')
    throw new GoogleAuthError('email not verified');
  if (typeof claims.sub !== 'string' || !claims.sub || claims.sub.length > 255) throw new GoogleAuthError('no subject');
  if (typeof claims.email !== 'string' || !claims.email.includes('@') || claims.email.length > 254) {
    throw new GoogleAuthError('no email');
  }
  const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
  return {
    subject: claims.sub,
    email: claims.email.trim().toLowerCase(),
    givenName: str(claims.given_name, 100),
    familyName: str(claims.family_name, 100),
  };
}

/**
 * One sign-in attempt's secret lives in a short-lived HttpOnly cookie as `<issuedAtMs>.<random>`;
 * state and nonce are hashes of it, so nothing is stored server-side and neither can be forged.
 */
export const OIDC_COOKIE = 'voyageur_oidc';
export const OIDC_TTL_MS = 10 * 60_000;

export function newOidcAttempt(now: Date): { cookie: string; state: string; nonce: string } {
  const cookie = `${now.getTime()}.${randomToken()}`;
  return { cookie, ...deriveOidc(cookie) };
}

export function deriveOidc(cookie: string): { state: string; nonce: string } {
  return { state: sha256(`state:${cookie}`), nonce: sha256(`nonce:${cookie}`) };
}

/** The nonce to expect, or null when the cookie is missing, stale or does not match `state`. */
export function checkOidcAttempt(cookie: string | undefined, state: string | undefined, now: Date): string | null {
  if (!cookie || !state) return null;
  const issued = Number(cookie.split('.')[0]);
  if (!Number.isFinite(issued) || now.getTime() - issued > OIDC_TTL_MS || issued - now.getTime() > 60_000) return null;
  const derived = deriveOidc(cookie);
  return derived.state === state ? derived.nonce : null;
}
