/**
 * `npm run cli -- <command>`: operator commands against the configured database and outbox.
 *   migrate          apply pending migrations and exit
 *   backup FILE      write a consistent backup of the whole database to FILE (works while the app runs)
 *   restore FILE     restore a backup into an empty data directory or database
 *   mail:latest      print the newest mail in the outbox (recipient, subject, text) — handy without SMTP
 *   sms:latest       print the newest text in the SMS outbox (number, time, body) — handy without Twilio
 *
 * On the embedded database a command that opens DATA_DIR takes its lock first (one process per data
 * directory). While the server holds it, `backup` asks the server to produce the backup over the
 * local admin channel; commands that would change the database refuse and say which process holds it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { hasPgliteDatabase, openDatabase, pgliteDir, type Database } from './db/client';
import { readEmlText } from './providers/mail/outbox';
import { listSmsOutbox } from './providers/sms/outbox';
import { acquireDataDirLock, DataDirLockedError, describeOwner, type DataDirLock } from './ops/data-dir-lock';
import { BackupError, backupStream, readBackupFile, restoreDatabase, writeBackupFile } from './ops/backup';
import { callAdminChannel } from './ops/admin-channel';
import { verifyLedger, type LedgerBreak } from './modules/wallet/ledger';

/** A refusal or an operator error: printed as is, exit code 1, no stack trace. */
class CliError extends Error {}

type Command = { usage: string; run(args: string[]): Promise<void> };

const commands: Record<string, Command> = {
  migrate: {
    usage: 'migrate',
    async run() {
      const config = loadConfig();
      await withLocalDatabase(config, 'migrate', { migrate: true }, async (database) => {
        console.log(`database (${database.kind}) is up to date`);
      });
    },
  },
  backup: {
    usage: 'backup FILE',
    async run([file]) {
      if (!file) throw new CliError('usage: npm run cli -- backup FILE');
      const config = loadConfig();
      const target = path.resolve(file);
      if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw new CliError(`${target} is a directory.`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      let via = '';
      const summary = await withDatabaseOrServer(
        config,
        'backup',
        async (database) => {
          via = database.kind === 'postgres' ? 'PostgreSQL' : `DATA_DIR ${config.dataDir}`;
          return writeBackupFile(backupStream(database), target);
        },
        async (channel, holder) => {
          via = `${holder} (it holds DATA_DIR)`;
          const res = await callAdminChannel(channel, 'backup');
          if (!res.ok || !res.body) {
            const body = (await res.json().catch(() => ({}))) as { message?: string };
            throw new CliError(`The running server could not make the backup: ${body.message ?? res.status}`);
          }
          return writeBackupFile(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), target);
        },
      );
      console.log(
        `Backup written to ${target}: ${summary.rows} rows in ${summary.tables} tables, taken ${summary.createdAt} from ${via}.`,
      );
    },
  },
  restore: {
    usage: 'restore FILE',
    async run([file]) {
      if (!file) throw new CliError('usage: npm run cli -- restore FILE');
      const source = path.resolve(file);
      if (!fs.existsSync(source)) throw new CliError(`No such file: ${source}`);
      const config = loadConfig();
      // The whole file is checked before anything is created.
      const checked = await readBackupFile(source);
      if (config.databaseUrl) {
        const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, migrate: false, poolSize: 1 });
        try {
          const summary = await restoreDatabase(database, source);
          console.log(`Restored ${summary.rows} rows in ${summary.tables} tables (backup of ${checked.createdAt}).`);
        } finally {
          await database.close();
        }
        return;
      }
      const lock = await lockOrRefuse(config, 'restore');
      const dir = pgliteDir(config.dataDir);
      try {
        if (hasPgliteDatabase(config.dataDir) || (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)) {
          throw new CliError(
            `${dir} already holds a database. Restore only into an empty data directory: stop the server, move ${dir} away (or set DATA_DIR to a new directory), then restore.`,
          );
        }
        const database = await openDatabase({
          kind: 'pglite',
          dataDir: config.dataDir,
          sharedBuffersMb: config.pgliteSharedBuffersMb,
          migrate: false,
        });
        try {
          const summary = await restoreDatabase(database, source);
          await database.close();
          console.log(
            `Restored ${summary.rows} rows in ${summary.tables} tables into ${config.dataDir} (backup of ${checked.createdAt}).`,
          );
        } catch (err) {
          await database.close().catch(() => undefined);
          // Nothing half-restored stays behind: the directory was empty before.
          fs.rmSync(dir, { recursive: true, force: true });
          throw err;
        }
      } finally {
        await lock.release();
      }
    },
  },
  'ledger:verify': {
    usage: 'ledger:verify',
    // Read-only: safe beside the running server (asks it when it holds DATA_DIR).
    async run() {
      const config = loadConfig();
      const result = await withDatabaseOrServer(
        config,
        'ledger:verify',
        (database) => verifyLedger(database.db),
        async (channel) => {
          const res = await callAdminChannel(channel, 'ledger:verify');
          if (!res.ok) throw new CliError(`The running server could not check the ledger: ${res.status}`);
          return (await res.json()) as Awaited<ReturnType<typeof verifyLedger>>;
        },
      );
      const line = (b: LedgerBreak) =>
        `wallet ${b.walletId} (user ${b.userId}): balance ${(b.balanceCents / 100).toFixed(2)}, ledger sum ${(b.ledgerCents / 100).toFixed(2)}` +
        (b.brokenChainAt ? `, balance_after breaks at entry ${b.brokenChainAt}` : '') +
        (b.badSettlementAt ? `, a chargeback's payments do not add up at entry ${b.badSettlementAt}` : '');
      if (result.breaks.length > 0) {
        throw new CliError(
          `Ledger check FAILED for ${result.breaks.length} of ${result.wallets} wallets:\n${result.breaks.map(line).join('\n')}`,
        );
      }
      console.log(
        `Ledger OK: ${result.wallets} wallets, ${result.entries} entries; every balance equals its completed credits minus debits.`,
      );
    },
  },
  'mail:latest': {
    usage: 'mail:latest',
    // Reads the outbox files only: safe beside a running server, takes no lock.
    async run() {
      const { outboxDir } = loadConfig().mail;
      const files = fs.existsSync(outboxDir)
        ? fs
            .readdirSync(outboxDir)
            .filter((f) => f.endsWith('.eml'))
            .sort()
        : [];
      const newest = files.at(-1);
      if (!newest) {
        console.log(`no mail in ${outboxDir}`);
        return;
      }
      const mail = readEmlText(fs.readFileSync(path.join(outboxDir, newest), 'utf8'));
      console.log(`To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    },
  },
  'sms:latest': {
    usage: 'sms:latest',
    // Reads the SMS outbox files only, like mail:latest.
    async run() {
      const { sms } = loadConfig();
      if (sms.twilio) console.log('(SMS go through Twilio: the outbox holds only texts written before it was set)');
      const newest = (await listSmsOutbox(sms.outboxDir)).at(-1);
      if (!newest) {
        console.log(`no SMS in ${sms.outboxDir}`);
        return;
      }
      console.log(`To: ${newest.to}\nDate: ${newest.date}\n\n${newest.body}`);
    },
  },
};

/** Takes DATA_DIR's lock for a command that must have the embedded database to itself. */
async function lockOrRefuse(config: Config, command: string): Promise<DataDirLock> {
  try {
    return await acquireDataDirLock(config.dataDir, command, {
      onCompromised: () => {
        console.error(`Another process took over ${config.dataDir}; stopping.`);
        process.exit(1);
      },
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new CliError(`${err.message}\n\`npm run cli -- ${command}\` needs the data directory to itself.`, {
        cause: err,
      });
    }
    throw err;
  }
}

