import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { migrations } from './migrations/index';
import { PgliteStatements } from './pglite-statements';
import { prepareStatements } from './pg-statements';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, any>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  /**
   * One transaction on one connection with raw SQL (migrations, backup, restore). On PGlite it has
   * the only connection to itself: other queries wait until it ends.
   */
  raw<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>;
  /**
   * One statement with parameters, or a parameterless script, outside any transaction of the app's:
   * the `db.executeSql` seam pg-boss runs on (decision 026), on the app's pool or its one PGlite.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
};

/** Raw SQL inside `Database.raw`. Values go in and come out as text (cast in SQL as needed). */
export type RawTx = {
  /** A script of one or more statements without parameters; the rows of the last one. */
  exec(script: string): Promise<Record<string, unknown>[]>;
  /** One statement with $1, $2… parameters, each a string or null (sent as text). */
  query(text: string, params?: (string | null)[]): Promise<Record<string, unknown>[]>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number; migrate?: boolean }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB); DEFAULT_PGLITE_SHARED_BUFFERS_MB when unset. */
      sharedBuffersMb?: number;
      migrate?: boolean;
      /** Start an in-memory database from this dump (`pgliteTemplate`) instead of running initdb. */
      template?: Blob;
    };

/** Extensions the migrations create (the shipments search index); PostgreSQL has them built in. */
const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * PGlite's own start parameters, with a smaller shared buffer pool: postgres zeroes the whole pool
 * as it starts, in WebAssembly's baseline code, about 0.5 s for PGlite's 128 MB (decision 042).
 * Pages beyond it are read from the operating system's file cache.
 */
function pgliteStartParams(sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB): string[] {
  return [...PGLITE_DEFAULT_START_PARAMS, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}
const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;
/** PGlite's defaults (PGlite.defaultStartParams: single-user mode, fsync off…), which `startParams` replaces. */
const PGLITE_DEFAULT_START_PARAMS: readonly string[] = (() => {
  const params = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!Array.isArray(params) || !params.includes('--single')) {
    throw new Error('PGlite.defaultStartParams is not what this version expects (--single)');
  }
  return params;
})();

/** The PGlite cluster's directory inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Whether DATA_DIR already holds an embedded database (PG_VERSION is the first file initdb writes). */
export function hasPgliteDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));
}

/**
 * Opens PostgreSQL (DATABASE_URL) or embedded PGlite in DATA_DIR/pglite, then migrates (unless
 * `migrate: false`: backup and restore). The caller holds DATA_DIR's lock (ops/data-dir-lock.ts).
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    // Loaded only when a PostgreSQL server is configured: keeps the embedded default's start-up lean.
    const [{ default: pgModule }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pgModule.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // Without a limit a request waits forever for a connection when the server is unreachable or
      // the pool is exhausted; with one it fails (503 on /api/health, 500 elsewhere) and is logged.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client can lose its connection (server restart, failover, admin termination). Without
    // a listener the pool's 'error' event would crash the process; the pool replaces the client.
    // Each connection prepares the statements it runs with parameters, once (decision 057).
    pool.on('connect', (client) => prepareStatements(client));
    pool.on('error', (err) =>
      console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: err.message })),
    );
    // bigint columns come back as strings by default; keep them exact and convert in repos.
    const db = drizzlePg(pool) as unknown as Db;
    let closed: Promise<void> | undefined;
    const database: Database = {
      db,
      kind: 'postgres',
      ping: () => pingDb(db),
      raw: pgRaw(pool),
      // A multi-statement script answers one result per statement, as pg-boss's own pool would.
      executeSql: async (text, values) =>
        (await pool.query(text, values)) as unknown as { rows: Record<string, unknown>[] },
      close: () => (closed ??= pool.end()),
    };
    try {
      if (opts.migrate !== false) await database.raw((tx) => migrateInTransaction(tx));
    } catch (err) {
      await database.close().catch(() => undefined);
      throw err;
    }
    return database;
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = pgliteDir(opts.dataDir);
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, {
      extensions: PGLITE_EXTENSIONS,
      startParams: pgliteStartParams(opts.sharedBuffersMb),
    });
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: opts.template });
  }
  // The app's statements go through named prepared statements (decision 042); migrations, backup,
  // restore and pg-boss's scripts use the client itself.
  const statements = new PgliteStatements(client);
  const db = drizzlePglite({ client: statements as unknown as PGlite }) as unknown as Db;
  let closed: Promise<void> | undefined;
  const database: Database = {
    db,
    kind: 'pglite',
    ping: () => pingDb(db),
    raw: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (script) => {
            const res = await tx.exec(script);
            return (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[];
          },
          query: async (text, params) => (await tx.query<Record<string, unknown>>(text, params ?? [])).rows,
        }),
      ),
    // pg-boss sends its schema and maintenance as parameterless multi-statement scripts (exec, the last
    // result answered) and everything else as one statement with values. PGlite runs one at a time, so
    // a job's query waits for a transaction of the app's to end rather than landing inside it.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return statements.query<Record<string, unknown>>(text, values);
      const res = await client.exec(text);
      return { rows: (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => (closed ??= client.close()),
  };
  try {
    if (opts.migrate !== false) await database.raw((tx) => migrateInTransaction(tx));
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

/**
 * A freshly migrated embedded database as a tarball, for `openDatabase({ template })`: loading it
 * skips PGlite's initdb, most of the cost of a new in-memory database (integration tests open dozens).
 */
export async function pgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await client.transaction((tx) =>
      migrateInTransaction({
        exec: async (script) => {
          const res = await tx.exec(script);
          return (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[];
        },
        query: async (text, params) => (await tx.query<Record<string, unknown>>(text, params ?? [])).rows,
      }),
    );
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Advisory lock id: one migrator (or restore) at a time across every process on the database. */
export const MIGRATION_LOCK = 7_240_531;

/**
 * Applies the pending migrations of `list` (all by default) inside the caller's transaction. The
 * advisory lock is taken before anything else, including the creation of schema_migrations itself,
 * so instances starting at once on a fresh database queue here and the later ones find the work done.
 */
export async function migrateInTransaction(tx: RawTx, list = migrations): Promise<string[]> {
  const applied: string[] = [];
  await tx.exec(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
  await tx.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const names = new Set((await tx.exec('select name from schema_migrations')).map((r) => String(r.name)));
  for (const m of list) {
    if (names.has(m.name)) continue;
    await tx.exec(m.sql);
    await tx.query('insert into schema_migrations (name) values ($1)', [m.name]);
    applied.push(m.name);
  }
  return applied;
}

function pgRaw(pool: pg.Pool): Database['raw'] {
  return async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await fn({
        exec: async (script) => {
          // Without parameters node-postgres uses the simple protocol: several statements, one result each.
          const res = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(res) ? res[res.length - 1] : res;
          return (last?.rows ?? []) as Record<string, unknown>[];
        },
        query: async (text, params) => (await client.query(text, params ?? [])).rows as Record<string, unknown>[],
      });
      await client.query('commit');
      client.release();
      return result;
    } catch (err) {
      // A connection that cannot even roll back is broken: drop it rather than return it to the pool.
      const broken = await client.query('rollback').then(
        () => false,
        () => true,
      );
      client.release(broken);
      throw err;
    }
  };
}

/** drizzle's execute() answers `{ rows }` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
