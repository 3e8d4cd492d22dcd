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

// The server and the CLI with their packages in the bundle: Node loaded ~600 ESM files of node_modules at
// every start, ~0.3 s of a 2 s start on a slow machine (issue 26, decision 049). Split, so a package
// loaded only on demand (Stripe, nodemailer, pg, openid-client) stays out of the start; the chunks sit
// beside main.js, so a module's import.meta.url names this directory wherever esbuild placed it.
const server = await esbuild({
  entryPoints: ['src/server/main.ts', 'src/server/cli.ts'],
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Loaded from node_modules as before: PGlite finds its WebAssembly and data files beside its own
  // module, piscina starts workers from its own files, pg-native is an optional addon of pg.
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    'piscina',
    'pg-native',
    // Fastify's JSON-schema compilers, which the app never asks for (every schema is a zod one, decision
    // 042): left out of the bundle, ~680 KB the start no longer parses (decision 059). Should Fastify
    // ever ask, Node loads them from node_modules, where they are installed with Fastify.
    '@fastify/ajv-compiler',
    '@fastify/fast-json-stringify-compiler',
  ],
  // The CommonJS packages in the bundle call require() for Node's modules, as they did from node_modules.
  banner: {
    js: "import { createRequire as __voyageurRequire } from 'node:module'; const require = __voyageurRequire(import.meta.url);",
  },
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
// The worker threads' entry (src/server/lib/worker-pool.ts loads it from beside main.js), with its
// packages loaded from node_modules: pdfkit reads its font files from beside its own module.
const worker = await esbuild({
  entryPoints: [{ in: 'src/server/lib/worker-tasks.ts', out: 'worker' }],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
pruneOldChunks('dist/server', [...Object.keys(server.metafile.outputs), ...Object.keys(worker.metafile.outputs)]);
fs.writeFileSync('dist/.build-stamp', String(Date.now()));
console.log('built dist/web and dist/server');

/**
 * Chunks are named by their content, so each build that changes one leaves the old file behind. A
 * server still running from an earlier build imports its on-demand chunks (Stripe, mail, pg) by
 * their old names, so a file this build did not write stays a day before it goes.
 */
function pruneOldChunks(dir, written) {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  const keep = new Set(written.map((f) => path.resolve(f)));
  for (const name of fs.readdirSync(dir)) {
    const full = path.resolve(dir, name);
    if (!keep.has(full) && fs.statSync(full).mtimeMs < dayAgo) fs.rmSync(full);
  }
}

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
