/**
 * An admin changes a user's role or active flag (spec §2 Users tab, §6; DESIGN §7). Each change is
 * one transaction with its audit entry; the last active admin can be neither demoted nor
 * deactivated, and an admin cannot deactivate themselves. Deactivation ends the user's sessions
 * at once (the session lookup and sign-in also refuse an inactive user); the balance is kept.
 * An admin also puts a wallet on hold or lifts its hold, with a reason (decision 021).
 */
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import type { TAdminUserChange } from '../../../shared/contracts/admin';
import type { TRole } from '../../../shared/contracts/user';
import { audit } from '../audit/repo';
import * as repo from './repo';
import { toAdminUser } from './wire';

export type Actor = { id: string; ipAddress: string | null };

export const ROLE_LABELS: Record<TRole, string> = {
  end_user: 'End User',
  staff: 'Staff',
  org_owner: 'Org Owner',
  admin: 'Admin',
};

const conflict = (message: string, field: string) =>
  new AppError(409, message, ErrorCode.CONFLICT, { [field]: [message] });

const LAST_ADMIN_ROLE = 'The last active admin cannot be demoted: make another user an admin first';
const LAST_ADMIN_STATUS = 'The last active admin cannot be deactivated: make another user an admin first';
const SELF_DEACTIVATE = 'You cannot deactivate your own account';
const SELF_HOLD = 'You cannot put your own wallet on hold or lift its hold: ask another admin';

export function createAdminUsersService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** The user as they are now, with the message for what happened to them. */
  async function answer(userId: string, message: (email: string) => string): Promise<TAdminUserChange> {
    const row = await repo.findAdminUser(db, userId);
    if (!row) throw notFound('User not found');
    return { message: message(row.email), user: toAdminUser(row) };
  }

  return {
    /**
     * Puts the user's wallet on hold (orders refused, 403 WALLET_ON_HOLD) or lifts its hold, whoever
     * put it; the reason goes to the audit entry. An admin's hold replaces one the ledger put for an
     * uncovered chargeback, so it no longer lifts by itself once that is paid.
     */
    async changeWalletHold(actor: Actor, userId: string, onHold: boolean, reason: string): Promise<TAdminUserChange> {
      // As with deactivation, never on oneself: an admin neither holds nor frees their own wallet.
      if (userId === actor.id) throw conflict(SELF_HOLD, 'onHold');
      const now = clock.now();
      const changed = await db.transaction(async (tx) => {
        const wallet = await repo.lockWalletHold(tx, userId);
        if (!wallet) throw notFound('User not found');
        if (onHold ? wallet.holdKind === 'admin' : wallet.heldAt === null) return false;
        await repo.setWalletHold(tx, userId, onHold ? { adminId: actor.id, reason } : null, now);
        await audit(tx, {
          userId: actor.id,
          action: onHold ? 'wallet.hold' : 'wallet.hold_lifted',
          resourceType: 'wallet',
          resourceId: wallet.walletId,
          oldValue: { held: wallet.heldAt !== null, kind: wallet.holdKind },
          newValue: { userId, held: onHold, kind: onHold ? 'admin' : null, reason },
          ipAddress: actor.ipAddress,
          details: reason,
          at: now,
        });
        return true;
      });
      return answer(userId, (email) =>
        !changed
          ? onHold
            ? `The wallet of ${email} is already on hold`
            : `The wallet of ${email} is not on hold`
          : onHold
            ? `The wallet of ${email} is on hold: their orders are refused until the hold is lifted`
            : `The hold on the wallet of ${email} is lifted`,
      );
    },

    async changeRole(actor: Actor, userId: string, role: TRole): Promise<TAdminUserChange> {
      const now = clock.now();
      const old = await db.transaction(async (tx) => {
        const { target, otherActiveAdmins } = await repo.lockForUserChange(tx, userId);
        if (!target) throw notFound('User not found');
        if (target.role === role) return null;
        if (target.role === 'admin' && target.isActive && otherActiveAdmins === 0)
          throw conflict(LAST_ADMIN_ROLE, 'role');
        await repo.setRole(tx, userId, role, now);
        await audit(tx, {
          userId: actor.id,
          action: 'user.role_change',
          resourceType: 'user',
          resourceId: userId,
          oldValue: { role: target.role },
          newValue: { role },
          ipAddress: actor.ipAddress,
          at: now,
        });
        return target.role;
      });
      return answer(userId, (email) =>
        old === null
          ? `${email} is already ${ROLE_LABELS[role]}`
          : `Role of ${email} changed from ${ROLE_LABELS[old]} to ${ROLE_LABELS[role]}`,
      );
    },

    async changeStatus(actor: Actor, userId: string, isActive: boolean): Promise<TAdminUserChange> {
      const now = clock.now();
      if (!isActive && userId === actor.id) throw conflict(SELF_DEACTIVATE, 'isActive');
      const changed = await db.transaction(async (tx) => {
        const { target, otherActiveAdmins } = await repo.lockForUserChange(tx, userId);
        if (!target) throw notFound('User not found');
        if (target.isActive === isActive) return false;
        if (!isActive && target.role === 'admin' && otherActiveAdmins === 0)
          throw conflict(LAST_ADMIN_STATUS, 'isActive');
        await repo.setActive(tx, userId, isActive, now);
        const endedSessions = isActive ? 0 : await repo.endSessions(tx, userId);
        await audit(tx, {
          userId: actor.id,
          action: isActive ? 'user.activate' : 'user.deactivate',
          resourceType: 'user',
          resourceId: userId,
          oldValue: { isActive: target.isActive },
          newValue: { isActive },
          ipAddress: actor.ipAddress,
          details: isActive ? null : `Signed out of ${endedSessions} session${endedSessions === 1 ? '' : 's'}`,
          at: now,
        });
        return true;
      });
      return answer(userId, (email) =>
        !changed
          ? `${email} is already ${isActive ? 'active' : 'inactive'}`
          : isActive
            ? `${email} is active again and can sign in`
            : `${email} is deactivated and signed out; their balance is kept`,
      );
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
