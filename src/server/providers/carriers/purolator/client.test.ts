import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPurolatorClient } from './client';
import { PURCHASE, QUOTE } from './fixtures/requests';
import type { PurolatorAccount } from './mapping';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const PDF = readFileSync(new URL('./fixtures/label.pdf', import.meta.url));
const xml = (s: string) => s.replace(/>\s+</g, '><').trim();
const AUTH = `Basic ${Buffer.from('pk-test:pw').toString('base64')}`;

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

const account = (): PurolatorAccount => ({
  key: 'pk-test',
  password: 'pw',
  accountNumber: '9999999999',
  baseUrl,
  mode: 'test',
});

/** The documented answer with its links pointing at the local server. */
const local = (body: string) => body.replaceAll('https://devwebservices.purolator.com', baseUrl);

function reply(res: ServerResponse, status: number, contentType: string, body: string | Buffer) {
  res.writeHead(status, { 'Content-Type': contentType });
  res.end(body);
}

const SOAP = 'text/xml; charset=utf-8';

describe('Purolator client against a local server', () => {
  it('quotes: POST to the estimating service with SOAPAction, Basic key:password and the documented envelope', async () => {
    handler = (_req, res) => reply(res, 200, SOAP, fixture('rate-response.xml'));
    const quotes = await createPurolatorClient(account()).quote(QUOTE);
    expect(quotes.map((q) => q.serviceCode)).toEqual(['PUR.EXPRESS9AM', 'PUR.EXPRESS', 'PUR.GROUND']);
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/EWS/V2/Estimating/EstimatingService.asmx');
    expect(req!.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(req!.headers.soapaction).toBe('"http://purolator.com/pws/service/v2/GetFullEstimate"');
    expect(req!.headers.authorization).toBe(AUTH);
    expect(xml(req!.body)).toBe(xml(fixture('rate-request.xml')));
  });

  it('reads a SOAP fault answered with HTTP 500', async () => {
    handler = (_req, res) => reply(res, 500, SOAP, fixture('fault.xml'));
    await expect(createPurolatorClient(account()).quote(QUOTE)).rejects.toMatchObject({
      reason: 'ADDRESS_INVALID',
      message: expect.stringContaining('Receiver postal code is required.'),
    });
  });

  it('purchases: CreateShipment then GetDocuments, the PDF byte for byte', async () => {
    handler = (req, res) => {
      if (req.url === '/EWS/V2/Shipping/ShippingService.asmx') reply(res, 200, SOAP, fixture('shipment-response.xml'));
      else if (req.url === '/EWS/V1/ShippingDocuments/ShippingDocumentsService.asmx') {
        reply(res, 200, SOAP, fixture('documents-response.xml'));
      } else reply(res, 404, 'text/plain', 'no route');
    };
    const now = new Date('2026-03-05T15:00:00Z');
    const bought = await createPurolatorClient(account(), { now: () => now }).purchase(PURCHASE);
    expect(bought).toMatchObject({
      trackingNumber: '329014521622',
      createdAt: now,
      documentType: 'DomesticBillOfLadingThermal',
    });
    expect(Buffer.from(bought.label!.bytes).equals(PDF)).toBe(true);
    expect(seen.map((r) => r.headers.soapaction)).toEqual([
      '"http://purolator.com/pws/service/v2/CreateShipment"',
      '"http://purolator.com/pws/service/v1/GetDocuments"',
    ]);
    expect(xml(seen[0]!.body)).toBe(xml(fixture('shipment-request.xml')));
    expect(xml(seen[1]!.body)).toBe(xml(fixture('documents-request.xml')));
  });

  it('fetches the label from the URL GetDocuments gives when it has no inline data', async () => {
    handler = (req, res) => {
      if (req.url === '/EWS/V1/ShippingDocuments/ShippingDocumentsService.asmx') {
        reply(res, 200, SOAP, local(fixture('documents-url-response.xml')));
      } else if (req.url === '/PWS/V1/Documents/329014521622.pdf') reply(res, 200, 'application/pdf', PDF);
      else reply(res, 404, 'text/plain', 'no route');
    };
    const label = await createPurolatorClient(account()).fetchLabel('329014521622', 'DomesticBillOfLadingThermal');
    expect(Buffer.from(label.bytes).equals(PDF)).toBe(true);
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/PWS/V1/Documents/329014521622.pdf' });
    expect(seen[1]!.headers.authorization).toBe(AUTH);
  });

  it('fetches the thermal bill of lading as ZPL: inline, or from the URL asked as application/zpl', async () => {
    const ZPL = readFileSync(new URL('./fixtures/label.zpl', import.meta.url));
    let inline = true;
    handler = (req, res) => {
      if (req.url === '/EWS/V1/ShippingDocuments/ShippingDocumentsService.asmx') {
        reply(
          res,
          200,
          SOAP,
          inline ? fixture('documents-zpl-response.xml') : local(fixture('documents-url-response.xml')),
        );
      } else if (req.url === '/PWS/V1/Documents/329014521622.pdf') reply(res, 200, 'application/zpl', ZPL);
      else reply(res, 404, 'text/plain', 'no route');
    };
    const client = createPurolatorClient(account());
    const label = await client.fetchLabel('329014521622', 'DomesticBillOfLadingThermal', undefined, 'ZPL');
    expect(label.mediaType).toBe('application/zpl');
    expect(Buffer.from(label.bytes).equals(ZPL)).toBe(true);
    expect(xml(seen[0]!.body)).toBe(xml(fixture('documents-zpl-request.xml')));
    inline = false;
    seen = [];
    const byUrl = await client.fetchLabel('329014521622', 'DomesticBillOfLadingThermal', undefined, 'ZPL');
    expect(Buffer.from(byUrl.bytes).equals(ZPL)).toBe(true);
    expect(seen[1]!.headers.accept).toBe('application/zpl');
  });

  it('tracks and voids; a refused void is NOT_VOIDABLE', async () => {
    const client = createPurolatorClient(account());
    handler = (_req, res) => reply(res, 200, SOAP, fixture('track-response.xml'));
    expect((await client.track('329014521622')).map((e) => e.status).at(-1)).toBe('delivered');
    expect(xml(seen[0]!.body)).toBe(xml(fixture('track-request.xml')));

    handler = (_req, res) => reply(res, 200, SOAP, fixture('void-response.xml'));
    await client.void('329014521622');
    expect(xml(seen[1]!.body)).toBe(xml(fixture('void-request.xml')));
    expect(seen[1]!.headers.soapaction).toBe('"http://purolator.com/pws/service/v2/VoidShipment"');

    handler = (_req, res) => reply(res, 200, SOAP, fixture('void-refused.xml'));
    await expect(client.void('329014521622')).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
  });

  it('gives up after its timeout with TIMEOUT', async () => {
    handler = () => {
      // never answers
    };
    await expect(createPurolatorClient(account(), { timeoutMs: 150 }).quote(QUOTE)).rejects.toMatchObject({
      reason: 'TIMEOUT',
    });
  });
});
