/**
 * `npm run bench`: prints speed and size figures with their targets. Targets, not tests: these
 * machines are shared and noisy, so nothing here fails the build.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import type { OrdersBench } from './orders';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

type Row = { name: string; value: string; target: string; ok: boolean | null };
/** BENCH_SKIP=shipments-list,orders,… leaves those sections out (a quick look at the others; the full run has them all). */
const SKIP = new Set(
  (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const wanted = (section: string) => !SKIP.has(section);
const rows: Row[] = [];
const report = (name: string, value: string, target: string, ok: boolean | null) => {
  rows.push({ name, value, target, ok });
  console.log(`${ok === null ? '·' : ok ? '✔' : '✖'} ${name}: ${value} (target ${target})`);
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

type Server = { url: string; stop(): Promise<void>; startMs: number };

async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL;
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...baseEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - t0;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`bench: the server exited on its own (code ${code}, signal ${signal})`);
  });
  return {
    url,
    startMs,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function rps(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: 5, headers });
  return result.requests.average;
}

/**
 * Texts at the AI box's cap that the parser finds hardest: the "2,000 repeated numbers" (670 ms
 * each when the parser was quadratic) and the slowest families of the linear parser.
 */
const WORST_PARSER_TEXTS = [
  `Extract the address fields from this text: ${'1 '.repeat(2000)}`,
  `Receiver information: ${'王小明，'.repeat(1250)}`,
  `Sender information: ${'a, '.repeat(1666)}`,
];

/** POST /api/rates/quote with 16 connections for 8 s (four lanes, weights varying) after a warm-up. */
async function quotesOverHttp(url: string, cookie: string) {
  const end = (city: string, province: string, postalCode: string) => ({
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
  const lanes = [
    [end('Toronto', 'ON', 'M5V 3L9'), end('Vancouver', 'BC', 'V6B 1A1')],
    [end('Montréal', 'QC', 'H2X 1Y4'), end('Québec', 'QC', 'G1R 4P5')],
    [end('Calgary', 'AB', 'T2P 1J9'), end('Halifax', 'NS', 'B3H 1A1')],
    [end('Ottawa', 'ON', 'K1P 1J1'), end('Whitehorse', 'YT', 'Y1A 1A1')],
  ];
  const bodies = Array.from({ length: 40 }, (_, i) =>
    JSON.stringify({
      fromAddress: lanes[i % 4]![0],
      toAddress: lanes[i % 4]![1],
      packageDetails: { weight: 1 + (i % 20), length: 30, width: 20, height: 15 },
    }),
  );
  let i = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: 16,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/rates/quote',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', cookie },
            body: bodies[i++ % bodies.length],
          }),
        },
      ],
    });
  await run(2); // warm-up: JIT, PGlite caches
  const result = await run(8);
  if (result.non2xx > 0) throw new Error(`bench: ${result.non2xx} quotes did not answer 2xx`);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
  };
}

