import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_DIR_NAME, lockHolder, type LockOwner } from './data-dir-lock';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voyageur-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has exited (nothing runs under it now, or something else does). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

/** A lock directory as a process would have left it, with its owner.json and an mtime `ageMs` old. */
function leaveLock(dataDir: string, owner: Partial<LockOwner> | null, ageMs = 0): void {
  const lockDir = path.join(dataDir, LOCK_DIR_NAME);
  fs.mkdirSync(lockDir);
  if (owner) fs.writeFileSync(path.join(lockDir, 'owner.json'), JSON.stringify(owner));
  const t = new Date(Date.now() - ageMs);
  fs.utimesSync(lockDir, t, t);
}

function myIdentity(): Pick<LockOwner, 'hostname' | 'bootId' | 'pidNamespace'> {
  const read = (f: string, link = false) => {
    try {
      return link ? fs.readlinkSync(f) : fs.readFileSync(f, 'utf8').trim();
    } catch {
      return undefined;
    }
  };
  return {
    hostname: os.hostname(),
    bootId: read('/proc/sys/kernel/random/boot_id'),
    pidNamespace: read('/proc/self/ns/pid', true),
  };
}

describe('DATA_DIR lock', () => {
  it('is exclusive, says who holds it, and is gone once released', async () => {
    const dataDir = tempDataDir();
    const lock = await acquireDataDirLock(dataDir, 'server', { details: { port: 5123 } });
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid, role: 'server', port: 5123 });

    const err = await acquireDataDirLock(dataDir, 'restore').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    const message = (err as Error).message;
    expect(message).toContain(`the Voyageur server (pid ${process.pid}, started ${lock.owner.startedAt}, port 5123)`);
    expect(message).toContain('DATABASE_URL');

    await lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_DIR_NAME))).toBe(false);
    expect(lockHolder(dataDir)).toBeNull();
    const again = await acquireDataDirLock(dataDir, 'restore');
    await again.release();
  });

  it('takes over at once a lock whose holder on this machine is gone (kill -9)', async () => {
    const dataDir = tempDataDir();
    leaveLock(dataDir, { pid: deadPid(), role: 'server', startedAt: 'earlier', procStart: '42', ...myIdentity() });
    const started = Date.now();
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lockHolder(dataDir)?.pid).toBe(process.pid);
    await lock.release();
  });

  it('treats a reused pid as gone: the pid runs, but not the process that took the lock', async () => {
    const dataDir = tempDataDir();
    // Our own pid with another start time: what a restarted container often sees (the server is pid 1 again).
    leaveLock(dataDir, { pid: process.pid, role: 'server', startedAt: 'earlier', procStart: '1', ...myIdentity() });
    const lock = await acquireDataDirLock(dataDir, 'server');
    await lock.release();
  });

  it('lets only one of several newcomers take over an abandoned lock', async () => {
    const dataDir = tempDataDir();
    leaveLock(dataDir, { pid: deadPid(), role: 'server', startedAt: 'earlier', procStart: '42', ...myIdentity() });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => acquireDataDirLock(dataDir, 'server')));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirLockedError);
    await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof acquireDataDirLock>>>).value.release();
  });

  it('trusts a holder on another machine while it keeps the lock fresh, and takes over once it went quiet for 10 s', async () => {
    const dataDir = tempDataDir();
    const other = { pid: 1, role: 'server', startedAt: 'earlier', hostname: 'another-host', port: 5000 };
    leaveLock(dataDir, other);
    const err = await acquireDataDirLock(dataDir, 'migrate').catch((e: unknown) => e);
    expect((err as Error).message).toContain('pid 1, started earlier, port 5000, on host another-host');
    fs.rmSync(path.join(dataDir, LOCK_DIR_NAME), { recursive: true });

    leaveLock(dataDir, other, 11_000);
    const lock = await acquireDataDirLock(dataDir, 'migrate');
    await lock.release();
  });

  it('waits briefly for a holder that has not written owner.json yet, then refuses; takes it over once stale', async () => {
    const dataDir = tempDataDir();
    leaveLock(dataDir, null);
    const err = await acquireDataDirLock(dataDir, 'migrate').catch((e: unknown) => e);
    expect((err as Error).message).toContain('another process (it has not said which yet)');
    fs.rmSync(path.join(dataDir, LOCK_DIR_NAME), { recursive: true });

    leaveLock(dataDir, null, 11_000);
    const lock = await acquireDataDirLock(dataDir, 'migrate');
    await lock.release();
  });

  it('reports a lock taken from under it as compromised', async () => {
    const dataDir = tempDataDir();
    let compromised: Error | undefined;
    const lock = await acquireDataDirLock(dataDir, 'server', { onCompromised: (e) => (compromised = e) });
    const lockDir = path.join(dataDir, LOCK_DIR_NAME);
    fs.rmSync(lockDir, { recursive: true });
    fs.mkdirSync(lockDir);
    const deadline = Date.now() + 6_000;
    while (!compromised && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(compromised).toBeDefined();
    await lock.release();
    expect(fs.existsSync(lockDir)).toBe(true); // not ours any more: left alone
  });

  it('is released when the process exits without releasing it', () => {
    const dataDir = tempDataDir();
    const script = path.join(dataDir, 'hold.mts');
    fs.writeFileSync(
      script,
      `import fs from 'node:fs';
       import { acquireDataDirLock } from ${JSON.stringify(path.resolve(import.meta.dirname, 'data-dir-lock.ts'))};
       await acquireDataDirLock(${JSON.stringify(dataDir)}, 'server');
       console.log(fs.existsSync(${JSON.stringify(path.join(dataDir, LOCK_DIR_NAME))}));
       process.exit(3);`,
    );
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('true');
    expect(r.status).toBe(3);
    expect(fs.existsSync(path.join(dataDir, LOCK_DIR_NAME))).toBe(false);
  });
});
