import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/crypto';
import { lockEmail } from './repo';
import {
  adminDecidedOn,
  closeRegistrationAttempts,
  countAdmins,
  insertAdminAccount,
  insertAuditLog,
  lockBootstrap,
  promoteToAdmin,
  takeOverAccount,
  userWithEmail,
} from './bootstrap-repo';
import type { Clock } from '../../lib/clock';

type Log = { info(obj: object | string, msg?: string): void; warn?(obj: object | string, msg?: string): void };

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD create (or promote) that admin at start-up. Safe when several instances
 * start at once (one transaction under an advisory lock) and run again on every start (idempotent).
 *
 * - No account with that email: one is created with ADMIN_PASSWORD.
 * - A verified account: promoted (its password stays; its owner proved the mailbox) — unless an admin
 *   demoted or deactivated it since: that decision stands (a warning says so).
 * - An unverified account (someone signed up with that email before the operator configured it, and
 *   never proved the mailbox): taken over for the operator — its password becomes ADMIN_PASSWORD and
 *   its sessions, devices, codes and reset links end, so the stranger's password never signs in as admin.
 * Either way, open sign-up attempts for that email are closed.
 */
export async function ensureAdmin(opts: { db: Db; config: Config; log: Log; clock: Clock }): Promise<void> {
  const { db, config, log } = opts;
  if (!config.admin) {
    if ((await countAdmins(db)) === 0) {
      log.info(
        'No admin account yet. Set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one (or promote an existing account).',
      );
    }
    return;
  }
  const admin = config.admin;
  const email = admin.email.toLowerCase();
  const seen = await userWithEmail(db, email);
  if (seen && seen.role === 'admin' && seen.emailVerifiedAt && seen.isActive) return;
  // scrypt is slow: hash before taking the lock, and only when the password may be needed.
  const passwordHash = seen?.emailVerifiedAt ? null : await hashPassword(admin.password, config.passwordHashCost);

  const outcome = await db.transaction(async (tx) => {
    await lockBootstrap(tx);
    await lockEmail(tx, email);
    const now = opts.clock.now();
    await closeRegistrationAttempts(tx, email, now);
    const u = await userWithEmail(tx, email, true);
    if (u && u.role === 'admin' && u.emailVerifiedAt && u.isActive) return 'none' as const;
    if (u?.emailVerifiedAt) {
      // An admin who demoted or deactivated this account (a compromised one, say) decided; a restart
      // must not undo it. The operator changes ADMIN_EMAIL, or another admin restores the account.
      if (await adminDecidedOn(tx, u.id)) return 'kept' as const;
      await promoteToAdmin(tx, u.id, now);
      await insertAuditLog(tx, {
        id: randomUUID(),
        userId: u.id,
        action: 'admin_promote',
        resourceType: 'user',
        resourceId: u.id,
        oldValue: { role: u.role, isActive: u.isActive },
        newValue: { role: 'admin', isActive: true },
        details: 'Promoted by ADMIN_EMAIL at start-up',
        createdAt: now,
      });
      return 'promoted' as const;
    }
    const hash = passwordHash ?? (await hashPassword(admin.password, config.passwordHashCost));
    if (u) {
      await takeOverAccount(tx, u.id, hash, now);
      await insertAuditLog(tx, {
        id: randomUUID(),
        userId: u.id,
        action: 'admin_takeover',
        resourceType: 'user',
        resourceId: u.id,
        oldValue: { role: u.role, emailVerified: false },
        newValue: { role: 'admin', emailVerified: true },
        details:
          'ADMIN_EMAIL named an unverified account: taken over for the operator (password set to ADMIN_PASSWORD; sessions, codes and reset links ended)',
        createdAt: now,
      });
      return 'taken-over' as const;
    }
    const id = randomUUID();
    const organizationId = randomUUID();
    await insertAdminAccount(tx, { id, organizationId, email, passwordHash: hash, now });
    await insertAuditLog(tx, {
      id: randomUUID(),
      userId: id,
      action: 'admin_bootstrap',
      resourceType: 'user',
      resourceId: id,
      newValue: { email, role: 'admin' },
      details: 'Created from ADMIN_EMAIL at start-up',
      createdAt: now,
    });
    return 'created' as const;
  });

  if (outcome === 'created') log.info({ email }, 'created the configured admin');
  if (outcome === 'promoted') log.info({ email }, 'promoted the configured admin');
  if (outcome === 'kept') {
    const text =
      'ADMIN_EMAIL names an account an admin demoted or deactivated: left as it is (another admin can restore it)';
    if (log.warn) log.warn({ email }, text);
    else log.info({ email }, text);
  }
  if (outcome === 'taken-over') {
    (log.warn ?? log.info).call(
      log,
      { email },
      'ADMIN_EMAIL named an account whose email was never verified: it now belongs to the operator (password set to ADMIN_PASSWORD, its sessions and pending codes ended)',
    );
  }
}
