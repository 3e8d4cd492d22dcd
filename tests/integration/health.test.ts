import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createSignedInUser, testDbKind, type TestContext } from './helpers/test-app';

describe(`health and basics (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('answers health with the database status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', kind: testDbKind });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers 401 for GET /api/user when anonymous and the user with a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const u = await createSignedInUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, email: u.email, role: 'end_user' });
  });

  it('refuses a cross-site unsafe request', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
  });
});

describe(`request bodies (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('treats an empty JSON body as no body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 naming the body for malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors: { body: ['Malformed JSON'] } });
  });

  it('refuses prototype-polluting keys', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses NUL characters in any text, naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'pass\u0000word' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors: { password: [expect.any(String)] } });
  });

  it('answers 415 for a form-encoded body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.co&password=x',
    });
    expect(res.statusCode).toBe(415);
  });
});
