/**
 * Issue 24: the admin's carriers view (GET /api/admin/carriers) — each carrier's mode, its last call
 * (outcome, latency) and the last hour's error rate, from carrier_calls (one table for every instance).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client';
import { flushCarrierCalls, recordCarrierCall, timedCarrierCall } from '../../src/server/modules/carriers/calls';
import { pruneExpired } from '../../src/server/ops/jobs';
import { CarrierError, type Carrier } from '../../src/server/providers/carriers/index';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import { ZAdminCarriers, type TAdminCarrier } from '../../src/shared/contracts/carriers';
import { quote } from './helpers/orders';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

const quiet = { info: () => undefined, error: () => undefined };

describe(`GET /api/admin/carriers (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  let upsDown = true;

  beforeAll(async () => {
    // The sandboxes, but UPS is out (every quote UNAVAILABLE while upsDown) and DHL is left out.
    const base = createCarriers({ fuelSurchargeBp: {} });
    const carriers: Carrier[] = base
      .filter((c) => c.code !== 'CA-DHL')
      .map((c) =>
        c.code !== 'CA-UPS'
          ? c
          : {
              ...c,
              quote: async (req, opts) => {
                if (upsDown) throw new CarrierError('UNAVAILABLE', 'UPS: HTTP 503');
                return c.quote(req, opts);
              },
            },
      );
    ctx = await createTestApp({ providers: { carriers } });
    admin = await createSignedInUser(ctx, { role: 'admin' });
    user = await createSignedInUser(ctx);
  });
  afterAll(async () => ctx.close());

  // No flush here: the view itself writes this instance's waiting records before it reads.
  const view = async (): Promise<Record<string, TAdminCarrier>> => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/carriers', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAdminCarriers.parse(res.json());
    return Object.fromEntries(body.carriers.map((c) => [c.carrier, c]));
  };

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/carriers' })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/carriers', headers: user.headers });
    expect(res.statusCode).toBe(403);
  });

  it('before any call: every carrier with its mode, no last call, no calls this hour', async () => {
    const v = await view();
    expect(Object.keys(v)).toEqual(['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex', 'CA-DHL']);
    expect(v['CA-CP']).toMatchObject({
      mode: 'sandbox',
      lastCall: null,
      lastHour: { calls: 0, errors: 0, errorRateBp: null },
    });
    // DHL is not enabled: it says so rather than pretending to be a sandbox.
    expect(v['CA-DHL']!.mode).toBe('off');
  });

  it('after quotes: the last call and the error rate of each carrier are right', async () => {
    await quote(ctx, user.headers);
    await quote(ctx, user.headers);
    upsDown = false;
    await quote(ctx, user.headers);
    upsDown = true;
    await quote(ctx, user.headers);

    const v = await view();
    expect(v['CA-CP']!.lastHour).toEqual({ calls: 4, errors: 0, errorRateBp: 0 });
    expect(v['CA-CP']!.lastCall).toMatchObject({ operation: 'quote', mode: 'sandbox', ok: true, errorReason: null });
    expect(v['CA-CP']!.lastCall!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(v['CA-UPS']!.lastHour).toEqual({ calls: 4, errors: 3, errorRateBp: 7_500 });
    expect(v['CA-UPS']!.lastCall).toMatchObject({ operation: 'quote', ok: false, errorReason: 'UNAVAILABLE' });
    expect(v['CA-DHL']).toMatchObject({ lastCall: null, lastHour: { calls: 0 } });
  });

  it('an order-saga call recorded with timedCarrierCall is the last call; a refusal is an answer, not an outage', async () => {
    const db = ctx.database.db;
    await timedCarrierCall(db, { carrier: 'CA-CP', mode: 'sandbox', operation: 'purchase' }, async () => 'ok');
    await expect(
      timedCarrierCall(db, { carrier: 'CA-CP', mode: 'sandbox', operation: 'void' }, async () => {
        throw new CarrierError('NOT_VOIDABLE', 'already picked up');
      }),
    ).rejects.toThrow('already picked up');
    const v = await view();
    expect(v['CA-CP']!.lastCall).toMatchObject({ operation: 'void', ok: true, errorReason: 'NOT_VOIDABLE' });
    expect(v['CA-CP']!.lastHour).toEqual({ calls: 6, errors: 0, errorRateBp: 0 });
  });

  it('calls alike recorded together are one row: counted all, the last one shown with its own latency', async () => {
    const db = ctx.database.db;
    const call = (ok: boolean, latencyMs: number) =>
      recordCarrierCall(db, {
        carrier: 'CA-PUROLATOR',
        mode: 'sandbox',
        operation: 'track',
        ok,
        latencyMs,
        errorReason: ok ? null : 'TIMEOUT',
      });
    const before = (await view())['CA-PUROLATOR']!.lastHour;
    // Answered, timed out, answered again: the last call belongs to a group that began before the outage.
    call(true, 11);
    call(false, 4000);
    call(true, 17);
    const v = (await view())['CA-PUROLATOR']!;
    expect(v.lastCall).toMatchObject({ operation: 'track', ok: true, latencyMs: 17, errorReason: null });
    expect(v.lastHour).toMatchObject({ calls: before.calls + 3, errors: before.errors + 1 });
    const rows = rowsOf<{ calls: number; latency_ms: number }>(
      await db.execute(sql`
        select calls, latency_ms from carrier_calls
        where carrier = 'CA-PUROLATOR' and operation = 'track' order by id`),
    );
    expect(rows).toEqual([
      { calls: 1, latency_ms: 4000 },
      { calls: 2, latency_ms: 17 },
    ]);
  });

  it('calls older than an hour leave the rate; the prune job deletes those older than a day', async () => {
    const db = ctx.database.db;
    recordCarrierCall(db, {
      carrier: 'CA-Fedex',
      mode: 'sandbox',
      operation: 'track',
      ok: false,
      latencyMs: 12,
      errorReason: 'TIMEOUT',
    });
    await flushCarrierCalls(db);
    await db.execute(
      sql`update carrier_calls set at = now() - interval '2 hours' where carrier = 'CA-Fedex' and operation = 'track'`,
    );
    await db.execute(sql`
      insert into carrier_calls (carrier, mode, operation, ok, latency_ms, error_reason, at)
      values ('CA-Fedex', 'sandbox', 'track', false, 9, 'TIMEOUT', now() - interval '25 hours')`);
    const v = await view();
    expect(v['CA-Fedex']!.lastHour).toEqual({ calls: 4, errors: 0, errorRateBp: 0 });
    expect(v['CA-Fedex']!.lastCall).toMatchObject({ operation: 'quote', ok: true });
    const counts = await pruneExpired.run({ db, now: new Date(), log: quiet });
    expect(counts).toMatchObject({ carrierCalls: 1 });
    const left = rowsOf<{ n: number }>(
      await db.execute(sql`select sum(calls)::int as n from carrier_calls where carrier = 'CA-Fedex'`),
    );
    expect(left[0]!.n).toBe(5);
  });

  it('a failed write is logged and does not throw', async () => {
    const errors: string[] = [];
    const log = { error: (_: object, msg: string) => void errors.push(msg) };
    recordCarrierCall(
      ctx.database.db,
      // A mode the table's check refuses: the INSERT fails.
      { carrier: 'CA-CP', mode: 'bogus' as 'sandbox', operation: 'quote', ok: true, latencyMs: 5, errorReason: null },
      log,
    );
    await flushCarrierCalls(ctx.database.db);
    expect(errors).toEqual(['could not record carrier calls']);
  });
});
