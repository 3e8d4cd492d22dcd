/**
 * Orders per second through HTTP with 32 concurrent clients (each its own user and wallet), p50 and
 * p99, beside the same ledger statements sent straight through node-postgres (or PGlite) in the same
 * run: the ratio says how much the app adds on top of the database work an order needs. Both are
 * measured after 5 s of the same load (WARM_S), whose own figures are returned as `cold`.
 * On PostgreSQL when TEST_DATABASE_URL is set (a fresh database, dropped after), else PGlite.
 *
 *   npx tsx bench/orders.ts
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import { openDatabase, type Database } from '../src/server/db/client';
import { prepareStatements } from '../src/server/db/pg-statements';
import { verifyLedger } from '../src/server/modules/wallet/ledger';
import { newOrderCode } from '../src/server/modules/orders/service';
import { FROM, PARCEL, benchShop, orderBodyFrom, startBenchApp } from './shops';

export type OrdersBench = {
  database: 'postgres' | 'pglite';
  httpOrdersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  directOrdersPerSecond: number;
  ratio: number;
  /** The warm-up's own figures: the first seconds of the same load on the new app, pool and tables. */
  cold: { seconds: number; ordersPerSecond: number; p50Ms: number; p99Ms: number };
  ledgerBreaks: number;
};

const CLIENTS = 32;
const DURATION_S = 8;
/**
 * Seconds of the same load before each measured run (HTTP and direct). The first seconds on a new
 * app pay for V8 optimising the hot code, the pool's new connections (each backend loading its
 * catalogs and compiling the trigger functions) and the new tables' first statistics: p99 2-3x the
 * warm figure on this 2-core machine (decision 056). The target is the warm server a shop orders
 * from all day; the warm-up's own figures are printed beside it.
 */
const WARM_S = 5;

/** A database of its own for one bench: a fresh PostgreSQL database on TEST_DATABASE_URL, else in-memory PGlite. */
export async function freshDatabase(): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, url: null, drop: async () => undefined };
  }
  const name = `voyageur_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  // The pool the app opens on DATABASE_URL (its default size): the configuration a shop runs. A pool of
  // 40 for 32 clients kept every backend runnable at once on 2 cores and doubled the cold p99 (decision 056).
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function benchOrders(): Promise<OrdersBench> {
  const { database, url, drop } = await freshDatabase();
  const { app, base } = await startBenchApp(database);
  try {
    // 32 users, each funded and holding one quoted option (an option may be ordered several times while it lasts).
    const clients: { id: string; cookie: string; body: string }[] = [];
    for (let i = 0; i < CLIENTS * 2; i++) {
      const { id, cookie } = await benchShop(database, 100_000_000);
      clients.push({ id, cookie, body: await orderBodyFrom(base, '/api/rates/quote', { cookie }) });
    }
    const httpClients = clients.slice(0, CLIENTS);
    const directUsers = clients.slice(CLIENTS).map((c) => c.id);

    // Warm-up, then the measured run: each connection orders for its own user.
    const order = (c: { cookie: string; body: string }) =>
      fetch(`${base}/api/shipments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: c.cookie },
        body: c.body,
      });
    for (const c of httpClients.slice(0, 8)) {
      const res = await order(c);
      if (res.status !== 201) throw new Error(`bench order failed: ${res.status} ${await res.text()}`);
    }
    const load = (duration: number) =>
      loadOnOwnThread({
        url: base,
        connections: CLIENTS,
        duration,
        path: '/api/shipments',
        requests: httpClients.map((c) => ({
          headers: { 'content-type': 'application/json', cookie: c.cookie },
          body: c.body,
        })),
      });
    const warm = await load(WARM_S);
    const result = await load(DURATION_S);
    const non2xx = result.non2xx + warm.non2xx;
    if (non2xx > 0) console.error(`bench: ${non2xx} orders did not answer 2xx`);
    const httpOrdersPerSecond = (result.total - result.non2xx) / DURATION_S;

    // The same statements an order makes, straight to the database, 32 at once (warmed up alike).
    await directLedgerRate(database, url, directUsers, WARM_S);
    const directOrdersPerSecond = await directLedgerRate(database, url, directUsers, DURATION_S);
    const ledger = await verifyLedger(database.db);
    return {
      database: database.kind,
      httpOrdersPerSecond,
      p50Ms: result.p50,
      p99Ms: result.p99,
      directOrdersPerSecond,
      ratio: httpOrdersPerSecond / directOrdersPerSecond,
      cold: { seconds: WARM_S, ordersPerSecond: (warm.total - warm.non2xx) / WARM_S, p50Ms: warm.p50, p99Ms: warm.p99 },
      ledgerBreaks: ledger.breaks.length,
    };
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

type LoadResult = { total: number; non2xx: number; p50: number; p99: number };

