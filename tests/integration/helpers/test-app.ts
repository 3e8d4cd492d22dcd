import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db/client';
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

async function createDatabase(
  shareWith?: string,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (shareWith) {
    // A second app instance on the same PostgreSQL database (its own pool), as production runs several.
    const database = await openDatabase({ kind: 'postgres', url: shareWith, poolSize: 20 });
    return { database, url: shareWith, drop: async () => undefined };
  }
  if (testDbKind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, drop: async () => undefined };
  }
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `voyageur_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
