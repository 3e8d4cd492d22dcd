import { describe, expect, it } from 'vitest';
import type { CarrierHttpResponse } from './http';
import { CarrierError } from './index';
import { parseTokenResponse, TokenCache, withTokenRetry, type AccessToken } from './oauth';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** A token endpoint that answers tok-1, tok-2, … after `delayMs`, counting its calls. */
function endpoint(opts: { delayMs?: number; expiresIn?: number; fail?: CarrierError } = {}) {
  let calls = 0;
  const fetchToken = async (): Promise<AccessToken> => {
    calls += 1;
    const n = calls;
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 5));
    if (opts.fail) throw opts.fail;
    return { accessToken: `tok-${n}`, expiresInSeconds: opts.expiresIn ?? 3600 };
  };
  return { fetchToken, calls: () => calls };
}

function response(status: number, body: unknown): CarrierHttpResponse {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: {}, bodyText, bodyBytes: new TextEncoder().encode(bodyText) };
}

describe('TokenCache', () => {
  it('20 concurrent callers share one token request', async () => {
    const ep = endpoint({ delayMs: 20 });
    const cache = new TokenCache({ fetchToken: ep.fetchToken });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => cache.get()));
    expect(new Set(tokens)).toEqual(new Set(['tok-1']));
    expect(ep.calls()).toBe(1);
    expect(await cache.get()).toBe('tok-1');
    expect(ep.calls()).toBe(1);
  });

  it('renews shortly before expires_in, not after and not before', async () => {
    const c = clock();
    const ep = endpoint({ expiresIn: 3600 });
    const cache = new TokenCache({ fetchToken: ep.fetchToken, now: c.now, marginMs: 60_000 });
    expect(await cache.get()).toBe('tok-1');
    c.advance(3600_000 - 60_000 - 1);
    expect(await cache.get()).toBe('tok-1');
    c.advance(1);
    expect(await cache.get()).toBe('tok-2');
    expect(ep.calls()).toBe(2);
  });

  it('a token shorter-lived than the margin is still cached for half its life', async () => {
    const c = clock();
    const ep = endpoint({ expiresIn: 30 });
    const cache = new TokenCache({ fetchToken: ep.fetchToken, now: c.now, marginMs: 60_000 });
    await cache.get();
    c.advance(14_000);
    expect(await cache.get()).toBe('tok-1');
    c.advance(1_000);
    expect(await cache.get()).toBe('tok-2');
  });

  it('a failing endpoint: one request for all waiters, its error held without a storm, then retried', async () => {
    const c = clock();
    const ep = endpoint({ fail: new CarrierError('UNAVAILABLE', 'token endpoint HTTP 503') });
    const cache = new TokenCache({ fetchToken: ep.fetchToken, now: c.now, failureHoldMs: 5_000 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => cache.get()));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as CarrierError).reason === 'UNAVAILABLE')).toBe(
      true,
    );
    expect(ep.calls()).toBe(1);
    for (let i = 0; i < 50; i += 1) await expect(cache.get()).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    expect(ep.calls()).toBe(1);
    c.advance(5_000);
    await expect(cache.get()).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    expect(ep.calls()).toBe(2);
  });

  it('bad credentials are REFUSED and held longer', async () => {
    const c = clock();
    const ep = endpoint({ fail: new CarrierError('REFUSED', 'credentials refused') });
    const cache = new TokenCache({
      fetchToken: ep.fetchToken,
      now: c.now,
      failureHoldMs: 5_000,
      refusedHoldMs: 60_000,
    });
    await expect(cache.get()).rejects.toMatchObject({ reason: 'REFUSED' });
    c.advance(30_000);
    await expect(cache.get()).rejects.toMatchObject({ reason: 'REFUSED' });
    expect(ep.calls()).toBe(1);
  });

  it('a thrown non-carrier error becomes UNAVAILABLE', async () => {
    const cache = new TokenCache({
      fetchToken: () => Promise.reject(new TypeError('boom')),
    });
    await expect(cache.get()).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
  });

  it("a waiter's own deadline ends only its wait: the refresh goes on for the others", async () => {
    const ep = endpoint({ delayMs: 60 });
    const cache = new TokenCache({ fetchToken: ep.fetchToken });
    const impatient = cache.get(AbortSignal.timeout(10));
    const patient = cache.get();
    await expect(impatient).rejects.toMatchObject({ reason: 'TIMEOUT' });
    expect(await patient).toBe('tok-1');
    expect(ep.calls()).toBe(1);
  });

  it('a slow token endpoint is cut at timeoutMs', async () => {
    const cache = new TokenCache({
      timeoutMs: 20,
      fetchToken: (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new CarrierError('TIMEOUT', 'token request timed out'))),
        ),
    });
    await expect(cache.get()).rejects.toMatchObject({ reason: 'TIMEOUT' });
  });
});

