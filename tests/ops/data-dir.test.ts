import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  address,
  Client,
  freePort,
  freshEmail,
  runCli,
  signUp,
  startReadyServer,
  startServer,
  tempDir,
  type Server,
} from './helpers/process';

/** One embedded data directory, one owner: what an operator sees starting a second process on it. */
describe('one owner per embedded data directory', () => {
  let dataDir: string;
  let first: Server;
  let user: Client;
  let email: string;
  const outbox = () => path.join(dataDir, 'outbox');

  beforeAll(async () => {
    dataDir = tempDir('owner');
    first = await startReadyServer({ dataDir });
    email = `owner-${Date.now()}@example.com`;
    user = await signUp(first, outbox(), email);
    for (let i = 0; i < 3; i++) {
      expect((await user.call('POST', '/api/addresses', address(`Before ${i}`))).status).toBe(201);
    }
  });
  afterAll(async () => {
    await first?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR at once, naming the holder and DATABASE_URL', async () => {
    const second = startServer({ dataDir, port: await freePort() });
    const started = Date.now();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    const out = second.logs();
    expect(out).toContain(`in use by the Voyageur server (pid ${first.pid}`);
    expect(out).toContain(`port ${first.port}`);
    expect(out).toContain('DATABASE_URL');
    // The second one never answered; the first one still does, with its data.
    await expect(fetch(`${second.url}/api/health`)).rejects.toThrow();
    const list = await user.call('GET', '/api/addresses');
    expect(list.status).toBe(200);
    expect(list.json.map((a: { name: string }) => a.name).sort()).toEqual(['Before 0', 'Before 1', 'Before 2']);
  });

  it('refuses CLI commands that would open the directory, serves backup and mail:latest beside the server', async () => {
    const env = { DATA_DIR: dataDir };
    const migrate = await runCli(['migrate'], env);
    expect(migrate.code).not.toBe(0);
    expect(migrate.stderr).toContain(`in use by the Voyageur server (pid ${first.pid}`);
    expect(migrate.stderr).toContain('DATABASE_URL');

    const file = path.join(dataDir, '..', `${path.basename(dataDir)}-beside.gz`);
    const restore = await runCli(['restore', file], env);
    expect(restore.code).not.toBe(0);

    const backup = await runCli(['backup', file], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Backup written to .*: \d+ rows in \d+ tables/);
    expect(backup.stdout).toContain(`pid ${first.pid}`);
    expect(fs.statSync(file).size).toBeGreaterThan(100);
    // Restoring into the running server's directory is refused as well (it is the owner's).
    const again = await runCli(['restore', file], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`pid ${first.pid}`);
    fs.rmSync(file, { force: true });

    const mail = await runCli(['mail:latest'], env);
    expect(mail.code).toBe(0);
    expect(mail.stdout).toContain(`To: ${email}`);

    // Nothing above disturbed the server.
    expect((await user.call('POST', '/api/addresses', address('After CLI'))).status).toBe(201);
  });

  it('after kill -9 right after committed writes, a restart takes the lock over at once and every row is there', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await user.call('POST', '/api/addresses', address(`Committed ${i}`))).status).toBe(201);
    }
    const accounts = [];
    for (let i = 0; i < 5; i++) {
      const email = freshEmail('killed');
      await signUp(first, outbox(), email);
      accounts.push(email);
    }
    first.signal('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'voyageur.lock'))).toBe(true); // left behind by kill -9

    const started = Date.now();
    first = await startReadyServer({ dataDir });
    expect(first.logs()).not.toContain('in use by');
    // PGlite recovers its WAL on this start; the lock itself is taken over without waiting.
    expect(Date.now() - started).toBeLessThan(30_000);
    const list = await user.at(first.url).call('GET', '/api/addresses');
    expect(list.status).toBe(200);
    const names = list.json.map((a: { name: string }) => a.name);
    for (const n of [
      'Before 0',
      'Before 1',
      'Before 2',
      'After CLI',
      ...[0, 1, 2, 3, 4].map((i) => `Committed ${i}`),
    ]) {
      expect(names).toContain(n);
    }
    for (const email of accounts) {
      const login = await new Client(first.url).call('POST', '/api/login', { email, password: 'a good long password' });
      expect(login.status, email).toBe(200);
    }
  });

  it('a clean stop releases the directory: the next start finds no lock to judge', async () => {
    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'voyageur.lock'))).toBe(false);
    // With the server stopped, the CLI opens the directory itself.
    const migrate = await runCli(['migrate'], { DATA_DIR: dataDir });
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toContain('database (pglite) is up to date');
    expect(fs.existsSync(path.join(dataDir, 'voyageur.lock'))).toBe(false);
  });
});
