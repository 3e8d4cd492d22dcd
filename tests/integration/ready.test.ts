import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { App } from '../../src/server/deps';
import { createLifecycle, type Lifecycle } from '../../src/server/ops/lifecycle';
import { createTestApp, testDbKind, type TestContext } from './helpers/test-app';

describe(`readiness (${testDbKind})`, () => {
  let ctx: TestContext;
  let lifecycle: Lifecycle;
  let app: App;
  beforeAll(async () => {
    ctx = await createTestApp();
    lifecycle = createLifecycle();
    app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: ctx.clock,
      providers: ctx.providers,
      lifecycle,
    });
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('answers 200 while serving, 503 once draining; /api/health stays the liveness check', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', kind: testDbKind });

    await lifecycle.drain();
    const draining = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'draining' });
    expect(draining.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer (down, or not within 2 s)', async () => {
    for (const ping of [async () => false, () => new Promise<boolean>(() => undefined)]) {
      const down = await buildApp({
        config: ctx.config,
        database: { ...ctx.database, ping },
        clock: ctx.clock,
        providers: ctx.providers,
        lifecycle: createLifecycle(),
      });
      const started = Date.now();
      const res = await down.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'down', kind: testDbKind });
      expect(Date.now() - started).toBeLessThan(3_000);
      await down.close();
    }
  });
});
