import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_DESCRIPTION_MAX, AI_PREFIX_ROOM, AI_TEXT_MAX } from '../../src/shared/contracts/ai';
import { createAddressParser } from '../../src/server/providers/ai/create';
import { createWorkerPool } from '../../src/server/lib/worker-pool';
import { createTestApp, createSignedInUser, testDbKind, type TestContext } from './helpers/test-app';

const URL_PATH = '/api/ai/parse-shipment';

describe(`POST /api/ai/parse-shipment with the built-in rules (${testDbKind})`, () => {
  let ctx: TestContext;
  let headers: { cookie: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    headers = (await createSignedInUser(ctx)).headers;
  });
  afterAll(async () => ctx.close());

  const post = (description: unknown, h: Record<string, string> = headers) =>
    ctx.app.inject({ method: 'POST', url: URL_PATH, headers: h, payload: { description } });

  it('answers 401 to an anonymous caller', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL_PATH, payload: { description: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 naming description when it is blank, missing, too long or has an unknown field', async () => {
    for (const payload of [
      { description: '   ' },
      {},
      { description: 'x'.repeat(AI_DESCRIPTION_MAX + 1) },
      { description: 'ok', extra: 1 },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: URL_PATH, headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const blank = await post('   ');
    expect(Object.keys(blank.json().fieldErrors)).toEqual(['description']);
  });

  it('reads a long order e-mail up to the cap and answers 400 naming description and the limit past it', async () => {
    // 5,000 characters of text after the box's longest prefix: a long order e-mail fits.
    const email = `Hi, thanks for the order! Please ship to Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2.\n`;
    const text = (email + 'Order notes and terms of sale follow. '.repeat(200)).slice(0, AI_TEXT_MAX);
    const ok = await post(`Extract the address fields from this text: ${text}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().address).toMatchObject({ name: 'Rachel Green', postalCode: 'M5R 2K2' });

    const tooLong = await post('x'.repeat(AI_DESCRIPTION_MAX + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      message: `Invalid description: Description must be at most ${AI_DESCRIPTION_MAX} characters`,
      code: 'VALIDATION_ERROR',
      fieldErrors: { description: [`Description must be at most ${AI_DESCRIPTION_MAX} characters`] },
    });
  });

  it('answers { receiver } for a receiver prefix with only the fields found', async () => {
    const res = await post(
      'Receiver information: ship to my sister Rachel Green at 90 Bedford Rd, Toronto ON M5R 2K2, her cell is 416 555 0134',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      receiver: {
        firstName: 'Rachel',
        lastName: 'Green',
        name: 'Rachel Green',
        address1: '90 Bedford Rd',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5R 2K2',
        country: 'CA',
        phone: '416-555-0134',
      },
    });
  });

  it('answers { sender } for a sender prefix', async () => {
    const res = await post(
      'Sender information: 收件人：王小明\n电话：604-555-0198\n地址：#305 - 1333 Hornby St, Vancouver, BC V6Z 2C1',
    );
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['sender']);
    expect(res.json().sender).toMatchObject({
      lastName: '王',
      firstName: '小明',
      address1: '1333 Hornby St',
      address2: 'Unit 305',
    });
  });

  it('answers { address } for the address form instruction', async () => {
    const res = await post(
      'Extract the address fields from this text: Bob Jones, 350 Fifth Avenue, New York, NY 10118, USA',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      address: {
        firstName: 'Bob',
        lastName: 'Jones',
        name: 'Bob Jones',
        address1: '350 Fifth Avenue',
        city: 'New York',
        province: 'NY',
        postalCode: '10118',
        country: 'US',
      },
    });
    for (const v of Object.values(res.json().address)) expect(v).not.toBe('');
  });

  // Issue 13: what people paste, through HTTP.
  const US_PASTE = 'Bob Jones\n350 Fifth Avenue\nNew York, NY 10118\nUSA';
  const UK_PASTE = 'Oliver Brown\n10 Downing Street\nLondon SW1A 2AA\nUnited Kingdom';

  it('fills a US receiver on the shipment form (issue 25: the receiver may be in the US)', async () => {
    const res = await post(`Receiver information: ${US_PASTE}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receiver).toMatchObject({
      firstName: 'Bob',
      lastName: 'Jones',
      address1: '350 Fifth Avenue',
      city: 'New York',
      province: 'NY',
      postalCode: '10118',
      country: 'US',
    });
  });

  it('refuses a US sender (shipments leave from Canada) and a UK receiver with 422 DESTINATION_NOT_SUPPORTED, filling nothing', async () => {
    const res = await post(`Sender information: ${US_PASTE}`);
    expect(res.statusCode).toBe(422);
    const reason =
      'This address is in the United States: shipments here leave from Canadian addresses, so nothing was filled';
    expect(res.json()).toEqual({
      message: reason,
      code: 'DESTINATION_NOT_SUPPORTED',
      fieldErrors: { description: [reason] },
      country: 'US',
    });
    const uk = await post(`Receiver information: ${UK_PASTE}`);
    expect(uk.statusCode).toBe(422);
    expect(uk.json()).toMatchObject({ code: 'DESTINATION_NOT_SUPPORTED', country: 'GB' });
    expect(uk.json().message).toMatch(/the assistant fills Canadian and US receivers only, so nothing was filled$/);
    expect(uk.json().receiver).toBeUndefined();
  });

  it('fills country US for the same text on the address form', async () => {
    const res = await post(`Extract the address fields from this text: ${US_PASTE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({
      firstName: 'Bob',
      lastName: 'Jones',
      address1: '350 Fifth Avenue',
      city: 'New York',
      province: 'NY',
      postalCode: '10118',
      country: 'US',
    });
  });

  it('refuses a UK paste on the address form with 422 and country GB', async () => {
    const res = await post(`Extract the address fields from this text: ${UK_PASTE}`);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ code: 'DESTINATION_NOT_SUPPORTED', country: 'GB' });
    expect(body.message).toMatch(
      /United Kingdom: the address book takes Canadian and US addresses only, so nothing was filled$/,
    );
    expect(body.fieldErrors).toEqual({ description: [body.message] });
    expect(body.address).toBeUndefined();
  });

  it('answers the block it read for a Shopify order: the shipping address, never the billing one', async () => {
    const order = [
      'Order #1047',
      'Paid',
      'Fulfilled',
      '',
      'Customer',
      'Daniel Brooks',
      '',
      'Shipping address',
      'Grace Okafor',
      '412 Rideau St',
      'Ottawa ON K1N 5Y8',
      'Canada',
      '',
      'Billing address',
      'Daniel Brooks',
      '90 Elgin St',
      'Ottawa ON K2P 0C4',
      'Canada',
      '',
      'Subtotal $48.00',
      'Total $60.00 CAD',
    ].join('\n');
    const res = await post(`Receiver information: ${order}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.review.block.heading).toBe('Shipping address');
    expect(body.review.block.text).not.toContain('Daniel');
    expect(body.receiver).toMatchObject({
      firstName: 'Grace',
      lastName: 'Okafor',
      address1: '412 Rideau St',
      postalCode: 'K1N 5Y8',
    });
    expect(body.receiver.firstName).not.toBe('Paid');
    expect(body.receiver.address2).toBeUndefined();
  });

  it('reads a paste of 20,000 characters after the full prefix room, and answers 400 naming description at 20,001', async () => {
    const prefix = 'Receiver information: '.padEnd(AI_PREFIX_ROOM);
    const paste = (length: number) =>
      `Grace Okafor\n412 Rideau St\nOttawa ON K1N 5Y8\n${'Thanks for the order, see you soon.\n'.repeat(600)}`.slice(
        0,
        length,
      );
    expect(paste(AI_TEXT_MAX)).toHaveLength(AI_TEXT_MAX);

    const read = await post(prefix + paste(AI_TEXT_MAX));
    expect(read.statusCode).toBe(200);
    expect(read.json().receiver).toMatchObject({
      name: 'Grace Okafor',
      address1: '412 Rideau St',
      postalCode: 'K1N 5Y8',
    });

    const over = await post(prefix + paste(AI_TEXT_MAX + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { description: [`Description must be at most ${AI_DESCRIPTION_MAX} characters`] },
    });
  });

  it('answers 422 when nothing could be recognised', async () => {
    const res = await post('Receiver information: asdf qwerty lorem ipsum');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Could not find address details in the text',
      code: 'VALIDATION_ERROR',
      fieldErrors: { description: [expect.any(String)] },
    });
  });
});

