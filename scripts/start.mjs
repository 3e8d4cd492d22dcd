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

const built = fs.existsSync(stamp) && fs.existsSync(entry) && fs.existsSync(path.join(root, 'dist/web/index.html'));
const stale =
  !built ||
  Math.max(
    newestSource(path.join(root, 'src')),
    ...['package.json', 'vite.config.ts'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  ) > fs.statSync(stamp).mtimeMs;
if (stale) {
  console.log(built ? 'sources changed; rebuilding…' : 'first start; building…');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(entry);
