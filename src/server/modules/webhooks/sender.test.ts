import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './sender';

describe('sendWebhook', () => {
  let server: http.Server;
  let port = 0;
  const hosts: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hosts.push(String(req.headers.host));
      if (req.url === '/hang') return; // never answers
      req.resume();
      req.on('end', () => res.writeHead(200).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const base = { body: '{}', secret: 'whsec_x', eventId: 'evt_1', eventType: 'webhook.test', at: new Date() };

  it('connects to the address it checked, with the URL host in the Host header', async () => {
    let asked = 0;
    const out = await sendWebhook({
      ...base,
      url: `http://hooks.example.test:${port}/ok`,
      allowPrivate: true,
      resolve: async () => {
        asked++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(out).toMatchObject({ ok: true, status: 200, error: null });
    expect(asked).toBe(1);
    expect(hosts.at(-1)).toBe(`hooks.example.test:${port}`);
  });

  it('refuses a host with any private address among its answers, without connecting', async () => {
    const before = hosts.length;
    const out = await sendWebhook({
      ...base,
      url: `http://mixed.example.test:${port}/ok`,
      allowPrivate: true,
      resolve: async () => [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    expect(out).toMatchObject({ ok: false, status: null });
    // The log's reason names no address; the detail (server log only) does.
    expect(out.error).toBe('Refused: address not allowed');
    expect(out.detail).toContain('10.0.0.5');
    expect(hosts.length).toBe(before);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const out = await sendWebhook({
      ...base,
      url: `http://127.0.0.1:${port}/hang`,
      allowPrivate: true,
      timeoutMs: 300,
    });
    expect(out).toMatchObject({ ok: false, status: null, error: 'Timed out after 0.3 s' });
    expect(out.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('refuses plain http without WEBHOOKS_ALLOW_PRIVATE', async () => {
    const out = await sendWebhook({ ...base, url: `http://127.0.0.1:${port}/ok`, allowPrivate: false });
    expect(out).toMatchObject({ ok: false, error: 'Refused: the URL must be https' });
  });
});
