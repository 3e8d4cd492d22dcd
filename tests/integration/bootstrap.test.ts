import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { randomUUID } from 'node:crypto';
import {
  browserCall,
  call,
  freshEmail,
  lastCode,
  nextIp,
  registerAndVerify,
  sessionCookieOf,
} from './helpers/auth-client';
import { ensureAdmin } from '../../src/server/modules/auth/bootstrap';
import { createSession, SESSION_COOKIE } from '../../src/server/modules/auth/session';
import { hashPassword } from '../../src/server/lib/crypto';
import { auditLogs, users, verificationCodes } from '../../src/server/db/schema/identity';

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

describe(`an admin's decision on the ADMIN_EMAIL account survives restarts (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'admin password 1' } });
  });
  afterAll(async () => ctx.close());

  it('a demoted or deactivated configured admin stays so at the next start-up, with a warning', async () => {
    const warnings: unknown[] = [];
    const log = { info: () => undefined, warn: (obj: unknown) => void warnings.push(obj) };
    await ensureAdmin({ db: ctx.database.db, config: ctx.config, log, clock: ctx.clock });
    const [ops] = await ctx.database.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    // A second admin deactivates the configured one (e.g. its password leaked).
    const other = randomUUID();
    await ctx.database.db.insert(users).values({
      id: other,
      email: `second-${other.slice(0, 6)}@example.com`,
      firstName: 'Second',
      lastName: 'Admin',
      role: 'admin',
      passwordHash: await hashPassword('second admin pw'),
      emailVerifiedAt: ctx.clock.now(),
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    const session = await createSession(ctx.database.db, { userId: other, now: ctx.clock.now(), ttlDays: 30 });
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    const off = await call(ctx, 'PUT', `/api/admin/users/${ops!.id}/status`, { isActive: false }, { cookie });
    expect(off.statusCode, off.body).toBe(200);
    await ensureAdmin({ db: ctx.database.db, config: ctx.config, log, clock: ctx.clock });
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, ops!.id));
    expect(after).toMatchObject({ role: 'admin', isActive: false });
    expect(warnings).toHaveLength(1);
    const login = await call(
      ctx,
      'POST',
      '/api/login',
      { email: 'ops@example.com', password: 'admin password 1' },
      { ip: nextIp() },
    );
    expect(login.statusCode).toBe(403);
  });
});

describe(`admin bootstrap never hands a stranger the admin account (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const log = { info: () => undefined, warn: () => undefined };
  const withAdmin = (email: string, password: string) => ({ ...ctx.config, admin: { email, password } });
  const login = (email: string, password: string) =>
    call(ctx, 'POST', '/api/login', { email, password }, { ip: nextIp() });

  it('takes over an unverified account for the operator: ADMIN_PASSWORD signs in, the stranger’s does not', async () => {
    const email = freshEmail('squatted');
    const now = ctx.clock.now();
    // An account row some stranger left unverified (as sign-up made them before attempts existed).
    const id = randomUUID();
    await ctx.database.db.insert(users).values({
      id,
      email,
      firstName: 'Mallory',
      lastName: 'Squatter',
      passwordHash: await hashPassword('stranger password'),
      createdAt: now,
      updatedAt: now,
    });
    const { token } = await createSession(ctx.database.db, { userId: id, now, ttlDays: 30 });
    await ctx.database.db.insert(verificationCodes).values({
      id: randomUUID(),
      userId: id,
      codeHash: 'x',
      expiresAt: new Date(now.getTime() + 600_000),
      createdAt: now,
    });
    const warnings: unknown[] = [];
    await ensureAdmin({
      db: ctx.database.db,
      config: withAdmin(email, 'operator password 1'),
      log: { info: () => undefined, warn: (o: unknown) => warnings.push(o) },
      clock: ctx.clock,
    });
    expect(warnings).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
    expect(row.emailVerifiedAt).toBeTruthy();
    expect((await login(email, 'stranger password')).statusCode).toBe(401);
    expect((await login(email, 'operator password 1')).statusCode).toBe(200);
    // The stranger's session and pending code ended.
    expect((await call(ctx, 'GET', '/api/user', undefined, { cookie: `${SESSION_COOKIE}=${token}` })).statusCode).toBe(
      401,
    );
    const codes = await ctx.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, id));
    expect(codes.every((c) => c.consumedAt !== null)).toBe(true);
    const audits = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.userId, id));
    expect(audits.map((a) => a.action)).toContain('admin_takeover');
  });

  it('ends a stranger’s pending sign-up attempt for ADMIN_EMAIL: its code and password never sign in', async () => {
    const email = freshEmail('early');
    const ip = nextIp();
    const reg = await browserCall(
      ctx,
      'POST',
      '/api/register',
      { email, password: 'stranger password', firstName: 'Eve', lastName: 'Early' },
      { ip },
    );
    expect(reg.statusCode).toBe(200);
    const code = lastCode(ctx, email);
    await ensureAdmin({ db: ctx.database.db, config: withAdmin(email, 'operator password 2'), log, clock: ctx.clock });
    const verify = await browserCall(ctx, 'POST', '/api/auth/verify-otp', { email, code }, { ip });
    expect(verify.statusCode).toBe(400);
    expect((await login(email, 'stranger password')).statusCode).toBe(401);
    expect((await login(email, 'operator password 2')).statusCode).toBe(200);
  });

  it('promotes a verified account and keeps its password', async () => {
    const { email, password } = await registerAndVerify(ctx);
    await ensureAdmin({ db: ctx.database.db, config: withAdmin(email, 'some other password'), log, clock: ctx.clock });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row.role).toBe('admin');
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await login(email, 'some other password')).statusCode).toBe(401);
  });

  it('creates exactly one admin when several instances run the bootstrap at once', async () => {
    const email = freshEmail('boss');
    const config = withAdmin(email, 'operator password 3');
    await Promise.all(
      Array.from({ length: 4 }, () => ensureAdmin({ db: ctx.database.db, config, log, clock: ctx.clock })),
    );
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0].role).toBe('admin');
    const audits = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.userId, rows[0].id));
    expect(audits.map((a) => a.action)).toEqual(['admin_bootstrap']);
  });
});
