/**
 * Quote latency, in process: `app.inject` of POST /api/rates/quote on an in-memory PGlite, so the
 * figure covers validation, the five sandbox carriers, taxes, the stored quote and serialisation
 * (no network). Then the total time of one quote while one carrier hangs, against the timeout.
 *
 *   npx tsx bench/quotes.ts
 */
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app';
import type { App } from '../src/server/deps';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { systemClock } from '../src/server/lib/clock';
import type { Carrier } from '../src/server/providers/carriers/index';
import { createCarriers } from '../src/server/providers/carriers/registry';
import { createProviders } from '../src/server/providers/index';
import { benchShop } from './shops';

export type QuoteBench = { p50Ms: number; p99Ms: number; slowCarrierTotalMs: number; timeoutMs: number };

const ADDRESS = (city: string, province: string, postalCode: string) => ({
  name: 'Bench Shipper',
  company: '',
  streetAddress: '1 Bench St',
  city,
  province,
  postalCode,
  country: 'CA',
  phoneNumber: '416-555-0100',
  emailAddress: '',
});

const LANES = [
  [ADDRESS('Toronto', 'ON', 'M5V 3L9'), ADDRESS('Vancouver', 'BC', 'V6B 1A1')],
  [ADDRESS('Montréal', 'QC', 'H2X 1Y4'), ADDRESS('Québec', 'QC', 'G1R 4P5')],
  [ADDRESS('Calgary', 'AB', 'T2P 1J9'), ADDRESS('Halifax', 'NS', 'B3H 1A1')],
  [ADDRESS('Ottawa', 'ON', 'K1P 1J1'), ADDRESS('Whitehorse', 'YT', 'Y1A 1A1')],
] as const;

async function startApp(
  carriers: Carrier[],
  timeoutMs: number,
): Promise<{ app: App; database: Database; cookie: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/voyageur-bench-unused',
    APP_URL: 'http://localhost:5000',
    CARRIER_TIMEOUT_MS: String(timeoutMs),
    // The bench asks far faster than a user may (the per-user limit is a product rule, not a cost).
    QUOTES_PER_MINUTE: '1000000',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const providers = { ...createProviders(config, { info: () => undefined }), carriers };
  const app = await buildApp({ config, database, clock: systemClock, providers });
  await app.ready();
  const { cookie } = await benchShop(database);
  return { app, database, cookie };
}

async function quoteOnce(app: App, cookie: string, i: number): Promise<number> {
  const [from, to] = LANES[i % LANES.length]!;
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/rates/quote',
    headers: { cookie },
    payload: {
      fromAddress: from,
      toAddress: to,
      packageDetails: { weight: 1 + (i % 20), length: 30, width: 20, height: 15 },
    },
  });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  return ms;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchQuotes(opts: { iterations?: number; timeoutMs?: number } = {}): Promise<QuoteBench> {
  const iterations = opts.iterations ?? 500;
  const timeoutMs = opts.timeoutMs ?? 300;

  const fast = await startApp(createCarriers({ fuelSurchargeBp: {} }), 4000);
  let samples: number[];
  try {
    for (let i = 0; i < 50; i++) await quoteOnce(fast.app, fast.cookie, i); // warm up JIT and PGlite
    samples = [];
    for (let i = 0; i < iterations; i++) samples.push(await quoteOnce(fast.app, fast.cookie, i));
  } finally {
    await fast.app.close();
    await fast.database.close();
  }
  samples.sort((a, b) => a - b);

  const hanging: Carrier = { code: 'CA-UPS', name: 'UPS', mode: 'sandbox', quote: () => new Promise(() => undefined) };
  const slow = await startApp(
    [...createCarriers({ fuelSurchargeBp: {} }).filter((c) => c.code !== 'CA-UPS'), hanging],
    timeoutMs,
  );
  let slowCarrierTotalMs = 0;
  try {
    await quoteOnce(slow.app, slow.cookie, 0); // warm up
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push(await quoteOnce(slow.app, slow.cookie, i));
    slowCarrierTotalMs = Math.max(...runs);
  } finally {
    await slow.app.close();
    await slow.database.close();
  }

  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    p50Ms: round(percentile(samples, 50)),
    p99Ms: round(percentile(samples, 99)),
    slowCarrierTotalMs: round(slowCarrierTotalMs),
    timeoutMs,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchQuotes();
  const mark = (ok: boolean) => (ok ? '✔' : '✖');
  console.log(
    `${mark(r.p99Ms < 15)} quote latency (app.inject, PGlite, 5 sandbox carriers): p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (target p99 < 15 ms)`,
  );
  console.log(
    `${mark(r.slowCarrierTotalMs <= r.timeoutMs + 20)} quote with one hanging carrier: ${r.slowCarrierTotalMs} ms (target ≤ timeout ${r.timeoutMs} + 20 ms)`,
  );
}
