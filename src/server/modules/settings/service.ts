import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { AppError, unauthorized } from '../../lib/errors';
import { enforceRateLimits, rateLimited, type RateRule } from '../../lib/rate-limit';
import { type Mailer, type MailMessage, deliverMail } from '../../providers/mail/index';
import { ErrorCode } from '../../../shared/errors';
import type {
  TChangePasswordRequest,
  TNotificationPreferences,
  TNotificationSettings,
  TOrganization,
  TUpdateOrganizationRequest,
  TUpdateProfileRequest,
} from '../../../shared/contracts/settings';
import type { TLocale } from '../../../shared/contracts/user';
import { audit } from '../audit/repo';
import {
  closeCodes,
  consumeCode,
  deleteTrustedDevices,
  findUserByEmail,
  isUniqueViolation,
  retireResetTokens,
} from '../auth/repo';
import { checkCode, codeExpired, codeWait, invalidCode, issueCode, tooManyAttempts } from '../auth/codes';
import { emailChangeCodeEmail, emailChangedEmail, emailChangeRequestedEmail } from '../auth/emails';
import { emailTaken } from '../auth/service';
import { deleteOtherSessions } from '../auth/session';
import * as repo from './repo';

// Guessing the current password through the password and email change forms: 10 tries per account per 15 minutes.
const PASSWORD_CHANGE: RateRule = { name: 'password-change', limit: 10, windowMs: 15 * 60_000 };

type Log = { error(obj: object, msg: string): void };

export type SettingsDeps = { db: Db; clock: Clock; mail: Mailer; log: Log; passwordHashCost: number };
export type Actor = { userId: string; sessionId: string; ip: string };

const notificationSettings = (user: repo.UserRow): TNotificationSettings => ({
  email: user.notifyEmail,
  sms: user.notifySms,
  marketing: user.notifyMarketing,
  receipts: user.notifyReceipts,
  creditNotes: user.notifyCreditNotes,
  topupReceipts: user.notifyTopupReceipts,
  lowBalance: user.notifyLowBalance,
  tracking: user.notifyTracking,
  lowBalanceThresholdCents: user.lowBalanceThresholdCents,
});

const toOrganization = (row: repo.OrganizationRow): TOrganization => ({
  id: row.id,
  name: row.name,
  address: row.address,
  email: row.email,
});

