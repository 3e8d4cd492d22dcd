// Adds lock entries for platform-specific optional dependencies that the registry mirror on these
// machines does not serve (it answers 404 for other platforms' binaries, so `npm install` leaves
// them out and `npm ci` then refuses the lock file as out of sync). Each added entry is optional:
// `npm ci` skips it when it cannot be fetched. Run after changing dependencies:
//   npm install && node scripts/complete-lockfile.mjs
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;
let added = 0;

/** Where node would resolve `name` from the package at `from` (walking up node_modules folders). */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[candidate]) return true;
    if (!dir) return false;
    const idx = dir.lastIndexOf('/node_modules/');
    dir = idx === -1 ? '' : dir.slice(0, idx);
  }
}

for (const [where, meta] of Object.entries({ ...pkgs })) {
  if (!where || !meta.optionalDependencies) continue;
  for (const [name, spec] of Object.entries(meta.optionalDependencies)) {
    if (resolves(where, name)) continue;
    if (!/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(spec)) continue; // only exact pins can be recorded safely
    const key = pkgs[`node_modules/${name}`] ? `${where}/node_modules/${name}` : `node_modules/${name}`;
    pkgs[key] = { version: spec, ...(meta.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
