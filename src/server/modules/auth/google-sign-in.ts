import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import type { IdentityProviders } from '../../providers/identity/index';
import { checkOidcAttempt, GoogleAuthError, newOidcAttempt } from '../../providers/identity/google';
import type { TGoogleAuthError } from '../../../shared/contracts/auth';
import { toOneLine } from '../../../shared/contracts/fields';
import { audit } from '../audit/repo';
import { createSession } from './session';
import { organizationNameFor, RATE, type RequestMeta, type SignedIn } from './service';
import { claimOidcState } from './google-repo';
import * as repo from './repo';

export type GoogleSignInDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  identity: IdentityProviders;
};

/** Parameters of the provider's redirect back to us (the rest, e.g. Google's `authuser`, is ignored). */
export type GoogleCallbackQuery = { code?: string; state?: string; iss?: string; error?: string };

/** A refused sign-in; `error` is the `?error=` value the browser is sent back to /auth with. */
export class GoogleSignInError extends Error {
  constructor(
    readonly error: TGoogleAuthError,
    message: string,
  ) {
    super(message);
  }
}

export const googleRedirectUri = (config: Config) => `${config.appUrl}/api/auth/google/callback`;

/** Google sign-in: the start redirect and the callback that links or creates the user. */
export function createGoogleSignIn(deps: GoogleSignInDeps) {
  const { db, clock } = deps;

  return {
    isConfigured: () => deps.identity.google !== null,

    /**
     * Where to send the browser to start Google sign-in, plus the cookie that ties the callback to it.
     * When the provider cannot be reached the browser goes back to /auth with google_failed.
     */
    async googleStart(): Promise<{ redirect: string; cookie?: string; failure?: Error }> {
      const google = deps.identity.google;
      if (!google) return { redirect: '/auth?error=google_not_configured' };
      const { cookie, ...checks } = newOidcAttempt(clock.now());
      try {
        const redirect = await google.authorizationUrl({ ...checks, redirectUri: googleRedirectUri(deps.config) });
        return { redirect, cookie };
      } catch (err) {
        return { redirect: '/auth?error=google_failed', failure: err as Error };
      }
    },

    /**
     * Completes Google sign-in: the user with this Google account, else the user with this email
     * (linked only when the provider vouches for the email), else a new user (same condition).
     */
    async googleCallback(query: GoogleCallbackQuery, cookie: string | undefined, meta: RequestMeta): Promise<SignedIn> {
      const google = deps.identity.google;
      if (!google) throw new GoogleSignInError('google_not_configured', 'not configured');
      const now = clock.now();
      await enforceRateLimits(db, now, [{ rule: RATE.loginIp, subject: meta.ip }]);
      if (query.error === 'access_denied') throw new GoogleSignInError('google_cancelled', 'consent denied');
      if (query.error) throw new GoogleAuthError(`provider answered ${query.error}`);
      const attempt = checkOidcAttempt(cookie, query.state, now);
      if (!attempt || !query.code) throw new GoogleAuthError('no code, or a state this browser did not start');
      if (!(await claimOidcState(db, attempt.state, attempt.issuedAt))) throw new GoogleAuthError('state used twice');

      const callbackUrl = new URL(googleRedirectUri(deps.config));
      for (const key of ['code', 'state', 'iss'] as const) {
        const value = query[key];
        if (value !== undefined) callbackUrl.searchParams.set(key, value);
      }
      const identity = await google.exchange({ ...attempt, callbackUrl });

      try {
        return await db.transaction(async (tx) => {
          let user = await repo.findUserByGoogleSubject(tx, identity.subject);
          let details = 'Signed in with Google';
          if (!user) {
            if (!identity.emailVerified) {
              throw new GoogleSignInError('google_email_unverified', 'the provider does not vouch for the email');
            }
            await repo.lockEmail(tx, identity.email);
            const byEmail = await repo.findUserByEmail(tx, identity.email, true);
            // The provider vouches for the mailbox: pending sign-up attempts for it (anyone's) end here.
            await repo.closeAttempts(tx, identity.email, now);
            if (byEmail) {
              user = await repo.updateUser(tx, byEmail.id, {
                googleSubject: identity.subject,
                emailVerifiedAt: byEmail.emailVerifiedAt ?? now,
                // A pending sign-up's password was never proven to belong to the mailbox owner.
                ...(byEmail.emailVerifiedAt ? {} : { passwordHash: null }),
                updatedAt: now,
              });
              details = 'Google account linked to the existing user';
            } else {
              // Names are one line of text here as in every form (the provider's are user-given too).
              const oneLine = (v: string) => toOneLine(v).trim().slice(0, 100);
              const firstName = oneLine(identity.givenName) || identity.email.split('@')[0].slice(0, 100);
              const lastName = oneLine(identity.familyName);
              const org = await repo.insertOrganization(tx, {
                name: organizationNameFor({ firstName, lastName }),
                email: identity.email,
                now,
              });
              user = await repo.insertUser(tx, {
                id: randomUUID(),
                email: identity.email,
                firstName,
                lastName,
                role: 'end_user',
                organizationId: org.id,
                googleSubject: identity.subject,
                emailVerifiedAt: now,
                createdAt: now,
                updatedAt: now,
              });
              details = 'Account created with Google';
            }
          }
          if (!user.isActive) throw new GoogleAuthError('account disabled');
          const session = await createSession(tx, {
            userId: user.id,
            now,
            ttlDays: deps.config.sessionTtlDays,
            ip: meta.ip,
            userAgent: meta.userAgent,
          });
          await audit(tx, {
            userId: user.id,
            action: 'google_sign_in',
            resourceType: 'session',
            resourceId: session.id,
            newValue: { email: identity.email },
            ipAddress: meta.ip,
            details,
            at: now,
          });
          return { user, token: session.token, expiresAt: session.expiresAt };
        });
      } catch (err) {
        if (repo.isUniqueViolation(err)) throw new GoogleAuthError('conflicting account');
        throw err;
      }
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
