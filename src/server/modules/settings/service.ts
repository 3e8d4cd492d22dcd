import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { AppError, unauthorized } from '../../lib/errors';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';
import { ErrorCode } from '../../../shared/errors';
import type {
  TChangePasswordRequest,
  TNotificationPreferences,
  TOrganization,
  TUpdateOrganizationRequest,
  TUpdateProfileRequest,
} from '../../../shared/contracts/settings';
import type { TLocale } from '../../../shared/contracts/user';
import { audit } from '../audit/repo';
import { isUniqueViolation, retireResetTokens } from '../auth/repo';
import { emailTaken } from '../auth/service';
import { deleteOtherSessions } from '../auth/session';
import * as repo from './repo';

// Guessing the current password through the change form: 10 tries per account per 15 minutes.
const PASSWORD_CHANGE: RateRule = { name: 'password-change', limit: 10, windowMs: 15 * 60_000 };

export type SettingsDeps = { db: Db; clock: Clock };
export type Actor = { userId: string; sessionId: string; ip: string };

const toOrganization = (row: repo.OrganizationRow): TOrganization => ({
  id: row.id,
  name: row.name,
  address: row.address,
  email: row.email,
});

export function createSettingsService(deps: SettingsDeps) {
  const { db, clock } = deps;

  async function lockedUser(tx: Db, userId: string): Promise<repo.UserRow> {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    async updateProfile(actor: Actor, input: TUpdateProfileRequest): Promise<repo.UserRow> {
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const before = await lockedUser(tx, actor.userId);
          const oldValue: Record<string, string> = {};
          const newValue: Record<string, string> = {};
          for (const key of ['firstName', 'lastName', 'email'] as const) {
            const was = key === 'email' ? before.email.toLowerCase() : before[key];
            if (was !== input[key]) {
              oldValue[key] = before[key];
              newValue[key] = input[key];
            }
          }
          if (Object.keys(newValue).length === 0) return before;
          const after = await repo.updateUser(tx, actor.userId, { ...newValue, updatedAt: now });
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
          return after;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },

    async changePassword(actor: Actor, input: TChangePasswordRequest): Promise<void> {
      const now = clock.now();
      await enforceRateLimits(db, now, [{ rule: PASSWORD_CHANGE, subject: actor.userId }]);
      const user = await repo.getUser(db, actor.userId);
      if (!user) throw unauthorized();
      if (!user.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
        const message = 'Current password is incorrect';
        throw new AppError(400, message, ErrorCode.INVALID_CREDENTIALS, { currentPassword: [message] });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await lockedUser(tx, actor.userId);
        await repo.updateUser(tx, actor.userId, { passwordHash, updatedAt: now });
        await deleteOtherSessions(tx, actor.userId, actor.sessionId);
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

    async getNotifications(actor: Actor): Promise<TNotificationPreferences> {
      const user = await repo.getUser(db, actor.userId);
      if (!user) throw unauthorized();
      return { email: user.notifyEmail, sms: user.notifySms, marketing: user.notifyMarketing };
    },

    async setNotifications(actor: Actor, prefs: TNotificationPreferences): Promise<TNotificationPreferences> {
      const user = await repo.updateUser(db, actor.userId, {
        notifyEmail: prefs.email,
        notifySms: prefs.sms,
        notifyMarketing: prefs.marketing,
        updatedAt: clock.now(),
      });
      return { email: user.notifyEmail, sms: user.notifySms, marketing: user.notifyMarketing };
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
        const after = await repo.updateOrganization(tx, before.id, { name: input.name, address: input.address, updatedAt: now });
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
