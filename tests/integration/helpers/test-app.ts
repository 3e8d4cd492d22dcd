import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../../src/server/app';
import type { App } from '../../../src/server/deps';
import { loadConfig, type Config } from '../../../src/server/config';
import { openDatabase, pgliteTemplate, type Database } from '../../../src/server/db/client';
import { migrations } from '../../../src/server/db/migrations/index';
import { fixedClock } from '../../../src/server/lib/clock';
import type { MailMessage } from '../../../src/server/providers/mail/index';
import { createProviders, type Providers } from '../../../src/server/providers/index';
import { users } from '../../../src/server/db/schema/identity';
import { createSession, SESSION_COOKIE } from '../../../src/server/modules/auth/session';
import { hashPassword } from '../../../src/server/lib/crypto';

/**
 * Which database integration tests run on: `TEST_DB=postgres` with TEST_DATABASE_URL set uses a fresh
 * database per test file on that server; otherwise an in-memory PGlite per test file.
 */
export const testDbKind: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type TestContext = {
  app: App;
  database: Database;
  config: Config;
  clock: ReturnType<typeof fixedClock>;
  /** Every mail the app sent, newest last. */
  mail: MailMessage[];
  /** The providers the app was built with (the sandboxes unless the test gave others). */
  providers: Providers;
  /** The PostgreSQL database's URL (absent on PGlite): pass it as `shareDatabase` for a second instance. */
  databaseUrl?: string;
  close(): Promise<void>;
};

/**
 * The migrated empty database, made once per set of migrations and kept in the temp directory (a
 * test file loads it in a fraction of initdb's time). Written to a temporary name and renamed, so
 * files starting together never read half of it.
 */
export async function migratedTemplate(): Promise<Blob> {
  const key = migrationsKey();
  const file = path.join(os.tmpdir(), `voyageur-pglite-template-${key}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const blob = await pgliteTemplate();
  const tmp = `${file}.${process.pid}.${randomUUID()}`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, file);
  return blob;
}

function migrationsKey(): string {
  return createHash('sha256')
    .update(migrations.map((m) => `${m.name}\n${m.sql}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The migrated empty PostgreSQL database, made once per set of migrations on the server: each test
 * file's database is a copy of it (CREATE DATABASE … TEMPLATE, a file copy) instead of running every
 * migration again. Made under an advisory lock, built under another name and renamed when complete,
 * and never connected to afterwards (a template with a session open cannot be copied).
 */
async function postgresTemplate(admin: pg.Client): Promise<string> {
  const name = `voyageur_tpl_${migrationsKey()}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_b`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${building}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.close();
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
}

async function createDatabase(
  shareWith?: string,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (shareWith) {
    // A second app instance on the same PostgreSQL database (its own pool), as production runs several.
    const database = await openDatabase({ kind: 'postgres', url: shareWith, poolSize: 20 });
    return { database, url: shareWith, drop: async () => undefined };
  }
  if (testDbKind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, template: await migratedTemplate() });
    return { database, drop: async () => undefined };
  }
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `voyageur_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    const template = await postgresTemplate(admin);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    now?: string;
    providers?: Partial<Providers>;
    logStream?: { write(line: string): void };
    /** Open this PostgreSQL database (another context's `databaseUrl`) instead of a fresh one. */
    shareDatabase?: string;
  } = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/voyageur-test-unused',
    APP_URL: 'http://localhost:5000',
    // scrypt at 2^12: every sign-up and sign-in of the suite would otherwise cost ~0.5 s of CPU.
    PASSWORD_HASH_COST: '12',
    // Jobs (mail) wait in their queues until a test runs them: `ctx.app.jobs.runDue()` (through pg-boss).
    JOB_WORKERS: 'off',
    ...opts.env,
  });
  const { database, url, drop } = await createDatabase(opts.shareDatabase);
  const clock = fixedClock(opts.now ?? '2026-03-02T15:00:00Z');
  const mail: MailMessage[] = [];
  const providers: Providers = {
    ...createProviders(config, { info: () => undefined }, { db: database.db, clock }),
    mail: {
      kind: 'outbox',
      send: async (m) => {
        mail.push(m);
      },
    },
    ...opts.providers,
  };
  const app = await buildApp({ config, database, clock, providers, logStream: opts.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    mail,
    providers,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

let userSeq = 0;
// scrypt is deliberately slow; hash each distinct test password once per file.
const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** Inserts a verified, active user directly and returns a session cookie for them. */
export async function createSignedInUser(
  ctx: TestContext,
  opts: { role?: 'end_user' | 'staff' | 'org_owner' | 'admin'; email?: string; password?: string } = {},
): Promise<{ id: string; email: string; password: string; cookie: string; headers: { cookie: string } }> {
  const id = randomUUID();
  const email = opts.email ?? `user${++userSeq}-${id.slice(0, 6)}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  const now = ctx.clock.now();
  await ctx.database.db.insert(users).values({
    id,
    email,
    firstName: 'Test',
    lastName: `User${userSeq}`,
    role: opts.role ?? 'end_user',
    passwordHash: await cachedHash(password),
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const { token } = await createSession(ctx.database.db, { userId: id, now, ttlDays: 30 });
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { id, email, password, cookie, headers: { cookie } };
}