type Mode = 'good' | 'error' | 'timeout' | 'garbage' | 'bad-shape';

describe(`POST /api/ai/parse-shipment with an OpenAI-compatible provider (${testDbKind})`, () => {
  let ctx: TestContext;
  let headers: { cookie: string };
  let server: http.Server;
  let mode: Mode = 'good';
  const seen: { auth?: string; body: { model: string; response_format: unknown; messages: { content: string }[] } }[] =
    [];

  const completion = (content: string) =>
    JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.setHeader('content-type', 'application/json');
        if (mode === 'error') res.writeHead(500).end('{"error":"boom"}');
        else if (mode === 'timeout') setTimeout(() => res.end(completion('{}')), 1500);
        else if (mode === 'garbage') res.end(completion('Sure! Here is the address you asked for.'));
        else if (mode === 'bad-shape') res.end(completion(JSON.stringify({ city: 42 })));
        else {
          res.end(
            completion(
              JSON.stringify({
                firstName: 'Monica',
                lastName: 'Geller',
                company: '',
                address: '495 Grove St',
                city: 'Ottawa',
                province: 'Ontario',
                postalCode: 'k1s3e7',
                country: 'canada',
                phone: '613-555-0190',
                email: null,
              }),
            ),
          );
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestApp({
      env: {
        AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        AI_API_KEY: 'sk-test',
        AI_MODEL: 'test-model',
        AI_TIMEOUT_MS: '300',
      },
    });
    headers = (await createSignedInUser(ctx)).headers;
    // The rules run on a worker thread, started on first use (a moment from the TypeScript sources):
    // start it here so the fallback timings below measure the fallback.
    mode = 'error';
    await post('Receiver information: warm-up, 1 Main St, Toronto ON M5V 3L9');
  });
  afterAll(async () => {
    await ctx.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (description: string) =>
    ctx.app.inject({ method: 'POST', url: URL_PATH, headers, payload: { description } });
  const text =
    'Receiver information: Please send this to Monica Geller, 495 Grove St, Ottawa ON K1S 3E7. Her phone is 613-555-0190.';
  const rulesAnswer = {
    receiver: {
      firstName: 'Monica',
      lastName: 'Geller',
      name: 'Monica Geller',
      address1: '495 Grove St',
      city: 'Ottawa',
      province: 'ON',
      postalCode: 'K1S 3E7',
      country: 'CA',
      phone: '613-555-0190',
    },
  };

  it('uses a good model answer, normalised, and sends a JSON-mode request without the role prefix', async () => {
    mode = 'good';
    const res = await post('Receiver information: Monica Geller, 495 Grove St Ottawa');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      receiver: {
        firstName: 'Monica',
        lastName: 'Geller',
        name: 'Monica Geller',
        address1: '495 Grove St',
        city: 'Ottawa',
        province: 'ON',
        postalCode: 'K1S 3E7',
        country: 'CA',
        phone: '613-555-0190',
      },
    });
    const last = seen[seen.length - 1];
    expect(last.auth).toBe('Bearer sk-test');
    expect(last.body.model).toBe('test-model');
    expect(last.body.response_format).toEqual({ type: 'json_object' });
    expect(last.body.messages[1].content).toBe('Monica Geller, 495 Grove St Ottawa');
  });

  it.each(['error', 'timeout', 'garbage', 'bad-shape'] as const)(
    'falls back to the rules when the provider answers %s',
    async (m) => {
      mode = m;
      const before = seen.length;
      const started = Date.now();
      const res = await post(text);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(rulesAnswer);
      expect(seen.length).toBe(before + 1);
      expect(Date.now() - started).toBeLessThan(1400);
    },
  );
});

