// `npm start`: builds whatever is missing or older than the sources, then runs the server.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
// A .env file in the project root is read when present (variables already set win).
if (!process.env.VOYAGEUR_SKIP_DOTENV && fs.existsSync(path.join(root, '.env')))
  process.loadEnvFile(path.join(root, '.env'));
const stamp = path.join(root, 'dist/.build-stamp');
const entry = path.join(root, 'dist/server/main.js');

function newestSource(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function isStale() {
  const built = fs.existsSync(stamp) && fs.existsSync(entry) && fs.existsSync(path.join(root, 'dist/web/index.html'));
  if (!built) return 'first start; building…';
  const newest = Math.max(
    newestSource(path.join(root, 'src')),
    ...['package.json', 'vite.config.ts'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  );
  return newest > fs.statSync(stamp).mtimeMs ? 'sources changed; rebuilding…' : null;
}

/**
 * Several instances started at once on one checkout build one at a time: the first takes the lock
 * and builds, the others wait for it and then find the build fresh (a lock left by a killed build
 * is taken over after ten minutes).
 */
function withBuildLock(fn) {
  const lock = path.join(root, 'dist/.build-lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  let fd;
  for (;;) {
    try {
      fd = fs.openSync(lock, 'wx');
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 600_000) fs.rmSync(lock, { force: true });
      } catch {
        /* released meanwhile */
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    fn();
  } finally {
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
  }
}

if (isStale()) {
  let failed = 0;
  withBuildLock(() => {
    const why = isStale();
    if (!why) return;
    console.log(why);
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
    if (r.status !== 0) failed = r.status ?? 1;
  });
  if (failed) process.exit(failed);
}
await import(entry);
