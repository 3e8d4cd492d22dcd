import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { address, signUp, sleep, startReadyServer, tempDir, type Server } from './helpers/process';

/**
 * A POST whose headers reach the server now and whose body is sent when `finish()` is called: a
 * request the server has received and not yet answered, whatever the timing.
 */
function heldRequest(server: Server, pathname: string, cookie: string, body: unknown) {
  const text = JSON.stringify(body);
  const req = http.request(`${server.url}${pathname}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), cookie },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { answer, finish: () => req.end(text) };
}

/** How many POSTs to `url` the server has logged as received. */
const received = (server: Server, url: string) =>
  server.logLines().filter((l) => {
    const req = l.req as { url?: string; method?: string } | undefined;
    return l.msg === 'incoming request' && req?.method === 'POST' && req.url === url;
  }).length;

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Waits until the server no longer accepts connections. */
async function refused(server: Server): Promise<void> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    try {
      await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(500) });
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error('the server still accepts connections');
    await sleep(20);
  }
}

describe('clean shutdown', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('SIGTERM with 20 requests in flight: every one is answered and the process exits within 10 s', async () => {
    const dataDir = tempDir('sigterm');
    dirs.push(dataDir);
    let server = await startReadyServer({ dataDir });
    const user = await signUp(server, path.join(dataDir, 'outbox'));
    const cookie = user.cookieHeader;

    const held = Array.from({ length: 20 }, (_, i) =>
      heldRequest(server, '/api/addresses', cookie, address(`In flight ${i}`)),
    );
    await until('20 received requests', () => received(server, '/api/addresses') >= 20);

    server.signal('SIGTERM');
    const signalled = Date.now();
    await until('the shutdown to start', () => server.logs().includes('shutting down'));
    // The listener is closed now: a new connection is refused, while the received requests wait for their bodies.
    await refused(server);
    for (const h of held) h.finish();
    const answers = await Promise.all(held.map((h) => h.answer));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));

    const code = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(fs.existsSync(path.join(dataDir, 'voyageur.lock'))).toBe(false);

    // What was answered was committed.
    server = await startReadyServer({ dataDir });
    const list = await user.at(server.url).call('GET', '/api/addresses');
    expect(list.json.map((a: { name: string }) => a.name).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `In flight ${i}`).sort(),
    );

    // A request that never completes does not hold the process past the 10 s deadline…
    const stuck = heldRequest(server, '/api/addresses', cookie, address('Never sent'));
    stuck.answer.catch(() => undefined);
    await until('the stuck request', () => received(server, '/api/addresses') >= 1);
    server.signal('SIGTERM');
    const second = Date.now();
    expect(await server.exited).not.toBe(0);
    const took = Date.now() - second;
    expect(took).toBeGreaterThan(9_000);
    expect(took).toBeLessThan(12_500);
    expect(server.logs()).toContain('shutdown took longer than 10 s');
    expect(fs.existsSync(path.join(dataDir, 'voyageur.lock'))).toBe(false);
  });

  it('a second signal exits at once', async () => {
    const dataDir = tempDir('twice');
    dirs.push(dataDir);
    const server = await startReadyServer({ dataDir });
    const user = await signUp(server, path.join(dataDir, 'outbox'));
    const stuck = heldRequest(server, '/api/addresses', user.cookieHeader, address('Never sent'));
    stuck.answer.catch(() => undefined);
    await until('the stuck request', () => received(server, '/api/addresses') >= 1);
    server.signal('SIGINT');
    await until('the shutdown to start', () => server.logs().includes('shutting down'));
    const again = Date.now();
    server.signal('SIGTERM');
    expect(await server.exited).toBe(143);
    expect(Date.now() - again).toBeLessThan(2_000);
    expect(server.logs()).toContain('second signal');
    expect(fs.existsSync(path.join(dataDir, 'voyageur.lock'))).toBe(false);
  });
});
