import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client';
import { createLifecycle } from '../../src/server/ops/lifecycle';
import { pruneExpired, startJobs, type Job } from '../../src/server/ops/jobs';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

const quiet = { info: () => undefined, error: () => undefined };

describe(`recurring jobs (${testDbKind})`, () => {
  let ctx: TestContext;
  /** A second connection pool on the same database: another instance (PostgreSQL only). */
  let other: Database | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    if (testDbKind === 'postgres') {
      const name = rowsOf<{ d: string }>(await ctx.database.db.execute(sql`select current_database() as d`))[0].d;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      other = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    }
  });
  afterAll(async () => {
    await other?.close();
    await ctx.close();
  });

  it('runs a job once per interval however many instances tick at once', async () => {
    let runs = 0;
    const job: Job = {
      name: `count-${randomUUID()}`,
      everyMs: 1_500,
      run: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 30));
      },
    };
    const runners = Array.from({ length: 4 }, (_, i) =>
      startJobs({
        db: (i % 2 === 1 && other ? other : ctx.database).db,
        clock: ctx.clock,
        log: quiet,
        lifecycle: createLifecycle(),
        jobs: [job],
        instance: `instance-${i}`,
      }),
    );
    for (let round = 0; round < 3; round++) await Promise.all(runners.map((r) => r.tick()));
    expect(runs).toBe(1);

    await new Promise((r) => setTimeout(r, 1_600));
    await Promise.all(runners.map((r) => r.tick()));
    await Promise.all(runners.map((r) => r.tick()));
    expect(runs).toBe(2);

    const [row] = rowsOf<{ finished: boolean; last_error: string | null }>(
      await ctx.database.db.execute(
        sql`select finished_at is not null as finished, last_error from job_runs where name = ${job.name}`,
      ),
    );
    expect(row).toEqual({ finished: true, last_error: null });
  });

  it('records a failed run and does not run while the process drains', async () => {
    const lifecycle = createLifecycle();
    let runs = 0;
    const failing: Job = {
      name: `fail-${randomUUID()}`,
      everyMs: 60_000,
      run: async () => {
        runs++;
        throw new Error('carrier unreachable');
      },
    };
    const draining: Job = { ...failing, name: `drain-${randomUUID()}` };
    const runner = startJobs({ db: ctx.database.db, clock: ctx.clock, log: quiet, lifecycle, jobs: [failing] });
    await runner.tick();
    const [row] = rowsOf<{ last_error: string | null }>(
      await ctx.database.db.execute(sql`select last_error from job_runs where name = ${failing.name}`),
    );
    expect(row.last_error).toBe('carrier unreachable');

    const later = startJobs({ db: ctx.database.db, clock: ctx.clock, log: quiet, lifecycle, jobs: [draining] });
    await lifecycle.drain();
    await later.tick();
    expect(runs).toBe(1);
  });

  it('prunes expired sessions, codes, reset links and rate-limit windows, and nothing live', async () => {
    const live = await createSignedInUser(ctx);
    const now = ctx.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    await ctx.database.db.execute(sql`
      insert into sessions (id, user_id, token_hash, created_at, expires_at)
      values (${randomUUID()}, ${live.id}, ${randomUUID()}, ${ago(40 * 86_400_000)}::timestamptz, ${ago(60_000)}::timestamptz)`);
    await ctx.database.db.execute(sql`
      insert into rate_limits (key, window_start, count) values
        (${`old:${randomUUID()}`}, ${ago(25 * 3_600_000)}::timestamptz, 3),
        (${`new:${randomUUID()}`}, ${ago(60_000)}::timestamptz, 1)`);
    const attempt = (id: string, expiresAt: string) => sql`
      insert into registration_attempts (id, email, browser_hash, password_hash, first_name, last_name, code_hash,
        code_sent_at, code_expires_at, created_at, expires_at)
      values (${id}, ${`${id}@example.com`}, 'b', 'p', 'A', 'B', 'c', ${ago(90_000_000)}::timestamptz,
        ${ago(90_000_000)}::timestamptz, ${ago(90_000_000)}::timestamptz, ${expiresAt}::timestamptz)`;
    await ctx.database.db.execute(attempt(randomUUID(), ago(25 * 3_600_000)));
    await ctx.database.db.execute(attempt(randomUUID(), ago(-3_600_000)));
    const device = (expiresAt: string) => sql`
      insert into trusted_devices (id, user_id, token_hash, created_at, last_used_at, expires_at)
      values (${randomUUID()}, ${live.id}, ${randomUUID()}, ${ago(60_000)}::timestamptz, ${ago(60_000)}::timestamptz,
        ${expiresAt}::timestamptz)`;
    await ctx.database.db.execute(device(ago(60_000)));
    await ctx.database.db.execute(device(ago(-60_000)));
    const counts = await pruneExpired.run({ db: ctx.database.db, now, log: quiet });
    expect(counts).toMatchObject({ sessions: 1, rateLimits: 1, registrationAttempts: 1, trustedDevices: 1 });
    // The live session still signs its user in.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: live.headers })).statusCode).toBe(200);
  });
});
