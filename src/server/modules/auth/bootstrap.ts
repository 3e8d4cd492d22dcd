import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditLogs, organizations, users } from '../../db/schema/identity';
import { hashPassword } from '../../lib/crypto';
import type { Clock } from '../../lib/clock';

type Log = { info(obj: object | string, msg?: string): void };

/** ADMIN_EMAIL + ADMIN_PASSWORD create (or promote) that admin at start-up. */
export async function ensureAdmin(opts: { db: Db; config: Config; log: Log; clock: Clock }): Promise<void> {
  const { db, config, log } = opts;
  if (!config.admin) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'admin'));
    if (n === 0) {
      log.info(
        'No admin account yet. Set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one (or promote an existing account).',
      );
    }
    return;
  }
  const email = config.admin.email.toLowerCase();
  const now = opts.clock.now();
  const existing = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (existing[0]) {
    const u = existing[0];
    if (u.role === 'admin' && u.emailVerifiedAt && u.isActive) return;
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ role: 'admin', emailVerifiedAt: u.emailVerifiedAt ?? now, isActive: true, updatedAt: now })
        .where(eq(users.id, u.id));
      await tx.insert(auditLogs).values({
        id: randomUUID(),
        userId: u.id,
        action: 'role_change',
        resourceType: 'user',
        resourceId: u.id,
        oldValue: { role: u.role },
        newValue: { role: 'admin' },
        details: 'Promoted by ADMIN_EMAIL at start-up',
        createdAt: now,
      });
    });
    log.info({ email }, 'promoted the configured admin');
    return;
  }
  const id = randomUUID();
  const passwordHash = await hashPassword(config.admin.password);
  const organizationId = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .insert(organizations)
      .values({ id: organizationId, name: 'Voyageur Admin', email, createdAt: now, updatedAt: now });
    await tx.insert(users).values({
      id,
      organizationId,
      email,
      firstName: 'Admin',
      lastName: 'User',
      role: 'admin',
      passwordHash,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(auditLogs).values({
      id: randomUUID(),
      userId: id,
      action: 'admin_bootstrap',
      resourceType: 'user',
      resourceId: id,
      newValue: { email, role: 'admin' },
      details: 'Created from ADMIN_EMAIL at start-up',
      createdAt: now,
    });
  });
  log.info({ email }, 'created the configured admin');
}
