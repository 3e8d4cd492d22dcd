import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The shared part of the fake carrier servers (tests/fakes/<carrier>.ts): a loopback HTTP server that
 * records every request, checks it against what the carrier's documentation asks (each fake lists the
 * problems it finds; a request with problems is answered with the carrier's documented error shape),
 * and the switches tests use to make a carrier slow, failing, forgetful of its tokens or stubborn.
 */

/** One request the fake received, as it received it, and how it answered. */
export type Recorded = {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The operation the fake recognised: 'token', 'rate', 'ship', 'label', 'void', 'track', or 'unknown'. */
  op: string;
  /** Where the request departs from the carrier's documentation; empty when it is as documented. */
  problems: string[];
  /** The status answered (0 while a hung purchase has not answered). */
  status: number;
  at: Date;
};

/** Switches a test flips with set(); every one is off by default. */
export type FakeOptions = {
  /** Every answer (tokens included) waits this long, in milliseconds. */
  latencyMs?: number;
  /** The next N API calls (token requests excepted) answer the carrier's documented 5xx. */
  failNext?: number;
  /**
   * OAuth carriers (UPS, FedEx): every token issued so far stops working, so the next call made with
   * one answers the documented 401 (once per token: a fresh token works). Ignored by Basic-auth carriers.
   */
  expireTokens?: boolean;
  /** Voids (cancel, refund request) answer the carrier's documented refusal. */
  refuseVoid?: boolean;
  /**
   * A purchase is made on the carrier's side (it is in `shipments`, findable by reference) but its
   * answer never comes: the outcome is unknown to the caller. The held connection is dropped by
   * set({ hangPurchase: false }) or close().
   */
  hangPurchase?: boolean;
  /**
   * Purchases answer the carrier's documented validation refusal: of the receiver's address, or of
   * the service on this lane (UPS: error-ship-address.json, error-rate-route.json), or of an HS code
   * of the customs declaration (each carrier's error-…-commodity / customs fixture; issue 25).
   */
  refusePurchase?: 'address' | 'service' | 'customs';
  /** The next N requests (tokens included) answer HTTP 429 Too Many Requests, with `retryAfter` as Retry-After when set. */
  rateLimitNext?: number;
  /** The Retry-After of those 429 answers: delay-seconds ("60") or an HTTP date; absent: no header. */
  retryAfter?: string;
};

export type FakeShipment = {
  trackingNumber: string;
  /** The carrier's own id where it has one apart from the tracking number (Canada Post's shipment-id). */
  shipmentId: string;
  /** Our reference as the request carried it (null when the carrier's payload has none). */
  reference: string | null;
  service: string;
  status: 'created' | 'voided';
  createdAt: Date;
};

export type FakeCarrier = {
  /** http://127.0.0.1:<port>, to be the carrier's *_BASE_URL. */
  url: string;
  requests: Recorded[];
  /** Shipments bought from this fake, by tracking number. */
  shipments: Map<string, FakeShipment>;
  set(opts: FakeOptions): void;
  close(): Promise<void>;
};

export type Answer = { status: number; contentType: string; body: string | Buffer; headers?: Record<string, string> };

/** What a carrier's handler sees: the request, the switches and the shared state. */
export type FakeContext = {
  req: Recorded;
  opts: FakeOptions;
  shipments: Map<string, FakeShipment>;
  url: string;
  /** Consumes one of failNext when set: true when this call must fail. */
  failing(): boolean;
};

/** A carrier's routes: an answer, or 'hang' (hangPurchase), and the op for the record. */
export type FakeHandler = (ctx: FakeContext) => { op: string; answer: Answer | 'hang' };

