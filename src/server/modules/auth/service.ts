import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { enforceRateLimits, rateLimited, type RateRule } from '../../lib/rate-limit';
import { type Mailer, type MailMessage, deliverMail } from '../../providers/mail/index';
import { ErrorCode } from '../../../shared/errors';
import { FORGOT_PASSWORD_MESSAGE, type TRegisterRequest } from '../../../shared/contracts/auth';
import type { TLocale } from '../../../shared/contracts/user';
import { audit } from '../audit/repo';
import { createSession, deleteOtherSessions, deleteSession } from './session';
import {
  CODE_MAX_PER_HOUR,
  CODE_RESEND_GAP_MS,
  checkCode,
  codeExpired,
  codeWait,
  invalidCode,
  issueCode,
  tooManyAttempts,
} from './codes';
import { passwordResetEmail, verificationCodeEmail } from './emails';
import * as repo from './repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RESET_TTL_MS = HOUR;

/*
 * Rate limits (fixed windows in the rate_limits table, shared by all app processes):
 * - login: 100 per IP per 15 min (offices behind one NAT), 10 per account per 15 min (guessing);
 * - register: 30 per IP per hour;
 * - send-otp: 30 per IP per hour; per email 1 per 30 s window and 10 per hour — applied to every
 *   email so unknown ones answer like real ones; real accounts also get the exact rules on their
 *   stored codes (30 s since the last code, 10 codes in the last hour);
 * - verify-otp: 50 per IP per 15 min (each code also dies after 5 wrong tries);
 * - forgot-password: 20 per IP and 5 per account per hour; reset-password: 30 per IP per hour
 *   (tokens are 256-bit, so guessing is hopeless anyway).
 */
export const RATE = {
  loginIp: { name: 'login-ip', limit: 100, windowMs: 15 * MINUTE },
  loginAccount: { name: 'login-acct', limit: 10, windowMs: 15 * MINUTE },
  registerIp: { name: 'register-ip', limit: 30, windowMs: HOUR },
  otpIp: { name: 'otp-ip', limit: 30, windowMs: HOUR },
  otpGap: { name: 'otp-gap', limit: 1, windowMs: CODE_RESEND_GAP_MS },
  otpHourly: { name: 'otp-hour', limit: CODE_MAX_PER_HOUR, windowMs: HOUR },
  verifyIp: { name: 'verify-ip', limit: 50, windowMs: 15 * MINUTE },
  forgotIp: { name: 'forgot-ip', limit: 20, windowMs: HOUR },
  forgotAccount: { name: 'forgot-acct', limit: 5, windowMs: HOUR },
  resetIp: { name: 'reset-ip', limit: 30, windowMs: HOUR },
} satisfies Record<string, RateRule>;

type Log = { error(obj: object, msg: string): void };

export type AuthDeps = {
  db: Db;
  clock: Clock;
  mail: Mailer;
  config: Config;
  log: Log;
};

export type RequestMeta = { ip: string; userAgent?: string };

export type SignedIn = { user: repo.UserRow; token: string; expiresAt: Date };

const invalidCredentials = () => new AppError(401, 'Invalid email or password', ErrorCode.INVALID_CREDENTIALS);
const invalidToken = () => new AppError(400, 'This reset link is invalid or has expired.', ErrorCode.INVALID_TOKEN);
const accountDisabled = () => new AppError(403, 'This account has been disabled', ErrorCode.ACCOUNT_DISABLED);
export const emailTaken = () =>
  new AppError(409, 'An account with this email already exists', ErrorCode.EMAIL_TAKEN, {
    email: ['An account with this email already exists'],
  });

// Spent on unknown emails so a login answers in the same time whether or not the account exists.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomToken()));

