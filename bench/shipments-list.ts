/**
 * Shipments list and search at scale: 1,000,000 shipments of which 200,000 belong to one user,
 * generated in SQL (INSERT … SELECT generate_series), then the p95 of the list (page 1, a middle
 * page, the last page) and of searches (a last name, a city, a postal code, a tracking number
 * fragment) through the service function (`createShipmentsService().list`, no HTTP): the count,
 * the page and the customer order counts, as the route runs them. Target: p95 < 25 ms.
 *
 * On PostgreSQL when TEST_DATABASE_URL is set (a scratch database, dropped afterwards; set
 * BENCH_SHIPMENTS_DB=<name> to keep it and reuse it on the next run). Otherwise on in-memory
 * PGlite with a tenth of the rows (100,000, 20,000 for the user), which it says. `npm run bench`
 * runs both when TEST_DATABASE_URL is set.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/shipments-list.ts
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import { systemClock } from '../src/server/lib/clock';
import { createShipmentsService } from '../src/server/modules/shipments/service';
import { marksSettled } from '../src/server/modules/shipments/marks';

export type ShipmentsListBench = {
  kind: 'postgres' | 'pglite';
  total: number;
  userRows: number;
  loadMs: number;
  /** `target`: counted against p95 < 25 ms; the others are shown for reference. */
  /** `matches`: the list's total (`capped`: the count stopped there, shown as "10,000+"). */
  cases: {
    name: string;
    p50Ms: number;
    p95Ms: number;
    matches: number;
    capped: boolean;
    target: boolean;
    /** A deep page of the plain list: its first read, before the marks it adds (decision 054). */
    firstMs?: number;
  }[];
};

type Report = (name: string, value: string, target: string, ok: boolean | null) => void;
export const TARGET_P95_MS = 25;

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Wei',
  'Li',
  'Mei',
  'Jun',
  'Priya',
  'Arjun',
  'Fatima',
  'Omar',
  'Sofia',
  'Lucas',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Ava',
  'Ethan',
  'Chloé',
  'Gabriel',
  'Léa',
  'Félix',
  'Zoé',
  'Mathis',
  'Aiden',
  'Harper',
  'Mason',
  'Ella',
  'Logan',
  'Amelia',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Chen',
  'Yang',
  'Huang',
  'Zhao',
  'Wu',
  'Zhou',
  'Nguyen',
  'Tran',
  'Le',
  'Pham',
  'Singh',
  'Patel',
  'Kumar',
  'Sharma',
  'Gill',
  'Khan',
  'Ali',
  'Ahmed',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Hill',
  'Campbell',
  'Mitchell',
  'Roberts',
  'Carter',
  'Phillips',
  'Evans',
  'Turner',
  'Torres',
  'Parker',
  'Collins',
  'Edwards',
  'Stewart',
  'Morris',
  'Murphy',
  'Cook',
  'Rogers',
  'Morgan',
  'Peterson',
  'Cooper',
  'Reed',
  'Bailey',
  'Bell',
  'Kelly',
  'Howard',
  'Ward',
  'Cox',
  'Richardson',
  'Wood',
  'Watson',
  'Brooks',
  'Bennett',
  'Gray',
  'James',
  'Hughes',
  'Price',
  'Sanders',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'MacDonald',
  'McLeod',
  'Fraser',
  'Campbell',
  'Stewart',
  'Robertson',
  'Murray',
  'Ferguson',
];
const COMPANIES = [
  'Maple Goods',
  'Northern Supply',
  'Prairie Tools',
  'Coastal Crafts',
  'Great Lakes Trading',
  'Boréal Design',
  'Laurentian Books',
  'Rocky Mountain Gear',
  'Atlantic Fisheries',
  'Tundra Textiles',
  'Cedar & Pine',
  'Aurora Labs',
  'Polar Bear Toys',
  'Harbourfront Cafe',
  'Muskoka Outfitters',
  'Okanagan Wines',
  'Yukon Gold Co',
  'Fundy Foods',
];
/** City, province, and forward sortation areas used there. */
const CITIES: [string, string, string[]][] = [
  ['Toronto', 'ON', ['M5V', 'M4C', 'M6K', 'M2N', 'M1B']],
  ['Ottawa', 'ON', ['K1P', 'K2G', 'K1N']],
  ['Mississauga', 'ON', ['L5B', 'L4Z']],
  ['Hamilton', 'ON', ['L8P', 'L9A']],
  ['London', 'ON', ['N6A', 'N5V']],
  ['Kitchener', 'ON', ['N2G', 'N2M']],
  ['Windsor', 'ON', ['N9A', 'N8X']],
  ['Montréal', 'QC', ['H2X', 'H3B', 'H1A', 'H4C']],
  ['Québec', 'QC', ['G1R', 'G1K']],
  ['Laval', 'QC', ['H7N', 'H7T']],
  ['Gatineau', 'QC', ['J8X', 'J9H']],
  ['Sherbrooke', 'QC', ['J1H', 'J1E']],
  ['Vancouver', 'BC', ['V6B', 'V5K', 'V6Z']],
  ['Victoria', 'BC', ['V8W', 'V9A']],
  ['Surrey', 'BC', ['V3T', 'V4N']],
  ['Kelowna', 'BC', ['V1Y', 'V1W']],
  ['Calgary', 'AB', ['T2P', 'T3A', 'T2E']],
  ['Edmonton', 'AB', ['T5J', 'T6E']],
  ['Red Deer', 'AB', ['T4N']],
  ['Winnipeg', 'MB', ['R3C', 'R2W', 'R3T']],
  ['Brandon', 'MB', ['R7A']],
  ['Regina', 'SK', ['S4P', 'S4S']],
  ['Saskatoon', 'SK', ['S7K', 'S7N']],
  ['Halifax', 'NS', ['B3H', 'B3J']],
  ['Sydney', 'NS', ['B1P']],
  ['Moncton', 'NB', ['E1C', 'E1A']],
  ['Fredericton', 'NB', ['E3B']],
  ['Saint John', 'NB', ['E2L']],
  ['St. John\u2019s', 'NL', ['A1C', 'A1B']],
  ['Charlottetown', 'PE', ['C1A']],
  ['Whitehorse', 'YT', ['Y1A']],
  ['Yellowknife', 'NT', ['X1A']],
  ['Iqaluit', 'NU', ['X0A']],
];
const CARRIERS = ['CA-UPS', 'CA-CP', 'CA-PUROLATOR', 'CA-Fedex', 'CA-DHL'];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: string[]) => `(array[${xs.map(lit).join(',')}]::text[])`;

