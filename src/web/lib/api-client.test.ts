import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';

function respond(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with credentials and parses the answer', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('sends no body and no content type without a payload', async () => {
    const fetchMock = respond(200, '');
    await expect(api.post('/api/logout')).resolves.toBeUndefined();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('throws ApiError with the server message, code and field errors; toString is "<status>: <body>"', async () => {
    const body =
      '{"message":"Invalid email or password","code":"INVALID_CREDENTIALS","fieldErrors":{"password":["x"]}}';
    respond(401, body);
    const error = await api.post('/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(401);
    expect(e.message).toBe('Invalid email or password');
    expect(e.code).toBe('INVALID_CREDENTIALS');
    expect(e.fieldErrors).toEqual({ password: ['x'] });
    expect(String(e)).toBe(`401: ${body}`);
  });

  it('uses the status text when the body is empty', async () => {
    respond(502, '', 'Bad Gateway');
    const e = (await api.get('/api/x').catch((err: unknown) => err)) as ApiError;
    expect(String(e)).toBe('502: Bad Gateway');
    expect(e.message).toBe('Bad Gateway');
  });
});

describe('api client: waits and codes', () => {
  it('reads retryAfter and codeSent from the body', async () => {
    respond(403, '{"message":"Verify","code":"EMAIL_NOT_VERIFIED","codeSent":false,"retryAfter":27}');
    const e = (await api.post('/api/login', {}).catch((err: unknown) => err)) as ApiError;
    expect(e.codeSent).toBe(false);
    expect(e.retryAfter).toBe(27);
  });

  it('falls back to the Retry-After header, and ignores what is not a positive number', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"message":"Wait","code":"RATE_LIMITED"}', { status: 429, headers: { 'retry-after': '12' } }),
      ),
    );
    const e = (await api.post('/api/auth/send-otp', {}).catch((err: unknown) => err)) as ApiError;
    expect(e.retryAfter).toBe(12);
    expect(e.codeSent).toBeUndefined();

    respond(429, '{"message":"Wait","retryAfter":-3,"codeSent":"yes"}');
    const bad = (await api.post('/api/x', {}).catch((err: unknown) => err)) as ApiError;
    expect(bad.retryAfter).toBeUndefined();
    expect(bad.codeSent).toBeUndefined();
  });
});