describe('withTokenRetry', () => {
  it('a 401 → one refresh, then the request is retried once with the new token', async () => {
    const ep = endpoint();
    const cache = new TokenCache({ fetchToken: ep.fetchToken });
    const sent: string[] = [];
    const res = await withTokenRetry(cache, async (token) => {
      sent.push(token);
      return { status: token === 'tok-1' ? 401 : 200 };
    });
    expect(res.status).toBe(200);
    expect(sent).toEqual(['tok-1', 'tok-2']);
    expect(ep.calls()).toBe(2);
  });

  it('20 concurrent requests all answered 401 cause one refresh', async () => {
    const ep = endpoint({ delayMs: 10 });
    const cache = new TokenCache({ fetchToken: ep.fetchToken });
    await cache.get();
    const send = async (token: string) => {
      await new Promise((r) => setTimeout(r, Math.random() * 20));
      return { status: token === 'tok-1' ? 401 : 200, token };
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => withTokenRetry(cache, send)));
    expect(results.every((r) => r.status === 200 && r.token === 'tok-2')).toBe(true);
    expect(ep.calls()).toBe(2);
  });

  it('a second 401 is answered as is, without a third token', async () => {
    const ep = endpoint();
    const cache = new TokenCache({ fetchToken: ep.fetchToken });
    const res = await withTokenRetry(cache, () => Promise.resolve({ status: 401 }));
    expect(res.status).toBe(401);
    expect(ep.calls()).toBe(2);
  });
});

describe('parseTokenResponse', () => {
  it('reads access_token and expires_in, also as a numeric string (UPS)', () => {
    expect(parseTokenResponse(response(200, { access_token: 'a', expires_in: 3599 }), 'FedEx')).toEqual({
      accessToken: 'a',
      expiresInSeconds: 3599,
    });
    expect(parseTokenResponse(response(200, { access_token: 'b', expires_in: '14399' }), 'UPS')).toEqual({
      accessToken: 'b',
      expiresInSeconds: 14399,
    });
  });

  it('401/400/403 are REFUSED with the carrier message; 5xx and junk are UNAVAILABLE', () => {
    const refused = () =>
      parseTokenResponse(
        response(401, { response: { errors: [{ code: '250003', message: 'Invalid Access License number' }] } }),
        'UPS',
      );
    expect(refused).toThrow(CarrierError);
    expect(refused).toThrow(/250003 Invalid Access License number/);
    try {
      refused();
    } catch (e) {
      expect((e as CarrierError).reason).toBe('REFUSED');
    }
    const fedex = () =>
      parseTokenResponse(
        response(401, {
          errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: 'The given client credentials were not valid.' }],
        }),
        'FedEx',
      );
    expect(fedex).toThrow(/client credentials were not valid/);
    expect(() => parseTokenResponse(response(503, '<html>down</html>'), 'UPS')).toThrow(/HTTP 503/);
    try {
      parseTokenResponse(response(503, '<html>down</html>'), 'UPS');
    } catch (e) {
      expect((e as CarrierError).reason).toBe('UNAVAILABLE');
    }
    try {
      parseTokenResponse(response(200, { token: 'x' }), 'UPS');
    } catch (e) {
      expect((e as CarrierError).reason).toBe('UNAVAILABLE');
    }
  });
});
