// Builds the web app (Vite) and bundles the server (esbuild) into dist/.
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
// Always a production build, even when started from a test runner that sets NODE_ENV=test.
process.env.NODE_ENV = 'production';

await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
precompress(path.join(root, 'dist/web'));

await esbuild({
  entryPoints: [
    ...['src/server/main.ts', 'src/server/cli.ts'].filter((f) => fs.existsSync(f)),
    // The worker threads' entry (src/server/lib/worker-pool.ts loads it from beside main.js).
    { in: 'src/server/lib/worker-tasks.ts', out: 'worker' },
  ],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.writeFileSync('dist/.build-stamp', String(Date.now()));
console.log('built dist/web and dist/server');

/** Writes .gz and .br next to text assets so @fastify/static can serve them pre-compressed. */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(full);
    else if (/\.(js|css|html|svg|json|txt)$/.test(entry.name)) {
      const data = fs.readFileSync(full);
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data));
    }
  }
}
