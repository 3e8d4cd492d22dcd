import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { carrierBusyUntil, carrierRequest, resetCarrierBusy, retryAfterMs } from './http';
import { CarrierError } from './index';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

let server: Server;
let base: string;
const seen: Seen[] = [];

function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: body.toString('utf8') });
  if (req.url === '/json') {
    res.writeHead(200, { 'Content-Type': 'application/json', 'X-Trace': 'abc' });
    res.end(JSON.stringify({ ok: true, echo: body.toString('utf8') }));
  } else if (req.url === '/error') {
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end('{"errors":[{"code":"X","message":"bad"}]}');
  } else if (req.url === '/bytes') {
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    res.end(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]));
  } else if (req.url === '/slow') {
    setTimeout(() => res.end('late'), 2_000).unref();
  } else if (req.url === '/stall-body') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('partial');
    setTimeout(() => res.end('rest'), 2_000).unref();
  } else if (req.url?.startsWith('/limited')) {
    // /limited?after=<Retry-After value>; without it, no header
    const after = new URL(req.url, 'http://x').searchParams.get('after');
    res.writeHead(429, { 'Content-Type': 'application/json', ...(after === null ? {} : { 'Retry-After': after }) });
    res.end('{"response":{"errors":[{"code":"429","message":"Too Many Requests"}]}}');
  } else if (req.url === '/redirect') {
    res.writeHead(302, { Location: '/json' });
    res.end();
  } else {
    res.writeHead(404);
    res.end();
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(CarrierError);
    return (err as CarrierError).reason;
  }
  throw new Error('expected a CarrierError');
}

describe('carrierRequest', () => {
  it('sends method, headers and body, and answers status, lower-case headers and the body', async () => {
    const res = await carrierRequest({
      url: `${base}/json`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
      body: '{"a":1}',
      timeoutMs: 1_000,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-trace']).toBe('abc');
    expect(JSON.parse(res.bodyText)).toEqual({ ok: true, echo: '{"a":1}' });
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.headers['authorization']).toBe('Bearer t');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.body).toBe('{"a":1}');
  });

  it('answers an error status as is, for the mapping to read', async () => {
    const res = await carrierRequest({ url: `${base}/error`, method: 'GET' });
    expect(res.status).toBe(400);
    expect(res.bodyText).toContain('"bad"');
  });

  it('keeps binary bodies byte for byte', async () => {
    const res = await carrierRequest({ url: `${base}/bytes`, method: 'GET' });
    expect(Array.from(res.bodyBytes)).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
  });

  it('does not follow redirects', async () => {
    const res = await carrierRequest({ url: `${base}/redirect`, method: 'DELETE' });
    expect(res.status).toBe(302);
  });

  it('a timeout is TIMEOUT', async () => {
    expect(await reason(carrierRequest({ url: `${base}/slow`, method: 'GET', timeoutMs: 100 }))).toBe('TIMEOUT');
  });

  it('a body that stalls past the timeout is TIMEOUT', async () => {
    expect(await reason(carrierRequest({ url: `${base}/stall-body`, method: 'GET', timeoutMs: 150 }))).toBe('TIMEOUT');
  });

  it("the caller's abort is TIMEOUT, also when already aborted", async () => {
    const ctl = new AbortController();
    const p = carrierRequest({ url: `${base}/slow`, method: 'GET', signal: ctl.signal, timeoutMs: 5_000 });
    setTimeout(() => ctl.abort(), 50);
    expect(await reason(p)).toBe('TIMEOUT');
    expect(await reason(carrierRequest({ url: `${base}/json`, method: 'GET', signal: AbortSignal.abort() }))).toBe(
      'TIMEOUT',
    );
  });

  it('a refused connection is UNAVAILABLE', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await reason(carrierRequest({ url: `http://127.0.0.1:${port}/`, method: 'GET', timeoutMs: 1_000 }))).toBe(
      'UNAVAILABLE',
    );
  });
});

describe('a 429 and its Retry-After', () => {
  let nowMs = Date.parse('2026-12-05T03:30:00Z');
  afterEach(() => resetCarrierBusy());

  /** A second loopback server: its own origin, so the first one's 429 does not quiet it. */
  async function otherServer(): Promise<{ url: string; close: () => Promise<void> }> {
    const other = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(other.address() as AddressInfo).port}/`,
      close: () => new Promise<void>((resolve) => other.close(() => resolve())),
    };
  }

  it('reads delay-seconds and an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-12-05T03:30:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sat, 05 Dec 2026 03:31:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('Sat, 05 Dec 2026 03:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs('1.5', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('is BUSY, and no call reaches that carrier before Retry-After (seconds); then it is called again', async () => {
    nowMs = Date.parse('2026-12-05T03:30:00Z');
    resetCarrierBusy(() => nowMs);
    const other = await otherServer();
    try {
      expect(await reason(carrierRequest({ url: `${base}/limited?after=120`, method: 'POST' }))).toBe('BUSY');
      expect(carrierBusyUntil(`${base}/json`)).toBe(nowMs + 120_000);
      const before = seen.length;
      nowMs += 119_000;
      const err = await carrierRequest({ url: `${base}/json`, method: 'GET' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CarrierError);
      expect((err as CarrierError).reason).toBe('BUSY');
      expect((err as CarrierError).message).toMatch(/busy.*2026-12-05T03:32:00\.000Z/);
      expect(seen.length).toBe(before); // not sent
      // Another carrier (another origin) is called as usual.
      expect((await carrierRequest({ url: other.url, method: 'GET' })).status).toBe(200);
      nowMs += 1_000;
      expect(carrierBusyUntil(`${base}/json`)).toBeNull();
      expect((await carrierRequest({ url: `${base}/json`, method: 'GET' })).status).toBe(200);
      expect(seen.length).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('honours an HTTP date, waits 30 s without a header and at most an hour', async () => {
    nowMs = Date.parse('2026-12-05T03:30:00Z');
    resetCarrierBusy(() => nowMs);
    const date = encodeURIComponent('Sat, 05 Dec 2026 03:35:00 GMT');
    expect(await reason(carrierRequest({ url: `${base}/limited?after=${date}`, method: 'GET' }))).toBe('BUSY');
    expect(carrierBusyUntil(base)).toBe(Date.parse('2026-12-05T03:35:00Z'));

    resetCarrierBusy(() => nowMs);
    expect(await reason(carrierRequest({ url: `${base}/limited`, method: 'GET' }))).toBe('BUSY');
    expect(carrierBusyUntil(base)).toBe(nowMs + 30_000);

    resetCarrierBusy(() => nowMs);
    expect(await reason(carrierRequest({ url: `${base}/limited?after=86400`, method: 'GET' }))).toBe('BUSY');
    expect(carrierBusyUntil(base)).toBe(nowMs + 3_600_000);
  });
});
