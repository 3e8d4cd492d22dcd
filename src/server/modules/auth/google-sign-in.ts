import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import type { IdentityProviders } from '../../providers/identity/index';
import { GoogleAuthError, checkOidcAttempt, newOidcAttempt } from '../../providers/identity/google';
import { audit } from '../audit/repo';
import { createSession } from './session';
import { organizationNameFor, RATE, type RequestMeta, type SignedIn } from './service';
import * as repo from './repo';

export type GoogleSignInDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  identity: IdentityProviders;
};

export const googleRedirectUri = (config: Config) => `${config.appUrl}/api/auth/google/callback`;

/** Google sign-in: the start redirect and the callback that links or creates the user. */
export function createGoogleSignIn(deps: GoogleSignInDeps) {
  const { db, clock } = deps;

  return {
    /** Where to send the browser to start Google sign-in, plus the cookie that ties the callback to it. */
    googleStart(): { redirect: string; cookie?: string } {
      const google = deps.identity.google;
      if (!google) return { redirect: '/auth?error=google_not_configured' };
      const attempt = newOidcAttempt(clock.now());
      return {
        redirect: google.authorizationUrl({
          state: attempt.state,
          nonce: attempt.nonce,
          redirectUri: googleRedirectUri(deps.config),
        }),
        cookie: attempt.cookie,
      };
    },

    /** Completes Google sign-in: links the Google account to the user with that email, or creates one. */
    async googleCallback(
      query: { code?: string; state?: string; error?: string },
      cookie: string | undefined,
      meta: RequestMeta,
    ): Promise<SignedIn> {
      const google = deps.identity.google;
      if (!google) throw new GoogleAuthError('not configured');
      const now = clock.now();
      await enforceRateLimits(db, now, [{ rule: RATE.loginIp, subject: meta.ip }]);
      const nonce = checkOidcAttempt(cookie, query.state, now);
      if (!nonce || !query.code || query.error) throw new GoogleAuthError('bad state or no code');
      const identity = await google.exchange({
        code: query.code,
        nonce,
        redirectUri: googleRedirectUri(deps.config),
        now,
      });
      try {
        return await db.transaction(async (tx) => {
          let user = await repo.findUserByGoogleSubject(tx, identity.subject);
          let details = 'Signed in with Google';
          if (!user) {
            const byEmail = await repo.findUserByEmail(tx, identity.email, true);
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
              const firstName = identity.givenName || identity.email.split('@')[0].slice(0, 100);
              const lastName = identity.familyName;
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
