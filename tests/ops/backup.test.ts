import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  address,
  freshPostgresDatabase,
  postgresUrl,
  runCli,
  signUp,
  sleep,
  startReadyServer,
  tempDir,
  type Client,
  type Server,
} from './helpers/process';

/**
 * Writers add address-book entries back to back until stopped; each entry is recorded, in order,
 * once its 201 arrived (committed by then).
 */
function startWriters(user: Client, count: number) {
  const committed: { name: string }[] = [];
  let stop = false;
  let seq = 0;
  const loops = Array.from({ length: count }, async () => {
    while (!stop) {
      const name = `Entry ${++seq}`;
      const res = await user.call('POST', '/api/addresses', address(name));
      if (res.status !== 201) throw new Error(`write answered ${res.status}: ${JSON.stringify(res.json)}`);
      committed.push({ name });
    }
  });
  return {
    committed,
    async stop() {
      stop = true;
      await Promise.all(loops);
    },
  };
}

async function names(user: Client): Promise<Set<string>> {
  const res = await user.call('GET', '/api/addresses');
  expect(res.status).toBe(200);
  return new Set(res.json.map((a: { name: string }) => a.name));
}

/**
 * Backup while requests write, restore into an empty place, start a server on the copy: every row
 * committed before the backup began is there, and the copy is a working Voyageur (the same session
 * cookie still signs the user in).
 */
async function backupWhileWriting(opts: {
  source: Server;
  sourceEnv: Record<string, string>;
  targetEnv: Record<string, string>;
  outboxDir: string;
  file: string;
}): Promise<void> {
  const user = await signUp(opts.source, opts.outboxDir);
  const writers = startWriters(user, 2);
  while (writers.committed.length < 20) await sleep(20);
  // Every write answered before the backup command starts is committed; take them by position, not
  // by clock (a write answered in the same millisecond as the start would fall on either side).
  const committedBefore = writers.committed.length;
  const backup = await runCli(['backup', opts.file], opts.sourceEnv);
  const during = writers.committed.length;
  await sleep(200); // writes go on after the backup too
  await writers.stop();
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(writers.committed.length).toBeGreaterThan(during);
  const before = writers.committed.slice(0, committedBefore).map((w) => w.name);
  expect(before.length).toBeGreaterThanOrEqual(20);

  const restore = await runCli(['restore', opts.file], opts.targetEnv);
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);
  expect(restore.stdout).toMatch(/^Restored \d+ rows in \d+ tables/);
  // A second restore into what is now a non-empty target is refused.
  const again = await runCli(['restore', opts.file], opts.targetEnv);
  expect(again.code).not.toBe(0);
  expect(again.stderr).toMatch(/already holds a database|not empty/);

  const copy = await startReadyServer({ dataDir: opts.targetEnv.DATA_DIR, env: opts.targetEnv });
  try {
    const restored = await names(user.at(copy.url));
    for (const name of before) expect(restored.has(name), name).toBe(true);
    // Everything the copy has was really committed by a write that was answered.
    const all = new Set(writers.committed.map((w) => w.name));
    for (const name of restored) expect(all.has(name)).toBe(true);
    // And it is a live database: it takes writes.
    expect((await user.at(copy.url).call('POST', '/api/addresses', address('On the copy'))).status).toBe(201);
  } finally {
    await copy.stop();
  }
}

describe('backup and restore, as an operator runs them', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('embedded: backup while requests write (through the running server), restore into an empty directory', async () => {
    const dataDir = tempDir('bk-src');
    const targetDir = tempDir('bk-dst');
    const file = `${targetDir}.backup.gz`;
    dirs.push(dataDir, targetDir, file);
    const source = await startReadyServer({ dataDir });
    try {
      await backupWhileWriting({
        source,
        sourceEnv: { DATA_DIR: dataDir },
        targetEnv: { DATA_DIR: targetDir },
        outboxDir: path.join(dataDir, 'outbox'),
        file,
      });
    } finally {
      await source.stop();
    }
  });

  it.skipIf(!postgresUrl)('PostgreSQL: backup while requests write, restore into an empty database', async () => {
    const from = await freshPostgresDatabase();
    const to = await freshPostgresDatabase();
    const dataDir = tempDir('bk-pg');
    dirs.push(dataDir);
    const source = await startReadyServer({ dataDir, env: { DATABASE_URL: from.url } });
    try {
      await backupWhileWriting({
        source,
        sourceEnv: { DATA_DIR: dataDir, DATABASE_URL: from.url },
        targetEnv: { DATA_DIR: dataDir, DATABASE_URL: to.url },
        outboxDir: path.join(dataDir, 'outbox'),
        file: path.join(dataDir, 'backup.gz'),
      });
    } finally {
      await source.stop();
      await from.drop();
      await to.drop();
    }
  });
});