export async function startFake(name: string, handler: FakeHandler, initial: FakeOptions = {}): Promise<FakeCarrier> {
  const requests: Recorded[] = [];
  const shipments = new Map<string, FakeShipment>();
  const opts: FakeOptions = { ...initial };
  const hung: ServerResponse[] = [];
  let url = '';

  const send = (res: ServerResponse, rec: Recorded, answer: Answer) => {
    rec.status = answer.status;
    const delay = opts.latencyMs ?? 0;
    const write = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'Content-Type': answer.contentType, ...answer.headers });
      res.end(answer.body);
    };
    if (delay > 0) setTimeout(write, delay).unref();
    else write();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rec: Recorded = {
        method: req.method ?? '',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        op: 'unknown',
        problems: [],
        status: 0,
        at: new Date(),
      };
      requests.push(rec);
      const ctx: FakeContext = {
        req: rec,
        opts,
        shipments,
        url,
        failing() {
          if (!opts.failNext || opts.failNext <= 0) return false;
          opts.failNext -= 1;
          return true;
        },
      };
      let result: ReturnType<FakeHandler>;
      if (opts.rateLimitNext && opts.rateLimitNext > 0) {
        opts.rateLimitNext -= 1;
        const headers: Record<string, string> = opts.retryAfter === undefined ? {} : { 'Retry-After': opts.retryAfter };
        rec.op = 'rate-limited';
        send(res, rec, { status: 429, contentType: 'text/plain', body: 'Too Many Requests', headers });
        return;
      }
      try {
        result = handler(ctx);
      } catch (err) {
        rec.problems.push(`${name} fake: ${err instanceof Error ? err.message : String(err)}`);
        result = { op: rec.op, answer: { status: 500, contentType: 'text/plain', body: 'fake carrier error' } };
      }
      rec.op = result.op;
      if (result.answer === 'hang') {
        hung.push(res);
        return;
      }
      send(res, rec, result.answer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    shipments,
    set(next) {
      Object.assign(opts, next);
      if (next.hangPurchase === false) {
        // The caller has long given up on a held purchase: dropping the connection only frees it.
        for (const res of hung.splice(0)) if (!res.destroyed) res.destroy();
      }
    },
    async close() {
      for (const res of hung.splice(0)) if (!res.destroyed) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fixture of src/server/providers/carriers/<carrier>/fixtures/, read once. */
export function fixtureReader(carrier: string) {
  const cache = new Map<string, Buffer>();
  const read = (name: string): Buffer => {
    let b = cache.get(name);
    if (!b) {
      b = readFileSync(new URL(`../../src/server/providers/carriers/${carrier}/fixtures/${name}`, import.meta.url));
      cache.set(name, b);
    }
    return b;
  };
  return { text: (name: string) => read(name).toString('utf8'), bytes: read };
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** A header's value as one string (node joins repeated ones). */
export function header(rec: Recorded, name: string): string {
  const v = rec.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
}

/** Records a problem unless the header is as expected (compared without parameters when `bare`). */
export function expectHeader(rec: Recorded, name: string, expected: string | RegExp, bare = false): void {
  let got = header(rec, name);
  if (bare) got = got.split(';')[0]!.trim();
  const ok = typeof expected === 'string' ? got === expected : expected.test(got);
  if (!ok) rec.problems.push(`${name}: expected ${String(expected)}, got ${got || '(none)'}`);
}

export function parseJsonBody(rec: Recorded): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(rec.body);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // falls through
  }
  rec.problems.push('body: not a JSON object');
  return null;
}

/** The value at a dotted path of a parsed JSON body ('a.b.0.c'); undefined when absent. */
export function at(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Records a problem for each dotted path that is absent or empty. */
export function requireFields(rec: Recorded, body: unknown, paths: string[]): void {
  for (const p of paths) {
    const v = at(body, p);
    if (v === undefined || v === null || v === '') rec.problems.push(`${p}: required`);
  }
}

/** The text of the first XML element with this local name (any prefix); null when absent. */
export function xmlText(xml: string, localName: string): string | null {
  const m = new RegExp(`<(?:[\\w.-]+:)?${localName}(?:\\s[^>]*)?>([^<]*)</(?:[\\w.-]+:)?${localName}>`).exec(xml);
  return m ? m[1]!.trim() : null;
}

/** True when an element with this local name is present (empty or not). */
export function xmlHas(xml: string, localName: string): boolean {
  return new RegExp(`<(?:[\\w.-]+:)?${localName}[\\s/>]`).test(xml);
}

export function requireXml(rec: Recorded, names: string[]): void {
  for (const n of names) {
    const v = xmlText(rec.body, n);
    if (v === null || v === '') rec.problems.push(`<${n}>: required`);
  }
}

let counter = 0;
/** A fresh number of `digits` digits for a new shipment (unique within the test process). */
export function freshNumber(prefix: string, digits: number): string {
  counter += 1;
  const count = String(counter % 10_000).padStart(4, '0');
  const time = String(Date.now()).slice(-(digits - 4));
  return prefix + time + count;
}