/**
 * The load, as one INSERT … SELECT over generate_series. Rows 1..userRows belong to the heavy user,
 * the rest to 800 others. Tracking numbers and order codes are unique by construction (a bijection
 * of the row number); names, cities and dates are drawn from the pools with a fixed seed.
 */
function loadSql(total: number, userRows: number, heavyUser: string): string {
  const cityNames = CITIES.map((c) => c[0]);
  const cityProv = CITIES.map((c) => c[1]);
  const cityFsa = CITIES.map((c) => c[2].join(','));
  return `
create or replace function pg_temp.b32(x bigint) returns text language sql immutable as $$
  select string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((x >> (5 * k)) & 31)::int + 1, 1), '' order by k desc)
  from generate_series(0, 7) k
$$;
select setseed(0.42);
insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code, tracking_number,
  carrier_price_cents, price_cents, hst_cents, tax_total_cents, total_cents, from_address, to_address, package,
  receiver_key, search_text, ship_date, transit_days, estimated_delivery, delivered_at, refunded_cents,
  created_at, updated_at)
select gen_random_uuid(), g.user_id, g.status, g.carrier, 'STD', 'Standard', g.order_code, g.tracking,
  g.price, g.price, g.price * 13 / 100, g.price * 13 / 100, g.price + g.price * 13 / 100,
  '{"firstName":"Ana","lastName":"Sender","company":"Maple Goods","address1":"1 King St W","address2":"","city":"Toronto","province":"ON","postalCode":"M5H 1A1","country":"CA","phone":"416-555-0100","email":"ana@example.com"}'::jsonb,
  jsonb_build_object('firstName', g.first, 'lastName', g.last, 'company', g.company, 'address1', g.street,
    'address2', '', 'city', g.city, 'province', g.province, 'postalCode', g.postal, 'country', 'CA',
    'phone', g.phone, 'email', g.email),
  '{"weightKg":2,"lengthCm":30,"widthCm":20,"heightCm":10,"type":"package","description":"Goods","insuranceValueCents":0}'::jsonb,
  case when g.email <> '' then 'e:' || g.email else 'p:' || regexp_replace(g.phone, '\\D', '', 'g') end,
  trim(regexp_replace(lower(concat_ws(' ', coalesce(g.tracking, ''), g.order_code, g.first || ' ' || g.last, g.company,
    g.city, g.postal, replace(g.postal, ' ', ''))), '\\s+', ' ', 'g')),
  g.created_at::date, 3, (g.created_at + interval '3 days')::date,
  case when g.status = 'delivered' then g.created_at + interval '3 days' end,
  case when g.status in ('failed', 'cancelled') then g.price + g.price * 13 / 100 else 0 end,
  g.created_at, g.created_at
from (
  select s.*,
    case when s.status = 'failed' then null
         when s.carrier = 'CA-UPS' then '1Z' || upper(substr(md5(s.i::text), 1, 6)) || s.digits
         when s.carrier = 'CA-CP' then '7' || translate(substr(md5(s.i::text), 1, 5), 'abcdef', '012345') || s.digits
         when s.carrier = 'CA-PUROLATOR' then '3' || translate(substr(md5(s.i::text), 1, 1), 'abcdef', '012345') || s.digits
         when s.carrier = 'CA-Fedex' then '8' || translate(substr(md5(s.i::text), 1, 1), 'abcdef', '012345') || s.digits
         else s.digits end as tracking,
    s.fsa || ' ' || (s.i % 10)::text || substr('ABCEGHJKLMNPRSTVWXYZ', 1 + (s.i / 10 % 20)::int, 1) || ((s.i / 200) % 10)::text as postal,
    lower(s.first) || '.' || lower(s.last) || (s.i % 997)::text || '@example.com' as email
  from (
    select t.*,
      ${arr(CARRIERS)}[1 + (t.i % ${CARRIERS.length})] as carrier,
      ${arr(cityNames)}[t.c] as city,
      ${arr(cityProv)}[t.c] as province,
      (string_to_array(${arr(cityFsa)}[t.c], ','))[1 + (t.i % 3) % cardinality(string_to_array(${arr(cityFsa)}[t.c], ','))] as fsa,
      -- A bijection of the row number on 10 digits: unique tracking numbers, random-looking.
      lpad(((t.i * 7919::bigint * 104729) % 10000000000)::text, 10, '0') as digits,
      'VY-' || pg_temp.b32((t.i * 1099511627::bigint) % 1099511627776) as order_code
    from (
      select i,
        case when i <= ${userRows} then '${heavyUser}'::uuid else md5('bench-user-' || (1 + i % 800))::uuid end as user_id,
        ${arr(FIRST)}[1 + floor(random() * ${FIRST.length})::int] as first,
        ${arr(LAST)}[1 + floor(random() * ${LAST.length})::int] as last,
        case when random() < 0.4 then ${arr(COMPANIES)}[1 + floor(random() * ${COMPANIES.length})::int] else '' end as company,
        (1 + floor(random() * 9999))::int || ' ' || ${arr(['King St', 'Queen St', 'Main St', 'Rue Saint-Denis', 'Yonge St', 'Robson St', '1st Ave', 'Portage Ave'])}[1 + floor(random() * 8)::int] as street,
        1 + floor(power(random(), 1.6) * ${CITIES.length})::int as c,
        '416-555-' || lpad((i % 10000)::text, 4, '0') as phone,
        timestamptz '2026-03-02 12:00:00+00' - (random() * interval '730 days') as created_at,
        (case when random() < 0.01 then 'failed' when random() < 0.03 then 'cancelled' when random() < 0.06 then 'in_transit'
              when random() < 0.08 then 'label_created' else 'delivered' end) as status,
        800 + floor(random() * 5200)::int as price
      from generate_series(1, ${total}) i
    ) t
  ) s
) g`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function scratchPostgres(): Promise<{ url: string; keep: boolean; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const keepName = process.env.BENCH_SHIPMENTS_DB;
  const name = keepName ?? `voyageur_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_SHIPMENTS_DB must be a plain lower-case name');
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    keep: Boolean(keepName),
    drop: async () => {
      if (keepName) return;
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function ensureData(database: Database, total: number, userRows: number, heavyUser: string): Promise<number> {
  const db = database.db;
  const have = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from shipments`))[0]!.n;
  if (have === total) return 0;
  if (have !== 0) throw new Error(`the bench database holds ${have} shipments, expected 0 or ${total}`);
  const t0 = performance.now();
  // 801 users (the wallet trigger gives each a wallet).
  await db.execute(
    sql.raw(`
    insert into users (id, email, first_name, last_name, email_verified_at)
    values ('${heavyUser}', 'heavy@bench.example', 'Heavy', 'Shipper', now()) on conflict do nothing`),
  );
  await db.execute(
    sql.raw(`
    insert into users (id, email, first_name, last_name, email_verified_at)
    select md5('bench-user-' || u)::uuid, 'user' || u || '@bench.example', 'Bench', 'User' || u, now()
    from generate_series(1, 800) u on conflict do nothing`),
  );
  // Load without the shipments indexes, then build them again from their own definitions (the
  // migration's): the same indexes, built once instead of a million times.
  const indexes = await database.raw(async (tx) => {
    const defs = (await tx.query(
      `select indexname, indexdef from pg_indexes where tablename = 'shipments' and indexname not in
         (select conname from pg_constraint where conrelid = 'shipments'::regclass)`,
    )) as { indexname: string; indexdef: string }[];
    for (const d of defs) await tx.exec(`drop index ${d.indexname}`);
    await tx.exec(loadSql(total, userRows, heavyUser));
    for (const d of defs) await tx.exec(d.indexdef);
    return defs.length;
  });
  await db.execute(sql`vacuum analyze shipments`).catch(async () => {
    await db.execute(sql`analyze shipments`);
  });
  const ms = performance.now() - t0;
  console.log(
    `  loaded ${total.toLocaleString('en')} shipments, rebuilt ${indexes} indexes, in ${(ms / 1000).toFixed(1)} s`,
  );
  return ms;
}

