import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import {
  browserCall,
  call,
  freshEmail,
  lastCode,
  nextIp,
  registerAndVerify,
  sessionCookieOf,
} from './helpers/auth-client';
import { organizations, registrationAttempts, users } from '../../src/server/db/schema/identity';
import { BROWSER_COOKIE } from '../../src/server/modules/auth/session';
import { sha256 } from '../../src/server/lib/crypto';

/** Password hashes checked so far (the real check, counted), so tests can compare what a client could time. */
const hashes = vi.hoisted(() => ({ checked: 0 }));
vi.mock('../../src/server/lib/crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/lib/crypto')>();
  return {
    ...real,
    verifyPassword: (...args: Parameters<typeof real.verifyPassword>) => {
      hashes.checked++;
      return real.verifyPassword(...args);
    },
  };
});

/** Issue 22: sign-up tells nobody which addresses have accounts; names in mails carry no links. */
describe(`register with an address that has an account (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const body = (email: string, firstName = 'Mallory') => ({
    email,
    password: 'stranger password',
    firstName,
    lastName: 'Stranger',
  });
  const mailsTo = (email: string) => ctx.mail.filter((m) => m.to === email);
  /** The parts of an answer a client can see, with the cookie values left out. */
  const shape = (res: Awaited<ReturnType<typeof call>>, email: string) => ({
    status: res.statusCode,
    body: JSON.stringify(res.json()).replaceAll(email, '<email>'),
    contentType: res.headers['content-type'],
    cookies: res.cookies.map((c) => ({ ...c, value: c.value ? '<set>' : '' })),
    retryAfter: res.headers['retry-after'],
  });
  const userCount = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

  it('answers exactly as for a new address: same status, body and sign-up cookie', async () => {
    const owner = await registerAndVerify(ctx, { firstName: 'Olivia', lastName: 'Owner' });
    const before = await userCount();
    const known = await call(ctx, 'POST', '/api/register', body(owner.email.toUpperCase()), { ip: nextIp() });
    const fresh = freshEmail('new');
    const unknown = await call(ctx, 'POST', '/api/register', body(fresh.toUpperCase()), { ip: nextIp() });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true, email: owner.email });
    expect(shape(known, owner.email)).toEqual(shape(unknown, fresh));
    expect(known.cookies.map((c) => c.name)).toEqual([BROWSER_COOKIE]);
    expect(String(known.headers['set-cookie'])).toMatch(/HttpOnly/i);
    // Nothing about the account changed.
    expect(await userCount()).toBe(before + 0);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, owner.email));
    expect(row).toMatchObject({ firstName: 'Olivia', lastName: 'Owner' });
    expect(
      (await call(ctx, 'POST', '/api/login', { email: owner.email, password: owner.password }, { ip: nextIp() }))
        .statusCode,
    ).toBe(200);
  });

  it('mails the owner a note with the sign-in and reset links, and no code', async () => {
    const owner = await registerAndVerify(ctx, { locale: 'zh' });
    const sent = mailsTo(owner.email).length;
    const ip = nextIp();
    expect((await browserCall(ctx, 'POST', '/api/register', body(owner.email), { ip })).statusCode).toBe(200);
    const mails = mailsTo(owner.email).slice(sent);
    expect(mails).toHaveLength(1);
    const [note] = mails;
    // In the owner's language, not the stranger's.
    expect(note.subject).toBe('有人尝试用您的邮箱注册 Voyageur');
    expect(note.text).not.toMatch(/\b\d{6}\b/);
    expect(note.text).not.toContain('Mallory');
    expect(note.text).toContain(ip);
    expect(note.text).toMatch(/\/auth\n/);
    expect(note.text).toContain('/auth?mode=forgot-password');
    expect(note.html).toContain('/auth?mode=forgot-password');

    // A resend from the same browser 30 s later: the note again, still no code.
    ctx.clock.advance(31_000);
    expect((await browserCall(ctx, 'POST', '/api/auth/send-otp', { email: owner.email }, { ip })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const again = mailsTo(owner.email).slice(sent);
    expect(again).toHaveLength(2);
    for (const m of again) expect(m.text).not.toMatch(/\b\d{6}\b/);
  });

  it('the code step fails like a wrong code, with the same tries and limits as for a new address', async () => {
    const owner = await registerAndVerify(ctx);
    const fresh = freshEmail('twin');
    const [a, b] = [nextIp(), nextIp()];
    await browserCall(ctx, 'POST', '/api/register', body(owner.email), { ip: a });
    await browserCall(ctx, 'POST', '/api/register', body(fresh), { ip: b });
    const realCode = lastCode(ctx, fresh);
    // Every code a stranger can type, including one a code mail would hold, answers as a wrong code
    // does for a new address; the fifth wrong try ends the code on both alike.
    const guesses = ['000000', '123456', '999999', '424242', '555555', '111111', '222222'].filter(
      (c) => c !== realCode,
    );
    for (const code of guesses.slice(0, 6)) {
      const known = await browserCall(ctx, 'POST', '/api/auth/verify-otp', { email: owner.email, code }, { ip: a });
      const unknown = await browserCall(ctx, 'POST', '/api/auth/verify-otp', { email: fresh, code }, { ip: b });
      expect(shape(known, owner.email)).toEqual(shape(unknown, fresh));
      expect([400, 429]).toContain(known.statusCode);
      expect(sessionCookieOf(known)).toBeNull();
    }
    // Registering again too soon answers the same wait on both.
    const soonKnown = await browserCall(ctx, 'POST', '/api/register', body(owner.email), { ip: a });
    const soonUnknown = await browserCall(ctx, 'POST', '/api/register', body(fresh), { ip: b });
    expect(soonKnown.statusCode).toBe(429);
    expect(shape(soonKnown, owner.email)).toEqual(shape(soonUnknown, fresh));
    // The stranger's attempt never becomes an account, and its password never signs in.
    expect(
      (await call(ctx, 'POST', '/api/login', { email: owner.email, password: 'stranger password' }, { ip: nextIp() }))
        .statusCode,
    ).toBe(401);
    const attempts = await ctx.database.db
      .select()
      .from(registrationAttempts)
      .where(eq(registrationAttempts.email, owner.email));
    expect(attempts.length).toBeGreaterThan(0);
  });

  it('even the right six digits cannot complete it: the attempt holds no code at all', async () => {
    const owner = await registerAndVerify(ctx);
    const ip = nextIp();
    await browserCall(ctx, 'POST', '/api/register', body(owner.email), { ip });
    const [attempt] = await ctx.database.db
      .select()
      .from(registrationAttempts)
      .where(and(eq(registrationAttempts.email, owner.email), isNull(registrationAttempts.closedAt)));
    // No six-digit code matches the stored hash (codes are stored as sha256 of `attempt:<id>:<code>`).
    let matches = 0;
    for (let n = 0; n < 1_000_000; n++) {
      if (sha256(`attempt:${attempt.id}:${String(n).padStart(6, '0')}`) === attempt.codeHash) matches++;
    }
    expect(matches).toBe(0);
  });

  it(
    'signing in right after signing up answers as for a new address; the owner still signs in',
    // About twenty password hashes, each over a second on a loaded machine.
    { timeout: 240_000 },
    async () => {
      const owner = await registerAndVerify(ctx);
      // The owner's own sign-up code; every mail after it is the stranger's doing.
      const ownMail = mailsTo(owner.email).length;
      const fresh = freshEmail('after');
      // Two fresh browsers (cookie jars), one per address.
      const [a, b] = [nextIp(), nextIp()];
      const register = (email: string, ip: string) => browserCall(ctx, 'POST', '/api/register', body(email), { ip });
      const login = (email: string, password: string, ip: string) =>
        browserCall(ctx, 'POST', '/api/login', { email, password }, { ip });
      /** The same sign-in on both addresses: the same answer, after the same number of password hashes. */
      const both = async (password: string) => {
        const start = hashes.checked;
        const known = await login(owner.email, password, a);
        const knownHashes = hashes.checked - start;
        const unknown = await login(fresh, password, b);
        expect(shape(known, owner.email)).toEqual(shape(unknown, fresh));
        expect(knownHashes).toBe(hashes.checked - start - knownHashes);
        return known;
      };
      expect(shape(await register(owner.email, a), owner.email)).toEqual(shape(await register(fresh, b), fresh));

      // At once: not verified, the last code too recent for another (the same wait on both).
      const early = await both('stranger password');
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', codeSent: false });
      expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
      expect(sessionCookieOf(early)).toBeNull();

      // Past the resend gap: "we sent you a new code" on both — the owner is mailed the note again, never a code.
      ctx.clock.advance(31_000);
      const notes = mailsTo(owner.email).length;
      const codes = mailsTo(fresh).length;
      const later = await both('stranger password');
      expect(later.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', codeSent: true });
      expect(mailsTo(owner.email).length - notes).toBe(1);
      expect(mailsTo(fresh).length - codes).toBe(1);
      for (const m of mailsTo(owner.email).slice(ownMail)) expect(m.text).not.toMatch(/\b\d{6}\b/);
      // And the new code's cooldown holds on both alike.
      expect((await both('stranger password')).json()).toMatchObject({ codeSent: false });
      ctx.clock.advance(31_000);
      const resendKnown = await browserCall(ctx, 'POST', '/api/auth/send-otp', { email: owner.email }, { ip: a });
      const resendUnknown = await browserCall(ctx, 'POST', '/api/auth/send-otp', { email: fresh }, { ip: b });
      expect(shape(resendKnown, owner.email)).toEqual(shape(resendUnknown, fresh));
      const soonKnown = await browserCall(ctx, 'POST', '/api/auth/send-otp', { email: owner.email }, { ip: a });
      const soonUnknown = await browserCall(ctx, 'POST', '/api/auth/send-otp', { email: fresh }, { ip: b });
      expect(soonKnown.statusCode).toBe(429);
      expect(shape(soonKnown, owner.email)).toEqual(shape(soonUnknown, fresh));

      // A wrong password is 401 for both.
      const wrong = await both('not the password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

      // The owner's real password signs in, from that same browser too.
      const signed = await login(owner.email, owner.password, a);
      expect(signed.statusCode).toBe(200);
      expect(sessionCookieOf(signed)).not.toBeNull();
      expect(signed.json()).toMatchObject({ email: owner.email });
    },
  );

  it(
    'caps the notes like codes: past the per-address hourly cap register answers 429 alike',
    { timeout: 300_000 },
    async () => {
      const owner = await registerAndVerify(ctx);
      // Start at the top of an hour, so the hourly window does not roll over mid-test.
      const hour = 3_600_000;
      ctx.clock.set(new Date(Math.ceil(ctx.clock.now().getTime() / hour) * hour + 1000));
      const fresh = freshEmail('cap');
      const statuses = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < 21; i++) {
        statuses.known.push(
          (await browserCall(ctx, 'POST', '/api/register', body(owner.email), { ip: nextIp() })).statusCode,
        );
        statuses.unknown.push(
          (await browserCall(ctx, 'POST', '/api/register', body(fresh), { ip: nextIp() })).statusCode,
        );
      }
      expect(statuses.known).toEqual(statuses.unknown);
      expect(statuses.known.filter((s) => s === 429)).toHaveLength(1);
    },
  );
});

describe(`the name in the code mail (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('is quoted, at most 60 characters, and carries no link', async () => {
    const email = freshEmail('link');
    const firstName = `Security team https://evil.example/verify www.evil.co/x ${'z'.repeat(200)}`.slice(0, 100);
    const res = await browserCall(
      ctx,
      'POST',
      '/api/register',
      { email, password: 'my password 123', firstName, lastName: 'x'.repeat(100) },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(200);
    const mail = ctx.mail.filter((m) => m.to === email).at(-1)!;
    const quote = /“([^”]*)”/.exec(mail.text)?.[1];
    expect(quote).toBeDefined();
    expect(Array.from(quote!).length).toBeLessThanOrEqual(60);
    expect(quote!.endsWith('…')).toBe(true);
    expect(quote!.startsWith('Security team evil . example/verify www . evil . co/x')).toBe(true);
    for (const part of [mail.text, mail.html ?? '']) {
      expect(part).not.toMatch(/https?:\/\/evil|www\.evil|evil\.(example|co)/);
    }
  });

  it('writes a Chinese name family name first', async () => {
    const email = freshEmail('zh');
    await browserCall(
      ctx,
      'POST',
      '/api/register',
      { email, password: 'my password 123', firstName: '小明', lastName: '王', locale: 'zh' },
      { ip: nextIp() },
    );
    expect(ctx.mail.filter((m) => m.to === email).at(-1)!.text).toContain('“王小明”');
  });

  it('names a Chinese user’s organization family name first', async () => {
    const { user } = await registerAndVerify(ctx, { firstName: '小明', lastName: '王' });
    const [org] = await ctx.database.db.select().from(organizations).where(eq(organizations.id, user.organizationId));
    expect(org.name).toBe('王小明');
  });
});
