import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createSmtpMailer } from '../../src/server/providers/mail/smtp';
import { createTestApp, type TestContext } from './helpers/test-app';

type Received = { from: string; to: string[]; raw: string };

describe('SMTP mail (a local SMTP server)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let url: string;
  let ctx: TestContext;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    ctx = await createTestApp({
      providers: { mail: createSmtpMailer({ url, from: 'Voyageur <no-reply@voyageur.test>' }) },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the sign-up code through SMTP_URL', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'smtp-user@example.com', password: 'password123', firstName: 'Sam', lastName: 'Tremblay' },
    });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('no-reply@voyageur.test');
    expect(received[0].to).toEqual(['smtp-user@example.com']);
    expect(received[0].raw).toMatch(/^Subject: .*verification code/im);
  });
});
