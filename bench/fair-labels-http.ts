/**
 * One shop must not slow another, as issue 26 measured it: another account's label through
 * POST /api/shipments/print-label while one account runs 40 print-label loops over HTTP (the issue's
 * "1.7 s, alone 90 ms"). The app on in-memory PGlite in this thread; the clients on their own thread
 * (fair-labels-client.mjs). Medians of 31 labels each, after a warm-up.
 *
 *   npx tsx bench/fair-labels-http.ts
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema/identity';
import { systemClock } from '../src/server/lib/clock';
import { createSession, SESSION_COOKIE } from '../src/server/modules/auth/session';
import { applyEntry } from '../src/server/modules/wallet/ledger';
import { createProviders } from '../src/server/providers/index';
import { FROM, PARCEL, TO } from './orders';

export type FairLabelsHttp = { aloneMs: number; duringMs: number; floodLabels: number; floodRefused: number };

const quoteEnd = (p: typeof FROM) => ({
  name: `${p.firstName} ${p.lastName}`,
  company: '',
  streetAddress: p.address,
  city: p.city,
  province: p.province,
  postalCode: p.postalCode,
  country: 'CA',
  phoneNumber: p.phone,
  emailAddress: '',
});

export async function benchFairLabelsHttp(): Promise<FairLabelsHttp> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/voyageur-bench-unused',
    APP_URL: 'http://127.0.0.1',
    QUOTES_PER_MINUTE: '1000000',
  });
  const providers = createProviders(config, { info: () => undefined }, { db: database.db });
  const app = await buildApp({ config, database, clock: systemClock, providers });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  /** A funded user with one sandbox order: its session cookie and order code. */
  const shop = async () => {
    const id = randomUUID();
    const now = new Date();
    await database.db.insert(users).values({
      id,
      email: `bench-${id}@example.com`,
      firstName: 'Bench',
      lastName: 'Shop',
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await applyEntry(
      database.db,
      id,
      { type: 'adjustment', direction: 'credit', amountCents: 1_000_000, description: 'bench funds' },
      now,
    );
    const { token } = await createSession(database.db, { userId: id, now, ttlDays: 1 });
    const cookie = `${SESSION_COOKIE}=${token}`;
    const json = { 'content-type': 'application/json', cookie };
    const quote = await fetch(`${base}/api/rates/quote`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ fromAddress: quoteEnd(FROM), toAddress: quoteEnd(TO), packageDetails: PARCEL }),
    });
    const [option] = (await quote.json()) as {
      id: string;
      carrier: string;
      serviceName: string;
      serviceCode: string;
      total: string;
      taxes: { total: string };
    }[];
    if (!option) throw new Error(`bench quote failed: ${quote.status}`);
    const order = await fetch(`${base}/api/shipments`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        fromAddressId: null,
        toAddressId: null,
        fromAddress: FROM,
        toAddress: TO,
        carrier: option.carrier,
        service: option.serviceName,
        serviceCode: option.serviceCode,
        packageDetails: PARCEL,
        rateDetails: { id: option.id },
        totalCost: option.total,
        taxes: option.taxes.total,
      }),
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
