import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SmsError } from './index';
import { createTwilioSms } from './twilio';

const SID = 'AC' + '0123456789abcdef'.repeat(2);

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

let server: http.Server | undefined;

async function fakeTwilio(status: number, answer: unknown): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe('Twilio SMS adapter', () => {
  it('posts To, From and Body form-encoded to the account Messages.json with basic auth', async () => {
    const { baseUrl, seen } = await fakeTwilio(201, { sid: 'SM1', status: 'queued' });
    const sms = createTwilioSms({ accountSid: SID, authToken: 'secret-token', from: '+15145550100', baseUrl });
    expect(sms.kind).toBe('twilio');
    await sms.send({ to: '+14165550123', body: 'Voyageur code 123456 & more' });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:secret-token`).toString('base64')}`);
    const form = new URLSearchParams(req!.body);
    expect(Object.fromEntries(form)).toEqual({
      To: '+14165550123',
      From: '+15145550100',
      Body: 'Voyageur code 123456 & more',
    });
  });

  it('maps an invalid number to invalid_number, with Twilio’s code and message', async () => {
    const { baseUrl } = await fakeTwilio(400, {
      code: 21211,
      message: "The 'To' number +1555 is not a valid phone number.",
      status: 400,
    });
    const sms = createTwilioSms({ accountSid: SID, authToken: 't', from: '+15145550100', baseUrl });
    const err = await sms.send({ to: '+1555', body: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect((err as SmsError).reason).toBe('invalid_number');
    expect((err as SmsError).status).toBe(400);
    expect((err as SmsError).message).toContain('21211');
    expect((err as SmsError).message).toContain('not a valid phone number');
  });

  it('maps bad credentials to rejected and a server error or 429 to unavailable (retried)', async () => {
    const auth = await fakeTwilio(401, { code: 20003, message: 'Authenticate', status: 401 });
    const refused = createTwilioSms({
      accountSid: SID,
      authToken: 'wrong',
      from: '+15145550100',
      baseUrl: auth.baseUrl,
    });
    expect(((await refused.send({ to: '+14165550123', body: 'x' }).catch((e: unknown) => e)) as SmsError).reason).toBe(
      'rejected',
    );
    await new Promise((resolve) => server!.close(resolve));
    const busy = await fakeTwilio(503, { message: 'Service unavailable' });
    const down = createTwilioSms({ accountSid: SID, authToken: 't', from: '+15145550100', baseUrl: busy.baseUrl });
    expect(((await down.send({ to: '+14165550123', body: 'x' }).catch((e: unknown) => e)) as SmsError).reason).toBe(
      'unavailable',
    );
  });

  it('maps an unreachable server to unavailable', async () => {
    const sms = createTwilioSms({
      accountSid: SID,
      authToken: 't',
      from: '+15145550100',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    const err = (await sms.send({ to: '+14165550123', body: 'x' }).catch((e: unknown) => e)) as SmsError;
    expect(err).toBeInstanceOf(SmsError);
    expect(err.reason).toBe('unavailable');
  });
});
