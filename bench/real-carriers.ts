/**
 * Quotes over HTTP with the five carriers on their real adapters, each pointed at a loopback fake
 * (tests/fakes) that answers the carrier's documented body in 150 ms (issue 24). The carriers are
 * asked in parallel, so a quote should take about one carrier's time: p50 close to 150 ms, p99 under
 * 400 ms at 16 connections. Then one fake answers in 10 s: the quote gives up on it in time to answer
 * by the deadline (CARRIER_TIMEOUT_MS, counted from the request's arrival), so p99 stays at the
 * deadline, not 10 s.
 *
 *   npx tsx bench/real-carriers.ts        (or as part of npm run bench)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { FAKE_CARRIER_NAMES, startFakeCarriers, type FakeCarriers } from '../tests/fakes/index';

const ROOT = path.resolve(import.meta.dirname, '..');
const FAKE_LATENCY_MS = 150;
const SLOW_FAKE_MS = 10_000;
/** The per-carrier deadline the bench runs with: CARRIER_TIMEOUT_MS's default. */
const DEADLINE_MS = 4_000;
const ADMIN = { email: 'bench-carriers@example.com', password: 'bench-password-1' };

type Report = (name: string, value: string, target: string, ok: boolean | null) => void;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

type Server = { url: string; stop(): Promise<void>; logLines(): string[] };

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voyageur-bench-carriers-'));
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL;
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under the bench.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...baseEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      VOYAGEUR_SKIP_DOTENV: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server's log (LOG_LEVEL warn: warnings and errors only), kept to count what a quote logs.
  const lines: string[] = [];
  let partial = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('bench: the server exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    logLines: () => lines.slice(),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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

/**
 * Toronto → Vancouver. Quotes are for addresses in Canada only (for now), and DHL Express carries only
 * parcels leaving Canada: its adapter answers no quote without calling, so four fakes are asked.
 */
const BODY = JSON.stringify({
  fromAddress: end('Toronto', 'ON', 'M5V 3L9'),
  toAddress: end('Vancouver', 'BC', 'V6B 1A1'),
  packageDetails: { weight: 2, length: 30, width: 20, height: 15 },
});

async function quotes(url: string, cookie: string, connections: number, duration: number) {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/rates/quote',
        headers: { 'content-type': 'application/json', cookie },
        body: BODY,
      },
    ],
  });
  // A quote every carrier missed answers 502 (no rates): counted and shown, never hidden.
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