export async function benchShipmentsList(
  opts: { iterations?: number; log?: (line: string) => void; on?: 'postgres' | 'pglite' } = {},
): Promise<ShipmentsListBench> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const onPostgres = (opts.on ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')) === 'postgres';
  const total = onPostgres ? 1_000_000 : 100_000;
  const userRows = onPostgres ? 200_000 : 20_000;
  const iterations = opts.iterations ?? 200;
  const heavyUser = '00000000-0000-4000-8000-00000000b001';
  if (!onPostgres && !process.env.TEST_DATABASE_URL) {
    log(
      `  TEST_DATABASE_URL is not set: PGlite in memory with ${total.toLocaleString('en')} shipments (${userRows.toLocaleString('en')} for the user), a tenth of the target's`,
    );
  }
  const scratch = onPostgres ? await scratchPostgres() : null;
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const loadMs = await ensureData(database, total, userRows, heavyUser);
    const service = createShipmentsService({
      db: database.db,
      clock: systemClock,
      carriers: [],
      log: { error: (obj, msg) => console.error(msg, obj) },
    });

    // Search terms taken from the heavy user's own rows.
    const pick = async (query: string) => rowsOf<{ v: string }>(await database.db.execute(sql.raw(query)))[0]!.v;
    const postal = await pick(
      `select to_address->>'postalCode' as v from shipments where user_id = '${heavyUser}' order by created_at desc offset 1000 limit 1`,
    );
    const tracking = await pick(
      `select tracking_number as v from shipments where user_id = '${heavyUser}' and carrier = 'CA-CP' and tracking_number is not null order by created_at desc offset ${Math.floor(userRows / 40)} limit 1`,
    );
    const lastPage = Math.ceil(userRows / 25);
    const cases: { name: string; q: { search?: string; page?: number; limit?: number }; target: boolean }[] = [
      { name: 'list, page 1 (25)', q: {}, target: true },
      {
        name: `list, page ${Math.floor(lastPage / 2)} of ${lastPage}`,
        q: { page: Math.floor(lastPage / 2) },
        target: true,
      },
      { name: `list, last page (${lastPage})`, q: { page: lastPage }, target: true },
      { name: 'list, page 1 of 100', q: { limit: 100 }, target: true },
      { name: "search a last name ('nguyen')", q: { search: 'nguyen' }, target: true },
      { name: "search a full name ('wei zhang')", q: { search: 'wei zhang' }, target: true },
      { name: "search a city ('winnipeg')", q: { search: 'winnipeg' }, target: true },
      { name: `search a postal code ('${postal.toLowerCase()}')`, q: { search: postal.toLowerCase() }, target: true },
      {
        name: `search a tracking number fragment ('${tracking.slice(3, 11)}')`,
        q: { search: tracking.slice(3, 11) },
        target: true,
      },
      // Issue 26: a search matching one in nine of the user's shipments (counted up to 10,000, shown
      // as "10,000+"), and searches of one or two characters (word beginnings: the token index).
      { name: "search the biggest city ('toronto')", q: { search: 'toronto' }, target: true },
      { name: "search 2 characters ('zh')", q: { search: 'zh' }, target: true },
      { name: "search 1 character ('w')", q: { search: 'w' }, target: true },
    ];

    const results: ShipmentsListBench['cases'] = [];
    for (const c of cases) {
      let matches = 0;
      let capped = false;
      // A deep page of the plain list reads past kept marks, added after the first deep read
      // (decision 054): that first read is measured before them, on a list without marks.
      let firstMs: number | undefined;
      if (!c.q.search && (c.q.page ?? 1) > 1) {
        await database.db.execute(sql`delete from shipment_marks where user_id = ${heavyUser}`);
        const t0 = performance.now();
        await service.list(heavyUser, c.q);
        firstMs = Math.round((performance.now() - t0) * 100) / 100;
      }
      for (let i = 0; i < 10; i++) {
        const p = (await service.list(heavyUser, c.q)).pagination; // warm up
        matches = p.total;
        capped = p.totalCapped === true;
      }
      await marksSettled(database.db);
      const samples: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const t0 = performance.now();
        await service.list(heavyUser, c.q);
        samples.push(performance.now() - t0);
      }
      samples.sort((a, b) => a - b);
      const r = {
        name: c.name,
        p50Ms: Math.round(percentile(samples, 50) * 100) / 100,
        p95Ms: Math.round(percentile(samples, 95) * 100) / 100,
        matches,
        capped,
        target: c.target,
        ...(firstMs === undefined ? {} : { firstMs }),
      };
      log(
        `  ${!c.target ? '·' : r.p95Ms < TARGET_P95_MS ? '✔' : '✖'} ${r.name}: p95 ${r.p95Ms} ms, p50 ${r.p50Ms} ms (${matches.toLocaleString('en')}${capped ? '+' : ''} rows${firstMs === undefined ? '' : `; the first read, before its marks: ${firstMs} ms`})`,
      );
      results.push(r);
    }
    return { kind: database.kind, total, userRows, loadMs, cases: results };
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

