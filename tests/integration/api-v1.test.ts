import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, PARCEL, TO, fund, orderBody, quoteBody } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { registeredV1Routes } from '../../src/server/modules/api-v1/routes';
import { v1Routes } from '../../src/server/modules/api-v1/operations';
import { SPECIMEN_GLYPHS_MARKER } from '../../src/server/labels/render-label';
import type { TRateOption } from '../../src/shared/contracts/rates';

type Headers = Record<string, string>;
const RATE_LIMIT = 25;

describe(`public API v1 with API keys (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { API_REQUESTS_PER_MINUTE: String(RATE_LIMIT) } });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const createKey = async (headers: Headers, mode: 'live' | 'test', name = `${mode} key`) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name, mode } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; key: string; masked: string; mode: string };
  };
  const bearer = (key: string): Headers => ({ authorization: `Bearer ${key}` });
  const v1 = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    key: string,
    payload?: object,
    extra: Headers = {},
  ) => ctx.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(key), ...extra }, payload });
  const balance = async (key: string) => (await v1('GET', '/wallet', key)).json().balance as string;
  const cheapest = async (key: string): Promise<TRateOption> => {
    const res = await v1('POST', '/rates', key, quoteBody());
    expect(res.statusCode, res.body).toBe(200);
    return res.json()[0];
  };

  it('shows the secret once, lists keys masked with last use, audits every change, and revokes at once', async () => {
    const u = await createSignedInUser(ctx);
    const created = await createKey(u.headers, 'live', 'Shop');
    expect(created.key).toMatch(/^vy_live_[A-Za-z0-9_-]{43}$/);
    expect(created.masked).toBe(`vy_live_…${created.key.slice(-4)}`);
    const stored = rowsOf<{ key_hash: string; prefix: string }>(
      await ctx.database.db.execute(sql`select key_hash, prefix from api_keys where id = ${created.id}`),
    )[0]!;
    expect(stored.key_hash).not.toContain(created.key.slice(8));
    expect(created.key).toContain(stored.prefix);

    const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: u.headers })).json();
    const before = await list();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ name: 'Shop', mode: 'live', masked: created.masked, lastUsedAt: null });
    expect(JSON.stringify(before)).not.toContain(created.key);

    expect((await v1('GET', '/wallet', created.key)).statusCode).toBe(200);
    expect((await list())[0].lastUsedAt).toBe(ctx.clock.now().toISOString());

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: u.headers });
    expect(del.statusCode).toBe(200);
    const after = await v1('GET', '/wallet', created.key);
    expect(after.statusCode).toBe(401);
    expect(after.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(after.json()).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      requestId: after.headers['x-request-id'],
    });
    expect(await list()).toEqual([]);

    const actions = rowsOf<{ action: string }>(
      await ctx.database.db.execute(
        sql`select action from audit_logs where user_id = ${u.id} and resource_type = 'api_key' order by created_at, action`,
      ),
    ).map((r) => r.action);
    expect(actions.sort()).toEqual(['api_key.created', 'api_key.revoked']);
  });

  it('regenerates a key: the new one works, the old one at once or until its grace period ends', async () => {
    const u = await createSignedInUser(ctx);
    const first = await createKey(u.headers, 'live');
    const regen = (id: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/api-keys/${id}/regenerate`, headers: u.headers, payload });
    const tooLong = await regen(first.id, { graceHours: 25 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.graceHours).toBeTruthy();

    const second = (await regen(first.id, { graceHours: 2 })).json();
    expect(second.key).not.toBe(first.key);
    expect((await v1('GET', '/wallet', first.key)).statusCode).toBe(200); // in its grace period
    expect((await v1('GET', '/wallet', second.key)).statusCode).toBe(200);

    const third = (await regen(second.id, {})).json();
    expect((await v1('GET', '/wallet', second.key)).statusCode).toBe(401);
    expect((await v1('GET', '/wallet', third.key)).statusCode).toBe(200);
  });

  it('takes only a bearer key: no key, a session cookie alone or a forged key answer 401', async () => {
    const u = await createSignedInUser(ctx);
    const noKey = await ctx.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: u.headers });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.headers['www-authenticate']).toBe('Bearer');
    expect((await v1('GET', '/wallet', `vy_live_${'A'.repeat(43)}`)).statusCode).toBe(401);
    const k = await createKey(u.headers, 'test');
    expect((await v1('GET', '/wallet', k.key.replace('vy_test_', 'vy_live_'))).statusCode).toBe(401);
  });

  it("never reaches another user's data with a key", async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const keyA = (await createKey(a.headers, 'live')).key;
    const keyB = (await createKey(b.headers, 'live')).key;
    const address = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: a.headers,
      payload: {
        name: 'Only A',
        address1: '1 King St W',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5H 1A1',
        phone: '416-555-0100',
      },
    });
    const id = address.json().id as string;
    expect((await v1('GET', `/addresses/${id}`, keyA)).statusCode).toBe(200);
    expect((await v1('GET', `/addresses/${id}`, keyB)).statusCode).toBe(404);
    expect((await v1('DELETE', `/addresses/${id}`, keyB)).statusCode).toBe(404);
    expect((await v1('GET', '/addresses', keyB)).json()).toEqual([]);
    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${(await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: a.headers })).json()[0].id}`,
      headers: b.headers,
    });
    expect(revoke.statusCode).toBe(404);
  });

  it('buys, lists, tracks, prints and voids with a live key, through the wallet', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '200.00');
    const key = (await createKey(u.headers, 'live')).key;
    const option = await cheapest(key);
    const bought = await v1('POST', '/shipments', key, orderBody(option));
    expect(bought.statusCode, bought.body).toBe(201);
    const created = bought.json();
    expect(await balance(key)).toBe((200 - Number(option.total)).toFixed(2));

    const list = (await v1('GET', '/shipments?limit=5', key)).json();
    expect(list.data.map((s: { id: string }) => s.id)).toContain(created.id);
    const detail = await v1('GET', `/shipments/${created.id}`, key);
    expect(detail.json()).toMatchObject({ id: created.id, trackingNumber: created.trackingNumber });
    const tracked = await v1('GET', `/tracking/${created.trackingNumber}`, key);
    expect(tracked.json()).toMatchObject({ shipmentId: created.id });
    const label = await v1('GET', `/shipments/${created.id}/label`, key);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const voided = await v1('POST', `/shipments/${created.id}/void`, key);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().status).toBe('cancelled');
    expect(await balance(key)).toBe('200.00');
    const tx = (await v1('GET', '/wallet/transactions?limit=10', key)).json();
    expect(tx.data.map((t: { type: string }) => t.type)).toEqual(['refund', 'shipping_charge', expect.any(String)]);
    expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
  });

  it('a test key buys from the sandbox without touching the wallet, and its label says SPECIMEN', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '10.00');
    const key = (await createKey(u.headers, 'test')).key;
    const option = await cheapest(key);
    const bought = await v1('POST', '/shipments', key, orderBody(option));
    expect(bought.statusCode, bought.body).toBe(201);
    const id = bought.json().id as string;
    expect(await balance(key)).toBe('10.00');
    const row = rowsOf<{ test: boolean; mode: string }>(
      await ctx.database.db.execute(sql`select test, mode from shipments where id = ${id}`),
    )[0]!;
    expect(row).toEqual({ test: true, mode: 'sandbox' });
    const label = await v1('GET', `/shipments/${id}/label`, key);
    expect(pageContent(label.rawPayload)).toContain(SPECIMEN_GLYPHS_MARKER);
    // A live key of the same user cannot void a test shipment, and voiding it refunds nothing.
    const live = (await createKey(u.headers, 'live')).key;
    expect((await v1('POST', `/shipments/${id}/void`, live)).statusCode).toBe(404);
    expect((await v1('POST', `/shipments/${id}/void`, key)).json().status).toBe('cancelled');
    expect(await balance(key)).toBe('10.00');
    const tx = (await v1('GET', '/wallet/transactions', key)).json();
    expect(tx.data).toHaveLength(1); // the admin's credit only
  });

  it("a key sees only its own mode's shipments: the other mode's answers 404 everywhere; the web session sees both (review F)", async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '100.00');
    const live = (await createKey(u.headers, 'live')).key;
    const test = (await createKey(u.headers, 'test')).key;
    const buy = async (key: string) => {
      const res = await v1('POST', '/shipments', key, orderBody(await cheapest(key)));
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; trackingNumber: string };
    };
    const liveShipment = await buy(live);
    const testShipment = await buy(test);
    const balanceBefore = await balance(live);
    for (const [key, own, other] of [
      [live, liveShipment, testShipment],
      [test, testShipment, liveShipment],
    ] as const) {
      for (const [method, url] of [
        ['GET', `/shipments/${other.id}`],
        ['GET', `/shipments/${other.id}/label`],
        ['GET', `/tracking/${other.trackingNumber}`],
        ['POST', `/shipments/${other.id}/void`],
      ] as const) {
        const res = await v1(method, url, key);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/problem+json');
      }
      expect((await v1('GET', `/shipments/${own.id}`, key)).statusCode).toBe(200);
      expect((await v1('GET', `/tracking/${own.trackingNumber}`, key)).json()).toMatchObject({ shipmentId: own.id });
      const listed = (await v1('GET', '/shipments', key)).json();
      expect(listed.data.map((s: { id: string }) => s.id)).toEqual([own.id]);
      expect(listed.pagination.total).toBe(1);
      const otherMode = key === live ? 'true' : 'false';
      const filtered = (await v1('GET', `/shipments?test=${otherMode}`, key)).json();
      expect(filtered).toMatchObject({ data: [], pagination: { total: 0 } });
    }
    // Nothing was voided by the other mode's key.
    expect(await balance(live)).toBe(balanceBefore);
    // The web session sees both, and its Live/Test filter splits them.
    const web = (q: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/shipments${q}`, headers: u.headers }).then((r) => r.json());
    expect((await web('')).data.map((s: { id: string }) => s.id).sort()).toEqual(
      [liveShipment.id, testShipment.id].sort(),
    );
    expect((await web('?test=true')).data.map((s: { id: string }) => s.id)).toEqual([testShipment.id]);
    expect((await web('?test=false')).data.map((s: { id: string }) => s.id)).toEqual([liveShipment.id]);
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${testShipment.id}`, headers: u.headers });
    expect(seen.statusCode).toBe(200);
  });

  it('answers the first reply again for a repeated Idempotency-Key, and 409 for another body', async () => {
    const u = await createSignedInUser(ctx);
    const key = (await createKey(u.headers, 'live')).key;
    const body = {
      name: 'Repeat',
      address1: '1 King St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 1A1',
      phone: '416-555-0100',
    };
    const first = await v1('POST', '/addresses', key, body, { 'idempotency-key': 'addr-1' });
    const again = await v1('POST', '/addresses', key, body, { 'idempotency-key': 'addr-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await v1('GET', '/addresses', key)).json()).toHaveLength(1);
    const other = await v1('POST', '/addresses', key, { ...body, name: 'Other' }, { 'idempotency-key': 'addr-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT', errors: [{ path: 'Idempotency-Key' }] });
    const bad = await v1('POST', '/addresses', key, body, { 'idempotency-key': 'é' });
    expect(bad.statusCode).toBe(400);
  });

  it('scopes an Idempotency-Key to the account and mode: a regenerated key replays the first order, never buys twice', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '100.00');
    const k1 = await createKey(u.headers, 'live');
    const option = await cheapest(k1.key);
    const body = orderBody(option);
    const first = await v1('POST', '/shipments', k1.key, body, { 'idempotency-key': 'rot1' });
    expect(first.statusCode, first.body).toBe(201);
    const regen = await ctx.app.inject({
      method: 'POST',
      url: `/api/api-keys/${k1.id}/regenerate`,
      headers: u.headers,
      payload: { graceHours: 2 },
    });
    const k2 = regen.json().key as string;
    const again = await v1('POST', '/shipments', k2, body, { 'idempotency-key': 'rot1' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    // The old key, still in its grace period, gets the same answer; another body answers 409.
    expect((await v1('POST', '/shipments', k1.key, body, { 'idempotency-key': 'rot1' })).json().id).toBe(
      first.json().id,
    );
    const other = await v1(
      'POST',
      '/shipments',
      k2,
      { ...body, service: 'Other service' },
      { 'idempotency-key': 'rot1' },
    );
    expect(other.statusCode).toBe(409);
    expect(await balance(k2)).toBe((100 - Number(option.total)).toFixed(2));
    const charges = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from shipments where user_id = ${u.id} and test = false`,
      ),
    )[0]!;
    expect(charges.n).toBe(1);
    // A test key of the same account never gets the live answer: its own (sandbox) order, no money.
    const test = (await createKey(u.headers, 'test')).key;
    const sandbox = await v1('POST', '/shipments', test, orderBody(await cheapest(test)), {
      'idempotency-key': 'rot1',
    });
    expect(sandbox.statusCode, sandbox.body).toBe(201);
    expect(sandbox.headers['idempotent-replayed']).toBeUndefined();
    expect(sandbox.json().id).not.toBe(first.json().id);
    expect(await balance(k2)).toBe((100 - Number(option.total)).toFixed(2));
  });

  it('answers validation errors as problem documents naming each field', async () => {
    const u = await createSignedInUser(ctx);
    const key = (await createKey(u.headers, 'live')).key;
    const res = await v1('POST', '/rates', key, { ...quoteBody(), packageDetails: { ...PARCEL, weight: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', title: 'Bad Request' });
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain('packageDetails.weight');
    expect((await v1('GET', '/nothing-here', key)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    void FROM;
    void TO;
  });

  it('counts requests per key with RateLimit headers, and 429 with Retry-After past the budget', async () => {
    const u = await createSignedInUser(ctx);
    const key = (await createKey(u.headers, 'live')).key;
    const other = (await createKey(u.headers, 'live')).key;
    const first = await v1('GET', '/wallet', key);
    expect(first.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
    expect(first.headers['ratelimit-remaining']).toBe(String(RATE_LIMIT - 1));
    for (let i = 1; i < RATE_LIMIT; i++) expect((await v1('GET', '/wallet', key)).statusCode).toBe(200);
    const over = await v1('GET', '/wallet', key);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await v1('GET', '/wallet', other)).statusCode).toBe(200); // each key has its own budget
  });

  it('serves a valid OpenAPI 3.1 document naming every /api/v1 route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);

    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const registered = new Set<string>();
    for (const r of registeredV1Routes(ctx.app)) {
      if (r.url === '/api/v1/openapi.json' || r.method === 'HEAD') continue;
      registered.add(`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    }
    expect([...registered].sort()).toEqual([...documented].sort());
    expect(doc.paths['/api/v1/shipments'].post['x-codeSamples'].map((s: { lang: string }) => s.lang)).toEqual([
      'Shell',
      'JavaScript',
    ]);
  });

  it('serves the reference page at /docs/api, rendering the document with scripts from our own origin only', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/docs/api' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('spec-url="/api/v1/openapi.json"');
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(inline!.trim()).toBe(''); // no inline script
      const src = /\bsrc="([^"]+)"/.exec(attrs!)?.[1];
      expect(src).toMatch(/^\/(?!\/)/); // same origin: a path, never another host
      const js = await ctx.app.inject({ method: 'GET', url: src! });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.rawPayload.length).toBeGreaterThan(100_000);
      expect(js.body).not.toContain('cdn.redoc.ly'); // Redoc's attribution logo is not fetched from its CDN
    }
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:/);
  });

  it("publishes request examples that the routes' own contracts accept, and the rates example quotes", async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const deps = { config: ctx.config, database: ctx.database, clock: ctx.clock, providers: ctx.providers };
    const routes = v1Routes(deps, ctx.app.log);
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
      for (const [method, op] of Object.entries(item)) {
        const example = (op.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.[
          'application/json'
        ]?.example;
        if (example === undefined) continue;
        const route = routes.find(
          (r) => r.method === method.toUpperCase() && `/api/v1${r.url.replace(/:(\w+)/g, '{$1}')}` === path,
        )!;
        const parsed = route.schema.body!.safeParse(example);
        expect(parsed.success, `${method} ${path}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        // The code samples send the same body.
        const curl = (op['x-codeSamples'] as { source: string }[])[0]!.source;
        expect(curl).toContain(`-d '${JSON.stringify(example)}'`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);

    const u = await createSignedInUser(ctx);
    const key = (await createKey(u.headers, 'test')).key;
    const example = doc.paths['/api/v1/rates'].post.requestBody.content['application/json'].example;
    const res = await v1('POST', '/rates', key, example);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
  });
});

/** A PDF page's content stream, inflated (the label's drawing). */
function pageContent(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const start = raw.indexOf('stream\n') + 'stream\n'.length;
  const end = raw.indexOf('\nendstream');
  return inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
}
