import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createSignedInUser, testDbKind, type TestContext } from './helpers/test-app';

/**
 * One shop's burst must not hold another shop's request unread (issue 26, decision 053): each session
 * begins a few requests a turn of the event loop, so the other shop's request begins beside the
 * burst's first ones instead of after all forty.
 */
describe(`one shop's burst and another shop's request (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it("answers another shop's request among the first of one shop's forty sent before it", async () => {
    const flood = await createSignedInUser(ctx);
    const shop = await createSignedInUser(ctx);
    // Over real sockets, so that the forty arrive together as a shop's client sends them.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const answered: string[] = [];
    const ask = async (who: string, headers: Record<string, string>, url: string) => {
      const res = await fetch(base + url, { headers });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      answered.push(who);
    };
    const round = () => [
      ...Array.from({ length: 40 }, () => ask('flood', flood.headers, '/api/shipments?page=1')),
      ask('shop', shop.headers, '/api/user'),
    ];
    // The first round opens the client's 41 connections; on the next ones every request is written at once.
    await Promise.all(round());
    // How many of the burst's answers come before the other shop's, in five bursts. On PGlite the
    // admission decides it: 4 in every burst, 40 without. On PostgreSQL statements wait on sockets, so
    // the loop reads the other shop's request anyway and its place is a race between the pool's
    // connections, with or without the admission: 2-5 in most bursts here, and one burst judged alone
    // once had 8 in CI. The test judges the median of five, against the same bound (decision 053).
    const places: number[] = [];
    for (let burst = 0; burst < 5; burst++) {
      answered.length = 0;
      await Promise.all(round());
      expect(answered).toHaveLength(41);
      places.push(answered.indexOf('shop'));
    }
    const median = [...places].sort((a, b) => a - b)[2];
    expect(median, `answers before the other shop's, each burst: ${places.join(', ')}`).toBeLessThan(8);
  });

  it("still answers every request of one shop's burst, in full", async () => {
    const shop = await createSignedInUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => ctx.app.inject({ method: 'GET', url: '/api/user', headers: shop.headers })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((r) => r.json().id))).toEqual(new Set([shop.id]));
  });
});
