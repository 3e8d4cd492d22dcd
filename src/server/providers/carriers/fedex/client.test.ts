import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFedexClient } from './client';
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
      const reply = routes[`${req.method} ${req.url}`]?.() ?? { status: 404, body: '{}' };
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
  routes = { 'POST /oauth/token': () => ({ status: 200, body: fixture('token-response.json') }) };
});

const client = (timeoutMs = 2_000) =>
  createFedexClient({ account: { ...ACCOUNT, baseUrl }, timeoutMs, newTransactionId: () => 'tx-1' });
const TOKEN = 'Bearer eyJhbGciOiJSUzI1NiJ9.fedex-access-token';

describe('FedEx client against a local server', () => {
  it('gets a token with the form body, then rates with it', async () => {
    routes['POST /rate/v1/rates/quotes'] = () => ({ status: 200, body: fixture('rate-response.json') });
    const result = await client().rate(QUOTE);
    expect(result.quotes.map((q) => q.quote.serviceCode)).toEqual(['FDX.ECONOMY', 'FDX.GROUND']);
    const [token, rate] = seen;
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'test-client-id',
      client_secret: 'test-client-secret',
    });
    expect(rate!.headers['authorization']).toBe(TOKEN);
    expect(rate!.headers['content-type']).toBe('application/json');
    expect(rate!.headers['x-customer-transaction-id']).toBe('tx-1');
    expect(JSON.parse(rate!.body)).toEqual(JSON.parse(fixture('rate-request.json')));
  });

  it('ships, tracks and cancels with one token', async () => {
    routes['POST /ship/v1/shipments'] = () => ({ status: 200, body: fixture('ship-response.json') });
    routes['POST /track/v1/trackingnumbers'] = () => ({ status: 200, body: fixture('track-response.json') });
    routes['PUT /ship/v1/shipments/cancel'] = () => ({ status: 200, body: fixture('cancel-response.json') });
    const c = client();
    const p = await c.purchase(PURCHASE);
    expect(p.label.mediaType).toBe('application/pdf');
    expect(JSON.parse(seen[1]!.body)).toEqual(JSON.parse(fixture('ship-request.json')));
    expect((await c.track(p.trackingNumber)).at(-1)!.status).toBe('delivered');
    expect(JSON.parse(seen[2]!.body)).toEqual(JSON.parse(fixture('track-request.json')));
    await c.void(p.trackingNumber);
    expect(JSON.parse(seen[3]!.body)).toEqual(JSON.parse(fixture('cancel-request.json')));
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /oauth/token',
      'POST /ship/v1/shipments',
      'POST /track/v1/trackingnumbers',
      'PUT /ship/v1/shipments/cancel',
    ]);
  });

  it('an expired token (401) is refreshed once, then the request retried', async () => {
    let n = 0;
    routes['POST /rate/v1/rates/quotes'] = () => {
      n += 1;
      return n === 1
        ? { status: 401, body: fixture('error-expired-token.json') }
        : { status: 200, body: fixture('rate-response.json') };
    };
    await client().rate(QUOTE);
    expect(seen.filter((s) => s.url === '/oauth/token')).toHaveLength(2);
  });

  it('a refused cancel is NOT_VOIDABLE; bad credentials REFUSED; a slow FedEx TIMEOUT', async () => {
    routes['PUT /ship/v1/shipments/cancel'] = () => ({ status: 200, body: fixture('cancel-refused.json') });
    await expect(client().void('794953535000')).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
    routes['POST /oauth/token'] = () => ({ status: 401, body: fixture('error-auth.json') });
    await expect(client().rate(QUOTE)).rejects.toMatchObject({ reason: 'REFUSED' });
    routes['POST /oauth/token'] = () => ({ status: 200, body: fixture('token-response.json') });
    routes['POST /rate/v1/rates/quotes'] = () => ({ status: 200, body: '{}', delayMs: 1_000 });
    await expect(client(150).rate(QUOTE)).rejects.toMatchObject({ reason: 'TIMEOUT' });
  });
});
