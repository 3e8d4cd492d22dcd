import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { migrations } from './migrations/index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, any>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number }
  | { kind: 'pglite'; dataDir: string | null };

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite in DATA_DIR/pglite, then migrates. */
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
    pool.on('error', (err) =>
      console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: err.message })),
    );
    // bigint columns come back as strings by default; keep them exact and convert in repos.
    const db = drizzlePg(pool) as unknown as Db;
    const database: Database = {
      db,
      kind: 'postgres',
      ping: () => pingDb(db),
      close: () => pool.end(),
    };
    await applyMigrations(pgRunner(pool));
    return database;
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client) as unknown as Db;
  const database: Database = {
    db,
    kind: 'pglite',
    ping: () => pingDb(db),
    close: () => client.close(),
  };
  await applyMigrations(pgliteRunner(client));
  return database;
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

const MIGRATION_LOCK = 7_240_531; // advisory lock id: one migrator at a time across processes

/** Runs a multi-statement script inside one transaction (simple query protocol). */
type ScriptRunner = (fn: (exec: (text: string) => Promise<{ name: string }[]>) => Promise<void>) => Promise<void>;

async function applyMigrations(run: ScriptRunner): Promise<string[]> {
  const applied: string[] = [];
  await run(async (exec) => {
    await exec(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const names = new Set((await exec('select name from schema_migrations')).map((r) => r.name));
    for (const m of migrations) {
      if (names.has(m.name)) continue;
      await exec(m.sql);
      await exec(`insert into schema_migrations (name) values ('${m.name.replace(/'/g, "''")}')`);
      applied.push(m.name);
    }
  });
  return applied;
}

function pgRunner(pool: pg.Pool): ScriptRunner {
  return async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await fn(async (text) => {
        const res = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(res) ? res[res.length - 1] : res;
        return (last?.rows ?? []) as { name: string }[];
      });
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
}

function pgliteRunner(client: PGlite): ScriptRunner {
  return (fn) =>
    client.transaction(async (tx) => {
      await fn(async (text) => {
        const res = await tx.exec(text);
        return (res[res.length - 1]?.rows ?? []) as { name: string }[];
      });
    });
}

/** drizzle's execute() answers `{ rows }` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
