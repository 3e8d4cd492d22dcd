import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUpsClient } from './client';
import { ACCOUNT, PURCHASE, QUOTE } from './fixtures/samples';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Reply = { status: number; body: string; delayMs?: number };

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let routes: Record<string, () => Reply> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const key = `${req.method} ${req.url!.split('?')[0]}`;
      const reply = routes[key]?.() ?? { status: 404, body: '{}' };
      setTimeout(() => {
        res.writeHead(reply.status, { 'Content-Type': 'application/json' });
        res.end(reply.body);
      }, reply.delayMs ?? 0).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  routes = { 'POST /security/v1/oauth/token': () => ({ status: 200, body: fixture('token-response.json') }) };
});

const client = (timeoutMs = 2_000) =>
  createUpsClient({ account: { ...ACCOUNT, baseUrl }, timeoutMs, newTransId: () => 'a'.repeat(32) });
const TOKEN = 'Bearer eyJraWQiOiJ0ZXN0LXRva2VuIn0.ups-access-token';

describe('UPS client against a local server', () => {
  it('gets a token (Basic auth, form body, x-merchant-id) then rates with it', async () => {
    routes['POST /api/rating/v2409/Shop'] = () => ({ status: 200, body: fixture('rate-response.json') });
    const result = await client().rate(QUOTE);
    expect(result.quotes.map((q) => q.quote.serviceCode)).toEqual(['UPS.11', 'UPS.02']);

    const [token, rate] = seen;
    expect(token!.method).toBe('POST');
    expect(token!.url).toBe('/security/v1/oauth/token');
    expect(token!.headers['authorization']).toBe(
      `Basic ${Buffer.from('test-client-id:test-client-secret').toString('base64')}`,
    );
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token!.headers['x-merchant-id']).toBe('A1B2C3');
    expect(token!.body).toBe('grant_type=client_credentials');

    expect(rate!.url).toBe('/api/rating/v2409/Shop?additionalinfo=timeintransit');
    expect(rate!.headers['authorization']).toBe(TOKEN);
    expect(rate!.headers['content-type']).toBe('application/json');
    expect(rate!.headers['transid']).toBe('a'.repeat(32));
    expect(JSON.parse(rate!.body)).toEqual(JSON.parse(fixture('rate-request.json')));
  });

  it('purchases, tracks and voids with one token', async () => {
    routes['POST /api/shipments/v2409/ship'] = () => ({ status: 200, body: fixture('ship-response.json') });
    routes['GET /api/track/v1/details/1ZA1B2C32034567890'] = () => ({
      status: 200,
      body: fixture('track-response.json'),
    });
    routes['DELETE /api/shipments/v2409/void/cancel/1ZA1B2C32034567890'] = () => ({
      status: 200,
      body: fixture('void-response.json'),
    });
    const c = client();
    const p = await c.purchase(PURCHASE);
    expect(p.label.mediaType).toBe('image/gif');
    expect(JSON.parse(seen[1]!.body)).toEqual(JSON.parse(fixture('ship-request.json')));
    expect((await c.track(p.trackingNumber)).at(-1)!.status).toBe('delivered');
    await c.void(p.shipmentId);
    expect(seen.map((s) => `${s.method} ${s.url.split('?')[0]}`)).toEqual([
      'POST /security/v1/oauth/token',
      'POST /api/shipments/v2409/ship',
      'GET /api/track/v1/details/1ZA1B2C32034567890',
      'DELETE /api/shipments/v2409/void/cancel/1ZA1B2C32034567890',
    ]);
    expect(seen[3]!.headers['authorization']).toBe(TOKEN);
  });

  it('a refused void is NOT_VOIDABLE', async () => {
    routes['DELETE /api/shipments/v2409/void/cancel/1Z1'] = () => ({ status: 400, body: fixture('void-refused.json') });
    await expect(client().void('1Z1')).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
  });

  it('a 401 refreshes the token once and retries', async () => {
    let rates = 0;
    routes['POST /api/rating/v2409/Shop'] = () => {
      rates += 1;
      return rates === 1
        ? { status: 401, body: fixture('error-auth.json') }
        : { status: 200, body: fixture('rate-response.json') };
    };
    await client().rate(QUOTE);
    expect(seen.filter((s) => s.url === '/security/v1/oauth/token')).toHaveLength(2);
    expect(rates).toBe(2);
  });

  it('bad credentials at the token endpoint are REFUSED', async () => {
    routes['POST /security/v1/oauth/token'] = () => ({ status: 401, body: fixture('error-auth.json') });
    await expect(client().rate(QUOTE)).rejects.toMatchObject({ reason: 'REFUSED' });
  });

  it('a slow UPS is a TIMEOUT', async () => {
    routes['POST /api/rating/v2409/Shop'] = () => ({ status: 200, body: '{}', delayMs: 1_000 });
    await expect(client(150).rate(QUOTE)).rejects.toMatchObject({ reason: 'TIMEOUT' });
  });
});
