/**
 * Signed webhooks of the public API (issue 28, decision 034), through HTTP and a local receiver
 * (http.createServer on 127.0.0.1): endpoints with their secret shown once, another account's
 * endpoint not found, the outbox rows written with the change and delivered signed, a 500 then a
 * 200 delivered twice with one event id (and a later event waiting behind it), an endpoint
 * disabled after a day of failures with a mail, server-side request forgery refused, the test
 * event and resend, and the OpenAPI document still valid with the webhook routes in it.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quoteBody } from './helpers/orders';
import { createWebhooksService, type WebhooksService } from '../../src/server/modules/webhooks/service';
import { setWebhookResolver } from '../../src/server/modules/webhooks/wiring';
import { enqueueWebhookEvent } from '../../src/server/modules/webhooks/repo';
import type { ResolveHost } from '../../src/server/modules/webhooks/sender';

type Headers = Record<string, string>;
type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** A local receiver: records each request; `answer` decides the status (and headers) of each. */
async function receiver(
  answer: (r: Received, n: number) => { status: number; headers?: Headers } = () => ({ status: 200 }),
) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const a = answer(r, received.length);
      res.writeHead(a.status, a.headers ?? {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does with Voyageur-Signature (the README's snippet). */
function verify(body: string, header: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

/** An error body (the web's `fieldErrors`, or the API's problem `errors`) names this field. */
function namesField(body: { fieldErrors?: Record<string, unknown>; errors?: { path: string }[] }, field: string) {
  return Boolean(body.fieldErrors?.[field]) || Boolean(body.errors?.some((e) => e.path === field));
}

describe(`webhooks (${testDbKind})`, () => {
  let ctx: TestContext;
  let hooks: WebhooksService;
  const names = new Map<string, string>();
  const resolve: ResolveHost = async (host) => {
    const address = names.get(host);
    if (!address) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

  beforeAll(async () => {
    ctx = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', API_REQUESTS_PER_MINUTE: '1000' } });
    setWebhookResolver(ctx.database, resolve);
    hooks = createWebhooksService({
      db: ctx.database.db,
      clock: ctx.clock,
      mail: ctx.providers.mail,
      log: { info: () => undefined, error: () => undefined },
      allowPrivate: true,
      resolve,
      appUrl: ctx.config.appUrl,
    });
  });
  afterAll(async () => ctx.close());

  const keyFor = async (headers: Headers, mode: 'live' | 'test' = 'test') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers,
      payload: { name: 'hooks', mode },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().key as string;
  };
  const v1 = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${key}` }, payload });
  const buy = async (key: string) => {
    const rates = await v1('POST', '/rates', key, quoteBody());
    expect(rates.statusCode, rates.body).toBe(200);
    const bought = await v1('POST', '/shipments', key, orderBody(rates.json()[0]));
    expect(bought.statusCode, bought.body).toBe(201);
    return bought.json() as { id: string; trackingNumber: string };
  };

  it('creates, lists, reads, updates and deletes an endpoint; the secret is shown once', async () => {
    const u = await createSignedInUser(ctx);
    const key = await keyFor(u.headers);
    const created = await v1('POST', '/webhooks', key, {
      url: 'https://hooks.example.com/voyageur',
      events: ['shipment.created', 'shipment.created', 'tracker.updated'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json();
    expect(hook).toMatchObject({
      url: 'https://hooks.example.com/voyageur',
      events: ['shipment.created', 'tracker.updated'],
      enabled: true,
      disabledAt: null,
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const list = await v1('GET', '/webhooks', key);
    expect(list.json()).toEqual([expect.objectContaining({ id: hook.id })]);
    expect(list.body).not.toContain(hook.secret);
    const one = await v1('GET', `/webhooks/${hook.id}`, key);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain(hook.secret);
    // The settings screen sees the same endpoint through the session, without the secret either.
    const web = await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: u.headers });
    expect(web.json()).toEqual([expect.objectContaining({ id: hook.id, url: hook.url })]);
    expect(web.body).not.toContain(hook.secret);

    const patched = await v1('PATCH', `/webhooks/${hook.id}`, key, { events: ['shipment.voided'], enabled: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ events: ['shipment.voided'], enabled: false });
    expect(patched.json().disabledAt).toBeTruthy();
    const on = await v1('PATCH', `/webhooks/${hook.id}`, key, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledAt: null });

    const bad = await v1('POST', '/webhooks', key, { url: 'https://hooks.example.com/x', events: ['order.eaten'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('events.0');
    const none = await v1('POST', '/webhooks', key, { url: 'https://hooks.example.com/x', events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([expect.objectContaining({ path: 'events' })]);

    const del = await v1('DELETE', `/webhooks/${hook.id}`, key);
    expect(del.statusCode).toBe(200);
    expect((await v1('GET', `/webhooks/${hook.id}`, key)).statusCode).toBe(404);
    expect((await v1('GET', '/webhooks', key)).json()).toEqual([]);
  });

  it("answers 404 for another account's endpoint and its deliveries", async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const keyA = await keyFor(a.headers);
    const keyB = await keyFor(b.headers);
    const hook = (
      await v1('POST', '/webhooks', keyA, { url: 'https://a.example.com/h', events: ['shipment.created'] })
    ).json();
    for (const [method, url, payload] of [
      ['GET', `/webhooks/${hook.id}`],
      ['PATCH', `/webhooks/${hook.id}`, { enabled: false }],
      ['DELETE', `/webhooks/${hook.id}`],
      ['POST', `/webhooks/${hook.id}/test`],
      ['POST', `/webhooks/${hook.id}/secret`],
      ['GET', `/webhooks/${hook.id}/deliveries`],
      ['POST', `/webhooks/${hook.id}/deliveries/${hook.id}/resend`],
      ['GET', '/webhooks/not-a-uuid'],
    ] as const) {
      const res = await v1(method, url, keyB, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const web = await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, headers: b.headers });
    expect(web.statusCode).toBe(404);
    expect((await v1('GET', `/webhooks/${hook.id}`, keyA)).json().enabled).toBe(true);
  });

  it('delivers signed events written with the change: created, tracking, delivered, voided', async () => {
    const r = await receiver();
    try {
      const u = await createSignedInUser(ctx);
      const key = await keyFor(u.headers);
      const hook = (
        await v1('POST', '/webhooks', key, {
          url: r.url(),
          events: ['shipment.created', 'tracker.updated', 'shipment.delivered', 'shipment.voided'],
        })
      ).json();
      const first = await buy(key);
      const second = await buy(key);
      await hooks.deliverDue();
      expect(r.received).toHaveLength(2);
      for (const got of r.received) {
        expect(verify(got.body, String(got.headers['voyageur-signature']), hook.secret)).toBe(true);
        expect(verify(got.body, String(got.headers['voyageur-signature']), 'whsec_wrong')).toBe(false);
        expect(got.headers['voyageur-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        const event = JSON.parse(got.body);
        expect(got.headers['voyageur-event-id']).toBe(event.id);
        expect(event.type).toBe('shipment.created');
      }
      // In the order the events happened.
      expect(r.received.map((g) => JSON.parse(g.body).data.shipment.id)).toEqual([first.id, second.id]);
      expect(JSON.parse(r.received[0]!.body).data.shipment).toMatchObject({
        trackingNumber: first.trackingNumber,
        status: 'label_created',
        test: true,
      });

      const voided = await v1('POST', `/shipments/${second.id}/void`, key);
      expect(voided.statusCode, voided.body).toBe(200);
      await hooks.deliverDue();
      expect(JSON.parse(r.received[2]!.body)).toMatchObject({
        type: 'shipment.voided',
        data: { shipment: { id: second.id, status: 'cancelled', test: true } },
      });

      // Days later the sandbox has delivered the first parcel: reading it syncs tracking, which writes the events.
      ctx.clock.advance(10 * 24 * 3_600_000);
      expect((await v1('GET', `/shipments/${first.id}`, key)).json().status).toBe('delivered');
      await hooks.deliverDue();
      const types = r.received.slice(3).map((g) => JSON.parse(g.body).type);
      expect(types).toEqual(['tracker.updated', 'shipment.delivered']);
      expect(JSON.parse(r.received[4]!.body).data.shipment).toMatchObject({ id: first.id, status: 'delivered' });

      const log = (await v1('GET', `/webhooks/${hook.id}/deliveries`, key)).json();
      expect(log).toHaveLength(5);
      expect(
        log.every(
          (d: { status: string; responseStatus: number }) => d.status === 'delivered' && d.responseStatus === 200,
        ),
      ).toBe(true);
      expect(log.map((d: { type: string }) => d.type).sort()).toEqual([
        'shipment.created',
        'shipment.created',
        'shipment.delivered',
        'shipment.voided',
        'tracker.updated',
      ]);
      expect(typeof log[0].durationMs).toBe('number');
    } finally {
      await r.close();
    }
  });

  it('retries a 500 with backoff and delivers the same event id; a later event waits for it', async () => {
    let failing = true;
    const r = await receiver(() => ({ status: failing ? 500 : 200 }));
    try {
      const u = await createSignedInUser(ctx);
      const key = await keyFor(u.headers);
      const hook = (await v1('POST', '/webhooks', key, { url: r.url(), events: ['shipment.created'] })).json();
      const first = await buy(key);
      await hooks.deliverDue();
      expect(r.received).toHaveLength(1);
      let log = (await v1('GET', `/webhooks/${hook.id}/deliveries`, key)).json();
      expect(log[0]).toMatchObject({ status: 'pending', responseStatus: 500, attempts: 1, error: 'Answered 500' });
      expect(new Date(log[0].nextAttemptAt).getTime()).toBeGreaterThan(ctx.clock.now().getTime());

      // A second event now is not sent before the first one.
      const second = await buy(key);
      await hooks.deliverDue();
      expect(r.received).toHaveLength(1);

      failing = false;
      ctx.clock.advance(60_000);
      await hooks.deliverDue();
      expect(r.received).toHaveLength(3);
      const [a, b, c] = r.received.map((g) => JSON.parse(g.body));
      expect(b.id).toBe(a.id);
      expect(r.received[1]!.headers['voyageur-event-id']).toBe(r.received[0]!.headers['voyageur-event-id']);
      expect([a.data.shipment.id, b.data.shipment.id, c.data.shipment.id]).toEqual([first.id, first.id, second.id]);
      log = (await v1('GET', `/webhooks/${hook.id}/deliveries`, key)).json();
      expect(log.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
        ['delivered', 1],
        ['delivered', 2],
      ]);
    } finally {
      await r.close();
    }
  });

  it('turns an endpoint off after a day of failures and mails its owner; turning it on sends what waited', async () => {
    let failing = true;
    const r = await receiver(() => ({ status: failing ? 503 : 204 }));
    try {
      const u = await createSignedInUser(ctx);
      const key = await keyFor(u.headers);
      const hook = (await v1('POST', '/webhooks', key, { url: r.url(), events: ['shipment.created'] })).json();
      await buy(key);
      await hooks.deliverDue();
      ctx.clock.advance(25 * 3_600_000);
      await hooks.deliverDue();
      expect(r.received).toHaveLength(2);
      const off = (await v1('GET', `/webhooks/${hook.id}`, key)).json();
      expect(off).toMatchObject({ enabled: false, disabledReason: 'Deliveries failed for a day' });
      const mail = ctx.mail.filter((m) => m.to === u.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain(r.url());
      expect(mail[0]!.text).toContain(`${ctx.config.appUrl}/settings?tab=api-keys`);
      // Off: nothing more is sent.
      ctx.clock.advance(7 * 3_600_000);
      await hooks.deliverDue();
      expect(r.received).toHaveLength(2);

      failing = false;
      expect((await v1('PATCH', `/webhooks/${hook.id}`, key, { enabled: true })).statusCode).toBe(200);
      await hooks.deliverDue();
      expect(r.received).toHaveLength(3);
      expect((await v1('GET', `/webhooks/${hook.id}/deliveries`, key)).json()[0]).toMatchObject({
        status: 'delivered',
        responseStatus: 204,
        attempts: 3,
      });
    } finally {
      await r.close();
    }
  });

  it('sends a test event now and resends a logged one with the same event id', async () => {
    const r = await receiver();
    try {
      const u = await createSignedInUser(ctx);
      const hook = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: u.headers,
          payload: { url: r.url('/test-hook'), events: ['topup.succeeded'] },
        })
      ).json();
      expect(hook.secret).toMatch(/^whsec_/);
      const sent = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: u.headers });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({
        type: 'webhook.test',
        status: 'delivered',
        responseStatus: 200,
        attempts: 1,
      });
      expect(r.received).toHaveLength(1);
      expect(r.received[0]!.path).toBe('/test-hook');
      expect(verify(r.received[0]!.body, String(r.received[0]!.headers['voyageur-signature']), hook.secret)).toBe(true);

      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/${hook.id}/deliveries/${sent.json().id}/resend`,
        headers: u.headers,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ eventId: sent.json().eventId, status: 'delivered' });
      expect(r.received[1]!.headers['voyageur-event-id']).toBe(sent.json().eventId);
      expect(r.received[1]!.body).toBe(r.received[0]!.body);
      const log = (
        await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: u.headers })
      ).json();
      expect(log).toHaveLength(2);

      // A new secret, shown once: later events are signed with it, not the old one.
      const rotated = await ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/${hook.id}/secret`,
        headers: u.headers,
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const newSecret = rotated.json().secret as string;
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(hook.secret);
      await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: u.headers });
      const signed = r.received.at(-1)!;
      expect(verify(signed.body, String(signed.headers['voyageur-signature']), newSecret)).toBe(true);
      expect(verify(signed.body, String(signed.headers['voyageur-signature']), hook.secret)).toBe(false);
    } finally {
      await r.close();
    }
  });

  it('sends topup.succeeded once for a card top-up, however often it is confirmed', async () => {
    const r = await receiver();
    try {
      const u = await createSignedInUser(ctx);
      const key = await keyFor(u.headers, 'live');
      await v1('POST', '/webhooks', key, { url: r.url(), events: ['topup.succeeded'] });
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: u.headers,
        payload: { amount: 50, savePaymentMethod: false },
      });
      expect(created.statusCode, created.body).toBe(200);
      const intent = created.json();
      const paid = await ctx.app.inject({
        method: 'POST',
        url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
        payload: {
          clientSecret: intent.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Tremblay' },
        },
      });
      expect(paid.json().status).toBe('succeeded');
      for (let i = 0; i < 2; i++) {
        const confirmed = await ctx.app.inject({
          method: 'POST',
          url: '/api/confirm-payment',
          headers: u.headers,
          payload: { paymentIntentId: intent.paymentIntentId },
        });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
      }
      await hooks.deliverDue();
      expect(r.received).toHaveLength(1);
      expect(JSON.parse(r.received[0]!.body)).toMatchObject({
        type: 'topup.succeeded',
        data: { topup: { amount: '50.00', currency: 'CAD' } },
      });
    } finally {
      await r.close();
    }
  });

  it('refuses server-side request forgery targets when saving and when delivering', async () => {
    const u = await createSignedInUser(ctx);
    const key = await keyFor(u.headers);
    const create = (url: string) => v1('POST', '/webhooks', key, { url, events: ['shipment.created'] });
    for (const url of [
      'http://hooks.example.com/plain-http',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00:ec2::254]/latest',
      'https://[::ffff:127.0.0.1]/hook',
      'https://100.64.0.1/hook',
      'https://user:pw@hooks.example.com/hook',
      'ftp://hooks.example.com/hook',
    ]) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].path, url).toBe('url');
    }

    // Without WEBHOOKS_ALLOW_PRIVATE, loopback is refused too.
    const strict = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'false' } });
    try {
      const s = await createSignedInUser(strict);
      for (const url of ['https://[::1]/hook', 'http://localhost:5000/hook', 'https://127.0.0.1/hook']) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: s.headers,
          payload: { url, events: ['shipment.created'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().fieldErrors.url, url).toBeTruthy();
      }
    } finally {
      await strict.close();
    }

    // A public-looking name whose address is private is refused when the event is sent (checked at delivery).
    const r = await receiver();
    try {
      for (const [name, address] of [
        ['rebind.example.net', '10.0.0.7'],
        ['metadata.example.net', '169.254.169.254'],
        ['mapped.example.net', '::ffff:10.0.0.1'],
      ] as const) {
        names.set(name, address);
        const hook = (await create(`https://${name}/hook`)).json();
        const sent = (await v1('POST', `/webhooks/${hook.id}/test`, key)).json();
        expect(sent, name).toMatchObject({ status: 'failed', responseStatus: null });
        // Refused, with a neutral reason: neither the address nor the resolver's text is shown (review B).
        expect(sent.error, name).toBe('Refused: address not allowed');
        expect(JSON.stringify((await v1('GET', `/webhooks/${hook.id}/deliveries`, key)).json()), name).not.toContain(
          address,
        );
        await v1('DELETE', `/webhooks/${hook.id}`, key);
      }
      // A name resolving to 127.0.0.1 without the flag: refused, and the receiver there hears nothing.
      names.set('loopback.example.net', '127.0.0.1');
      const strictHooks = createWebhooksService({
        db: ctx.database.db,
        clock: ctx.clock,
        mail: ctx.providers.mail,
        log: { info: () => undefined, error: () => undefined },
        allowPrivate: false,
        resolve,
        appUrl: ctx.config.appUrl,
      });
      const loop = await strictHooks.create(u.id, {
        url: `https://loopback.example.net:${r.port}/hook`,
        events: ['shipment.created'],
      });
      const refused = await strictHooks.sendTest(u.id, loop.id);
      expect(refused.error).toBe('Refused: address not allowed');
      expect(r.received).toHaveLength(0);
      await strictHooks.remove(u.id, loop.id);
    } finally {
      await r.close();
    }

    // Redirects are not followed: a 302 is a failed attempt and its target hears nothing.
    const target = await receiver();
    const redirecting = await receiver(() => ({ status: 302, headers: { location: target.url('/elsewhere') } }));
    try {
      const hook = (await create(redirecting.url())).json();
      const sent = (await v1('POST', `/webhooks/${hook.id}/test`, key)).json();
      expect(sent).toMatchObject({ status: 'failed', responseStatus: 302 });
      expect(sent.error).toContain('redirects are not followed');
      expect(redirecting.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
    } finally {
      await target.close();
      await redirecting.close();
    }
  });

  it('sends each event once and in order when instances deliver at the same time', async () => {
    const r = await receiver();
    // A second instance on the same PostgreSQL database (its own pool); on PGlite the same one.
    const other = ctx.databaseUrl
      ? await createTestApp({ shareDatabase: ctx.databaseUrl, env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } })
      : null;
    try {
      const u = await createSignedInUser(ctx);
      const created = await hooks.create(u.id, { url: r.url(), events: ['tracker.updated'] });
      const second = createWebhooksService({
        db: (other ?? ctx).database.db,
        clock: ctx.clock,
        mail: ctx.providers.mail,
        log: { info: () => undefined, error: () => undefined },
        allowPrivate: true,
        resolve,
        appUrl: ctx.config.appUrl,
      });
      const total = 40;
      for (let n = 0; n < total; n++) {
        await ctx.database.db.transaction((tx) =>
          enqueueWebhookEvent(tx, u.id, 'tracker.updated', { n }, ctx.clock.now()),
        );
      }
      for (let pass = 0; pass < 30 && r.received.length < total; pass++) {
        await Promise.all([hooks.deliverDue(), second.deliverDue(), hooks.deliverDue(), second.deliverDue()]);
      }
      const order = r.received.map((g) => JSON.parse(g.body).data.n as number);
      expect(order).toEqual(Array.from({ length: total }, (_, n) => n));
      const log = await hooks.deliveries(u.id, created.id);
      expect(log.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    } finally {
      await r.close();
      await other?.close();
    }
  });

  it('keeps the OpenAPI document valid, with every webhook route in it', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths['/api/v1/webhooks']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/webhooks/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/api/v1/webhooks/{id}/test'].post.operationId).toBe('sendTestWebhook');
    expect(doc.paths['/api/v1/webhooks/{id}/secret'].post.operationId).toBe('rotateWebhookSecret');
    expect(doc.paths['/api/v1/webhooks/{id}/deliveries'].get.operationId).toBe('listWebhookDeliveries');
    expect(doc.paths['/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend'].post.operationId).toBe(
      'resendWebhookDelivery',
    );
    expect(
      doc.paths['/api/v1/webhooks'].post.requestBody.content['application/json'].schema.properties.events.items.enum,
    ).toEqual([
      'shipment.created',
      'shipment.voided',
      'tracker.updated',
      'shipment.delivered',
      'wallet.low_balance',
      'topup.succeeded',
    ]);
    expect(doc.info.description).toContain('Voyageur-Signature');
  });

  it('logs neutral reasons: host not found, connection refused, no address or resolver text (review B)', async () => {
    const u = await createSignedInUser(ctx);
    const key = await keyFor(u.headers);
    const closed = await receiver();
    await closed.close(); // nothing listens on its port now
    const cases = [
      ['https://internal-db.corp.example/hook', 'Host not found', ['getaddrinfo', 'ENOTFOUND', 'internal-db']],
      [closed.url(), 'Connection refused', ['ECONNREFUSED', '127.0.0.1:']],
    ] as const;
    for (const [url, reason, hidden] of cases) {
      const hook = (await v1('POST', '/webhooks', key, { url, events: ['shipment.created'] })).json();
      const sent = await v1('POST', `/webhooks/${hook.id}/test`, key);
      expect(sent.json(), url).toMatchObject({ status: 'failed', responseStatus: null, error: reason });
      const log = await ctx.app.inject({
        method: 'GET',
        url: `/api/webhooks/${hook.id}/deliveries`,
        headers: u.headers,
      });
      expect(log.json()[0].error, url).toBe(reason);
      for (const text of hidden) expect(log.body, url).not.toContain(text);
      await v1('DELETE', `/webhooks/${hook.id}`, key);
    }
  });

  it('limits test events and resends to 30 an hour per user, 429 with Retry-After (review A)', async () => {
    const r = await receiver();
    try {
      const u = await createSignedInUser(ctx);
      const other = await createSignedInUser(ctx);
      const key = await keyFor(u.headers);
      const hook = (await v1('POST', '/webhooks', key, { url: r.url(), events: ['shipment.created'] })).json();
      const first = (await v1('POST', `/webhooks/${hook.id}/test`, key)).json();
      const web = (url: string) => ctx.app.inject({ method: 'POST', url, headers: u.headers });
      // 30 together, through the API and the settings screen, test events and resends alike.
      for (let i = 1; i < 30; i++) {
        const res =
          i % 3 === 0
            ? await web(`/api/webhooks/${hook.id}/test`)
            : i % 3 === 1
              ? await v1('POST', `/webhooks/${hook.id}/deliveries/${first.id}/resend`, key)
              : await web(`/api/webhooks/${hook.id}/deliveries/${first.id}/resend`);
        expect(res.statusCode, `${i}: ${res.body}`).toBe(200);
      }
      expect(r.received).toHaveLength(30);
      const over = await v1('POST', `/webhooks/${hook.id}/test`, key);
      expect(over.statusCode).toBe(429);
      expect(over.headers['content-type']).toContain('application/problem+json');
      expect(over.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const overWeb = await web(`/api/webhooks/${hook.id}/deliveries/${first.id}/resend`);
      expect(overWeb.statusCode).toBe(429);
      expect(overWeb.json().code).toBe('RATE_LIMITED');
      expect(Number(overWeb.headers['retry-after'])).toBeGreaterThan(0);
      // Refused sends reach nobody and log nothing.
      expect(r.received).toHaveLength(30);
      const log = (await v1('GET', `/webhooks/${hook.id}/deliveries`, key)).json();
      expect(log).toHaveLength(30);
      // Another user has their own budget.
      const otherKey = await keyFor(other.headers);
      const theirs = (await v1('POST', '/webhooks', otherKey, { url: r.url(), events: ['shipment.created'] })).json();
      expect((await v1('POST', `/webhooks/${theirs.id}/test`, otherKey)).statusCode).toBe(200);
    } finally {
      await r.close();
    }
  });

  it('a resend while the event is still pending there is tried once: one retry chain per event (review A)', async () => {
    const r = await receiver(() => ({ status: 503 }));
    try {
      const u = await createSignedInUser(ctx);
      const key = await keyFor(u.headers);
      const hook = (await v1('POST', '/webhooks', key, { url: r.url(), events: ['shipment.created'] })).json();
      const first = (await v1('POST', `/webhooks/${hook.id}/test`, key)).json();
      expect(first).toMatchObject({ status: 'failed', attempts: 1 });
      // The first resend of a settled event fails and is retried like any event.
      const chain = (await v1('POST', `/webhooks/${hook.id}/deliveries/${first.id}/resend`, key)).json();
      expect(chain).toMatchObject({ status: 'pending', attempts: 1, eventId: first.eventId });
      expect(chain.nextAttemptAt).not.toBeNull();
      // More resends, one after another and at once, while it is pending: each tried once.
      const later = [(await v1('POST', `/webhooks/${hook.id}/deliveries/${first.id}/resend`, key)).json()];
      later.push(
        ...(
          await Promise.all([1, 2, 3].map(() => v1('POST', `/webhooks/${hook.id}/deliveries/${chain.id}/resend`, key)))
        ).map((res) => res.json()),
      );
      for (const d of later) expect(d).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
      expect(r.received).toHaveLength(6);
      const log = (await v1('GET', `/webhooks/${hook.id}/deliveries`, key)).json() as {
        eventId: string;
        status: string;
      }[];
      expect(log.filter((d) => d.eventId === first.eventId && d.status === 'pending')).toHaveLength(1);
    } finally {
      await r.close();
    }
  });

  it('serialises concurrent secret rotations: each answers its own secret, the last one is in force (review C)', async () => {
    const r = await receiver();
    try {
      const u = await createSignedInUser(ctx);
      const key = await keyFor(u.headers);
      const hook = (await v1('POST', '/webhooks', key, { url: r.url(), events: ['shipment.created'] })).json();
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map((i) =>
          i % 2
            ? v1('POST', `/webhooks/${hook.id}/secret`, key)
            : ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/secret`, headers: u.headers }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const secrets = answers.map((a) => a.json().secret as string);
      expect(new Set(secrets).size).toBe(5);
      // The stored secret is one of the five answered (the last rotation's), and only it signs.
      await v1('POST', `/webhooks/${hook.id}/test`, key);
      const signed = r.received.at(-1)!;
      const header = String(signed.headers['voyageur-signature']);
      const valid = [hook.secret as string, ...secrets].filter((secret) => verify(signed.body, header, secret));
      expect(valid).toHaveLength(1);
      expect(secrets).toContain(valid[0]);
      // A rotation after them replaces it at once.
      const next = (await v1('POST', `/webhooks/${hook.id}/secret`, key)).json().secret as string;
      await v1('POST', `/webhooks/${hook.id}/test`, key);
      const after = r.received.at(-1)!;
      expect(verify(after.body, String(after.headers['voyageur-signature']), next)).toBe(true);
      expect(verify(after.body, String(after.headers['voyageur-signature']), valid[0]!)).toBe(false);
    } finally {
      await r.close();
    }
  });

  it('refuses port 0 naming url, and stores and shows the URL normalised (review D, E)', async () => {
    const u = await createSignedInUser(ctx);
    const key = await keyFor(u.headers);
    for (const url of ['https://example.com:0/hook', 'https://example.com:65536/hook', 'https://example.com:99999/']) {
      for (const res of [
        await v1('POST', '/webhooks', key, { url, events: ['shipment.created'] }),
        await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: u.headers,
          payload: { url, events: ['shipment.created'] },
        }),
      ]) {
        expect(res.statusCode, url).toBe(400);
        expect(namesField(res.json(), 'url'), `${url}: ${res.body}`).toBe(true);
      }
    }
    expect((await v1('GET', '/webhooks', key)).json()).toEqual([]);

    const created = await v1('POST', '/webhooks', key, {
      url: 'https://Hooks.EXAMPLE.com:443/a/../in\\x?y=1',
      events: ['shipment.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().url).toBe('https://hooks.example.com/in/x?y=1');
    // What the user sees (v1 and the settings screen's list) is where deliveries go.
    expect((await v1('GET', `/webhooks/${created.json().id}`, key)).json().url).toBe(
      'https://hooks.example.com/in/x?y=1',
    );
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: u.headers });
    expect(listed.json().map((w: { url: string }) => w.url)).toEqual(['https://hooks.example.com/in/x?y=1']);
    // A backslash before @ is a path to WHATWG: the host deliveries go to (example.com) is the one shown.
    const tricky = await v1('POST', '/webhooks', key, {
      url: 'https://example.com\\@127.0.0.1/',
      events: ['shipment.created'],
    });
    expect(tricky.statusCode, tricky.body).toBe(201);
    expect(tricky.json().url).toBe('https://example.com/@127.0.0.1/');
    const patched = await v1('PATCH', `/webhooks/${created.json().id}`, key, { url: 'https://EXAMPLE.org:443' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().url).toBe('https://example.org/');
    const bad = await v1('PATCH', `/webhooks/${created.json().id}`, key, { url: 'https://example.org:0/' });
    expect(bad.statusCode).toBe(400);
    expect(namesField(bad.json(), 'url'), bad.body).toBe(true);
  });

  // Last: the trigger dates its row on the database's clock, so the app's clock moves to now here.
  it('sends wallet.low_balance once when a debit takes the balance below the threshold', async () => {
    ctx.clock.set(new Date(Date.now() + 60_000));
    const r = await receiver();
    try {
      const admin = await createSignedInUser(ctx, { role: 'admin' });
      const u = await createSignedInUser(ctx);
      const key = await keyFor(u.headers, 'live');
      const hook = (await v1('POST', '/webhooks', key, { url: r.url(), events: ['wallet.low_balance'] })).json();
      await fund(ctx, admin.headers, u.id, '60.00'); // the default threshold is 20.00
      const bought = await buy(key); // about 27.50: still above the threshold, no event
      await hooks.deliverDue();
      expect(r.received).toHaveLength(0);
      await buy(key);
      const balance = (await v1('GET', '/wallet', key)).json().balance as string;
      expect(Number(balance)).toBeLessThan(20);
      await fund(ctx, admin.headers, u.id, '1.00'); // a credit while below: no event either
      await hooks.deliverDue();
      expect(r.received).toHaveLength(1);
      const event = JSON.parse(r.received[0]!.body);
      expect(event).toMatchObject({
        type: 'wallet.low_balance',
        data: { wallet: { balance, threshold: '20.00', currency: 'CAD' } },
      });
      expect(r.received[0]!.headers['voyageur-event-id']).toBe(event.id);
      expect(verify(r.received[0]!.body, String(r.received[0]!.headers['voyageur-signature']), hook.secret)).toBe(true);
      expect(bought.id).toBeTruthy();
    } finally {
      await r.close();
    }
  });
});
