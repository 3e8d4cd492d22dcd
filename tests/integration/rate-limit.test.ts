import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { browserCall as call, freshEmail, lastCode, nextIp } from './helpers/auth-client';
import { enforceRateLimits } from '../../src/server/lib/rate-limit';
import { pruneExpired } from '../../src/server/ops/jobs';
import { rateLimits, registrationAttempts, users } from '../../src/server/db/schema/identity';

describe(`rate limiter and races (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const rule = { name: 'test-rule', limit: 5, windowMs: 60_000 };

  it('lets exactly `limit` concurrent hits through per window', async () => {
    const now = ctx.clock.now();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => enforceRateLimits(ctx.database.db, now, [{ rule, subject: 'concurrent' }])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(7);
    expect(refused[0].reason).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // The next window starts afresh.
    await enforceRateLimits(ctx.database.db, new Date(now.getTime() + 60_000), [{ rule, subject: 'concurrent' }]);
  });

  it('leaves finished windows to the hourly prune job: a request never deletes them', async () => {
    const old = new Date(ctx.clock.now().getTime() - 2 * 86_400_000);
    await enforceRateLimits(ctx.database.db, old, [{ rule, subject: 'old' }]);
    const olds = async () =>
      (await ctx.database.db.select().from(rateLimits).where(like(rateLimits.key, 'test-rule:old'))).length;
    for (let i = 0; i < 100; i++)
      await enforceRateLimits(ctx.database.db, ctx.clock.now(), [{ rule: { ...rule, limit: 1000 }, subject: 'new' }]);
    expect(await olds()).toBe(1);
    await pruneExpired.run({
      db: ctx.database.db,
      now: ctx.clock.now(),
      log: { info: () => undefined, error: () => undefined },
    });
    expect(await olds()).toBe(0);
  });

  it('counts every one of many concurrent wrong codes; the code dies after 5', async () => {
    const email = freshEmail();
    const ip = nextIp();
    await call(
      ctx,
      'POST',
      '/api/register',
      { email, password: 'a good long password', firstName: 'A', lastName: 'B' },
      { ip },
    );
    const code = lastCode(ctx, email);
    const wrong = code === '999999' ? '888888' : '999999';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(ctx, 'POST', '/api/auth/verify-otp', { email, code: wrong }, { ip })),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
    const [row] = await ctx.database.db
      .select()
      .from(registrationAttempts)
      .where(eq(registrationAttempts.email, email));
    expect(row.codeAttempts).toBe(5);
    expect((await call(ctx, 'POST', '/api/auth/verify-otp', { email, code }, { ip })).statusCode).toBe(429);
  });

  // Was: both sign-ups raced for one pending account row. Each is now an attempt of its own; the race
  // moves to verification, where exactly one account comes out.
  it('creates one account when two browsers sign up with the same email and both verify at once', async () => {
    // Several rounds: the race (two completions locking each other's attempts) does not show every time.
    for (let round = 0; round < 4; round++) {
      const email = freshEmail();
      const body = { email, password: 'a good long password', firstName: 'A', lastName: 'B' };
      const [ipA, ipB] = [nextIp(), nextIp()];
      const registered = await Promise.all([
        call(ctx, 'POST', '/api/register', body, { ip: ipA }),
        call(ctx, 'POST', '/api/register', body, { ip: ipB }),
      ]);
      expect(registered.map((a) => a.statusCode)).toEqual([200, 200]);
      const codes = ctx.mail.filter((m) => m.to === email).map((m) => /\b(\d{6})\b/.exec(m.text)![1]);
      expect(codes).toHaveLength(2);
      // Each browser holds one attempt; try both codes in both browsers at once.
      const answers = await Promise.all(
        [ipA, ipB].flatMap((ip) =>
          codes.map((code) => call(ctx, 'POST', '/api/auth/verify-otp', { email, code }, { ip })),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      for (const s of statuses) expect([200, 400, 409]).toContain(s);
      const n = (
        await ctx.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.email, email))
      )[0].n;
      expect(n).toBe(1);
    }
  });
});
