/**
 * The local admin channel: how a CLI command reaches the embedded database while the server holds
 * DATA_DIR (decision record 011). The server listens on 127.0.0.1 on a random port and writes the
 * port and a random bearer token into DATA_DIR's lock (owner.json, mode 0600): only a process that
 * can read the data directory — which could read the database files anyway — can use it. The
 * command runs inside the server, on the server's own connection, so nothing else opens the files.
 *
 * Operations are few and named (`adminOps`); each answers JSON or a byte stream.
 */
import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/client';
import { backupStream } from './backup';
import { verifyLedger } from '../modules/wallet/ledger';
import type { Lifecycle } from './lifecycle';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type AdminOpContext = { database: Database; lifecycle: Lifecycle; log: Log };
export type AdminOpResult = { json: unknown } | { stream: Readable; done: Promise<void> };
export type AdminOp = (ctx: AdminOpContext, args: Record<string, unknown>) => Promise<AdminOpResult>;

/** Every operation a CLI command may ask the running server for. */
export const adminOps: Record<string, AdminOp> = {
  async ping(ctx) {
    return { json: { ok: true, database: ctx.database.kind, pid: process.pid } };
  },
  async backup(ctx) {
    let finish: (err: Error | null) => void = () => undefined;
    const done = new Promise<void>((resolve, reject) => {
      finish = (err) => (err ? reject(err) : resolve());
    });
    const stream = backupStream(ctx.database, (err) => finish(err));
    return { stream, done };
  },
  async 'ledger:verify'(ctx) {
    return { json: await verifyLedger(ctx.database.db) };
  },
};

export type AdminChannel = { port: number; token: string; close(): Promise<void> };

/**
 * Listens before the database is open (its address goes into DATA_DIR's lock when that is taken);
 * operations wait for `database`.
 */
export async function startAdminChannel(
  opts: Omit<AdminOpContext, 'database'> & { database: Promise<Database> },
  ops = adminOps,
): Promise<AdminChannel> {
  const { lifecycle, log } = opts;
  // A failed start-up rejects `database`; the process exits then, but the rejection must not go unhandled.
  opts.database.catch(() => undefined);
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = http.createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return sendJson(res, 401, { message: 'Unauthorized' });
    }
    const name = /^\/ops\/([\w:-]+)$/.exec(req.url ?? '')?.[1];
    const op = name && Object.hasOwn(ops, name) ? ops[name] : undefined;
    if (req.method !== 'POST' || !op) return sendJson(res, 404, { message: 'Unknown operation' });
    if (lifecycle.draining) return sendJson(res, 503, { message: 'The server is shutting down' });
    void readJson(req)
      .then((args) =>
        lifecycle.track(`admin:${name}`, async () => {
          log.info({ op: name }, 'admin channel operation');
          const result = await op({ database: await opts.database, lifecycle, log }, args);
          if ('json' in result) return sendJson(res, 200, result.json);
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          await Promise.all([pipeline(result.stream, res), result.done]);
        }),
      )
      .catch((err: Error) => {
        log.error({ err, op: name }, 'admin channel operation failed');
        if (!res.headersSent) sendJson(res, 500, { message: err.message });
        else res.destroy(err);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** Asks the server that holds DATA_DIR to run `op`; the answer as fetch gives it (check `ok`). */
export async function callAdminChannel(
  channel: { port: number; token: string },
  op: string,
  args: Record<string, unknown> = {},
): Promise<Response> {
  return fetch(`http://127.0.0.1:${channel.port}/ops/${op}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${channel.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 64 * 1024) throw new Error('Request too large');
  }
  if (!text.trim()) return {};
  const value = JSON.parse(text) as unknown;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