/**
 * For bench/run.ts: one line per case, the target ones against p95 < 25 ms — on PostgreSQL at
 * 1,000,000 rows when TEST_DATABASE_URL is set, and on the embedded PGlite at 100,000 always.
 */
export async function reportShipmentsList(report: Report): Promise<void> {
  for (const on of process.env.TEST_DATABASE_URL ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
    const r = await benchShipmentsList({ log: () => undefined, on });
    const where = `${r.kind}, ${r.userRows.toLocaleString('en')} of ${r.total.toLocaleString('en')} shipments`;
    for (const c of r.cases) {
      report(
        `shipments ${c.name} (${where}; ${c.matches.toLocaleString('en')}${c.capped ? '+' : ''} rows)`,
        `p95 ${c.p95Ms.toFixed(1)} ms (p50 ${c.p50Ms.toFixed(1)} ms)`,
        c.target ? `< ${TARGET_P95_MS} ms` : 'reference',
        c.target ? c.p95Ms < TARGET_P95_MS : null,
      );
      if (c.firstMs !== undefined) {
        report(
          `the same, its first read before the marks it adds (${where})`,
          `${c.firstMs.toFixed(1)} ms`,
          'reference',
          null,
        );
      }
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchShipmentsList();
  const worst = Math.max(...r.cases.filter((c) => c.target).map((c) => c.p95Ms));
  console.log(
    `${worst < TARGET_P95_MS ? '✔' : '✖'} shipments list and search on ${r.kind}, ${r.userRows.toLocaleString('en')} of ${r.total.toLocaleString('en')} rows: worst p95 of the target cases ${worst} ms (target < ${TARGET_P95_MS} ms)`,
  );
}
