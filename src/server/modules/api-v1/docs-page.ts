/**
 * The API reference page at /docs/api (issue 28, decision 027): Redoc 2.5 (Node 20 engines; Redoc 3
 * and Scalar need Node 22) renders /api/v1/openapi.json. Its standalone bundle is served from
 * node_modules on our own origin, so the page loads no script from a CDN; the page has no inline
 * script (the <redoc spec-url> element starts it). Redoc's search runs in a worker made from a blob,
 * so this page alone allows blob: workers.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { App } from '../../deps';

export const API_DOCS_PATH = '/docs/api';
const BUNDLE_PATH = `${API_DOCS_PATH}/redoc.standalone.js`;
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Voyageur API reference</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="/api/v1/openapi.json" native-scrollbars="true"></redoc>
<script src="${BUNDLE_PATH}"></script>
</body>
</html>
`;

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerApiDocsPage(root: App): void {
  let bundle: Promise<Buffer> | null = null;
  const bundleFile = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

  root.get(API_DOCS_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', CSP)
      .header('cache-control', 'no-cache')
      .send(PAGE),
  );

  root.get(BUNDLE_PATH, async (_request, reply) => {
    // Redoc's side menu shows an attribution image from its CDN: it gets an empty data: URL
    // instead (the image then hides itself), so the page asks no other host for anything.
    bundle ??= readFile(bundleFile, 'utf8').then((js) => Buffer.from(js.replaceAll(REDOC_CDN_LOGO, 'data:,')));
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(await bundle);
  });
}