/** p50 and p99 of GET /api/health latencies, asked one after another by one client while `during` runs. */
async function healthLatency(
  url: string,
  during: () => Promise<void>,
): Promise<{ p50: number; p99: number; n: number }> {
  const latencies: number[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      const t0 = performance.now();
      await (await fetch(`${url}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  })();
  try {
    await during();
  } finally {
    running = false;
    await sampler;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return { p50: at(0.5), p99: at(0.99), n: sorted.length };
}

/**
 * Fires ten worst-case parser requests at once, five rounds (50 parses, plus one that starts the
 * worker thread: under the 60 per user per 10 minutes rate limit), while one client keeps asking
 * GET /api/health; returns its latency then, and for a second without load before (the machine's noise).
 */
async function healthUnderParserLoad(url: string, cookie: string) {
  const parse = async (description: string) => {
    const res = await fetch(`${url}/api/ai/parse-shipment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ description }),
    });
    await res.arrayBuffer();
    if (res.status !== 200 && res.status !== 422 && res.status !== 503) {
      throw new Error(`parser load: unexpected status ${res.status}`);
    }
    return res.status;
  };
  await parse('Receiver information: Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2'); // starts the worker thread
  const idle = await healthLatency(url, () => new Promise((r) => setTimeout(r, 1000)));
  const rounds = 5;
  const roundTimes: number[] = [];
  let busy = 0;
  const loaded = await healthLatency(url, async () => {
    for (let round = 0; round < rounds; round++) {
      const description = WORST_PARSER_TEXTS[round % WORST_PARSER_TEXTS.length];
      const t0 = performance.now();
      const statuses = await Promise.all(Array.from({ length: 10 }, () => parse(description)));
      roundTimes.push(performance.now() - t0);
      busy += statuses.filter((s) => s === 503).length;
    }
  });
  return { idle, loaded, rounds, roundMs: median(roundTimes), busy };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    console.log('building first…');
    const { spawnSync } = await import('node:child_process');
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voyageur-bench-'));
  // The bench asks for quotes far faster than one user may (QUOTES_PER_MINUTE is a product rule, not a cost).
  const admin = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password-1', QUOTES_PER_MINUTE: '1000000' };
  try {
    // 1. Start to healthy on an existing data directory.
    const first = await startServer(dataDir, admin);
    report(
      'start to healthy, new data directory',
      `${first.startMs.toFixed(0)} ms`,
      'none (creates the database)',
      null,
    );
    await first.stop();
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await startServer(dataDir, admin);
      starts.push(s.startMs);
      await s.stop();
    }
    const startMedian = median(starts);
    report(
      'start to healthy, existing data directory (median of 3)',
      `${startMedian.toFixed(0)} ms`,
      '< 1500 ms',
      startMedian < 1500,
    );

    const server = await startServer(dataDir, admin);
    try {
      // 2. JavaScript the landing page loads, gzipped.
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (r) => {
        const u = new URL(r.url());
        if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
      });
      await page.goto(server.url, { waitUntil: 'networkidle' });
      await browser.close();
      let gz = 0;
      for (const p of scripts)
        gz += zlib.gzipSync(fs.readFileSync(path.join(ROOT, 'dist/web', p)), { level: 9 }).length;
      report(
        `landing page JavaScript, gzipped (${scripts.size} files)`,
        `${(gz / 1024).toFixed(1)} KB`,
        '<= 120 KB',
        gz <= 120 * 1024,
      );

      // 3. GET /api/user with a session vs GET /api/health.
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
      });
      // The session cookie by name: sign-in also sets a device cookie.
      const cookie =
        login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .find((c) => c.startsWith('voyageur_session=')) ?? '';
      if (!login.ok || !cookie) throw new Error(`bench login failed: ${login.status}`);
      if ((await fetch(`${server.url}/api/user`, { headers: { cookie } })).status !== 200) {
        throw new Error('bench: the session cookie does not sign in');
      }
      const health = await rps(`${server.url}/api/health`);
      const user = await rps(`${server.url}/api/user`, { cookie });
      report('GET /api/health', `${health.toFixed(0)} req/s`, 'reference', null);
      report('GET /api/user with a session', `${user.toFixed(0)} req/s`, 'reference', null);
      report('ratio /api/user : /api/health', (user / health).toFixed(2), '>= 0.5', user / health >= 0.5);

      // 3a. Quotes over HTTP, 16 connections, on the embedded default (the built server on PGlite).
      const quotes = await quotesOverHttp(server.url, cookie);
      report(
        `POST /api/rates/quote over HTTP, 16 connections, PGlite (${quotes.requests} quotes, ${quotes.rps.toFixed(0)}/s)`,
        `p99 ${quotes.p99.toFixed(1)} ms (p50 ${quotes.p50.toFixed(1)} ms)`,
        '< 50 ms',
        quotes.p99 < 50,
      );
      // Issue 26 also asks the quote for half the rate of GET /api/user (a session read alone).
      report(
        'ratio quotes/s (16 connections) : GET /api/user req/s (20 connections)',
        (quotes.rps / user).toFixed(2),
        '>= 0.5',
        quotes.rps / user >= 0.5,
      );

      // 3b. Ten worst-case address-parser requests at once (the parser runs on the worker pool).
      const load = await healthUnderParserLoad(server.url, cookie);
      report(
        `GET /api/health p99 while ${load.rounds} x 10 worst-case parser requests run (${load.loaded.n} samples)`,
        `${load.loaded.p99.toFixed(1)} ms (p50 ${load.loaded.p50.toFixed(1)} ms)`,
        '< 100 ms',
        load.loaded.p99 < 100,
      );
      report(
        `GET /api/health p99 without load, same machine (${load.idle.n} samples)`,
        `${load.idle.p99.toFixed(1)} ms (p50 ${load.idle.p50.toFixed(1)} ms)`,
        'reference',
        null,
      );
      report(
        'ten worst-case parser requests in parallel, all answered',
        `${load.roundMs.toFixed(0)} ms (median round; ${load.busy} answered 503 busy)`,
        'reference',
        null,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // 4. Domain benches (in-process), when present.
  for (const [file, fn] of [
    ['quotes.ts', 'benchQuotes'],
    ['parser.ts', 'benchParser'],
  ] as const) {
    if (!fs.existsSync(path.join(import.meta.dirname, file))) continue;
    const mod = (await import(`./${file}`)) as Record<string, () => Promise<Record<string, number>>>;
    const r = await mod[fn]();
    if (fn === 'benchQuotes') {
      report('quote latency p50, all carriers, in-process', `${r.p50Ms.toFixed(2)} ms`, 'reference', null);
      report('quote latency p99, all carriers, in-process', `${r.p99Ms.toFixed(2)} ms`, '< 15 ms', r.p99Ms < 15);
      report(
        'quote total with one slow carrier',
        `${r.slowCarrierTotalMs.toFixed(0)} ms (timeout ${r.timeoutMs} ms)`,
        `<= ${r.timeoutMs + 20} ms`,
        r.slowCarrierTotalMs <= r.timeoutMs + 20,
      );
    } else {
      report(
        'parser throughput, one core',
        `${r.addressesPerSecond.toFixed(0)} addresses/s`,
        '> 2000',
        r.addressesPerSecond > 2000,
      );
      report(
        'parser throughput on realistic pastes, one core',
        `${r.pastesPerSecond.toFixed(0)} pastes/s`,
        '> 2000',
        r.pastesPerSecond > 2000,
      );
      report(
        `parser field accuracy on the label-like corpus (${r.cases} cases)`,
        `${(r.fieldAccuracy * 100).toFixed(1)} %`,
        'no regression (100 %)',
        r.fieldAccuracy >= 1,
      );
      type Figures = { name: string; cases: number; fieldAccuracy: number; wholeAccuracy: number };
      const tuning = r.tuning as unknown as Figures[];
      const holdout = r.holdout as unknown as Figures;
      for (const set of tuning) {
        report(
          `pastes, ${set.name} (${set.cases}): fields / whole addresses`,
          `${(set.fieldAccuracy * 100).toFixed(1)} % / ${(set.wholeAccuracy * 100).toFixed(1)} %`,
          'reference (tuned on)',
          null,
        );
      }
      report(
        `pastes, held-out half (${holdout.cases}), fields`,
        `${(holdout.fieldAccuracy * 100).toFixed(1)} %`,
        '>= 95 %',
        holdout.fieldAccuracy >= 0.95,
      );
      report(
        `pastes, held-out half (${holdout.cases}), whole addresses`,
        `${(holdout.wholeAccuracy * 100).toFixed(1)} %`,
        '>= 80 %',
        holdout.wholeAccuracy >= 0.8,
      );
    }
  }
  if (wanted('labels')) await (await import('./labels')).reportLabels(report); // label PDFs per second on one core
  // Quotes over HTTP with the five carriers' real adapters on loopback fakes answering in 150 ms (issue 24).
  if (wanted('real-carriers')) await (await import('./real-carriers')).reportRealCarriers(report);
  if (wanted('shipments-list')) await (await import('./shipments-list')).reportShipmentsList(report); // list/search p95, 200k of 1M rows on PostgreSQL
  if (wanted('webhooks')) await (await import('./webhooks')).reportWebhooks(report); // webhook delivery lag p99 at 50 events/s (issue 28)
  // API shipments per second with 32 concurrent keys beside the web session's, same run (issue 28; PostgreSQL when TEST_DATABASE_URL is set).
  if (wanted('api-v1')) await (await import('./api-v1')).reportApiV1(report);
  // Bulk import (issue 29): 5,000 rows read and checked on PGlite, 500 labels bought by the batch job
  // (PostgreSQL when TEST_DATABASE_URL is set), and their batch PDF.
  if (wanted('bulk-import')) await (await import('./bulk-import')).reportBulkImport(report);

  // 5. Orders: HTTP with 32 clients beside the same statements sent straight to the database.
  if (wanted('orders')) await reportOrders();

  const missed = rows.filter((r) => r.ok === false).length;
  console.log(`\n${rows.filter((r) => r.ok).length} targets met, ${missed} missed.`);
}

