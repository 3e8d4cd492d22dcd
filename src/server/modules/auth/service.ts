import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { runInBackground } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import { hashPassword, randomDigits, randomToken, sameDigest, sha256, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import {
  currentHits,
  enforceRateLimits,
  rateLimited,
  recordHit,
  secondsUntilWindowEnds,
  type RateRule,
} from '../../lib/rate-limit';
import { type Mailer, type MailMessage, deliverMail } from '../../providers/mail/index';
import { ErrorCode } from '../../../shared/errors';
import { FORGOT_PASSWORD_MESSAGE, type TRegisterRequest } from '../../../shared/contracts/auth';
import { audit } from '../audit/repo';
import { createSession, deleteOtherSessions, deleteSession } from './session';
import {
  CODE_MAX_ATTEMPTS,
  CODE_MAX_PER_HOUR,
  CODE_RESEND_GAP_MS,
  CODE_TTL_MS,
  codeExpired,
  invalidCode,
  tooManyAttempts,
} from './codes';
import { accountExistsEmail, passwordResetEmail, verificationCodeEmail } from './emails';
import { personDisplayName } from '../../../shared/person-name';
import * as repo from './repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RESET_TTL_MS = HOUR;
/** A sign-up attempt can be completed (with fresh codes) for a day; then the form starts over. */
export const ATTEMPT_TTL_MS = DAY;
/** A device cookie lasts a year from its last sign-in. */
export const DEVICE_TTL_MS = 365 * DAY;
/** Past this many wrong passwords in the window, unknown clients get one try per LOGIN_SLOW window. */
export const LOGIN_FAILURES_BEFORE_SLOWDOWN = 10;

/*
 * Rate limits (fixed windows in the rate_limits table, shared by all app processes):
 * - login: 100 per IP per 15 min (offices behind one NAT). Wrong passwords per account: after 10 in
 *   15 min, clients without a device cookie of that account get one try per 20 s per address (an
 *   attacker cannot hold the owner's turn); after 200 in an hour, none until the hour ends. A browser
 *   that signed in to the account before (device cookie, OWASP) is slowed by neither, nor by the per-IP
 *   limit, only by its own failures (10 per 15 min) — unless known devices together failed 30 times in
 *   an hour (stolen cookies). A reset link proves the mailbox, so it makes its browser a known device;
 * - register: 30 per IP per hour; codes per email 20 per hour in all, 10 per hour per browser, one per
 *   30 s per attempt (exact, on the attempt row);
 * - send-otp: 30 per IP per hour; per email 1 per 30 s window and 10 per hour — applied to every
 *   email so unknown ones answer like real ones;
 * - verify-otp: 50 per IP per 15 min (each code also dies after 5 wrong tries);
 * - forgot-password: 20 per IP and 5 per account per hour; reset-password: 30 per IP per hour
 *   (tokens are 256-bit, so guessing is hopeless anyway).
 */
export const RATE = {
  loginIp: { name: 'login-ip', limit: 100, windowMs: 15 * MINUTE },
  loginFailures: { name: 'login-fail', limit: LOGIN_FAILURES_BEFORE_SLOWDOWN, windowMs: 15 * MINUTE },
  loginSlow: { name: 'login-slow', limit: 1, windowMs: 20_000 },
  loginFailuresHourly: { name: 'login-fail-hour', limit: 200, windowMs: HOUR },
  loginDeviceFailures: { name: 'login-dev-fail', limit: 10, windowMs: 15 * MINUTE },
  loginKnownDeviceFailures: { name: 'login-known-fail', limit: 30, windowMs: HOUR },
  registerIp: { name: 'register-ip', limit: 30, windowMs: HOUR },
  registerEmail: { name: 'register-email', limit: 20, windowMs: HOUR },
  registerBrowser: { name: 'register-browser', limit: CODE_MAX_PER_HOUR, windowMs: HOUR },
  otpIp: { name: 'otp-ip', limit: 30, windowMs: HOUR },
  otpGap: { name: 'otp-gap', limit: 1, windowMs: CODE_RESEND_GAP_MS },
  otpHourly: { name: 'otp-hour', limit: CODE_MAX_PER_HOUR, windowMs: HOUR },
  verifyIp: { name: 'verify-ip', limit: 50, windowMs: 15 * MINUTE },
  forgotIp: { name: 'forgot-ip', limit: 20, windowMs: HOUR },
  forgotAccount: { name: 'forgot-acct', limit: 5, windowMs: HOUR },
  resetIp: { name: 'reset-ip', limit: 30, windowMs: HOUR },
} satisfies Record<string, RateRule>;

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type AuthDeps = {
  db: Db;
  clock: Clock;
  mail: Mailer;
  config: Config;
  log: Log;
};

export type RequestMeta = { ip: string; userAgent?: string };

/**
 * The browser's cookies that auth reads: the sign-up browser token (ties sign-up attempts to the
 * browser that made them) and the device token (a browser that signed in to an account before).
 */
export type BrowserCookies = { browserToken: string; deviceToken?: string };

export type SignedIn = {
  user: repo.UserRow;
  token: string;
  expiresAt: Date;
  /** The device cookie to set (password sign-ins and sign-up). */
  device?: { token: string; expiresAt: Date };
};

const invalidCredentials = () => new AppError(401, 'Invalid email or password', ErrorCode.INVALID_CREDENTIALS);
const invalidToken = () => new AppError(400, 'This reset link is invalid or has expired.', ErrorCode.INVALID_TOKEN);
const accountDisabled = () => new AppError(403, 'This account has been disabled', ErrorCode.ACCOUNT_DISABLED);
export const emailTaken = () =>
  new AppError(409, 'An account with this email already exists', ErrorCode.EMAIL_TAKEN, {
    email: ['An account with this email already exists'],
  });
const waitForCode = (seconds: number) => rateLimited(seconds, 'Please wait before requesting another code.');
const notVerified = (codeSent: boolean, retryAfter: number) =>
  new AppError(
    403,
    codeSent
      ? 'Please verify your email address first. We sent you a new code.'
      : 'Please verify your email address first. Enter the code we sent you earlier.',
    ErrorCode.EMAIL_NOT_VERIFIED,
    undefined,
    codeSent ? undefined : { 'retry-after': String(Math.max(1, retryAfter)) },
    { codeSent },
  );

// Spent on unknown emails so a login answers in the same time whether or not the account exists.
// One per hash cost, so the dummy costs what a real hash of this server costs.
const dummyHashes = new Map<number, Promise<string>>();
const dummyHashFor = (cost: number) => {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashPassword(randomToken(), cost)));
  return hash;
};

