/**
 * One owner per embedded data directory: the server, or a CLI command that opens PGlite, holds an
 * exclusive lock on DATA_DIR for as long as the database is open (decision record 011).
 *
 * The lock is proper-lockfile's: an atomic `mkdir DATA_DIR/voyageur.lock`, kept fresh by touching
 * its mtime every 2 s, and reported as compromised if someone else replaces it. Inside it,
 * `owner.json` says who holds it (pid, start time, port, the local admin channel). A lock whose
 * holder is gone is taken over at once when the holder ran on this machine (its pid is not running,
 * or runs a different process now), and otherwise once its mtime has not moved for 10 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export const LOCK_DIR_NAME = 'voyageur.lock';
const OWNER_FILE = 'owner.json';
/** How often the holder touches the lock, and after how long without a touch it counts as abandoned. */
const UPDATE_MS = 2_000;
export const STALE_MS = 10_000;
/** proper-lockfile's own stale removal stays out of the way (it would race); we judge staleness here. */
const LIBRARY_STALE_MS = 24 * 3_600_000;
/** A takeover in progress (guard directory) older than this was abandoned by a crashed process. */
const GUARD_STALE_MS = 5_000;

export type LockOwner = {
  pid: number;
  /** 'server', or the CLI command ('restore', 'backup', 'migrate'…). */
  role: string;
  startedAt: string;
  hostname: string;
  /** Linux: boot id, pid namespace and the process's start tick, to tell a reused pid from the holder. */
  bootId?: string;
  pidNamespace?: string;
  procStart?: string;
  /** Filled in by the server once it listens. */
  port?: number;
  url?: string;
  /** The server's local admin channel (loopback HTTP + bearer token), see ops/admin-channel.ts. */
  channel?: { port: number; token: string };
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    super(lockedMessage(dataDir, owner));
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = {
  readonly dataDir: string;
  readonly owner: LockOwner;
  release(): Promise<void>;
};

type AcquireOptions = {
  /** What owner.json also says (written once: the lock directory must not change after that). */
  details?: Pick<LockOwner, 'port' | 'url' | 'channel'>;
  /** Called when another process removed or replaced our lock: stop using the data directory. */
  onCompromised?: (err: Error) => void;
};

/** Takes DATA_DIR's lock or throws DataDirLockedError (at once) naming the process that holds it. */
export async function acquireDataDirLock(
  dataDir: string,
  role: string,
  opts: AcquireOptions = {},
): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockDir = path.join(dataDir, LOCK_DIR_NAME);
  for (let attempt = 0; attempt < 50; attempt++) {
    const lock = await tryLock(dataDir, lockDir, role, opts);
    if (lock) return lock;
    const verdict = judge(lockDir);
    switch (verdict.kind) {
      case 'free':
        continue;
      case 'alive':
        throw new DataDirLockedError(dataDir, verdict.owner);
      case 'starting':
        // mkdir done, owner.json not written yet: give the other process a moment to say who it is.
        if (attempt >= 10) throw new DataDirLockedError(dataDir, null);
        await sleep(100);
        continue;
      case 'quiet':
        // Held from another machine (or container) and not touched for a while: wait until it is stale.
        await sleep(verdict.staleInMs + 50);
        continue;
      case 'gone': {
        const taken = await takeOver(dataDir, lockDir, verdict.owner, role, opts);
        if (taken) return taken;
        await sleep(50);
        continue;
      }
    }
  }
  throw new DataDirLockedError(dataDir, readOwner(lockDir));
}

/** Who holds DATA_DIR's lock right now, or null when nobody does (or the holder is gone). */
export function lockHolder(dataDir: string): LockOwner | null {
  const verdict = judge(path.join(dataDir, LOCK_DIR_NAME));
  return verdict.kind === 'alive' || verdict.kind === 'quiet' ? verdict.owner : null;
}

export function lockedMessage(dataDir: string, owner: LockOwner | null): string {
  const who = owner ? describeOwner(owner) : 'another process (it has not said which yet)';
  return [
    `DATA_DIR ${dataDir} is in use by ${who}.`,
    'The embedded database (PGlite) serves one process at a time. To run several instances at once, point them',
    'all at one PostgreSQL server with DATABASE_URL. While the server runs, `npm run cli -- backup FILE` and',
    '`npm run cli -- mail:latest` still work; other commands need the server stopped first.',
  ].join('\n');
}

export function describeOwner(owner: LockOwner): string {
  const what = owner.role === 'server' ? 'the Voyageur server' : `the command \`npm run cli -- ${owner.role}\``;
  const facts = [`pid ${owner.pid}`, `started ${owner.startedAt}`];
  if (owner.port !== undefined) facts.push(`port ${owner.port}`);
  if (owner.hostname !== os.hostname()) facts.push(`on host ${owner.hostname}`);
  return `${what} (${facts.join(', ')})`;
}

// --- internals ---

