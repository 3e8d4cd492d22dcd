import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp } from './app';
import { systemClock } from './lib/clock';
import { createProviders } from './providers/index';
import { carrierStartupLines } from './providers/carriers/registry';
import { ensureAdmin } from './modules/auth/bootstrap';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './ops/data-dir-lock';
import { createLifecycle } from './ops/lifecycle';
import { flushCarrierCalls } from './modules/carriers/calls';
import { defaultJobs, startJobs } from './ops/jobs';
import { ordersServiceFor } from './services';
import { pruneQuotesJob, recoverOrdersJob } from './modules/orders/jobs';
import { resumeBulkImportsJob } from './modules/bulk-imports/jobs';
import { createBulkImportService } from './modules/bulk-imports/service';
import { trackingJob } from './modules/shipments/tracking-sync';
import { sandboxWebhooksJob } from './modules/payments/jobs';
import { pruneWebhookDeliveriesJob, startWebhookDelivery } from './modules/webhooks/jobs';
import { webhooksServiceFor } from './modules/webhooks/wiring';
import { backgroundIdle } from './lib/background';
import { startAdminChannel, type AdminChannel } from './ops/admin-channel';

/** A clean shutdown ends within this; the rest is cut off (and left for recovery). */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** How often an instance looks for due jobs (each job has its own interval; the order recovery's is a minute). */
const JOB_TICK_MS = 15_000;
/** The first job pass waits this long after listening, so the first requests are answered first. */
const FIRST_TICK_DELAY_MS = 1_000;
const SIGNAL_NUMBERS: Record<string, number> = { SIGINT: 2, SIGTERM: 15 };

async function main(): Promise<void> {
  // Since the process began (performance's time origin): the modules' loading is the first phase.
  const started = performance.now();
  // Each start-up phase's milliseconds, logged at debug level once listening (decision 039).
  const phases: Record<string, number> = { modules: Math.round(started) };
  // And the CPU time each took, every thread of the process (a loaded machine stretches the first, not this).
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const phasesCpu: Record<string, number> = { modules: Math.round(cpuMs()) };
  let phaseEnd = started;
  let phaseCpuEnd = cpuMs();
  const phase = (name: string) => {
    const now = performance.now();
    const cpu = cpuMs();
    phases[name] = Math.round(now - phaseEnd);
    phasesCpu[name] = Math.round(cpu - phaseCpuEnd);
    phaseEnd = now;
    phaseCpuEnd = cpu;
  };
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel });
  fs.mkdirSync(config.dataDir, { recursive: true });
  phase('config');

  // A signal before the server is up: nothing to drain, exit now (the exit hook releases the lock).
  const startupSignal = (signal: NodeJS.Signals) => {
    log.warn({ signal }, 'stopped during start-up');
    process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 1));
  };
  process.on('SIGINT', startupSignal);
  process.on('SIGTERM', startupSignal);

  const lifecycle = createLifecycle();
  let lock: DataDirLock | undefined;
  let channel: AdminChannel | undefined;
  let opened: Promise<Database>;
  if (config.databaseUrl) {
    opened = openDatabase({ kind: 'postgres', url: config.databaseUrl });
  } else {
    // CLI commands reach the embedded database through this server while it runs (backup, …): the
    // channel's address goes into DATA_DIR's lock, which is taken before PGlite opens its files.
    let resolveDb!: (db: Database) => void;
    let rejectDb!: (err: unknown) => void;
    opened = new Promise<Database>((resolve, reject) => {
      resolveDb = resolve;
      rejectDb = reject;
    });
    channel = await startAdminChannel({ database: opened, lifecycle, log });
    try {
      lock = await acquireDataDirLock(config.dataDir, 'server', {
        details: {
          ...(config.port ? { port: config.port } : {}),
          url: config.appUrl,
          channel: { port: channel.port, token: channel.token },
        },
        onCompromised: (err) => {
          log.fatal({ err }, 'another process took over DATA_DIR; stopping at once to protect the data');
          process.exit(1);
        },
      });
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
    phase('lock');
    openDatabase({ kind: 'pglite', dataDir: config.dataDir, sharedBuffersMb: config.pgliteSharedBuffersMb }).then(
      resolveDb,
      rejectDb,
    );
  }
  const database = await opened;
  phase('database');
  const providers = createProviders(config, log, { db: database.db, clock: systemClock });
  for (const c of carrierStartupLines(providers.carriers)) log.info({ carrier: c.carrier, mode: c.mode }, c.line);
  const webDir = findWebDir();
  if (config.passwordHashCost < 17) {
    log.warn(
      { cost: config.passwordHashCost },
      'PASSWORD_HASH_COST is below 17: password hashes are weaker than OWASP advises (for tests only)',
    );
  }
  if (!webDir) log.warn('the web app is not built (run npm run build); serving the API only');
  phase('providers');
  const app = await buildApp({ config, database, clock: systemClock, providers, webDir, lifecycle });
  phase('app');
  await ensureAdmin({ db: database.db, config, log, clock: systemClock });
  phase('admin');
  // Recurring jobs (order recovery, tracking updates, pruning): once per interval across every instance; the first pass
  // runs at start-up, so orders a crash left half-way are settled as soon as a process is back.
  const orders = ordersServiceFor({ config, database, clock: systemClock, providers, lifecycle }, log);
  const jobs = startJobs({
    db: database.db,
    clock: systemClock,
    log,
    lifecycle,
    tickMs: JOB_TICK_MS,
    jobs: [
      ...defaultJobs,
      recoverOrdersJob(orders),
      resumeBulkImportsJob(
        createBulkImportService({ config, database, clock: systemClock, providers, lifecycle }, orders, log),
      ),
      trackingJob(providers.carriers),
      pruneQuotesJob,
      ...sandboxWebhooksJob(app, providers.payments),
      pruneWebhookDeliveriesJob,
    ],
  });
  // Webhook deliveries (decision 034): every instance sends the due outbox rows, each row once.
  startWebhookDelivery({
    webhooks: webhooksServiceFor({ config, database, clock: systemClock, providers }, log),
    log,
    lifecycle,
  });
  phase('jobs');

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 1));
    }
    stopping = true;
    const deadline = Date.now() + SHUTDOWN_DEADLINE_MS;
    log.info({ signal }, 'shutting down: answering the requests already received');
    const force = setTimeout(() => {
      log.error({ signal, running: lifecycle.running() }, 'shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    try {
      await lifecycle.drain(); // GET /api/ready answers 503 from here on; background work stops starting
      // Stops accepting connections and resolves once every request received has been answered. A
      // keep-alive connection that goes idle meanwhile is closed rather than waited for.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close();
      clearInterval(closeIdle);
      // Work a request started after its answer went out (e.g. forgot-password's mail) is tracked there.
      void lifecycle.track('background', backgroundIdle);
      if (!(await lifecycle.idle(deadline - Date.now() - 1_000))) {
        log.warn({ running: lifecycle.running() }, 'work still running at shutdown is left for recovery');
      }
      await channel?.close();
      await flushCarrierCalls(database.db); // the carriers view's last records, written before the database closes
      await database.close();
      await lock?.release();
      log.info({ signal }, 'stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.off('SIGINT', startupSignal);
  process.off('SIGTERM', startupSignal);
  process.on('SIGINT', (s) => void shutdown(s));
  process.on('SIGTERM', (s) => void shutdown(s));

  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  // The first pass of the jobs (order recovery first) a moment after listening, not before: on the
  // embedded database its statements queued ahead of the first requests (health checks, the
  // browser's first page) and held up the start by about a second (decision 039).
  setTimeout(() => void jobs.tick(), FIRST_TICK_DELAY_MS).unref();
  log.debug({ phases, phasesCpu }, 'start-up phases (ms)');
  log.info(
    {
      url: config.appUrl,
      database: database.kind,
      mail: providers.mail.kind,
      sms: providers.sms.kind,
      payments: providers.payments?.name ?? 'none',
      pid: process.pid,
      ms: Math.round(performance.now() - started),
    },
    `Voyageur is running at ${config.appUrl}`,
  );
  if (providers.payments?.name === 'sandbox') {
    log.warn(
      'Card payments run on the built-in sandbox: test cards (4242 4242 4242 4242 …) credit wallets and no real money moves. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET for real payments, or PAYMENTS_PROVIDER=none to switch top-ups off.',
    );
  }
}

function findWebDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