describe(`POST /api/ai/parse-shipment when the parser's worker pool is full (${testDbKind})`, () => {
  // One thread and room for one waiting task: a burst of requests overflows it.
  const workers = createWorkerPool({ size: 1, maxQueue: 1, retryAfterSeconds: 2 });
  let ctx: TestContext;
  let headers: { cookie: string };
  beforeAll(async () => {
    ctx = await createTestApp({ providers: { workers, ai: createAddressParser(undefined, workers) } });
    headers = (await createSignedInUser(ctx)).headers;
  });
  afterAll(async () => ctx?.close());

  it('answers 503 SERVER_BUSY with Retry-After instead of queueing without bound, and parses the rest', async () => {
    const description = `Receiver information: Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2\n${'1 '.repeat(2000)}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({ method: 'POST', url: URL_PATH, headers, payload: { description } }),
      ),
    );
    const busy = answers.filter((r) => r.statusCode === 503);
    const parsed = answers.filter((r) => r.statusCode === 200);
    expect(busy.length + parsed.length).toBe(10);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(parsed.length).toBeGreaterThanOrEqual(1);
    for (const r of busy) {
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json()).toEqual({
        message: 'The server is busy; please try again in a moment',
        code: 'SERVER_BUSY',
        retryAfter: 2,
      });
    }
    for (const r of parsed) expect(r.json().receiver).toMatchObject({ name: 'Rachel Green', postalCode: 'M5R 2K2' });
  });

  it('ends the worker threads when the app closes', async () => {
    expect(workers.stats().threads).toBe(1);
    await ctx.close();
    ctx = undefined as unknown as TestContext;
    expect(workers.stats().threads).toBe(0);
  });
});