/** Opens the database for a command that changes it: PostgreSQL directly, PGlite under DATA_DIR's lock. */
async function withLocalDatabase<T>(
  config: Config,
  command: string,
  opts: { migrate: boolean },
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) {
    const database = await openDatabase({
      kind: 'postgres',
      url: config.databaseUrl,
      migrate: opts.migrate,
      poolSize: 2,
    });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }
  const lock = await lockOrRefuse(config, command);
  try {
    if (!opts.migrate && !hasPgliteDatabase(config.dataDir)) {
      throw new CliError(`There is no database in ${config.dataDir} yet.`);
    }
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: config.dataDir,
      sharedBuffersMb: config.pgliteSharedBuffersMb,
      migrate: opts.migrate,
    });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  } finally {
    await lock.release();
  }
}

/**
 * For commands that are safe beside the running server (backup, the ledger check): open
 * the database ourselves when we can, or ask the server holding DATA_DIR to do the work.
 */
async function withDatabaseOrServer<T>(
  config: Config,
  command: string,
  local: (database: Database) => Promise<T>,
  remote: (channel: { port: number; token: string }, holder: string) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) return withLocalDatabase(config, command, { migrate: false }, local);
  try {
    return await withLocalDatabase(config, command, { migrate: false }, local);
  } catch (err) {
    if (!(err instanceof CliError) || !(err.cause instanceof DataDirLockedError)) throw err;
    const owner = err.cause.owner;
    if (owner?.role !== 'server' || !owner.channel) throw err;
    return remote(owner.channel, describeOwner(owner));
  }
}

// The same configuration as `npm start`: a .env file in the project root, variables already set win.
const envFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..', '.env');
if (!process.env.VOYAGEUR_SKIP_DOTENV && fs.existsSync(envFile)) process.loadEnvFile(envFile);

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.log(
    `usage: npm run cli -- <${Object.values(commands)
      .map((c) => c.usage)
      .join(' | ')}>`,
  );
  process.exit(name ? 2 : 0);
}
command.run(args).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof CliError || err instanceof BackupError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