function kinds(lines: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    let msg = line.slice(0, 80);
    try {
      const parsed = JSON.parse(line) as { msg?: unknown };
      if (typeof parsed.msg === 'string') msg = parsed.msg;
    } catch {
      /* not JSON */
    }
    counts.set(msg, (counts.get(msg) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

export type RealCarriersBench = {
  asked: string[];
  /** Quotes made in all (every run), and the warnings the server logged meanwhile. */
  quotes: number;
  warnings: number;
  taxWarnings: number;
  /** The warnings by message, most frequent first. */
  warningKinds: [string, number][];
  sequentialP50: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  slowP50: number;
  slowP99: number;
  deadlineMs: number;
};

export async function benchRealCarriers(): Promise<RealCarriersBench> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) throw new Error('bench: build first (npm run build)');
  const fakes: FakeCarriers = await startFakeCarriers(FAKE_CARRIER_NAMES, { latencyMs: FAKE_LATENCY_MS });
  const server = await startServer({
    ...fakes.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    QUOTES_PER_MINUTE: '1000000',
    CARRIER_TIMEOUT_MS: String(DEADLINE_MS),
  });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`bench: login answered ${login.status}`);
    // The session cookie by name: sign-in also sets a device cookie.
    const cookie =
      login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith('voyageur_session=')) ?? '';

    // One quote first (UPS and FedEx fetch their tokens), then check that every carrier was asked.
    const first = await fetch(`${server.url}/api/rates/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: BODY,
    });
    if (first.status !== 200) throw new Error(`bench: quote answered ${first.status}: ${await first.text()}`);
    const asked = FAKE_CARRIER_NAMES.filter((n) => fakes.fakes[n]!.requests.some((r) => r.op === 'rate'));
    const problems = FAKE_CARRIER_NAMES.flatMap((n) => fakes.fakes[n]!.requests.flatMap((r) => r.problems));
    if (problems.length) throw new Error(`bench: the fakes saw undocumented requests: ${problems.join('; ')}`);

    const sequential = await quotes(server.url, cookie, 1, 5);
    const warm = await quotes(server.url, cookie, 16, 2); // warm-up
    const loaded = await quotes(server.url, cookie, 16, 8);

    fakes.set({ latencyMs: SLOW_FAKE_MS }, ['fedex']);
    const slow = await quotes(server.url, cookie, 16, 8);
    const logged = server.logLines();
    return {
      asked,
      quotes: 1 + sequential.requests + warm.requests + loaded.requests + slow.requests,
      warnings: logged.length,
      taxWarnings: logged.filter((l) => l.includes('tax differs')).length,
      warningKinds: kinds(logged),
      sequentialP50: sequential.p50,
      p50: loaded.p50,
      p99: loaded.p99,
      requests: loaded.requests,
      failed: loaded.failed + slow.failed + sequential.failed,
      slowP50: slow.p50,
      slowP99: slow.p99,
      deadlineMs: DEADLINE_MS,
    };
  } finally {
    await server.stop();
    await fakes.close();
  }
}

export async function reportRealCarriers(report: Report): Promise<void> {
  const r = await benchRealCarriers();
  // DHL Express is on its fake too, but makes no call for a lane inside Canada.
  const who = `5 carriers on fakes answering in ${FAKE_LATENCY_MS} ms (${r.asked.length} asked)`;
  report(
    `POST /api/rates/quote over HTTP, ${who}, one connection: p50`,
    `${r.sequentialP50.toFixed(0)} ms`,
    `close to ${FAKE_LATENCY_MS} ms (< ${FAKE_LATENCY_MS + 50} ms)`,
    r.asked.length === 4 && r.sequentialP50 < FAKE_LATENCY_MS + 50,
  );
  report(
    'of which ours (one connection p50 less the fakes’ latency): HTTP, session, 4 carriers’ requests and answers, pricing, storing the quote',
    `${Math.max(0, r.sequentialP50 - FAKE_LATENCY_MS).toFixed(0)} ms`,
    '< 50 ms',
    r.sequentialP50 - FAKE_LATENCY_MS < 50,
  );
  report(
    `POST /api/rates/quote over HTTP, ${who}, 16 connections (${r.requests} quotes): p50`,
    `${r.p50.toFixed(0)} ms`,
    `close to ${FAKE_LATENCY_MS} ms (< ${FAKE_LATENCY_MS + 100} ms)`,
    r.p50 < FAKE_LATENCY_MS + 100,
  );
  report(`the same, 16 connections: p99`, `${r.p99.toFixed(0)} ms`, '< 400 ms', r.p99 < 400);
  report('quotes that did not answer 200 in these runs', String(r.failed), '0', r.failed === 0);
  report(
    `the same with FedEx's fake at ${SLOW_FAKE_MS / 1000} s, deadline ${r.deadlineMs} ms: p50 (every quote waits for the deadline)`,
    `${r.slowP50.toFixed(0)} ms`,
    `the deadline, not ${SLOW_FAKE_MS / 1000} s (<= ${r.deadlineMs} ms)`,
    r.slowP50 <= r.deadlineMs,
  );
  report(
    `the same with FedEx's fake at ${SLOW_FAKE_MS / 1000} s: p99`,
    `${r.slowP99.toFixed(0)} ms`,
    `<= the deadline (${r.deadlineMs} ms)`,
    r.slowP99 <= r.deadlineMs,
  );
  report(
    `"carrier's tax differs" warnings logged in ${r.quotes} quotes (the fixtures' taxes are for their own lanes)`,
    String(r.taxWarnings),
    `<= one per carrier and lane per hour (${r.asked.length})`,
    r.taxWarnings <= r.asked.length,
  );
  const top = r.warningKinds
    .slice(0, 4)
    .map(([msg, n]) => `${n}× ${msg}`)
    .join('; ');
  report(
    `warnings logged in all`,
    `${r.warnings}${top ? ` (${top})` : ''}`,
    'each kind once per carrier per hour',
    null,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await reportRealCarriers((name, value, target, ok) =>
    console.log(`${ok === null ? '·' : ok ? '✔' : '✖'} ${name}: ${value} (target ${target})`),
  );
}