async function tryLock(
  dataDir: string,
  lockDir: string,
  role: string,
  opts: AcquireOptions,
): Promise<DataDirLock | null> {
  let release: () => Promise<void>;
  let held = false;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: lockDir,
      realpath: false,
      stale: LIBRARY_STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: (err) => {
        held = false;
        if (opts.onCompromised) opts.onCompromised(err);
        else throw err;
      },
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOCKED' || code === 'EEXIST' || code === 'ENOTEMPTY') return null;
    throw err;
  }
  held = true;
  const owner: LockOwner = {
    pid: process.pid,
    role,
    startedAt: new Date().toISOString(),
    ...selfIdentity(),
    ...opts.details,
  };
  const ownerPath = path.join(lockDir, OWNER_FILE);
  // proper-lockfile checks on each touch that the directory's mtime is still the one it set, so
  // adding owner.json puts the mtime back. This runs synchronously, long before the first touch.
  const before = fs.statSync(lockDir);
  fs.writeFileSync(ownerPath, JSON.stringify(owner, null, 2), { mode: 0o600 });
  fs.utimesSync(lockDir, before.atime, before.mtime);
  // Every exit path (process.exit, an uncaught error, a signal we do not handle) leaves the
  // directory unlocked; only kill -9 and power loss leave the lock behind for the next start to judge.
  const onExit = () => {
    if (!held) return;
    held = false;
    fs.rmSync(ownerPath, { force: true });
    try {
      lockfile.unlockSync(dataDir, { lockfilePath: lockDir, realpath: false });
    } catch {
      /* already released */
    }
  };
  process.on('exit', onExit);
  return {
    dataDir,
    owner,
    async release() {
      process.off('exit', onExit);
      if (!held) return;
      held = false;
      fs.rmSync(ownerPath, { force: true });
      await release().catch(() => undefined);
    },
  };
}

type Verdict =
  | { kind: 'free' }
  | { kind: 'alive'; owner: LockOwner | null }
  | { kind: 'starting' }
  | { kind: 'quiet'; owner: LockOwner; staleInMs: number }
  | { kind: 'gone'; owner: LockOwner | null };

function judge(lockDir: string): Verdict {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(lockDir).mtimeMs;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'free' };
    throw err;
  }
  const age = Date.now() - mtimeMs;
  const owner = readOwner(lockDir);
  if (owner && sameMachine(owner)) return processIsRunning(owner) ? { kind: 'alive', owner } : { kind: 'gone', owner };
  if (age > STALE_MS) return { kind: 'gone', owner };
  if (!owner) return { kind: 'starting' };
  // A holder we cannot check touches the lock every 2 s; several missed touches mean it is probably gone.
  if (age > 2.5 * UPDATE_MS) return { kind: 'quiet', owner, staleInMs: STALE_MS - age };
  return { kind: 'alive', owner };
}

/** Removes an abandoned lock and takes it, under a guard so two newcomers cannot both do so. */
async function takeOver(
  dataDir: string,
  lockDir: string,
  seen: LockOwner | null,
  role: string,
  opts: AcquireOptions,
): Promise<DataDirLock | null> {
  const guard = `${lockDir}.takeover`;
  try {
    fs.mkdirSync(guard);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const guardAge = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (guardAge > GUARD_STALE_MS) fs.rmSync(guard, { recursive: true, force: true });
    return null;
  }
  try {
    // Judge again under the guard: the lock may have been taken over and re-taken meanwhile.
    const now = judge(lockDir);
    if (now.kind === 'gone' && sameOwner(now.owner, seen)) fs.rmSync(lockDir, { recursive: true, force: true });
    else if (now.kind !== 'free') return null;
    return await tryLock(dataDir, lockDir, role, opts);
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
}

function readOwner(lockDir: string): LockOwner | null {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(lockDir, OWNER_FILE), 'utf8')) as LockOwner;
    return typeof value.pid === 'number' && typeof value.hostname === 'string' ? value : null;
  } catch {
    return null;
  }
}

function sameOwner(a: LockOwner | null, b: LockOwner | null): boolean {
  if (!a || !b) return a === b;
  return a.pid === b.pid && a.startedAt === b.startedAt && a.hostname === b.hostname;
}

function selfIdentity(): Pick<LockOwner, 'hostname' | 'bootId' | 'pidNamespace' | 'procStart'> {
  return {
    hostname: os.hostname(),
    bootId: readText('/proc/sys/kernel/random/boot_id'),
    pidNamespace: readLink('/proc/self/ns/pid'),
    procStart: procStartOf(process.pid),
  };
}

/** Pids are comparable only on the same host, boot and pid namespace (containers have their own). */
function sameMachine(owner: LockOwner): boolean {
  const me = selfIdentity();
  return owner.hostname === me.hostname && owner.bootId === me.bootId && owner.pidNamespace === me.pidNamespace;
}

function processIsRunning(owner: LockOwner): boolean {
  if (owner.procStart !== undefined) {
    // Linux: the pid must exist and still be the process that started then (pids get reused).
    return procStartOf(owner.pid) === owner.procStart;
  }
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/PID/stat: the process's start time in clock ticks since boot. */
function procStartOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function readLink(file: string): string | undefined {
  try {
    return fs.readlinkSync(file);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
