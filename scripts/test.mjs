// `npm test`: typecheck, lint, unit, integration (PGlite, then PostgreSQL when TEST_DATABASE_URL is set),
// build, operations (the built server and CLI as processes), end-to-end in Chromium. Stops at the first failing step.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
// The static checks read files and measure nothing: they run at once, each printed when it ends.
const checks = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.']],
  // Dependencies in package.json that nothing imports, and imports package.json does not list (knip.json).
  ['dependencies', bin('knip'), ['--dependencies', '--no-config-hints']],
  [
    'format',
    bin('prettier'),
    ['--check', 'src/**/*.{ts,tsx,css,json}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.mjs'],
  ],
];
const steps = [
  ['unit', bin('vitest'), ['run', '--project', 'unit']],
  // Unit tests that measure time, one file at a time (vitest.config.ts).
  ['unit (timed)', bin('vitest'), ['run', '--project', 'unit-timed']],
  ['integration (PGlite)', bin('vitest'), ['run', '--project', 'integration'], { TEST_DB: 'pglite' }],
  // Integration files that judge by order of answers or time, one at a time after the rest (vitest.config.ts).
  ['integration (PGlite, timed)', bin('vitest'), ['run', '--project', 'integration-timed'], { TEST_DB: 'pglite' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['integration (PostgreSQL)', bin('vitest'), ['run', '--project', 'integration'], { TEST_DB: 'postgres' }]);
  steps.push([
    'integration (PostgreSQL, timed)',
    bin('vitest'),
    ['run', '--project', 'integration-timed'],
    { TEST_DB: 'postgres' },
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite only (CI sets it).');
}
steps.push(['build', process.execPath, [path.join(root, 'scripts/build.mjs')]]);
// Process-level: the built server and CLI (data-directory lock, shutdown, backup/restore; PostgreSQL parts when TEST_DATABASE_URL is set).
steps.push(['ops', bin('vitest'), ['run', '--project', 'ops']]);
steps.push(['e2e', bin('vitest'), ['run', '--project', 'e2e']]);

function runBuffered([name, cmd, args]) {
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => {
      console.log(`\n▶ ${name}`);
      if (out) process.stdout.write(out);
      if (status === 0) console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
      else console.error(`\n✖ ${name} failed`);
      resolve(status);
    });
  });
}

const checked = await Promise.all(checks.map(runBuffered));
if (checked.some((status) => status !== 0)) process.exit(1);

for (const [name, cmd, args, env] of steps) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
