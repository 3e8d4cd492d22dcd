/**
 * One shop must not slow another, as issue 26 measured it: another account's label through
 * POST /api/shipments/print-label while one account runs 40 print-label loops over HTTP (the issue's
 * "1.7 s, alone 90 ms"). The app on in-memory PGlite in this thread; each shop's client on a thread
 * of its own (fair-labels-client.mjs), as two shops' clients are two programs, the flood's at the
 * lowest CPU priority unless `shared`. Medians of 101 labels each, after a warm-up.
 *
 *   npx tsx bench/fair-labels-http.ts [user] [shared]
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '../src/server/db/client';
import { benchShop, orderBodyFrom, startBenchApp } from './shops';

export type FairLabelsHttp = {
  aloneMs: number;
  duringMs: number;
  floodLabels: number;
  floodRefused: number;
  /** Whether the flood's client did run at the lowest CPU priority (Linux only). */
  floodNiced: boolean;
  /** The same labels' time inside the server, from the request read to the answer sent. */
  serverAloneMs: number;
  serverDuringMs: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

/**
 * `floodWith`: the flooding account's requests, its own label (the issue's) or GET /api/user.
 * `floodNice`: the flood's client at the lowest CPU priority, standing for a client on another
 * machine; without it, the two cores are shared between the server and the flood's own client.
 */
export async function benchFairLabelsHttp(
  floodWith: 'labels' | 'user' = 'labels',
  floodNice = true,
): Promise<FairLabelsHttp> {
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
    const client = (role: 'victim' | 'flood') =>
      new Worker(new URL('./fair-labels-client.mjs', import.meta.url), {
        workerData: { role, base, victim, flood, floodWith, floodNice },
      });
    const floodClient = client('flood');
    const victimClient = client('victim');
    const answer = (worker: Worker) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        worker.on('message', (m) => typeof m === 'object' && resolve(m as Record<string, number>));
        worker.once('error', reject);
      });
    // The server's own time for each of the victim's labels: from its request read to its answer sent.
    const spans: Record<'alone' | 'during', number[]> = { alone: [], during: [] };
    let phase: 'warm' | 'alone' | 'during' = 'warm';
    app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.headers.cookie !== victim.cookie || phase === 'warm') return;
      const list = spans[phase];
      const t0 = performance.now();
      res.once('finish', () => list.push(performance.now() - t0));
    });
    const floodDone = answer(floodClient);
    victimClient.on('message', (m) => {
      if (m === 'alone') phase = 'alone';
      if (m === 'flood') {
        phase = 'during';
        floodClient.postMessage('start');
      }
    });
    const measured = await answer(victimClient);
    floodClient.postMessage('stop');
    const flooded = await floodDone;
    await Promise.all([floodClient.terminate(), victimClient.terminate()]);
    return {
      aloneMs: measured.aloneMs!,
      duringMs: measured.duringMs!,
      floodLabels: flooded.floodLabels!,
      floodRefused: flooded.floodRefused!,
      floodNiced: flooded.niced === 1,
      serverAloneMs: median(spans.alone.slice(-101)),
      serverDuringMs: median(spans.during.slice(-101)),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const floodWith = process.argv.includes('user') ? 'user' : 'labels';
  const r = await benchFairLabelsHttp(floodWith, !process.argv.includes('shared'));
  console.log(
    `${r.duringMs < 2 * r.aloneMs ? '✔' : '✖'} another account's print-label over HTTP while one account runs 40 loops of ${floodWith === 'user' ? 'GET /api/user' : 'print-label'}: ${r.duringMs.toFixed(1)} ms (alone ${r.aloneMs.toFixed(1)} ms; inside the server ${r.serverDuringMs.toFixed(1)} ms, alone ${r.serverAloneMs.toFixed(1)} ms; ${r.floodLabels} flood requests, ${r.floodRefused} refused)`,
  );
}
