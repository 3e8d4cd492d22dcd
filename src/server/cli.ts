/**
 * `npm run cli -- <command>`: operator commands against the configured database and outbox.
 *   migrate        apply pending migrations and exit
 *   mail:latest    print the newest mail in the outbox (recipient, subject, text) — handy without SMTP
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { readEmlText } from './providers/mail/outbox';

const commands: Record<string, () => Promise<void>> = {
  async migrate() {
    const config = loadConfig();
    const database = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    );
    await database.close();
    console.log(`database (${database.kind}) is up to date`);
  },
  async 'mail:latest'() {
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
};

const name = process.argv[2];
const command = name ? commands[name] : undefined;
if (!command) {
  console.log(`usage: npm run cli -- <${Object.keys(commands).join(' | ')}>`);
  process.exit(name ? 2 : 0);
}
command().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