export function organizationNameFor(input: { organizationName?: string; firstName: string; lastName: string }): string {
  const given = input.organizationName?.trim();
  return given ? given : `${input.firstName} ${input.lastName}`.trim();
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;

  const deliver = (to: string, message: Omit<MailMessage, 'to'>) =>
    deliverMail(deps.mail, deps.log, { to, ...message });

  const sendCodeMail = (user: { email: string; firstName: string; locale: TLocale }, code: string) =>
    deliver(user.email, verificationCodeEmail({ code, firstName: user.firstName, locale: user.locale }));

  async function startSession(tx: Db, userId: string, meta: RequestMeta, now: Date) {
    return createSession(tx, {
      userId,
      now,
      ttlDays: deps.config.sessionTtlDays,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  }

  return {
    async register(input: TRegisterRequest, meta: RequestMeta): Promise<{ email: string }> {
      const now = clock.now();
      await enforceRateLimits(db, now, [{ rule: RATE.registerIp, subject: meta.ip }]);
      const passwordHash = await hashPassword(input.password);
      const orgName = organizationNameFor(input);
      let result: { user: repo.UserRow; code: string };
      try {
        result = await db.transaction(async (tx) => {
          const existing = await repo.findUserByEmail(tx, input.email, true);
          if (existing?.emailVerifiedAt) throw emailTaken();
          let user: repo.UserRow;
          if (existing) {
            const wait = await codeWait(tx, existing.id, 'verify_email', now);
            if (wait > 0) throw rateLimited(wait, 'Please wait before requesting another code.');
            user = await repo.updateUser(tx, existing.id, {
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              locale: input.locale ?? existing.locale,
              updatedAt: now,
            });
            if (user.organizationId) await repo.updateOrganizationName(tx, user.organizationId, orgName, now);
            await audit(tx, {
              userId: user.id,
              action: 'register',
              resourceType: 'user',
              resourceId: user.id,
              oldValue: { firstName: existing.firstName, lastName: existing.lastName },
              newValue: {
                email: user.email,
                firstName: user.firstName,
                lastName: user.lastName,
                organizationName: orgName,
              },
              ipAddress: meta.ip,
              details: 'Pending registration updated',
              at: now,
            });
          } else {
            const org = await repo.insertOrganization(tx, { name: orgName, email: input.email, now });
            user = await repo.insertUser(tx, {
              id: randomUUID(),
              email: input.email,
              firstName: input.firstName,
              lastName: input.lastName,
              role: 'end_user',
              organizationId: org.id,
              passwordHash,
              locale: input.locale ?? 'en',
              createdAt: now,
              updatedAt: now,
            });
            await audit(tx, {
              userId: user.id,
              action: 'register',
              resourceType: 'user',
              resourceId: user.id,
              newValue: {
                email: user.email,
                firstName: user.firstName,
                lastName: user.lastName,
                organizationName: orgName,
              },
              ipAddress: meta.ip,
              at: now,
            });
          }
          return { user, code: await issueCode(tx, user.id, 'verify_email', now) };
        });
      } catch (err) {
        if (repo.isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      await sendCodeMail(result.user, result.code);
      return { email: result.user.email };
    },

    async sendOtp(email: string, meta: RequestMeta): Promise<void> {
      const now = clock.now();
      await enforceRateLimits(db, now, [
        { rule: RATE.otpIp, subject: meta.ip },
        { rule: RATE.otpGap, subject: email },
        { rule: RATE.otpHourly, subject: email },
      ]);
      const out = await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, email, true);
        if (!user || user.emailVerifiedAt || !user.isActive) return null;
        const wait = await codeWait(tx, user.id, 'verify_email', now);
        if (wait > 0) throw rateLimited(wait, 'Please wait before requesting another code.');
        return { user, code: await issueCode(tx, user.id, 'verify_email', now) };
      });
      // Not awaited: a slow mail server must not reveal which emails have a pending account.
      if (out) void sendCodeMail(out.user, out.code);
    },

    async verifyOtp(email: string, code: string, meta: RequestMeta): Promise<SignedIn> {
      const now = clock.now();
      await enforceRateLimits(db, now, [{ rule: RATE.verifyIp, subject: meta.ip }]);
      // Wrong tries must be recorded even though the call fails, so the transaction returns the outcome.
      const outcome = await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, email, true);
        if (!user || user.emailVerifiedAt) return { kind: 'invalid' as const };
        const checked = await checkCode(tx, user.id, 'verify_email', code, now);
        if (checked.kind !== 'ok') return checked;
        if (!user.isActive) return { kind: 'disabled' as const };
        await repo.consumeCode(tx, checked.codeId, now);
        const verified = await repo.updateUser(tx, user.id, { emailVerifiedAt: now, updatedAt: now });
        await audit(tx, {
          userId: user.id,
          action: 'email_verified',
          resourceType: 'user',
          resourceId: user.id,
          newValue: { email: user.email },
          ipAddress: meta.ip,
          at: now,
        });
        const session = await startSession(tx, user.id, meta, now);
        return { kind: 'ok' as const, user: verified, session };
      });
      switch (outcome.kind) {
        case 'ok':
          return { user: outcome.user, token: outcome.session.token, expiresAt: outcome.session.expiresAt };
        case 'too-many':
          throw tooManyAttempts(outcome.resendIn);
        case 'expired':
          throw codeExpired();
        case 'disabled':
          throw accountDisabled();
        default:
          throw invalidCode();
      }
    },

    async login(
      input: { email: string; password: string },
      meta: RequestMeta & { previousToken?: string },
    ): Promise<SignedIn> {
      const now = clock.now();
      await enforceRateLimits(db, now, [
        { rule: RATE.loginIp, subject: meta.ip },
        { rule: RATE.loginAccount, subject: input.email },
      ]);
      const user = await repo.findUserByEmail(db, input.email);
      const matches = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
      if (!user || !user.passwordHash || !matches) {
        if (user) {
          await audit(db, {
            userId: user.id,
            action: 'login_failed',
            resourceType: 'session',
            ipAddress: meta.ip,
            details: 'Wrong password',
            at: now,
          });
        }
        throw invalidCredentials();
      }
      if (!user.isActive) throw accountDisabled();
      if (!user.emailVerifiedAt) {
        const fresh = await db.transaction(async (tx) => {
          await repo.findUserById(tx, user.id, true);
          if ((await codeWait(tx, user.id, 'verify_email', now)) > 0) return null;
          return issueCode(tx, user.id, 'verify_email', now);
        });
        if (fresh) await sendCodeMail(user, fresh);
        throw new AppError(
          403,
          'Please verify your email address first. We sent you a new code.',
          ErrorCode.EMAIL_NOT_VERIFIED,
          undefined,
        );
      }
      const session = await db.transaction(async (tx) => {
        if (meta.previousToken) {
          const previous = await repo.findSessionByTokenHash(tx, sha256(meta.previousToken));
          if (previous) await deleteSession(tx, previous.id);
        }
        const s = await startSession(tx, user.id, meta, now);
        await audit(tx, {
          userId: user.id,
          action: 'login',
          resourceType: 'session',
          resourceId: s.id,
          ipAddress: meta.ip,
          at: now,
        });
        return s;
      });
      return { user, token: session.token, expiresAt: session.expiresAt };
    },

    async logout(session: { userId: string; sessionId: string } | null, meta: RequestMeta): Promise<void> {
      if (!session) return;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await deleteSession(tx, session.sessionId);
        await audit(tx, {
          userId: session.userId,
          action: 'logout',
          resourceType: 'session',
          resourceId: session.sessionId,
          ipAddress: meta.ip,
          at: now,
        });
      });
    },

    async forgotPassword(email: string, meta: RequestMeta): Promise<{ message: string }> {
      const now = clock.now();
      await enforceRateLimits(db, now, [
        { rule: RATE.forgotIp, subject: meta.ip },
        { rule: RATE.forgotAccount, subject: email },
      ]);
      const user = await repo.findUserByEmail(db, email);
      if (user && user.isActive) {
        const token = randomToken();
        await db.transaction(async (tx) => {
          await repo.retireResetTokens(tx, user.id, now);
          await repo.insertResetToken(tx, {
            userId: user.id,
            tokenHash: sha256(token),
            now,
            expiresAt: new Date(now.getTime() + RESET_TTL_MS),
          });
          await audit(tx, {
            userId: user.id,
            action: 'password_reset_requested',
            resourceType: 'user',
            resourceId: user.id,
            ipAddress: meta.ip,
            at: now,
          });
        });
        const link = `${deps.config.appUrl}/auth?token=${encodeURIComponent(token)}`;
        // Not awaited: the answer must not take longer when the account exists.
        void deliver(user.email, passwordResetEmail({ link, firstName: user.firstName, locale: user.locale }));
      }
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    async resetPassword(token: string, password: string, meta: RequestMeta): Promise<void> {
      const now = clock.now();
      await enforceRateLimits(db, now, [{ rule: RATE.resetIp, subject: meta.ip }]);
      const row = await repo.findResetToken(db, sha256(token));
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw invalidToken();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if (!(await repo.claimResetToken(tx, row.id, now))) throw invalidToken();
        const user = await repo.findUserById(tx, row.userId, true);
        if (!user) throw invalidToken();
        await repo.updateUser(tx, user.id, {
          passwordHash,
          // The link reached the mailbox, which proves the address as well as a code would.
          emailVerifiedAt: user.emailVerifiedAt ?? now,
          updatedAt: now,
        });
        await repo.retireResetTokens(tx, user.id, now);
        await deleteOtherSessions(tx, user.id);
        await audit(tx, {
          userId: user.id,
          action: 'password_reset',
          resourceType: 'user',
          resourceId: user.id,
          ipAddress: meta.ip,
          details: 'Password reset by email link; all sessions ended',
          at: now,
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
