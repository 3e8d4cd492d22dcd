import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError } from '../index';
import { createCanadaPostClient } from './client';
import { PURCHASE, QUOTE } from './fixtures/requests';
import type { CanadaPostAccount } from './mapping';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const PDF = readFileSync(new URL('./fixtures/label.pdf', import.meta.url));
const xml = (s: string) => s.replace(/>\s+</g, '><').trim();
const AUTH = `Basic ${Buffer.from('api-user:api-pass').toString('base64')}`;

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

const account = (): CanadaPostAccount => ({
  username: 'api-user',
  password: 'api-pass',
  customerNumber: '0002004381',
  contractId: '0042708517',
  baseUrl,
  mode: 'test',
  refundEmail: 'shipping@voyageur.example',
});

/** The documented answer with its links pointing at the local server. */
const local = (body: string) => body.replaceAll('https://ct.soa-gw.canadapost.ca', baseUrl);

function reply(res: ServerResponse, status: number, contentType: string, body: string | Buffer) {
  res.writeHead(status, { 'Content-Type': contentType });
  res.end(body);
}

describe('Canada Post client against a local server', () => {
  it('quotes: POST /rs/ship/price with the documented headers and body', async () => {
    handler = (_req, res) => reply(res, 200, 'application/vnd.cpc.ship.rate-v4+xml', fixture('rate-response.xml'));
    const quotes = await createCanadaPostClient(account()).quote(QUOTE);
    expect(quotes.map((q) => [q.serviceCode, q.priceCents])).toEqual([
      ['DOM.EP', 1734],
      ['DOM.PC', 3608],
    ]);
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/rs/ship/price');
    expect(req!.headers['content-type']).toBe('application/vnd.cpc.ship.rate-v4+xml');
    expect(req!.headers.accept).toBe('application/vnd.cpc.ship.rate-v4+xml');
    expect(req!.headers['accept-language']).toBe('en-CA');
    expect(req!.headers.authorization).toBe(AUTH);
    expect(xml(req!.body)).toBe(xml(fixture('rate-request.xml')));
  });

  it('purchases: creates the shipment, then fetches the PDF label byte for byte', async () => {
    handler = (req, res) => {
      if (req.method === 'POST' && req.url === '/rs/0002004381/0002004381/shipment') {
        reply(res, 200, 'application/vnd.cpc.shipment-v8+xml', local(fixture('shipment-response.xml')));
      } else if (req.method === 'GET' && req.url === '/rs/artifact/6e93d53968881714/10001782951/0') {
        reply(res, 200, 'application/pdf', PDF);
      } else reply(res, 404, 'text/plain', 'no route');
    };
    const now = new Date('2026-03-05T15:00:00Z');
    const bought = await createCanadaPostClient(account(), { now: () => now }).purchase(PURCHASE);
    expect(bought.trackingNumber).toBe('7023210039414604');
    expect(bought.createdAt).toBe(now);
    expect(bought.ref.shipmentId).toBe('545021584835957806');
    expect(bought.label?.mediaType).toBe('application/pdf');
    expect(Buffer.from(bought.label!.bytes).equals(PDF)).toBe(true);

    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /rs/0002004381/0002004381/shipment',
      'GET /rs/artifact/6e93d53968881714/10001782951/0',
    ]);
    expect(seen[0]!.headers['content-type']).toBe('application/vnd.cpc.shipment-v8+xml');
    expect(xml(seen[0]!.body)).toBe(xml(fixture('shipment-request.xml')));
    expect(seen[1]!.headers.accept).toBe('application/pdf');
    expect(seen[1]!.headers.authorization).toBe(AUTH);
  });

  it('purchases for a ZPL buyer: print-preferences encoding ZPL, the ZPL artifact fetched byte for byte', async () => {
    const ZPL = readFileSync(new URL('./fixtures/label.zpl', import.meta.url));
    handler = (req, res) => {
      if (req.method === 'POST' && req.url === '/rs/0002004381/0002004381/shipment') {
        reply(res, 200, 'application/vnd.cpc.shipment-v8+xml', local(fixture('shipment-zpl-response.xml')));
      } else if (req.method === 'GET' && req.url === '/rs/artifact/6e93d53968881714/10001782951/0') {
        reply(res, 200, 'application/zpl', ZPL);
      } else reply(res, 404, 'text/plain', 'no route');
    };
    const bought = await createCanadaPostClient(account()).purchase({ ...PURCHASE, labelFormat: 'zpl' });
    expect(bought.label?.mediaType).toBe('application/zpl');
    expect(Buffer.from(bought.label!.bytes).equals(ZPL)).toBe(true);
    expect(xml(seen[0]!.body)).toBe(xml(fixture('shipment-zpl-request.xml')));
    expect(seen[1]!.headers.accept).toBe('application/zpl');
  });

  it('keeps a bought shipment whose label fetch failed, to fetch the label again', async () => {
    handler = (req, res) => {
      if (req.method === 'POST')
        reply(res, 200, 'application/vnd.cpc.shipment-v8+xml', local(fixture('shipment-response.xml')));
      else reply(res, 503, 'text/plain', 'busy');
    };
    const bought = await createCanadaPostClient(account()).purchase(PURCHASE);
    expect(bought.trackingNumber).toBe('7023210039414604');
    expect(bought.label).toBeNull();
  });

  it('refuses a purchase with Canada Post’s message', async () => {
    handler = (_req, res) => reply(res, 400, 'application/vnd.cpc.shipment-v8+xml', fixture('error-rate-refused.xml'));
    const err = await createCanadaPostClient(account())
      .purchase(PURCHASE)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CarrierError);
    expect(err).toMatchObject({
      reason: 'ADDRESS_INVALID',
      field: 'toAddress',
      message: expect.stringContaining('not valid for the destination'),
    });
  });

  it('tracks: GET /vis/track/pin/{pin}/detail', async () => {
    handler = (_req, res) => reply(res, 200, 'application/vnd.cpc.track-v2+xml', fixture('track-response.xml'));
    const events = await createCanadaPostClient(account()).track('7023210039414604');
    expect(events.at(-1)?.status).toBe('delivered');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/vis/track/pin/7023210039414604/detail' });
    expect(seen[0]!.headers.accept).toBe('application/vnd.cpc.track-v2+xml');
  });

  it('voids: the refund request of a transmitted shipment, and a refusal is NOT_VOIDABLE', async () => {
    handler = (_req, res) => reply(res, 200, 'application/vnd.cpc.shipment-v8+xml', fixture('refund-response.xml'));
    const client = createCanadaPostClient(account());
    const ref = {
      shipmentId: '545021584835957806',
      trackingNumber: '7023210039414604',
      kind: 'contract' as const,
      selfUrl: `${baseUrl}/rs/0002004381/0002004381/shipment/545021584835957806`,
      refundUrl: `${baseUrl}/rs/0002004381/0002004381/shipment/545021584835957806/refund`,
      labelUrl: `${baseUrl}/rs/artifact/6e93d53968881714/10001782951/0`,
      labelMediaType: 'application/pdf',
      status: 'transmitted',
    };
    await client.void(ref);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/rs/0002004381/0002004381/shipment/545021584835957806/refund',
    });
    expect(xml(seen[0]!.body)).toBe(xml(fixture('refund-request.xml')));

    handler = (_req, res) => reply(res, 400, 'application/vnd.cpc.shipment-v8+xml', fixture('void-refused.xml'));
    await expect(client.void(ref)).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });

    seen = [];
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await client.void({ ...ref, status: 'created' });
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/rs/0002004381/0002004381/shipment/545021584835957806' });
  });

  it('gives up after its timeout with TIMEOUT', async () => {
    handler = () => {
      // never answers
    };
    await expect(createCanadaPostClient(account(), { timeoutMs: 150 }).quote(QUOTE)).rejects.toMatchObject({
      reason: 'TIMEOUT',
    });
  });
});