/** autocannon on a worker thread (bench/autocannon-worker.mjs): the client does not share the server's event loop. */
function loadOnOwnThread(workerData: {
  url: string;
  connections: number;
  duration: number;
  path: string;
  requests: { headers: Record<string, string>; body: string }[];
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./autocannon-worker.mjs', import.meta.url), { workerData });
    worker.once('message', (m: LoadResult) => resolve(m));
    worker.once('error', reject);
  });
}

/**
 * An order's database work without the app: BEGIN; insert the shipment; the ledger CTE (guarded
 * debit + entry + audit); COMMIT; the carrier's record; BEGIN; label_created + first event; COMMIT; the
 * receipt's number.
 */
async function directLedgerRate(
  database: Database,
  url: string | null,
  userIds: string[],
  seconds: number,
): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const one = async (run: (text: string, params?: unknown[]) => Promise<unknown>, userId: string) => {
    const id = randomUUID();
    const code = newOrderCode();
    const tn = `B${id.replace(/-/g, '').slice(0, 15)}`;
    const party = JSON.stringify({ ...FROM, address1: FROM.address, address2: '' });
    // Step 1 as the app sends it: the guarded debit, the shipment, the entry and the audit row in one statement.
    await run(
      `with w as (update wallets set balance_cents = balance_cents - 1695, updated_at = now()
                  where user_id = $1 and balance_cents >= 1695 returning id, balance_cents, balance_cents + 1695 as old_balance),
            t as (insert into wallet_transactions (id, wallet_id, user_id, type, direction, status, amount_cents, balance_after_cents,
                    description, reference, shipment_id, idempotency_key, created_at)
                  select $2, w.id, $1, 'shipping_charge', 'debit', 'completed', 1695, w.balance_cents, 'bench', $3, $4::uuid, 'charge:' || $4::text, now() from w
                  returning wallet_id, balance_after_cents),
            a as (insert into audit_logs (id, user_id, action, resource_type, resource_id, old_value, new_value, created_at)
                  select gen_random_uuid(), $1, 'wallet.shipping_charge', 'wallet', w.id::text,
                         jsonb_build_object('balanceCents', w.old_balance), jsonb_build_object('balanceCents', w.balance_cents), now() from w),
            c as (insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code, carrier_price_cents,
                    price_cents, hst_cents, tax_total_cents, total_cents, from_address, to_address, package, search_text, ship_date, transit_days)
                  select $4::uuid, $1, 'purchasing', 'CA-CP', 'DOM.RP', 'Regular Parcel', $3, 1500, 1500, 195, 195, 1695, $5::jsonb, $5::jsonb,
                         $6::jsonb, $3, current_date, 2 from w returning id)
       select wallet_id, balance_after_cents from t`,
      [userId, randomUUID(), code, id, party, JSON.stringify(PARCEL)],
    );
    // The carrier's side: the sandbox records the sale (a repeated reference conflicts).
    await run(
      `insert into sandbox_carrier_shipments (reference, carrier, service_code, tracking_number, request, created_at)
       values ($1, 'CA-CP', 'DOM.RP', $2, '{}'::jsonb, now()) on conflict (reference) do nothing returning reference`,
      [id, tn],
    );
    // Step 3: label_created and the first event, one statement.
    await run(
      `with done as (update shipments set status = 'label_created', tracking_number = $2, search_text = $2, updated_at = now()
                     where id = $1 and status = 'purchasing' returning id, user_id),
            ev as (insert into tracking_events (id, shipment_id, user_id, status, description, location, occurred_at)
                   select $3, done.id, done.user_id, 'label_created', 'Shipment information received', 'Toronto, ON', now() from done
                   on conflict (shipment_id, status) do nothing)
       select id from done`,
      [id, tn, randomUUID()],
    );
    // The receipt, written without its number by step 3's trigger, numbered in a statement of its own (decision 062).
    await run('select number_receipts()');
    done++;
  };
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
    try {
      await Promise.all(
        userIds.map(async (userId) => {
          const client = await pool.connect();
          // Prepared once per connection, as the app's statements are (decision 057).
          prepareStatements(client);
          try {
            while (Date.now() < deadline) await one((text, params) => client.query(text, params as unknown[]), userId);
          } finally {
            client.release();
          }
        }),
      );
    } finally {
      await pool.end();
    }
  } else {
    // PGlite has one connection: the 32 "clients" take turns, one transaction at a time, as the app's do.
    let queue = Promise.resolve();
    await Promise.all(
      userIds.map(async (userId) => {
        while (Date.now() < deadline) {
          const turn = queue.then(() =>
            database.raw(async (tx) => {
              // database.raw already runs in a transaction: skip our own begin/commit.
              await one(
                (text, params) =>
                  text === 'begin' || text === 'commit'
                    ? Promise.resolve()
                    : tx.query(
                        text,
                        (params ?? []).map((p) => String(p)),
                      ),
                userId,
              );
            }),
          );
          queue = turn.catch(() => undefined);
          await turn;
        }
      }),
    );
  }
  return done / seconds;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchOrders().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
