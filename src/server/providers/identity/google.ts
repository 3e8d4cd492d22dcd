import type * as Oidc from 'openid-client';
import { randomToken, sameDigest, sha256 } from '../../lib/crypto';

/** The claims we use from a validated id_token. */
export type GoogleIdentity = {
  subject: string;
  email: string;
  /** The provider vouches that the user controls this mailbox (`email_verified`). */
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

/** Values of one sign-in attempt, derived from its cookie (see `newOidcAttempt`). */
export type OidcChecks = { state: string; nonce: string; codeVerifier: string };

export type GoogleOidc = {
  /** URL of the provider's consent screen for this attempt (discovers the provider on first use). */
  authorizationUrl(opts: OidcChecks & { redirectUri: string }): Promise<string>;
  /**
   * Validates the authorization response in `callbackUrl` (state, iss), redeems the code with the PKCE
   * verifier and checks the id_token: signature against the provider's JWKS, iss, aud, exp, iat, nonce.
   */
  exchange(opts: OidcChecks & { callbackUrl: URL }): Promise<GoogleIdentity>;
};

export class GoogleAuthError extends Error {}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
const RETRY_DISCOVERY_AFTER_MS = 30_000;

/** The OIDC library, loaded on first sign-in: most instances never use it, and it costs start-up time (issue 26). */
let library: Promise<typeof Oidc> | undefined;
const loadOidc = () => (library ??= import('openid-client'));

/** Whether an issuer may be spoken to over plain HTTP: only a provider on this machine (tests, development). */
export const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export function createGoogleOidc(opts: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  now?: () => number;
}): GoogleOidc {
  const issuer = new URL(opts.issuer);
  const now = opts.now ?? Date.now;
  const isGoogle = issuer.href === new URL(GOOGLE_ISSUER).href;

  // Discovered lazily and cached, so start-up never waits for (or fails on) the provider; a failure is
  // remembered for a short while so a burst of sign-in attempts does not each wait for a dead provider.
  let discovered: Promise<Oidc.Configuration> | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;
  function configuration(oidc: typeof Oidc): Promise<Oidc.Configuration> {
    if (!discovered && now() - failedAt < RETRY_DISCOVERY_AFTER_MS) {
      return Promise.reject(new GoogleAuthError('provider discovery failed recently'));
    }
    const execute = [oidc.enableNonRepudiationChecks];
    // Plain HTTP only for a provider on this machine (tests, development); config.ts refuses other http issuers.
    if (isLoopbackHttp(issuer)) execute.push(oidc.allowInsecureRequests);
    const discover = () =>
      oidc.discovery(issuer, opts.clientId, undefined, oidc.ClientSecretPost(opts.clientSecret), {
        execute,
        timeout: Math.ceil((opts.timeoutMs ?? 8000) / 1000),
      });
    // One retry: a kept-alive connection the provider has just closed fails the first request.
    discovered ??= discover()
      .catch(discover)
      .catch((err: unknown) => {
        discovered = null;
        failedAt = now();
        throw new GoogleAuthError(`provider discovery failed: ${describe(err)}`, { cause: err });
      });
    return discovered;
  }

  return {
    async authorizationUrl({ state, nonce, codeVerifier, redirectUri }) {
      const oidc = await loadOidc();
      const config = await configuration(oidc);
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'openid email profile',
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          // Google's account chooser, so a shared computer does not silently reuse whoever is signed in.
          ...(isGoogle ? { prompt: 'select_account' } : {}),
        })
        .toString();
    },

    async exchange({ state, nonce, codeVerifier, callbackUrl }) {
      const oidc = await loadOidc();
      const config = await configuration(oidc);
      let claims: Oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: state,
          expectedNonce: nonce,
          pkceCodeVerifier: codeVerifier,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        throw new GoogleAuthError(`code exchange failed: ${describe(err)}`, { cause: err });
      }
      if (!claims) throw new GoogleAuthError('no id_token');
      return identityFrom(claims);
    },
  };
}

const describe = (err: unknown) =>
  err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err);

/** Picks and checks the claims we store; the library has already checked signature, iss, aud, exp and nonce. */
export function identityFrom(claims: Record<string, unknown>): GoogleIdentity {
  const { sub, email } = claims;
  if (typeof sub !== 'string' || !sub || sub.length > 255) throw new GoogleAuthError('no subject');
  if (typeof email !== 'string' || !email.includes('@') || email.trim().length > 254) {
    throw new GoogleAuthError('no email');
  }
  const name = (v: unknown) =>
    typeof v === 'string'
      ? v
          .replace(/\p{Cc}+/gu, ' ')
          .trim()
          .slice(0, 100)
      : '';
  return {
    subject: sub,
    email: email.trim().toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    givenName: name(claims.given_name),
    familyName: name(claims.family_name),
  };
}

/**
 * One sign-in attempt's secret lives in a short-lived HttpOnly cookie as `<issuedAtMs>.<random>`;
 * state, nonce and PKCE verifier are derived from it, so nothing secret is stored server-side and none
 * can be forged without the cookie. The callback also spends the state once (see google-sign-in.ts).
 */
export const OIDC_COOKIE = 'voyageur_oidc';
export const OIDC_TTL_MS = 10 * 60_000;

export function newOidcAttempt(now: Date): OidcChecks & { cookie: string } {
  const cookie = `${now.getTime()}.${randomToken()}`;
  return { cookie, ...deriveOidc(cookie) };
}

export function deriveOidc(cookie: string): OidcChecks {
  return {
    state: sha256(`state:${cookie}`),
    nonce: sha256(`nonce:${cookie}`),
    // 64 hex characters: within RFC 7636's 43-128 unreserved characters, 256 bits of entropy.
    codeVerifier: sha256(`pkce:${cookie}`),
  };
}

/** The attempt's checks, or null when the cookie is missing, stale or does not match `state`. */
export function checkOidcAttempt(
  cookie: string | undefined,
  state: string | undefined,
  now: Date,
): (OidcChecks & { issuedAt: Date }) | null {
  if (!cookie || !state) return null;
  const issued = Number(cookie.split('.')[0]);
  if (!Number.isFinite(issued) || now.getTime() - issued > OIDC_TTL_MS || issued - now.getTime() > 60_000) return null;
  const derived = deriveOidc(cookie);
  return sameDigest(derived.state, state) ? { ...derived, issuedAt: new Date(issued) } : null;
}
