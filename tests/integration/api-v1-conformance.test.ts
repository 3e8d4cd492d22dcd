/**
 * Schemathesis-style conformance of /api/v1 (issue 28, decision 027): the OpenAPI document is
 * loaded from GET /api/v1/openapi.json and, for every operation in it, requests are generated from
 * the document itself — a valid one (the documented example, or a body generated from the request
 * schema with a seeded generator), plus invalid mutations (missing required key, wrong type, out of
 * range, unknown enum, over-long string, malformed JSON, wrong content type, a bad Idempotency-Key,
 * query values off their pattern or enum), with path parameters naming real objects made first (a
 * shipment bought with a test key, an address, a webhook and its delivery), another account's and
 * unknown ids. Every answer must carry a status the operation documents (never a 500), in a media
 * type documented for that status, with a body valid against the documented schema (ajv, JSON
 * Schema 2020-12); errors are application/problem+json with a stable code, the request id and the
 * failing field's path; another account's and unknown ids are 404.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { orderBody, quoteBody } from './helpers/orders';
import { generate, mutations, pickMutations, seeded, type Schema } from './helpers/schema-gen';
import type { TRateOption } from '../../src/shared/contracts/rates';

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema; example?: unknown } } };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Op = { method: string; path: string; op: Operation };
type Sent = { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown };
type Owner = { key: string; headers: Record<string, string> };

const SEED = 20260302;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe(`/api/v1 conforms to its OpenAPI document (${testDbKind})`, () => {
  let ctx: TestContext;
  let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Json } };
  let ops: Op[];
  let alice: Owner;
  let bob: Owner;
  let hookServer: http.Server;
  let hookUrl: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    ctx = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', API_REQUESTS_PER_MINUTE: '100000' } });
    hookServer = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`;
    const owner = async (): Promise<Owner> => {
      const u = await createSignedInUser(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: u.headers,
        payload: { name: 'conformance', mode: 'test' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const key = (res.json() as { key: string }).key;
      return { key, headers: { authorization: `Bearer ${key}` } };
    };
    alice = await owner();
    bob = await owner();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    ajv.addSchema({ $id: 'urn:voyageur:components', $defs: doc.components.schemas });
    ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => hookServer.close(() => resolve()));
    await ctx?.close();
  });

  const send = (
    owner: Owner,
    method: string,
    url: string,
    opts: { body?: unknown; raw?: string; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<Sent> => {
    const headers: Record<string, string> = { ...owner.headers, ...opts.headers };
    let payload: string | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
    if (payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    return ctx.app.inject({ method: method as 'GET', url, headers, payload }) as unknown as Promise<Sent>;
  };

  /** The real objects behind path parameters, made through the API by `owner`. */
  const makers = {
    shipment: async (owner: Owner) => {
      const rates = await send(owner, 'POST', '/api/v1/rates', { body: quoteBody() });
      expect(rates.statusCode, rates.body).toBe(200);
      const bought = await send(owner, 'POST', '/api/v1/shipments', {
        body: orderBody((rates.json() as TRateOption[])[0]!),
      });
      expect(bought.statusCode, bought.body).toBe(201);
      return bought.json() as { id: string; trackingNumber: string };
    },
    address: async (owner: Owner) => {
      const example = doc.paths['/api/v1/addresses']!.post!.requestBody!.content['application/json'].example;
      const made = await send(owner, 'POST', '/api/v1/addresses', { body: example });
      expect(made.statusCode, made.body).toBe(201);
      return made.json() as { id: string };
    },
    webhook: async (owner: Owner) => {
      const made = await send(owner, 'POST', '/api/v1/webhooks', {
        body: { url: hookUrl, events: ['shipment.created'] },
      });
      expect(made.statusCode, made.body).toBe(201);
      const hook = made.json() as { id: string };
      const sent = await send(owner, 'POST', `/api/v1/webhooks/${hook.id}/test`);
      expect(sent.statusCode, sent.body).toBe(200);
      return { id: hook.id, deliveryId: (sent.json() as { id: string }).id };
    },
  };

  /** Real path parameters of `owner` for the operation's path (a fresh object each time). */
  async function realParams(path: string, owner: Owner): Promise<Record<string, string>> {
    if (path.startsWith('/api/v1/shipments/{id}')) return { id: (await makers.shipment(owner)).id };
    if (path.startsWith('/api/v1/tracking/')) return { trackingNumber: (await makers.shipment(owner)).trackingNumber };
    if (path.startsWith('/api/v1/addresses/{id}')) return { id: (await makers.address(owner)).id };
    if (path.startsWith('/api/v1/webhooks/{id}')) return makers.webhook(owner);
    return {};
  }
  const urlOf = (path: string, params: Record<string, string>, query: Record<string, string> = {}) => {
    const base = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? UNKNOWN_ID));
    const qs = new URLSearchParams(query).toString();
    return qs ? `${base}?${qs}` : base;
  };

  /** What is wrong with this answer against the document ([] when it conforms). */
  function conformance(o: Op, res: Sent, label: string): string[] {
    const where = `${o.method} ${o.path} (${label}) → ${res.statusCode}`;
    const documented = o.op.responses[String(res.statusCode)];
    if (!documented) return [`${where}: status not documented (${res.body.slice(0, 200)})`];
    const problems: string[] = [];
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const media = documented.content?.[type];
    if (!media) return [`${where}: content-type ${type} not documented for this status`];
    if (type.endsWith('json')) {
      const key = `${o.method} ${o.path} ${res.statusCode} ${type}`;
      let validate = validators.get(key);
      if (!validate) {
        const schema = JSON.parse(
          JSON.stringify(media.schema).replace(/"#\/components\/schemas\//g, '"urn:voyageur:components#/$defs/'),
        );
        validate = ajv.compile(schema);
        validators.set(key, validate);
      }
      const body = res.json();
      if (!validate(body)) {
        problems.push(`${where}: body does not match the documented schema: ${ajv.errorsText(validate.errors)}`);
      }
      if (res.statusCode >= 400) {
        const p = body as { code?: unknown; status?: unknown; requestId?: unknown };
        if (type !== 'application/problem+json') problems.push(`${where}: error not application/problem+json`);
        if (typeof p.code !== 'string' || !/^[A-Z_]+$/.test(p.code)) problems.push(`${where}: no stable code`);
        if (p.status !== res.statusCode) problems.push(`${where}: problem status ${String(p.status)}`);
        if (p.requestId !== res.headers['x-request-id']) problems.push(`${where}: requestId is not x-request-id`);
      }
    }
    return problems;
  }
  const namesPath = (res: Sent, path: string) =>
    ((res.json() as { errors?: { path: string }[] }).errors ?? []).some(
      (e) => e.path === path || e.path.startsWith(`${path}.`),
    );

  it('documents 400, 401, 404 and 429 for every operation, and 413 and 415 for those that take a body', () => {
    expect(ops.length).toBeGreaterThanOrEqual(20);
    for (const o of ops) {
      for (const status of ['400', '401', '404', '429'])
        expect(o.op.responses[status], `${o.path} ${status}`).toBeDefined();
      if (o.op.requestBody) {
        for (const status of ['413', '415']) expect(o.op.responses[status], `${o.path} ${status}`).toBeDefined();
      }
    }
  });

  it('answers generated valid and invalid requests of every operation as the document says', async () => {
    const rand = seeded(SEED);
    const failures: string[] = [];
    const exercised = new Map<string, number>();
    const check = (o: Op, res: Sent, label: string, expect?: (res: Sent) => string | null) => {
      const kind = label.split(' ')[0]!;
      exercised.set(kind, (exercised.get(kind) ?? 0) + 1);
      failures.push(...conformance(o, res, label));
      if (res.statusCode >= 500) failures.push(`${o.method} ${o.path} (${label}): server error ${res.body}`);
      const wrong = expect?.(res);
      if (wrong)
        failures.push(`${o.method} ${o.path} (${label}) → ${res.statusCode}: ${wrong} ${res.body.slice(0, 300)}`);
    };
    const status =
      (...codes: number[]) =>
      (res: Sent) =>
        codes.includes(res.statusCode) ? null : `expected ${codes.join(' or ')}`;
    const invalid = (path: string) => (res: Sent) =>
      res.statusCode !== 400 ? 'expected 400' : namesPath(res, path) ? null : `errors do not name ${path}`;

    for (const o of ops) {
      const body = o.op.requestBody?.content['application/json'];
      const params = (o.op.parameters ?? []).filter((p) => p.in === 'path');
      const query = (o.op.parameters ?? []).filter((p) => p.in === 'query');
      const hasPath = params.length > 0;

      // The valid request: the documented example, a body from a real quote for the purchase,
      // or one generated from the schema (which the API may refuse with a documented 4xx).
      const real = await realParams(o.path, alice);
      let valid: unknown = body?.example;
      if (o.op.operationId === 'buyShipment') {
        const rates = await send(alice, 'POST', '/api/v1/rates', { body: quoteBody() });
        valid = orderBody((rates.json() as TRateOption[])[0]!);
      } else if (o.op.operationId === 'updateAddress') {
        valid = doc.paths['/api/v1/addresses']!.post!.requestBody!.content['application/json'].example;
      } else if (o.op.operationId === 'updateWebhook') {
        valid = { url: hookUrl, events: ['shipment.voided'] };
      }
      const validQuery = Object.fromEntries(
        query.filter((p) => p.required).map((p) => [p.name, String(generate(p.schema, rand))]),
      );
      if (valid !== undefined || !body) {
        const res = await send(alice, o.method, urlOf(o.path, real, validQuery), { body: valid });
        check(o, res, 'valid', (r) => (r.statusCode < 300 ? null : 'expected a success'));
      }
      if (body) {
        for (const full of [false, true]) {
          const generated = generate(body.schema, rand, full);
          const fresh = hasPath ? await realParams(o.path, alice) : {};
          check(
            o,
            await send(alice, o.method, urlOf(o.path, fresh), { body: generated }),
            `generated${full ? ' full' : ''}`,
          );
        }
      }
      // Query values from the schema, then off it (each named in the error).
      for (const p of query) {
        const generated = { [p.name]: String(generate(p.schema, rand)) };
        check(o, await send(alice, o.method, urlOf(o.path, real, generated)), `query ${p.name}`);
        const bad = p.schema.enum
          ? 'not-a-member'
          : p.schema.pattern
            ? '-1x'
            : p.schema.maxLength
              ? 'q'.repeat(p.schema.maxLength + 1)
              : null;
        if (bad !== null) {
          check(
            o,
            await send(alice, o.method, urlOf(o.path, real, { [p.name]: bad })),
            `query ${p.name}=${bad.slice(0, 10)}`,
            invalid(p.name),
          );
        }
      }

      if (body) {
        const base = valid ?? generate(body.schema, seeded(SEED));
        const target = hasPath ? await realParams(o.path, alice) : {};
        for (const m of pickMutations(mutations(body.schema, base), rand)) {
          const res = await send(alice, o.method, urlOf(o.path, target), { body: m.apply(base) });
          check(o, res, `${m.kind} ${m.path}`, invalid(m.path));
        }
        check(
          o,
          await send(alice, o.method, urlOf(o.path, target), { raw: '{"truncated": ' }),
          'malformed JSON',
          invalid('body'),
        );
        check(
          o,
          await send(alice, o.method, urlOf(o.path, target), { raw: JSON.stringify(base), contentType: 'text/plain' }),
          'text/plain',
          status(415),
        );
        check(
          o,
          await send(alice, o.method, urlOf(o.path, target), { raw: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }) }),
          'over the body limit',
          status(413),
        );
      }
      if (o.method === 'POST') {
        check(
          o,
          await send(alice, o.method, urlOf(o.path, real), {
            body: valid ?? body?.example,
            headers: { 'idempotency-key': 'k'.repeat(201) },
          }),
          'over-long Idempotency-Key',
          invalid('Idempotency-Key'),
        );
      }
      check(
        o,
        await send({ key: '', headers: {} }, o.method, urlOf(o.path, real), { body: valid }),
        'no key',
        status(401),
      );

      if (hasPath) {
        const bobs = await realParams(o.path, bob);
        const unknown = Object.fromEntries(params.map((p) => [p.name, UNKNOWN_ID]));
        for (const [label, values] of [
          ["another account's ids", bobs],
          ['unknown ids', unknown],
          ['ids that are no UUID', Object.fromEntries(params.map((p) => [p.name, 'no-such-thing']))],
        ] as const) {
          check(o, await send(alice, o.method, urlOf(o.path, values), { body: valid }), label, status(404));
        }
      }
    }
    expect(failures).toEqual([]);
    // Not vacuous: every kind of request was sent, to every operation.
    for (const kind of [
      'valid',
      'generated',
      'query',
      'missing-required',
      'wrong-type',
      'out-of-range',
      'unknown-enum',
      'over-long',
      'malformed',
      'text/plain',
      'over',
      'no',
      'unknown',
      'another',
      'ids',
    ]) {
      expect(exercised.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
    expect(exercised.get('no')).toBe(ops.length);
  }, 600_000);

  it('answers the conflicts and limits a client meets (409, 429 with Retry-After) as the document says', async () => {
    const u = await createSignedInUser(ctx);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: u.headers,
      payload: { name: 'limits', mode: 'test' },
    });
    const carol: Owner = { key: '', headers: { authorization: `Bearer ${(made.json() as { key: string }).key}` } };
    const opOf = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)!;
    const failures: string[] = [];

    // The same Idempotency-Key with another body: 409 naming the header.
    const create = opOf('POST', '/api/v1/addresses');
    const example = create.op.requestBody!.content['application/json'].example as Json;
    const idem = { 'idempotency-key': 'conformance-1' };
    const first = await send(carol, 'POST', '/api/v1/addresses', { body: example, headers: idem });
    failures.push(...conformance(create, first, 'first with a key'));
    expect(first.statusCode).toBe(201);
    const replay = await send(carol, 'POST', '/api/v1/addresses', { body: example, headers: idem });
    failures.push(...conformance(create, replay, 'replayed'));
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([201, 'true']);
    const other = await send(carol, 'POST', '/api/v1/addresses', {
      body: { ...example, name: 'Someone Else' },
      headers: idem,
    });
    failures.push(...conformance(create, other, 'another body'));
    expect(other.statusCode).toBe(409);
    expect(namesPath(other, 'Idempotency-Key')).toBe(true);

    // A test event to an endpoint turned off: 409.
    const hook = await makers.webhook(carol);
    const patch = opOf('PATCH', '/api/v1/webhooks/{id}');
    failures.push(
      ...conformance(
        patch,
        await send(carol, 'PATCH', `/api/v1/webhooks/${hook.id}`, { body: { enabled: false } }),
        'off',
      ),
    );
    const test = opOf('POST', '/api/v1/webhooks/{id}/test');
    const off = await send(carol, 'POST', `/api/v1/webhooks/${hook.id}/test`);
    failures.push(...conformance(test, off, 'turned off'));
    expect(off.statusCode).toBe(409);
    await send(carol, 'PATCH', `/api/v1/webhooks/${hook.id}`, { body: { enabled: true } });

    // Test events and resends past the hourly budget: 429 with Retry-After, on both routes.
    const resend = opOf('POST', '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend');
    let limited: Sent | undefined;
    for (let i = 0; i < 100 && !limited; i++) {
      const res = await send(carol, 'POST', `/api/v1/webhooks/${hook.id}/test`);
      failures.push(...conformance(test, res, `send ${i}`));
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    const resent = await send(carol, 'POST', `/api/v1/webhooks/${hook.id}/deliveries/${hook.deliveryId}/resend`);
    failures.push(...conformance(resend, resent, 'resend over the budget'));
    expect(resent.statusCode).toBe(429);
    expect(failures).toEqual([]);
  }, 300_000);
});
