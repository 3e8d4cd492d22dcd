/**
 * Webhook delivery lag (issue 28, decision 034): events written to the outbox at 50 per second for
 * 20 s (each in its own transaction, as an order writes it), delivered by the server's worker
 * (startWebhookDelivery, polling every second) to a local receiver on 127.0.0.1; lag is the time
 * from the event's commit to its arrival. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is
 * set (a fresh database, dropped after). Target: p99 under 2 s.
 *
 *   npx tsx bench/webhooks.ts
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema/identity';
import { systemClock } from '../src/server/lib/clock';
import { enqueueWebhookEvent } from '../src/server/modules/webhooks/repo';
import { createWebhooksService } from '../src/server/modules/webhooks/service';
import { startWebhookDelivery } from '../src/server/modules/webhooks/jobs';

const RATE = 50;
const DURATION_S = 20;

export type WebhookLag = {
  database: 'pglite' | 'postgres';
  sent: number;
  delivered: number;
  inOrder: boolean;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

type Report = (name: string, value: string, target: string, ok: boolean | null) => void;

async function database(kind: 'pglite' | 'postgres'): Promise<{ db: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') return { db: await openDatabase({ kind: 'pglite', dataDir: null }), drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL!;
  const name = `voyageur_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    db: await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function benchWebhookLag(kind: 'pglite' | 'postgres'): Promise<WebhookLag> {
  const { db: database_, drop } = await database(kind);
  const db = database_.db;
  const committedAt = new Map<string, number>();
  const lags: number[] = [];
  const order: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const arrived = performance.now();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { n: number } };
      const at = committedAt.get(String(event.data.n));
      if (at !== undefined) lags.push(arrived - at);
      order.push(event.data.n);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const log = { info: () => undefined, error: (o: object, m: string) => console.error(m, o) };
  const webhooks = createWebhooksService({
    db,
    clock: systemClock,
    mail: { kind: 'outbox', send: async () => undefined },
    log,
    allowPrivate: true,
    appUrl: 'http://127.0.0.1',
  });
  const userId = randomUUID();
  const now = new Date();
  await db.insert(users).values({
    id: userId,
    email: `bench-${userId}@example.com`,
    firstName: 'Bench',
    lastName: 'Hooks',
    role: 'end_user',
    passwordHash: null,
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await webhooks.create(userId, { url: `http://127.0.0.1:${port}/hook`, events: ['tracker.updated'] });
  const worker = startWebhookDelivery({ webhooks, log });
  const total = RATE * DURATION_S;
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await db.transaction(async (tx) => enqueueWebhookEvent(tx, userId, 'tracker.updated', { n }, new Date()));
    committedAt.set(String(n), performance.now());
  }
  const deadline = performance.now() + 30_000;
  while (lags.length < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  worker.stop();
  server.close();
  await database_.close();
  await drop();
  const sorted = [...lags].sort((a, b) => a - b);
  return {
    database: kind,
    sent: total,
    delivered: lags.length,
    inOrder: order.every((n, i) => i === 0 || n > order[i - 1]!),
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.at(-1) ?? 0,
  };
}

export async function reportWebhooks(report: Report): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    const r = await benchWebhookLag(kind);
    report(
      `webhook delivery lag at ${RATE} events/s to a local receiver, ${r.database}`,
      `p50 ${r.p50Ms.toFixed(0)} ms, p99 ${r.p99Ms.toFixed(0)} ms, max ${r.maxMs.toFixed(0)} ms (${r.delivered}/${r.sent} delivered${r.inOrder ? ', in order' : ', OUT OF ORDER'})`,
      'p99 < 2000 ms, all delivered in order',
      r.p99Ms < 2000 && r.delivered === r.sent && r.inOrder,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await reportWebhooks((name, value, target, ok) =>
    console.log(`${ok === null ? '·' : ok ? '✔' : '✖'} ${name}: ${value} (target ${target})`),
  );
  process.exit(0);
}
