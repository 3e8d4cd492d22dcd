import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDhlClient } from './client';
import { PURCHASE, QUOTE } from './fixtures/requests';
import type { DhlAccount } from './mapping';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const PDF = readFileSync(new URL('./fixtures/label.pdf', import.meta.url));
const AUTH = `Basic ${Buffer.from('dhl-user:dhl-pass').toString('base64')}`;

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let handler: Handler = (_req, res) => res.end();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(s);
      handler(s, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

const account = (): DhlAccount => ({
  username: 'dhl-user',
  password: 'dhl-pass',
  accountNumber: '123456789',
  baseUrl: `${baseUrl}/mydhlapi/test`,
  mode: 'test',
});

function reply(res: ServerResponse, status: number, contentType: string, body: string | Buffer) {
  res.writeHead(status, { 'Content-Type': contentType });
  res.end(body);
}

const JSON_TYPE = 'application/json';

describe('DHL Express client against a local server', () => {
  it('quotes: GET /rates with the query, Basic auth and x-version; nothing asked inside Canada', async () => {
    handler = (_req, res) => reply(res, 200, JSON_TYPE, fixture('rates-response.json'));
    const client = createDhlClient(account());
    const quotes = await client.quote(QUOTE);
    expect(quotes.map((q) => [q.serviceCode, q.priceCents])).toEqual([
      ['DHL.P', 8738],
      ['DHL.Y', 11670],
    ]);
    const [req] = seen;
    expect(req!.method).toBe('GET');
    const url = new URL(req!.url, baseUrl);
    expect(url.pathname).toBe('/mydhlapi/test/rates');
    expect(url.searchParams.get('destinationCountryCode')).toBe('US');
    expect(url.searchParams.get('unitOfMeasurement')).toBe('metric');
    expect(req!.headers.authorization).toBe(AUTH);
    expect(req!.headers['x-version']).toBe('3.1.0');

    expect(await client.quote({ ...QUOTE, to: { ...QUOTE.to, country: 'CA' } })).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('purchases: POST /shipments with the documented body; the label is DHL’s PDF byte for byte', async () => {
    handler = (_req, res) => reply(res, 201, JSON_TYPE, fixture('shipment-response.json'));
    const now = new Date('2026-03-05T15:00:00Z');
    const bought = await createDhlClient(account(), { now: () => now }).purchase(PURCHASE);
    expect(bought.trackingNumber).toBe('1234567890');
    expect(bought.createdAt).toBe(now);
    expect(Buffer.from(bought.label.bytes).equals(PDF)).toBe(true);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/mydhlapi/test/shipments' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual(JSON.parse(fixture('shipment-request.json')));
  });

  it('refuses with DHL’s problem+json words', async () => {
    handler = (_req, res) => reply(res, 422, 'application/problem+json', fixture('error-422.json'));
    await expect(createDhlClient(account()).purchase(PURCHASE)).rejects.toMatchObject({
      reason: 'ADDRESS_INVALID',
      message: expect.stringContaining('Receiver postal code is invalid'),
    });
  });

  it('tracks; an unknown number is NOT_FOUND', async () => {
    const client = createDhlClient(account());
    handler = (_req, res) => reply(res, 200, JSON_TYPE, fixture('tracking-response.json'));
    expect((await client.track('1234567890')).at(-1)?.status).toBe('delivered');
    expect(seen[0]!.url).toBe(
      '/mydhlapi/test/shipments/1234567890/tracking?trackingView=all-checkpoints&levelOfDetail=shipment',
    );
    handler = (_req, res) => reply(res, 404, 'application/problem+json', fixture('error-404.json'));
    await expect(client.track('1234567899')).rejects.toMatchObject({ reason: 'NOT_FOUND' });
  });

  it('gives up after its timeout with TIMEOUT', async () => {
    handler = () => {
      // never answers
    };
    await expect(createDhlClient(account(), { timeoutMs: 150 }).quote(QUOTE)).rejects.toMatchObject({
      reason: 'TIMEOUT',
    });
  });
});