const attemptCodeHash = (attemptId: string, code: string) => sha256(`attempt:${attemptId}:${code}`);
/**
 * The code hash of an attempt for an address that already has an account: no code matches it, so the
 * code step fails exactly as a wrong code does (same answers, same tries counted, same expiry).
 */
const unusableCodeHash = () => sha256(`unusable:${randomToken()}`);
const secondsLeft = (until: number, nowMs: number) => Math.max(1, Math.ceil((until - nowMs) / 1000));

/** The parts of a new sign-up attempt that do not come from the person: its browser, request, code and lifetimes. */
function newAttemptFields(id: string, code: string, browserHash: string, meta: RequestMeta, now: Date) {
  return {
    id,
    browserHash,
    ipAddress: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500),
    codeHash: attemptCodeHash(id, code),
    codeSentAt: now,
    codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
  };
}

export function organizationNameFor(input: {
  organizationName?: string | null;
  firstName: string;
  lastName: string;
}): string {
  const given = input.organizationName?.trim();
  return given ? given : personDisplayName(input);
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;

  const deliver = (to: string, message: Omit<MailMessage, 'to'>) =>
    deliverMail(deps.mail, deps.log, { to, ...message });

  const sendAttemptCode = (attempt: repo.AttemptRow, code: string, meta: RequestMeta, at: Date) =>
    deliver(
      attempt.email,
      verificationCodeEmail({
        code,
        locale: attempt.locale,
        request: {
          name: personDisplayName(attempt),
          at,
          ip: meta.ip,
          userAgent: meta.userAgent,
        },
      }),
    );

  /**
   * Instead of a code, the owner of an address that already has an account is told someone tried to
   * sign up with it (an inactive account is told nothing, as forgot-password does).
   */
  const sendAccountExists = async (owner: repo.UserRow, meta: RequestMeta, at: Date) => {
    if (!owner.isActive) return;
    await deliver(
      owner.email,
      accountExistsEmail({
        locale: owner.locale,
        request: { at, ip: meta.ip, userAgent: meta.userAgent },
        signInLink: `${deps.config.appUrl}/auth`,
        resetLink: `${deps.config.appUrl}/auth?mode=forgot-password`,
      }),
    );
  };

  /**
   * A new code for this attempt (the previous one stops working); returns it. For an address that
   * already has an account (`usable` false) the new code is one nothing matches.
   */
  async function newAttemptCode(
    tx: Db,
    attempt: repo.AttemptRow,
    now: Date,
    patch = {},
    usable = true,
  ): Promise<string> {
    const code = randomDigits(6);
    await repo.updateAttempt(tx, attempt.id, {
      ...patch,
      codeHash: usable ? attemptCodeHash(attempt.id, code) : unusableCodeHash(),
      codeAttempts: 0,
      codeSentAt: now,
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    return code;
  }

  async function startSession(tx: Db, userId: string, meta: RequestMeta, now: Date) {
    return createSession(tx, {
      userId,
      now,
      ttlDays: deps.config.sessionTtlDays,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  }

  /** The device cookie to set after a sign-in: the browser's own one renewed, or a new one. */
  async function trustDevice(tx: Db, userId: string, given: string | undefined, now: Date) {
    const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
    if (given && (await repo.isTrustedDevice(tx, userId, sha256(given), now))) {
      await repo.touchTrustedDevice(tx, sha256(given), now, expiresAt);
      return { token: given, expiresAt };
    }
    const token = randomToken();
    await repo.insertTrustedDevice(tx, { userId, tokenHash: sha256(token), now, expiresAt });
    return { token, expiresAt };
  }

  /**
   * The right password of a sign-up not yet confirmed: the attempt moves to this browser and gets a
   * new code (unless the last one is under 30 s old). Always throws 403 EMAIL_NOT_VERIFIED.
   *
   * With `owner` (the address already has an account: this browser's attempt was that address's sign-up
   * answered neutrally) everything happens alike, but the new code is one nothing matches and the owner
   * is mailed the note instead of it, as a resend does.
   */
  async function resumeSignUp(
    email: string,
    attempt: repo.AttemptRow | null,
    legacy: repo.UserRow | null,
    meta: RequestMeta & BrowserCookies,
    now: Date,
    owner: repo.UserRow | null = null,
  ): Promise<never> {
    const browserHash = sha256(meta.browserToken);
    if (!attempt || attempt.codeSentAt.getTime() + CODE_RESEND_GAP_MS <= now.getTime()) {
      await enforceRateLimits(db, now, [{ rule: RATE.registerEmail, subject: email }]);
    }
    const out = await db.transaction(async (tx) => {
      if (attempt) {
        const [locked] = await repo
          .openAttempts(tx, email, now, { forUpdate: true, limit: 20 })
          .then((rows) => rows.filter((r) => r.id === attempt.id));
        if (!locked) return null;
        const wait = locked.codeSentAt.getTime() + CODE_RESEND_GAP_MS - now.getTime();
        if (wait > 0) {
          if (locked.browserHash !== browserHash) await repo.updateAttempt(tx, locked.id, { browserHash });
          return {
            sent: null,
            retryAfter: secondsLeft(locked.codeSentAt.getTime() + CODE_RESEND_GAP_MS, now.getTime()),
          };
        }
        const code = await newAttemptCode(tx, locked, now, { browserHash }, !owner);
        return { sent: { attempt: locked, code }, retryAfter: 0 };
      }
      // An unverified account row from before sign-up attempts existed: continue it as an attempt.
      const id = randomUUID();
      const code = randomDigits(6);
      const row = await repo.insertAttempt(tx, {
        ...newAttemptFields(id, code, browserHash, meta, now),
        email,
        passwordHash: legacy!.passwordHash!,
        firstName: legacy!.firstName,
        lastName: legacy!.lastName,
        locale: legacy!.locale,
      });
      return { sent: { attempt: row, code }, retryAfter: 0 };
    });
    if (!out) throw invalidCredentials();
    if (out.sent && owner) await sendAccountExists(owner, meta, now);
    else if (out.sent) await sendAttemptCode(out.sent.attempt, out.sent.code, meta, now);
    throw notVerified(!!out.sent, out.retryAfter);
  }

  return {
    /**
     * Starts a sign-up attempt of its own: nothing about the account, nor any other attempt for the
     * same email, changes until this browser gives back the code mailed for this attempt.
     *
     * An address that already has an account answers exactly as a new one (same status, body, cookie,
     * limits and hashing work, and an attempt row like any other), so sign-up tells nobody which
     * addresses have accounts: its owner is mailed a note instead of a code, and the attempt's code step
     * fails like a wrong code.
     */
    async register(input: TRegisterRequest, meta: RequestMeta & BrowserCookies): Promise<{ email: string }> {
      const now = clock.now();
      const browserHash = sha256(meta.browserToken);
      await enforceRateLimits(db, now, [{ rule: RATE.registerIp, subject: meta.ip }]);
      const found = await repo.findUserByEmail(db, input.email);
      const owner = found?.emailVerifiedAt ? found : null;
      const [mine] = await repo.openAttempts(db, input.email, now, { browserHash, limit: 1 });
      if (mine && now.getTime() - mine.codeSentAt.getTime() < CODE_RESEND_GAP_MS) {
        throw waitForCode(secondsLeft(mine.codeSentAt.getTime() + CODE_RESEND_GAP_MS, now.getTime()));
      }
      await enforceRateLimits(db, now, [
        { rule: RATE.registerEmail, subject: input.email },
        { rule: RATE.registerBrowser, subject: `${input.email}:${browserHash}` },
      ]);
      const passwordHash = await hashPassword(input.password, deps.config.passwordHashCost);
      const id = randomUUID();
      const code = randomDigits(6);
      const attempt = await db.transaction(async (tx) => {
        // This browser's earlier attempt for the email gives way to this one; other browsers' stay as they are.
        for (const old of await repo.openAttempts(tx, input.email, now, { browserHash, forUpdate: true })) {
          await repo.updateAttempt(tx, old.id, { closedAt: now });
        }
        const row = await repo.insertAttempt(tx, {
          ...newAttemptFields(id, code, browserHash, meta, now),
          ...(owner ? { codeHash: unusableCodeHash() } : {}),
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          organizationName: input.organizationName?.trim() || null,
          locale: input.locale ?? 'en',
        });
        await audit(tx, {
          userId: null,
          action: 'register_attempt',
          resourceType: 'registration',
          resourceId: id,
          newValue: { email: input.email, firstName: input.firstName, lastName: input.lastName },
          ipAddress: meta.ip,
          details: owner
            ? 'The email already has an account: its owner was mailed a note, no code; nothing changed'
            : 'Code mailed; the account is created when this browser confirms it',
          at: now,
        });
        return row;
      });
      if (owner) await sendAccountExists(owner, meta, now);
      else await sendAttemptCode(attempt, code, meta, now);
      return { email: attempt.email };
    },

    /** A new code for this browser's open sign-up attempt; answers alike for any email. */
    async sendOtp(email: string, meta: RequestMeta & BrowserCookies): Promise<void> {
      const now = clock.now();
      const browserHash = sha256(meta.browserToken);
      // Applied to every email and browser alike, so unknown ones answer like real ones.
      await enforceRateLimits(db, now, [
        { rule: RATE.otpIp, subject: meta.ip },
        { rule: RATE.otpGap, subject: `${email}:${browserHash}` },
        { rule: RATE.otpHourly, subject: `${email}:${browserHash}` },
      ]);
      // Looked up for every email alike; an address with an account gets the note again, never a code.
      const found = await repo.findUserByEmail(db, email);
      const owner = found?.emailVerifiedAt ? found : null;
      // Codes to one mailbox are capped in all, whichever path sends them (register, resend, sign-in).
      if ((await repo.openAttempts(db, email, now, { browserHash, limit: 1 })).length > 0) {
        await enforceRateLimits(db, now, [{ rule: RATE.registerEmail, subject: email }]);
      }
      const out = await db.transaction(async (tx) => {
        const [attempt] = await repo.openAttempts(tx, email, now, { browserHash, forUpdate: true, limit: 1 });
        if (!attempt) return null;
        const wait = attempt.codeSentAt.getTime() + CODE_RESEND_GAP_MS - now.getTime();
        if (wait > 0) throw waitForCode(secondsLeft(attempt.codeSentAt.getTime() + CODE_RESEND_GAP_MS, now.getTime()));
        return { attempt, code: await newAttemptCode(tx, attempt, now, {}, !owner) };
      });
      // Not awaited: a slow mail server must not reveal which emails have a pending sign-up.
      if (out && owner) void sendAccountExists(owner, meta, now);
      else if (out) void sendAttemptCode(out.attempt, out.code, meta, now);
    },

    /** Completes this browser's sign-up attempt with the code mailed for it: creates the account, signs in. */
    async verifyOtp(email: string, code: string, meta: RequestMeta & BrowserCookies): Promise<SignedIn> {
      const now = clock.now();
      const browserHash = sha256(meta.browserToken);
      await enforceRateLimits(db, now, [{ rule: RATE.verifyIp, subject: meta.ip }]);
      let outcome;
      try {
        // Wrong tries must be recorded even though the call fails, so the transaction returns the outcome.
        outcome = await db.transaction(async (tx) => {
          await repo.lockEmail(tx, email);
          const [attempt] = await repo.openAttempts(tx, email, now, { browserHash, forUpdate: true, limit: 1 });
          if (!attempt) return { kind: 'invalid' as const };
          const resendIn = secondsLeft(attempt.codeSentAt.getTime() + CODE_RESEND_GAP_MS, now.getTime());
          if (attempt.codeAttempts >= CODE_MAX_ATTEMPTS) return { kind: 'too-many' as const, resendIn };
          if (attempt.codeExpiresAt.getTime() <= now.getTime()) return { kind: 'expired' as const };
          if (!sameDigest(attemptCodeHash(attempt.id, code), attempt.codeHash)) {
            const attempts = attempt.codeAttempts + 1;
            await repo.updateAttempt(tx, attempt.id, { codeAttempts: attempts });
            return attempts >= CODE_MAX_ATTEMPTS
              ? { kind: 'too-many' as const, resendIn }
              : { kind: 'invalid' as const };
          }
          const existing = await repo.findUserByEmail(tx, email, true);
          if (existing?.emailVerifiedAt) {
            await repo.updateAttempt(tx, attempt.id, { closedAt: now });
            return { kind: 'taken' as const };
          }
          const orgName = organizationNameFor(attempt);
          const fields = {
            passwordHash: attempt.passwordHash,
            firstName: attempt.firstName,
            lastName: attempt.lastName,
            locale: attempt.locale,
            emailVerifiedAt: now,
            updatedAt: now,
          };
          let user: repo.UserRow;
          if (existing) {
            // An account row left unverified by the sign-up of earlier versions: this attempt completes it.
            if (!existing.isActive) return { kind: 'disabled' as const };
            user = await repo.updateUser(tx, existing.id, fields);
            if (user.organizationId) await repo.updateOrganizationName(tx, user.organizationId, orgName, now);
            await repo.closeCodes(tx, user.id, 'verify_email', now);
          } else {
            const org = await repo.insertOrganization(tx, { name: orgName, email, now });
            user = await repo.insertUser(tx, {
              id: randomUUID(),
              email,
              role: 'end_user',
              organizationId: org.id,
              createdAt: now,
              ...fields,
            });
          }
          await repo.updateAttempt(tx, attempt.id, { closedAt: now });
          await repo.closeAttempts(tx, email, now);
          await audit(tx, {
            userId: user.id,
            action: 'email_verified',
            resourceType: 'user',
            resourceId: user.id,
            newValue: { email },
            ipAddress: meta.ip,
            at: now,
          });
          await audit(tx, {
            userId: user.id,
            action: 'register',
            resourceType: 'user',
            resourceId: user.id,
            newValue: { email, firstName: user.firstName, lastName: user.lastName, organizationName: orgName },
            ipAddress: meta.ip,
            details: `Email verified with the code of sign-up attempt ${attempt.id}`,
            at: now,
          });
          const session = await startSession(tx, user.id, meta, now);
          const device = await trustDevice(tx, user.id, meta.deviceToken, now);
          return { kind: 'ok' as const, user, session, device };
        });
      } catch (err) {
        // Another browser's attempt for the same email completed at the same moment.
        if (repo.isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      switch (outcome.kind) {
        case 'ok':
          return {
            user: outcome.user,
            token: outcome.session.token,
            expiresAt: outcome.session.expiresAt,
            device: outcome.device,
          };
        case 'taken':
          throw emailTaken();
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
      meta: RequestMeta & BrowserCookies & { previousToken?: string },
    ): Promise<SignedIn> {
      const now = clock.now();
      const browserHash = sha256(meta.browserToken);
      const found = await repo.findUserByEmail(db, input.email);
      const user = found?.emailVerifiedAt ? found : null;
      // This browser's open sign-up attempt for the email, looked up for every email alike: sign-up
      // answers an address with an account like a new one, so signing in next must too.
      const [mine] = await repo.openAttempts(db, input.email, now, { browserHash, limit: 1 });
      // Without an account, the newest attempt (this browser's, else anyone's) can be resumed.
      const attempt = user ? undefined : (mine ?? (await repo.openAttempts(db, input.email, now, { limit: 1 }))[0]);
      const legacy = !user && !attempt && found?.passwordHash ? found : null;

      // A browser that signed in to this account before is trusted, unless known devices together have
      // failed so often that their cookies look stolen.
      const deviceHash = meta.deviceToken ? sha256(meta.deviceToken) : null;
      const trusted =
        !!(user && deviceHash && (await repo.isTrustedDevice(db, user.id, deviceHash, now))) &&
        (await currentHits(db, now, RATE.loginKnownDeviceFailures, input.email)) < RATE.loginKnownDeviceFailures.limit;
      if (trusted) {
        // Neither others' failures nor a busy shared address (NAT, proxy) keep a known browser out.
        if ((await currentHits(db, now, RATE.loginDeviceFailures, deviceHash!)) >= RATE.loginDeviceFailures.limit) {
          throw rateLimited(secondsUntilWindowEnds(now.getTime(), RATE.loginDeviceFailures.windowMs));
        }
      } else {
        await enforceRateLimits(db, now, [{ rule: RATE.loginIp, subject: meta.ip }]);
        if ((await currentHits(db, now, RATE.loginFailuresHourly, input.email)) >= RATE.loginFailuresHourly.limit) {
          // A sustained attack from many addresses: only known browsers (and a reset link) get in now.
          throw rateLimited(secondsUntilWindowEnds(now.getTime(), RATE.loginFailuresHourly.windowMs));
        }
        if ((await currentHits(db, now, RATE.loginFailures, input.email)) >= RATE.loginFailures.limit) {
          // Slowed, not locked: one try per 20 s per address, so an attacker cannot hold the owner's slot.
          await enforceRateLimits(db, now, [{ rule: RATE.loginSlow, subject: `${input.email}:${meta.ip}` }]);
        }
      }

      // Password hashes, so that timing tells no account from another: the account's comes first (its
      // owner's password always signs in). When this browser holds an open attempt for the email, that
      // attempt's is checked too — after the account's, or after a dummy when there is no account — so
      // both cost two hashes; otherwise exactly one is checked (the account's, an attempt's, or a dummy).
      // What this browser holds, the client knows already, so the count tells it nothing new.
      let matchesAccount = false;
      let matchesAttempt = false;
      if (user) {
        matchesAccount =
          (await verifyPassword(
            input.password,
            user.passwordHash ?? (await dummyHashFor(deps.config.passwordHashCost)),
          )) && !!user.passwordHash;
        if (!matchesAccount && mine) matchesAttempt = await verifyPassword(input.password, mine.passwordHash);
      } else {
        if (mine) await verifyPassword(input.password, await dummyHashFor(deps.config.passwordHashCost));
        const hash =
          attempt?.passwordHash ?? legacy?.passwordHash ?? (await dummyHashFor(deps.config.passwordHashCost));
        matchesAttempt = (await verifyPassword(input.password, hash)) && !!(attempt || legacy);
      }
      if (!matchesAccount && !matchesAttempt) {
        if (trusted) {
          await recordHit(db, now, RATE.loginDeviceFailures, deviceHash!);
          await recordHit(db, now, RATE.loginKnownDeviceFailures, input.email);
        } else {
          await recordHit(db, now, RATE.loginFailures, input.email);
          await recordHit(db, now, RATE.loginFailuresHourly, input.email);
        }
        if (user) {
          await audit(db, {
            userId: user.id,
            action: 'login_failed',
            resourceType: 'session',
            ipAddress: meta.ip,
            details: trusted ? 'Wrong password (known device)' : 'Wrong password',
            at: now,
          });
        }
        throw invalidCredentials();
      }
      if (!user) return resumeSignUp(input.email, attempt ?? null, legacy, meta, now);
      if (!matchesAccount) {
        // The password of this browser's sign-up attempt for an address that has an account: answered
        // exactly as for a new address (no failure counted, as none is there); the owner gets the note.
        await audit(db, {
          userId: user.id,
          action: 'login_failed',
          resourceType: 'session',
          ipAddress: meta.ip,
          details:
            'Password of a sign-up attempt from this browser, not the account’s: answered as an unconfirmed sign-up',
          at: now,
        });
        return resumeSignUp(input.email, mine!, null, meta, now, user);
      }
      if (!user.isActive) throw accountDisabled();
      const out = await db.transaction(async (tx) => {
        if (meta.previousToken) {
          const previous = await repo.findSessionByTokenHash(tx, sha256(meta.previousToken));
          if (previous) await deleteSession(tx, previous.id);
        }
        const s = await startSession(tx, user.id, meta, now);
        const device = await trustDevice(tx, user.id, meta.deviceToken, now);
        await audit(tx, {
          userId: user.id,
          action: 'login',
          resourceType: 'session',
          resourceId: s.id,
          ipAddress: meta.ip,
          at: now,
        });
        return { s, device };
      });
      return { user, token: out.s.token, expiresAt: out.s.expiresAt, device: out.device };
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

    /**
     * Answers the neutral message once the rate limits (the same for every email) pass; the lookup, the
     * token and the mail happen after the answer, so its timing is the same whether the account exists.
     */
    async forgotPassword(email: string, meta: RequestMeta): Promise<{ message: string }> {
      const now = clock.now();
      await enforceRateLimits(db, now, [
        { rule: RATE.forgotIp, subject: meta.ip },
        { rule: RATE.forgotAccount, subject: email },
      ]);
      runInBackground(deps.log, 'password reset mail', async () => {
        const user = await repo.findUserByEmail(db, email);
        if (!user || !user.isActive) return;
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
        await deliver(user.email, passwordResetEmail({ link, locale: user.locale }));
      });
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    /**
     * Sets the new password with a mailed link. Known devices are forgotten (a stolen device cookie must
     * not outlive the password), and this browser, which proved the mailbox, becomes the one known device.
     */
    async resetPassword(
      token: string,
      password: string,
      meta: RequestMeta,
    ): Promise<{ device: { token: string; expiresAt: Date } }> {
      const now = clock.now();
      await enforceRateLimits(db, now, [{ rule: RATE.resetIp, subject: meta.ip }]);
      const row = await repo.findResetToken(db, sha256(token));
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw invalidToken();
      const passwordHash = await hashPassword(password, deps.config.passwordHashCost);
      let device: { token: string; expiresAt: Date } | undefined;
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
        await repo.deleteTrustedDevices(tx, user.id);
        device = await trustDevice(tx, user.id, undefined, now);
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
      return { device: device! };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
