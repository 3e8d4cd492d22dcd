/**
 * One shop must not slow another, as issue 26 measured it: another account's label through
 * POST /api/shipments/print-label while one account runs 40 print-label loops over HTTP (the issue's
 * "1.7 s, alone 90 ms"). The app on in-memory PGlite in this thread; the clients on their own thread
 * (fair-labels-client.mjs). Medians of 31 labels each, after a warm-up.
 *
 *   npx tsx bench/fair-labels-http.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '../src/server/db/client';
import { benchShop, orderBodyFrom, startBenchApp } from './shops';

export type FairLabelsHttp = { aloneMs: number; duringMs: number; floodLabels: number; floodRefused: number };

export async function benchFairLabelsHttp(): Promise<FairLabelsHttp> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const { app, base } = await startBenchApp(database);

  /** A funded user with one sandbox order: its session cookie and order code. */
  const shop = async () => {
    const { cookie } = await benchShop(database, 1_000_000);
    const order = await fetch(`${base}/api/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: await orderBodyFrom(base, '/api/rates/quote', { cookie }),
    });
    const placed = (await order.json()) as { orderCode?: string };
    if (order.status !== 201 || !placed.orderCode) throw new Error(`bench order failed: ${order.status}`);
    return { cookie, code: placed.orderCode };
  };

  try {
    const victim = await shop();
    const flood = await shop();
    return await new Promise<FairLabelsHttp>((resolve, reject) => {
      const worker = new Worker(new URL('./fair-labels-client.mjs', import.meta.url), {
        workerData: { base, victim, flood },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await benchFairLabelsHttp();
  console.log(
    `${r.duringMs < 2 * r.aloneMs ? '✔' : '✖'} another account's print-label over HTTP while one account runs 40 print-label loops: ${r.duringMs.toFixed(1)} ms (alone ${r.aloneMs.toFixed(1)} ms; ${r.floodLabels} flood labels, ${r.floodRefused} refused)`,
  );
}
