/**
 * Process-level helpers: the built server (dist/server/main.js) and CLI (dist/server/cli.js) run as
 * an operator would run them, on temporary data directories and ports. `node scripts/build.mjs` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readEmlText } from '../../../src/server/providers/mail/outbox';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'dist/server/main.js');
const CLI = path.join(ROOT, 'dist/server/cli.js');

export const postgresUrl = process.env.TEST_DATABASE_URL;

export function tempDir(tag: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `voyageur-ops-${tag}-`));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The environment a test server or CLI runs with: production mode, nothing from the runner's own setup. */
function baseEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'MAIL_OUTBOX_DIR', 'PORT']) {
    delete out[key];
  }
  Object.assign(out, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    VOYAGEUR_SKIP_DOTENV: '1',
    PASSWORD_HASH_COST: '12',
  });
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

export type Server = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  pid: number;
  logs(): string;
  /** Parsed JSON log lines. */
  logLines(): Record<string, unknown>[];
  /** Resolves with the exit code (or 128 + signal) once the process has gone. */
  exited: Promise<number>;
  /** Waits for GET /api/ready to answer 200 (or the process to exit: throws with its output). */
  ready(timeoutMs?: number): Promise<void>;
  signal(sig: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after 12 s; resolves with the exit code. */
  stop(): Promise<number>;
};

export function startServer(opts: { dataDir: string; env?: Record<string, string | undefined>; port: number }): Server {
  const { port } = opts;
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: baseEnv({ DATA_DIR: opts.dataDir, PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, ...opts.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const signals: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, sig) => resolve(code ?? 128 + (signals[sig ?? ''] ?? 0))),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    url,
    port,
    dataDir: opts.dataDir,
    child,
    pid: child.pid!,
    logs: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return {};
          }
        }),
    exited,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
        }
        try {
          const res = await fetch(`${url}/api/ready`);
          if (res.status === 200) return;
        } catch {
          /* not listening yet */
        }
        if (Date.now() > deadline) throw new Error(`server was not ready within ${timeoutMs} ms:\n${output}`);
        await sleep(100);
      }
    },
    signal(sig) {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 12_000);
      const code = await exited;
      clearTimeout(t);
      return code;
    },
  };
  return server;
}

/** Starts a server on a free port and waits until it is ready. */
export async function startReadyServer(opts: {
  dataDir: string;
  env?: Record<string, string | undefined>;
}): Promise<Server> {
  const server = startServer({ ...opts, port: await freePort() });
  await server.ready();
  return server;
}

export type CliResult = { code: number; stdout: string; stderr: string; ms: number };

export async function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: baseEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  return { code, stdout, stderr, ms: Date.now() - started };
}

/** A minimal cookie jar over fetch: what a browser would send back. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(readonly url: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Another client (another server) with the same cookies: the same browser. */
  at(url: string): Client {
    const c = new Client(url);
    for (const [k, v] of this.cookies) c.cookies.set(k, v);
    return c;
  }

  // The answer's JSON is read as loosely as app.inject's res.json() in the integration tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${this.url}${pathname}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, json };
  }
}

/** Newest 6-digit code mailed to `email` in the outbox. */
export async function mailedCode(outboxDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      let mail;
      try {
        mail = readEmlText(fs.readFileSync(path.join(outboxDir, f), 'utf8'));
      } catch {
        continue; // being written
      }
      const code = mail.to.toLowerCase() === email.toLowerCase() ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await sleep(100);
  }
}

let seq = 0;
export const freshEmail = (tag = 'ops') => `${tag}-${Date.now().toString(36)}-${++seq}@example.com`;

/** Registers and verifies an account through the API; the client ends signed in. */
export async function signUp(server: { url: string }, outboxDir: string, email = freshEmail()): Promise<Client> {
  const client = new Client(server.url);
  const password = 'a good long password';
  const reg = await client.call('POST', '/api/register', { email, password, firstName: 'Ada', lastName: 'Lovelace' });
  if (reg.status !== 200) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.json)}`);
  const code = await mailedCode(outboxDir, email);
  const res = await client.call('POST', '/api/auth/verify-otp', { email, code });
  if (res.status !== 200) throw new Error(`verify answered ${res.status}: ${JSON.stringify(res.json)}`);
  return client;
}

/** A valid address-book entry named `name`. */
export const address = (name: string) => ({
  name,
  address1: '290 Bremner Blvd',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5V 3L9',
  country: 'CA',
  phone: '416-555-0100',
});

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server; `drop()` removes it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(postgresUrl!);
  const name = `voyageur_ops_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
