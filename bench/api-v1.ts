/**
 * Public API cost (issue 28, decision 027): shipments bought per second through POST /api/v1/shipments
 * with 32 concurrent live API keys (each its own user and funded wallet), beside the same purchase
 * through the web session (POST /api/shipments with the session cookie) in the same run, on the same
 * app and database. Runs alternate web, API, API, web (the machine's drift falls on both paths alike).
 * Target: API : web ≥ 0.9 (the key check and the per-key rate count cost little).
 * On PostgreSQL when TEST_DATABASE_URL is set (a fresh database, dropped after), else PGlite.
 *
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/api-v1.ts
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { freshDatabase } from './orders';
import { benchShop, orderBodyFrom, startBenchApp } from './shops';

export type ApiV1Bench = {
  database: 'postgres' | 'pglite';
  keys: number;
  apiPerSecond: number;
  webPerSecond: number;
  apiP99Ms: number;
  webP99Ms: number;
  ratio: number;
  failed: number;
};

const CLIENTS = 32;
const RUN_S = 5;

type LoadResult = { total: number; non2xx: number; p50: number; p99: number };
type Load = { path: string; requests: { headers: Record<string, string>; body: string }[] };

/** autocannon on a worker thread (bench/autocannon-worker.mjs), so the client does not share the server's loop. */
function load(url: string, what: Load): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./autocannon-worker.mjs', import.meta.url), {
      workerData: { url, connections: CLIENTS, duration: RUN_S, ...what },
    });
    worker.once('message', (m: LoadResult) => resolve(m));
    worker.once('error', reject);
  });
}

export async function benchApiV1(): Promise<ApiV1Bench> {
  const { database, drop } = await freshDatabase();
  // The per-key budget is still counted on every request (the cost measured); only its ceiling is raised.
  const { app, base } = await startBenchApp(database, { API_REQUESTS_PER_MINUTE: '1000000' });
  try {
    // 32 users, each funded, signed in, with a live API key and one quoted option per path.
    const web: Load = { path: '/api/shipments', requests: [] };
    const api: Load = { path: '/api/v1/shipments', requests: [] };
    for (let i = 0; i < CLIENTS; i++) {
      const { cookie } = await benchShop(database, 100_000_000);
      const made = await fetch(`${base}/api/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: 'bench', mode: 'live' }),
      });
      if (made.status !== 201) throw new Error(`bench API key failed: ${made.status} ${await made.text()}`);
      const authorization = `Bearer ${((await made.json()) as { key: string }).key}`;
      web.requests.push({
        headers: { 'content-type': 'application/json', cookie },
        body: await orderBodyFrom(base, '/api/rates/quote', { cookie }),
      });
      api.requests.push({
        headers: { 'content-type': 'application/json', authorization },
        body: await orderBodyFrom(base, '/api/v1/rates', { authorization }),
      });
    }
    // Warm-up: a few purchases each way (JIT, pools, caches); each must succeed.
    for (const [what, n] of [
      [web, 4],
      [api, 4],
    ] as const) {
      for (const r of what.requests.slice(0, n)) {
        const res = await fetch(`${base}${what.path}`, { method: 'POST', headers: r.headers, body: r.body });
        if (res.status !== 201) throw new Error(`bench purchase at ${what.path}: ${res.status} ${await res.text()}`);
      }
    }
    const runs: { path: 'web' | 'api'; r: LoadResult }[] = [];
    for (const which of ['web', 'api', 'api', 'web'] as const) {
      runs.push({ path: which, r: await load(base, which === 'web' ? web : api) });
    }
    const sum = (which: 'web' | 'api') => {
      const mine = runs.filter((x) => x.path === which).map((x) => x.r);
      const ok = mine.reduce((n, r) => n + r.total - r.non2xx, 0);
      return {
        perSecond: ok / (mine.length * RUN_S),
        failed: mine.reduce((n, r) => n + r.non2xx, 0),
        p99: Math.max(...mine.map((r) => r.p99)),
      };
    };
    const a = sum('api');
    const w = sum('web');
    return {
      database: database.kind,
      keys: CLIENTS,
      apiPerSecond: a.perSecond,
      webPerSecond: w.perSecond,
      apiP99Ms: a.p99,
      webP99Ms: w.p99,
      ratio: a.perSecond / w.perSecond,
      failed: a.failed + w.failed,
    };
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

type Report = (name: string, value: string, target: string, ok: boolean | null) => void;

export async function reportApiV1(report: Report): Promise<void> {
  const r = await benchApiV1();
  report(
    `shipments bought through the web session, ${CLIENTS} clients, ${r.database}`,
    `${r.webPerSecond.toFixed(1)}/s (p99 ${r.webP99Ms.toFixed(0)} ms)`,
    'reference',
    null,
  );
  report(
    `shipments bought through POST /api/v1/shipments, ${r.keys} concurrent keys, ${r.database}`,
    `${r.apiPerSecond.toFixed(1)}/s (p99 ${r.apiP99Ms.toFixed(0)} ms${r.failed ? `; ${r.failed} non-2xx` : ''})`,
    'reference',
    null,
  );
  report('ratio API : web shipments per second', r.ratio.toFixed(2), '>= 0.9', r.ratio >= 0.9 && r.failed === 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await reportApiV1((name, value, target, ok) =>
    console.log(`${ok === null ? '·' : ok ? '✔' : '✖'} ${name}: ${value} (target ${target})`),
  );
  process.exit(0);
}