export function createSettingsService(deps: SettingsDeps) {
  const { db, clock } = deps;

  const deliver = (to: string, message: Omit<MailMessage, 'to'>) =>
    deliverMail(deps.mail, deps.log, { to, ...message });

  /** Drops a pending email change and its open codes; audits when there was one. */
  async function clearPendingEmail(tx: Db, user: repo.UserRow, actor: Actor, now: Date): Promise<repo.UserRow> {
    if (!user.pendingEmail) return user;
    await closeCodes(tx, user.id, 'email_change', now);
    const after = await repo.updateUser(tx, user.id, { pendingEmail: null, updatedAt: now });
    await audit(tx, {
      userId: user.id,
      action: 'email_change_cancelled',
      resourceType: 'user',
      resourceId: user.id,
      oldValue: { pendingEmail: user.pendingEmail },
      ipAddress: actor.ip,
      at: now,
    });
    return after;
  }

  /**
   * The current password, asked again before a password or email change. Guessing it through these forms
   * is bounded per account. An account without a password (Google sign-in only) sets one with a reset link.
   */
  async function checkCurrentPassword(
    actor: Actor,
    user: repo.UserRow,
    given: string | undefined,
    now: Date,
  ): Promise<void> {
    if (!given) {
      const message = 'Enter your current password to change your email';
      throw new AppError(400, message, ErrorCode.VALIDATION_ERROR, { currentPassword: [message] });
    }
    await enforceRateLimits(db, now, [{ rule: PASSWORD_CHANGE, subject: actor.userId }]);
    if (!user.passwordHash) {
      const message = "This account has no password yet: set one with 'Forgot password?' on the sign-in page first";
      throw new AppError(400, message, ErrorCode.PASSWORD_NOT_SET, { currentPassword: [message] });
    }
    if (!(await verifyPassword(given, user.passwordHash))) {
      const message = 'Current password is incorrect';
      throw new AppError(400, message, ErrorCode.WRONG_PASSWORD, { currentPassword: [message] });
    }
  }

  async function lockedUser(tx: Db, userId: string): Promise<repo.UserRow> {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    /**
     * Names change at once. A different email only becomes pending: a code goes to the new address
     * (and a notice to the current one) and confirmEmailChange makes it the account email. Sending
     * the current email (a names-only save) leaves a pending change alone; cancelEmailChange drops it.
     */
    async updateProfile(actor: Actor, input: TUpdateProfileRequest): Promise<repo.UserRow> {
      const now = clock.now();
      const current = await repo.getUser(db, actor.userId);
      if (!current) throw unauthorized();
      // A stolen session alone must not move the account to another mailbox: the password is asked again
      // (checked before the transaction, so the slow hash holds no row lock).
      // A new code for the change already asked for (and authorized with the password) needs it no more.
      if (input.email !== current.email.toLowerCase() && input.email !== current.pendingEmail) {
        await checkCurrentPassword(actor, current, input.currentPassword, now);
      }
      const out = await db.transaction(async (tx) => {
        const before = await lockedUser(tx, actor.userId);
        const emailChange = input.email !== before.email.toLowerCase();
        let code: string | null = null;
        if (emailChange) {
          if (await findUserByEmail(tx, input.email)) throw emailTaken();
          const wait = await codeWait(tx, actor.userId, 'email_change', now);
          if (wait > 0) throw rateLimited(wait, 'Please wait before requesting another code.');
          code = await issueCode(tx, actor.userId, 'email_change', now);
        }
        const oldValue: Record<string, string> = {};
        const newValue: Record<string, string> = {};
        for (const key of ['firstName', 'lastName'] as const) {
          if (before[key] !== input[key]) {
            oldValue[key] = before[key];
            newValue[key] = input[key];
          }
        }
        let after = before;
        if (Object.keys(newValue).length > 0) {
          after = await repo.updateUser(tx, actor.userId, { ...newValue, updatedAt: now });
          await audit(tx, {
            userId: actor.userId,
            action: 'profile_update',
            resourceType: 'user',
            resourceId: actor.userId,
            oldValue,
            newValue,
            ipAddress: actor.ip,
            at: now,
          });
        }
        if (!emailChange) return { user: after, code: null };
        after = await repo.updateUser(tx, actor.userId, { pendingEmail: input.email, updatedAt: now });
        await audit(tx, {
          userId: actor.userId,
          action: 'email_change_requested',
          resourceType: 'user',
          resourceId: actor.userId,
          oldValue: { email: before.email, ...(before.pendingEmail ? { pendingEmail: before.pendingEmail } : {}) },
          newValue: { pendingEmail: input.email },
          ipAddress: actor.ip,
          details: 'Code sent to the new address, notice to the current one',
          at: now,
        });
        return { user: after, code };
      });
      if (out.code && out.user.pendingEmail) {
        const { user } = out;
        await Promise.all([
          deliver(user.pendingEmail!, emailChangeCodeEmail({ code: out.code, locale: user.locale })),
          deliver(user.email, emailChangeRequestedEmail({ newEmail: user.pendingEmail!, locale: user.locale })),
        ]);
      }
      return out.user;
    },

    /** Makes the pending email the account email once the code mailed there is given back. */
    async confirmEmailChange(actor: Actor, code: string): Promise<repo.UserRow> {
      const now = clock.now();
      let outcome;
      try {
        // Wrong tries must be recorded even though the call fails, so the transaction returns the outcome.
        outcome = await db.transaction(async (tx) => {
          const user = await lockedUser(tx, actor.userId);
          const newEmail = user.pendingEmail;
          if (!newEmail) return { kind: 'none' as const };
          const checked = await checkCode(tx, user.id, 'email_change', code, now);
          if (checked.kind !== 'ok') return checked;
          if (await findUserByEmail(tx, newEmail)) return { kind: 'taken' as const };
          await consumeCode(tx, checked.codeId, now);
          const after = await repo.updateUser(tx, user.id, { email: newEmail, pendingEmail: null, updatedAt: now });
          await deleteOtherSessions(tx, user.id, actor.sessionId);
          // A reset link mailed to the old address must not keep working for it.
          await retireResetTokens(tx, user.id, now);
          await audit(tx, {
            userId: user.id,
            action: 'email_change',
            resourceType: 'user',
            resourceId: user.id,
            oldValue: { email: user.email },
            newValue: { email: newEmail },
            ipAddress: actor.ip,
            details: 'Confirmed with the code sent to the new address; other sessions ended; open reset links retired',
            at: now,
          });
          return { kind: 'ok' as const, user: after, oldEmail: user.email };
        });
      } catch (err) {
        // Another account took the address between the check and the write.
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      switch (outcome.kind) {
        case 'ok': {
          const { user } = outcome;
          await deliver(outcome.oldEmail, emailChangedEmail({ newEmail: user.email, locale: user.locale }));
          return user;
        }
        case 'none':
          throw invalidCode('There is no email change to confirm');
        case 'taken':
          throw emailTaken();
        case 'too-many':
          throw tooManyAttempts(outcome.resendIn);
        case 'expired':
          throw codeExpired();
        default:
          throw invalidCode();
      }
    },

    async cancelEmailChange(actor: Actor): Promise<repo.UserRow> {
      const now = clock.now();
      return db.transaction(async (tx) => clearPendingEmail(tx, await lockedUser(tx, actor.userId), actor, now));
    },

    async changePassword(actor: Actor, input: TChangePasswordRequest): Promise<void> {
      const now = clock.now();
      const user = await repo.getUser(db, actor.userId);
      if (!user) throw unauthorized();
      await checkCurrentPassword(actor, user, input.currentPassword, now);
      const passwordHash = await hashPassword(input.newPassword, deps.passwordHashCost);
      await db.transaction(async (tx) => {
        await lockedUser(tx, actor.userId);
        await repo.updateUser(tx, actor.userId, { passwordHash, updatedAt: now });
        await deleteOtherSessions(tx, actor.userId, actor.sessionId);
        // Device cookies collected while someone knew the old password must not keep their exemption.
        await deleteTrustedDevices(tx, actor.userId);
        // A reset link mailed earlier would otherwise still override the password just chosen.
        await retireResetTokens(tx, actor.userId, now);
        await audit(tx, {
          userId: actor.userId,
          action: 'password_change',
          resourceType: 'user',
          resourceId: actor.userId,
          ipAddress: actor.ip,
          details: 'Other sessions ended; open reset links retired',
          at: now,
        });
      });
    },

    async updateLocale(actor: Actor, locale: TLocale): Promise<repo.UserRow> {
      return repo.updateUser(db, actor.userId, { locale, updatedAt: clock.now() });
    },

    async getNotifications(actor: Actor): Promise<TNotificationSettings> {
      const user = await repo.getUser(db, actor.userId);
      if (!user) throw unauthorized();
      return notificationSettings(user);
    },

    /** Saves the switches; per-kind switches and the threshold left out stay as they are. */
    async setNotifications(actor: Actor, prefs: TNotificationPreferences): Promise<TNotificationSettings> {
      if (prefs.sms) {
        // SMS go only to a verified number (issue 27): the switch stays off until the profile has one.
        const current = await repo.getUser(db, actor.userId);
        if (!current) throw unauthorized();
        if (!current.phoneE164 || !current.phoneVerifiedAt) {
          const message = 'Add and verify a mobile number in your profile before turning on SMS notifications';
          throw new AppError(400, message, ErrorCode.VALIDATION_ERROR, { sms: [message] });
        }
      }
      const user = await repo.updateUser(db, actor.userId, {
        notifyEmail: prefs.email,
        notifySms: prefs.sms,
        notifyMarketing: prefs.marketing,
        ...(prefs.receipts !== undefined ? { notifyReceipts: prefs.receipts } : {}),
        ...(prefs.creditNotes !== undefined ? { notifyCreditNotes: prefs.creditNotes } : {}),
        ...(prefs.topupReceipts !== undefined ? { notifyTopupReceipts: prefs.topupReceipts } : {}),
        ...(prefs.lowBalance !== undefined ? { notifyLowBalance: prefs.lowBalance } : {}),
        ...(prefs.tracking !== undefined ? { notifyTracking: prefs.tracking } : {}),
        ...(prefs.lowBalanceThresholdCents !== undefined
          ? { lowBalanceThresholdCents: prefs.lowBalanceThresholdCents }
          : {}),
        updatedAt: clock.now(),
      });
      return notificationSettings(user);
    },

    /** The user's organization; one is created for accounts that have none (e.g. the bootstrapped admin). */
    async getOrganization(actor: Actor): Promise<TOrganization> {
      const user = await repo.getUser(db, actor.userId);
      if (!user) throw unauthorized();
      if (user.organizationId) {
        const org = await repo.getOrganization(db, user.organizationId);
        if (org) return toOrganization(org);
      }
      return db.transaction(async (tx) => toOrganization(await ensureOrganization(tx, actor.userId, clock.now())));
    },

    async updateOrganization(actor: Actor, input: TUpdateOrganizationRequest): Promise<TOrganization> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const before = await ensureOrganization(tx, actor.userId, now);
        if (before.name === input.name && before.address === input.address) return toOrganization(before);
        const after = await repo.updateOrganization(tx, before.id, {
          name: input.name,
          address: input.address,
          updatedAt: now,
        });
        await audit(tx, {
          userId: actor.userId,
          action: 'organization_update',
          resourceType: 'organization',
          resourceId: before.id,
          oldValue: { name: before.name, address: before.address },
          newValue: { name: after.name, address: after.address },
          ipAddress: actor.ip,
          at: now,
        });
        return toOrganization(after);
      });
    },
  };

  async function ensureOrganization(tx: Db, userId: string, now: Date): Promise<repo.OrganizationRow> {
    const user = await lockedUser(tx, userId);
    if (user.organizationId) {
      const org = await repo.getOrganization(tx, user.organizationId, true);
      if (org) return org;
    }
    const org = await repo.insertOrganization(tx, {
      id: randomUUID(),
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      createdAt: now,
      updatedAt: now,
    });
    await repo.updateUser(tx, userId, { organizationId: org.id, updatedAt: now });
    return org;
  }
}
