import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { call, nextIp, sessionCookieOf } from './helpers/auth-client';
import { ensureAdmin } from '../../src/server/modules/auth/bootstrap';
import { auditLogs, users } from '../../src/server/db/schema/identity';

describe(`admin bootstrap (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'admin password 1' } });
  });
  afterAll(async () => ctx.close());

  it('creates the admin with an organization, audits it, and the admin can sign in and read the audit log', async () => {
    const log = { info: () => undefined };
    await ensureAdmin({ db: ctx.database.db, config: ctx.config, log, clock: ctx.clock });
    await ensureAdmin({ db: ctx.database.db, config: ctx.config, log, clock: ctx.clock });
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(admin).toMatchObject({ role: 'admin', isActive: true });
    expect(admin.organizationId).toBeTruthy();
    const logs = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.userId, admin.id));
    expect(logs.map((l) => l.action)).toEqual(['admin_bootstrap']);

    ctx.clock.advance(1000);
    const login = await call(
      ctx,
      'POST',
      '/api/login',
      { email: 'boss@example.com', password: 'admin password 1' },
      { ip: nextIp() },
    );
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookieOf(login)!;
    const res = await call(ctx, 'GET', '/api/admin/audit-logs', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { action: string }) => e.action)).toEqual(['login', 'admin_bootstrap']);
    expect(res.json()[0].user).toMatchObject({ email: 'boss@example.com' });
    expect((await call(ctx, 'GET', '/api/organization', undefined, { cookie })).json().name).toBe('Voyageur Admin');
  });
});
