import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { call, freshEmail, lastResetToken, nextIp, registerAndVerify, sessionCookieOf } from './helpers/auth-client';
import { auditLogs, organizations, users } from '../../src/server/db/schema/identity';

const snapshot = async (ctx: TestContext, userId: string) => ({
  user: (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0],
  orgs: (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(organizations))[0].n,
  audits: (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs))[0].n,
});

describe(`settings (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('answers 401 to anonymous callers on every protected call, whatever the body', async () => {
    const calls: [('GET' | 'PATCH' | 'PUT'), string, unknown][] = [
      ['GET', '/api/user', undefined],
      ['PATCH', '/api/user/profile', { firstName: 'A', lastName: 'B', email: 'a@b.co' }],
      ['PATCH', '/api/user/profile', { nonsense: true }],
      ['PATCH', '/api/user/password', { currentPassword: 'x', newPassword: 'long enough!' }],
      ['PATCH', '/api/user/locale', { locale: 'zh' }],
      ['GET', '/api/user/notifications', undefined],
      ['PUT', '/api/user/notifications', { email: true, sms: true, marketing: true }],
      ['GET', '/api/organization', undefined],
      ['PATCH', '/api/organization', { name: 'X', address: '' }],
      ['GET', '/api/admin/audit-logs', undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(ctx, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    // A made-up cookie is anonymous too.
    const res = await call(ctx, 'GET', '/api/organization', undefined, { cookie: 'voyageur_session=made-up' });
    expect(res.statusCode).toBe(401);
  });

  describe('profile', () => {
    it('updates names and email, trimmed and lower-cased, and audits old and new values', async () => {
      const { cookie, user } = await registerAndVerify(ctx, { firstName: 'Ada', lastName: 'Lovelace' });
      const email = freshEmail('New');
      const res = await call(ctx, 'PATCH', '/api/user/profile', { firstName: ' Grace ', lastName: 'Hopper', email: ` ${email} ` }, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, firstName: 'Grace', lastName: 'Hopper', email: email.toLowerCase() });
      const me = await call(ctx, 'GET', '/api/user', undefined, { cookie });
      expect(me.json()).toMatchObject({ firstName: 'Grace', email: email.toLowerCase() });
      const logs = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'profile_update'));
      const mine = logs.find((l) => l.userId === user.id)!;
      expect(mine.oldValue).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
      expect(mine.newValue).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: email.toLowerCase() });
      expect(JSON.stringify(mine)).not.toMatch(/password|scrypt/i);
    });

    it('answers 409 EMAIL_TAKEN for another account’s email and changes nothing', async () => {
      const a = await registerAndVerify(ctx);
      const b = await registerAndVerify(ctx);
      const before = await snapshot(ctx, a.user.id);
      const res = await call(ctx, 'PATCH', '/api/user/profile', { firstName: 'Z', lastName: 'Z', email: b.email.toUpperCase() }, { cookie: a.cookie });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EMAIL_TAKEN');
      expect(await snapshot(ctx, a.user.id)).toEqual(before);
      // Keeping one's own email is fine.
      const same = await call(ctx, 'PATCH', '/api/user/profile', { firstName: 'Z', lastName: 'Z', email: a.email }, { cookie: a.cookie });
      expect(same.statusCode).toBe(200);
    });

    it('validates the body and writes nothing on bad input', async () => {
      const { cookie, user } = await registerAndVerify(ctx);
      const before = await snapshot(ctx, user.id);
      const bodies = [
        { firstName: '', lastName: 'B', email: 'a@b.co' },
        { firstName: 'A', lastName: 'B' },
        { firstName: 'A', lastName: 'B', email: 'nope' },
        { firstName: 'A'.repeat(101), lastName: 'B', email: 'a@b.co' },
        { firstName: 'A', lastName: 'B', email: 'a@b.co', role: 'admin' },
        { firstName: 1, lastName: 'B', email: 'a@b.co' },
      ];
      for (const body of bodies) {
        const res = await call(ctx, 'PATCH', '/api/user/profile', body, { cookie });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().fieldErrors).length).toBeGreaterThan(0);
      }
      const malformed = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"firstName":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(await snapshot(ctx, user.id)).toEqual(before);
    });
  });

  describe('password', () => {
    it('changes the password, ends other sessions and keeps the current one', async () => {
      const { email, password, cookie, user } = await registerAndVerify(ctx);
      const other = sessionCookieOf(await call(ctx, 'POST', '/api/login', { email, password }, { ip: nextIp() }))!;
      const res = await call(ctx, 'PATCH', '/api/user/password', { currentPassword: password, newPassword: 'the new password' }, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await call(ctx, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(200);
      expect((await call(ctx, 'GET', '/api/user', undefined, { cookie: other })).statusCode).toBe(401);
      const ip = nextIp();
      expect((await call(ctx, 'POST', '/api/login', { email, password }, { ip })).statusCode).toBe(401);
      expect((await call(ctx, 'POST', '/api/login', { email, password: 'the new password' }, { ip })).statusCode).toBe(200);
      const logs = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
      expect(logs.map((l) => l.action)).toContain('password_change');
    });

    it('answers 400 INVALID_CREDENTIALS with fieldErrors.currentPassword for a wrong current password', async () => {
      const { cookie, user } = await registerAndVerify(ctx);
      const before = await snapshot(ctx, user.id);
      const res = await call(ctx, 'PATCH', '/api/user/password', { currentPassword: 'not it at all', newPassword: 'the new password' }, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
      expect(res.json().fieldErrors.currentPassword).toHaveLength(1);
      expect(await snapshot(ctx, user.id)).toEqual(before);
      for (const body of [
        { currentPassword: 'x', newPassword: 'short' },
        { currentPassword: 'x', newPassword: 'y'.repeat(129) },
        { newPassword: 'long enough!' },
        { currentPassword: 'x', newPassword: 'long enough!', confirm: 'long enough!' },
      ]) {
        const bad = await call(ctx, 'PATCH', '/api/user/password', body, { cookie });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('locale', () => {
    it('switches the language, so mail goes out in it', async () => {
      const { cookie, email } = await registerAndVerify(ctx);
      const res = await call(ctx, 'PATCH', '/api/user/locale', { locale: 'zh' }, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().locale).toBe('zh');
      expect((await call(ctx, 'GET', '/api/user', undefined, { cookie })).json().locale).toBe('zh');
      await call(ctx, 'POST', '/api/forgot-password', { email }, { ip: nextIp() });
      expect(ctx.mail.at(-1)!.subject).toBe('重置您的 Voyageur 密码');
      expect(lastResetToken(ctx, email)).toBeTruthy();
      expect((await call(ctx, 'PATCH', '/api/user/locale', { locale: 'fr' }, { cookie })).statusCode).toBe(400);
      expect((await call(ctx, 'PATCH', '/api/user/locale', {}, { cookie })).statusCode).toBe(400);
    });
  });

  describe('notifications', () => {
    it('defaults to email only and persists changes', async () => {
      const { cookie } = await registerAndVerify(ctx);
      const res = await call(ctx, 'GET', '/api/user/notifications', undefined, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: true, sms: false, marketing: false });
      const put = await call(ctx, 'PUT', '/api/user/notifications', { email: false, sms: true, marketing: true }, { cookie });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ email: false, sms: true, marketing: true });
      expect((await call(ctx, 'GET', '/api/user/notifications', undefined, { cookie })).json()).toEqual({
        email: false,
        sms: true,
        marketing: true,
      });
      for (const body of [{ email: true, sms: false }, { email: 'yes', sms: false, marketing: false }, { email: true, sms: false, marketing: false, push: true }]) {
        const bad = await call(ctx, 'PUT', '/api/user/notifications', body, { cookie });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fieldErrors).toBeTruthy();
      }
      expect((await call(ctx, 'GET', '/api/user/notifications', undefined, { cookie })).json().email).toBe(false);
    });
  });

  describe('organization', () => {
    it('shows the organization created at registration and updates it with an audit entry', async () => {
      const { cookie, user, email } = await registerAndVerify(ctx, { firstName: 'Jean', lastName: 'Tremblay' });
      const res = await call(ctx, 'GET', '/api/organization', undefined, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: user.organizationId, name: 'Jean Tremblay', address: '', email });
      const patch = await call(ctx, 'PATCH', '/api/organization', { name: ' Tremblay Inc. ', address: '1 Rue Principale, Québec QC G1R 4P5' }, { cookie });
      expect(patch.statusCode).toBe(200);
      expect(patch.json()).toMatchObject({ name: 'Tremblay Inc.', address: '1 Rue Principale, Québec QC G1R 4P5' });
      expect((await call(ctx, 'GET', '/api/organization', undefined, { cookie })).json().name).toBe('Tremblay Inc.');
      const [log] = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'organization_update'));
      expect(log).toMatchObject({ userId: user.id, resourceId: user.organizationId, oldValue: { name: 'Jean Tremblay', address: '' } });
    });

    it('validates and writes nothing on bad input', async () => {
      const { cookie, user } = await registerAndVerify(ctx);
      const before = await snapshot(ctx, user.id);
      for (const body of [{ name: '', address: '' }, { name: 'X' }, { name: 'X', address: 'y'.repeat(501) }, { name: 'X', address: '', email: 'a@b.co' }]) {
        const bad = await call(ctx, 'PATCH', '/api/organization', body, { cookie });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe('VALIDATION_ERROR');
      }
      expect(await snapshot(ctx, user.id)).toEqual(before);
    });

    it('gives an account without one (the bootstrapped admin) an organization', async () => {
      const admin = await createSignedInUser(ctx, { role: 'admin' });
      const res = await call(ctx, 'GET', '/api/organization', undefined, { cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toMatch(/^Test User/);
      const again = await call(ctx, 'GET', '/api/organization', undefined, { cookie: admin.cookie });
      expect(again.json().id).toBe(res.json().id);
    });
  });
});
