import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { insertShipment } from './helpers/shipment-fixtures';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client';
import { migrations } from '../../src/server/db/migrations/index';
import {
  BackupError,
  backupStream,
  readBackupFile,
  restoreDatabase,
  writeBackupFile,
} from '../../src/server/ops/backup';

/** An empty database of the kind under test (no migrations), and how to drop it. */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (testDbKind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, migrate: false });
    return { database, drop: () => database.close() };
  }
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `voyageur_r_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), migrate: false, poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Every row of every table as text, sorted: two databases hold the same data iff these are equal. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql.raw(
        "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'schema_migrations' order by 1",
      ),
    ),
  ).map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    const rows = rowsOf<{ r: string }>(await database.db.execute(sql.raw(`select t::text as r from "${t}" t`)));
    out[t] = rows.map((r) => r.r).sort();
  }
  return out;
}

describe(`backup and restore (${testDbKind})`, () => {
  let ctx: TestContext;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voyageur-backup-'));
    file = path.join(dir, 'backup.gz');
    const user = await createSignedInUser(ctx);
    // Values whose text form is easy to get wrong: JSON strings and nesting, bigints past 2^53,
    // microseconds, quotes, backslashes, newlines, NUL-free unicode, nulls.
    await ctx.database.db.execute(sql`
      insert into audit_logs (id, user_id, action, resource_type, old_value, new_value, details, created_at)
      values (${randomUUID()}, ${user.id}, 'test', 'user', '"just a string"'::jsonb,
              ${JSON.stringify({ nested: { list: [1, 2.5, null, 'x'], 中文: '“quoted” \\ back\nslash' } })}::jsonb,
              ${'line one\nline "two"\t\\ 寄件人 😀'}, '2026-01-02 03:04:05.123456+00'),
             (${randomUUID()}, null, 'test2', 'user', null, 'null'::jsonb, null, '1999-12-31 23:59:59.999999-05')`);
    const quoteId = randomUUID();
    await ctx.database.db.execute(sql`
      insert into rate_quotes (id, user_id, request, ship_date, created_at, expires_at)
      values (${quoteId}, ${user.id}, '{"weight": 1.5}'::jsonb, '2026-03-03', now(), now() + interval '1 day')`);
    await ctx.database.db.execute(sql`
      insert into rate_quote_options (id, quote_id, user_id, carrier, service_code, service_name, carrier_price_cents,
        discount_cents, price_cents, gst_cents, hst_cents, qst_cents, tax_total_cents, total_cents, transit_days,
        estimated_delivery, breakdown, created_at, expires_at)
      values (${randomUUID()}, ${quoteId}, ${user.id}, 'CA-CP', 'DOM.EP', 'Expedited', 9007199254740993, 0,
        9007199254740993, 0, 0, 0, 1, 9007199254740994, 2, '2026-03-05', '[]'::jsonb, now(), now())`);
    // Shipments and the per-user count their triggers keep (the restore brings the count as it was).
    await insertShipment(ctx.database.db, user.id);
    await insertShipment(ctx.database.db, user.id);
    for (let i = 0; i < 600; i++) await createSignedInUser(ctx, { email: `bulk${i}-${randomUUID().slice(0, 6)}@x.co` });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips every row exactly into an empty database', async () => {
    const summary = await writeBackupFile(backupStream(ctx.database), file);
    expect(summary.rows).toBeGreaterThan(1200);
    expect(await readBackupFile(file)).toEqual(summary);

    const target = await emptyDatabase();
    try {
      const restored = await restoreDatabase(target.database, file);
      expect(restored.rows).toBe(summary.rows);
      expect(await snapshot(target.database)).toEqual(await snapshot(ctx.database));
      const names = rowsOf<{ name: string }>(
        await target.database.db.execute(sql.raw('select name from schema_migrations order by name')),
      ).map((r) => r.name);
      expect(names).toEqual(migrations.map((m) => m.name));

      // A database that has anything in it is refused, and left as it was.
      await expect(restoreDatabase(target.database, file)).rejects.toThrow(/not empty/);
    } finally {
      await target.drop();
    }
  });

  it('refuses a cut-off backup and leaves the target empty', async () => {
    await writeBackupFile(backupStream(ctx.database), file);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    const cut = path.join(dir, 'cut.gz');
    fs.writeFileSync(cut, zlib.gzipSync(text.slice(0, text.length - 3).join('\n')));
    await expect(readBackupFile(cut)).rejects.toThrow(/incomplete/);
    const target = await emptyDatabase();
    try {
      await expect(restoreDatabase(target.database, cut)).rejects.toBeInstanceOf(BackupError);
      const tables = rowsOf(
        await target.database.db.execute(
          sql.raw("select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'"),
        ),
      );
      expect(tables).toEqual([]);
    } finally {
      await target.drop();
    }
  });

  it('refuses files that are not backups, or come from a newer schema', async () => {
    const junk = path.join(dir, 'junk.gz');
    fs.writeFileSync(junk, 'not gzip at all');
    await expect(readBackupFile(junk)).rejects.toThrow(/Not a readable backup file/);
    fs.writeFileSync(junk, zlib.gzipSync('{"hello": 1}\n'));
    await expect(readBackupFile(junk)).rejects.toThrow(/Not a Voyageur backup/);

    const newer = path.join(dir, 'newer.gz');
    const header = {
      format: 'voyageur-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      source: 'pglite',
      migrations: [...migrations.map((m) => m.name), '9999_from_the_future'],
    };
    fs.writeFileSync(newer, zlib.gzipSync(`${JSON.stringify(header)}\n{"end":true,"rows":{}}\n`));
    const target = await emptyDatabase();
    try {
      await expect(restoreDatabase(target.database, newer)).rejects.toThrow(/newer Voyageur.*9999_from_the_future/);
    } finally {
      await target.drop();
    }
  });
});

describe.skipIf(testDbKind !== 'postgres')('start-up on a fresh PostgreSQL database', () => {
  it('six instances migrating at once all succeed, each migration applied once', async () => {
    const target = await emptyDatabase();
    try {
      const base = new URL(process.env.TEST_DATABASE_URL!);
      const name = rowsOf<{ d: string }>(await target.database.db.execute(sql.raw('select current_database() as d')))[0]
        .d;
      base.pathname = `/${name}`;
      const opened = await Promise.all(
        Array.from({ length: 6 }, () => openDatabase({ kind: 'postgres', url: base.toString(), poolSize: 1 })),
      );
      await Promise.all(opened.map((d) => d.close()));
      const rows = rowsOf<{ name: string }>(
        await target.database.db.execute(sql.raw('select name from schema_migrations order by name')),
      );
      expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    } finally {
      await target.drop();
    }
  });
});