/**
 * `bench/orders.ts` in a process of its own: by this point the bench's process holds what the earlier
 * sections left (their data, PGlite's memory, a large heap for the GC to mark), which no server
 * ordering all day carries; in the bench's process the orders ran at 171/s, on their own at 205-230/s.
 */
function ordersInOwnProcess(): Promise<OrdersBench> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/orders.ts')], {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench/orders.ts exited with ${code}`));
      try {
        resolve(JSON.parse(out.slice(out.indexOf('{'))) as OrdersBench);
      } catch (err) {
        reject(err);
      }
    });
  });
}

async function reportOrders(): Promise<void> {
  const orders = await ordersInOwnProcess();
  // Issue 26 asks the orders over HTTP for p99 < 250 ms beside the ratio: measured after 5 s of the
  // same load (decision 056), whose own figures follow as a reference.
  report(
    `orders over HTTP, 32 clients, ${orders.database} (${orders.httpOrdersPerSecond.toFixed(0)} orders/s, p50 ${orders.p50Ms.toFixed(0)} ms)`,
    `p99 ${orders.p99Ms.toFixed(0)} ms`,
    '< 250 ms',
    orders.p99Ms < 250,
  );
  report(
    `the same load's first ${orders.cold.seconds} s on the new app, pool and tables (${orders.cold.ordersPerSecond.toFixed(0)} orders/s, p50 ${orders.cold.p50Ms.toFixed(0)} ms)`,
    `p99 ${orders.cold.p99Ms.toFixed(0)} ms`,
    'reference (the warm-up)',
    null,
  );
  report(
    `the same statements straight to ${orders.database}, 32 clients`,
    `${orders.directOrdersPerSecond.toFixed(0)} orders/s`,
    'reference',
    null,
  );
  report('ratio HTTP orders : direct statements', orders.ratio.toFixed(2), '>= 0.5', orders.ratio >= 0.5);
  report(
    'ledger invariant after the order bench',
    `${orders.ledgerBreaks} broken wallets`,
    '0',
    orders.ledgerBreaks === 0,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
