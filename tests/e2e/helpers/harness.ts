import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createHash, randomUUID } from 'node:crypto';
import { openDatabase } from '../../../src/server/db/client';
import { migrations } from '../../../src/server/db/migrations/index';
import { readEmlText } from '../../../src/server/providers/mail/outbox';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type RunningApp = {
  url: string;
  dataDir: string;
  outboxDir: string;
  logs: () => string;
  stop(): Promise<void>;
};

/**
 * A DATA_DIR whose embedded database has every migration and no rows, made once per set of
 * migrations and copied for each app: PGlite's initdb costs several seconds of CPU per start, and
 * the first start on an empty directory is tested on its own (smoke and ops tests).
 */
async function migratedDataDirTemplate(): Promise<string> {
  const key = createHash('sha256')
    .update(migrations.map((m) => `${m.name}\n${m.sql}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `voyageur-e2e-template-${key}`);
  if (fs.existsSync(path.join(template, 'ready'))) return template;
  const build = `${template}.${process.pid}.${randomUUID()}`;
  const database = await openDatabase({ kind: 'pglite', dataDir: build });
  await database.close();
  fs.writeFileSync(path.join(build, 'ready'), '');
  try {
    fs.renameSync(build, template);
  } catch {
    // Another test file made it first.
    fs.rmSync(build, { recursive: true, force: true });
  }
  return template;
}

/**
 * Starts the built app with `npm start` on a temporary DATA_DIR and waits until it is healthy. The
 * DATA_DIR starts with a migrated empty database; `fresh` starts it empty, as on a new machine.
 */
export async function startApp(env: Record<string, string> = {}, opts: { fresh?: boolean } = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voyageur-e2e-'));
  if (!opts.fresh) {
    fs.cpSync(path.join(await migratedDataDirTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const baseEnv = { ...process.env };
  // The app under test always runs on its own embedded database and outbox.
  delete baseEnv.DATABASE_URL;
  delete baseEnv.SMTP_URL;
  delete baseEnv.ADMIN_EMAIL;
  delete baseEnv.ADMIN_PASSWORD;
  // The runner sets NODE_ENV=test; the app under test runs as in production.
  baseEnv.NODE_ENV = 'production';
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...baseEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'info',
      VOYAGEUR_SKIP_DOTENV: '1',
      // scrypt at 2^12 (the default 2^17 costs ~0.5 s of CPU per sign-up and sign-in).
      PASSWORD_HASH_COST: '12',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`app did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    logs: () => output,
    stop: async () => {
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch {
          /* gone */
        }
      };
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        signal('SIGTERM');
        // The server's own shutdown ends within 10 s; past that it is killed, and waited for, so its
        // last writes are over before its data directory is removed.
        const stopped = await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 12_000).unref()),
        ]);
        if (!stopped) {
          signal('SIGKILL');
          await exited;
        }
      }
      // `npm start` can exit before the server it started has closed its database: the whole process
      // group is waited for (then killed past the deadline) before the data directory goes.
      const groupAlive = () => {
        try {
          process.kill(-child.pid!, 0);
          return true;
        } catch {
          return false;
        }
      };
      for (const deadline = Date.now() + 12_000; groupAlive();) {
        if (Date.now() > deadline) signal('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

export async function newPage(
  browser: Browser,
  app: RunningApp,
  opts: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    locale: opts.locale ?? 'en-CA',
    timezoneId: 'America/Toronto',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Mails written to the outbox, oldest first. */
export function readOutbox(app: RunningApp): { to: string; subject: string; text: string }[] {
  if (!fs.existsSync(app.outboxDir)) return [];
  return fs
    .readdirSync(app.outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readEmlText(fs.readFileSync(path.join(app.outboxDir, f), 'utf8')));
}

/** Waits for a mail to `to` matching `pattern` and returns the first capture group (or whole match). */
export async function waitForMail(app: RunningApp, to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readOutbox(app)
      .filter((m) => m.to.toLowerCase() === to.toLowerCase())
      .reverse();
    for (const m of mails) {
      const hit = pattern.exec(m.text);
      if (hit) return hit[1] ?? hit[0];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
