import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { systemClock } from './lib/clock';
import { createProviders } from './providers/index';
import { ensureAdmin } from './modules/auth/bootstrap';

async function main(): Promise<void> {
  const started = performance.now();
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
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  const providers = createProviders(config, log);
  const webDir = findWebDir();
  if (!webDir) log.warn('the web app is not built (run npm run build); serving the API only');
  const app = await buildApp({ config, database, clock: systemClock, providers, webDir });
  await ensureAdmin({ db: database.db, config, log, clock: systemClock });

  let stopping = false;
  const shutdown = async (signal: string) => {
    // A second signal while draining must not close twice; a hung request must not block exit.
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error({ signal }, 'shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log.info(
    {
      url: config.appUrl,
      database: database.kind,
      mail: providers.mail.kind,
      ms: Math.round(performance.now() - started),
    },
    `Voyageur is running at ${config.appUrl}`,
  );
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
