/**
 * SMS (issue 27): a phone number on the profile verified by a code sent by SMS, the SMS switch that
 * needs it, and the tracking milestones sent by SMS through the notification outbox and pg-boss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, TO, fund, orderBody, quote, quoteBody, scriptedCarrier } from './helpers/orders';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import type { TrackingEvent } from '../../src/server/providers/carriers/index';
import { SmsError, type SmsMessage } from '../../src/server/providers/sms/index';
import { rowsOf } from '../../src/server/db/client';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

describe(`SMS: phone verification and tracking texts (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  const [canadaPost] = createCarriers({ fuelSurchargeBp: {} });
  const scripted = scriptedCarrier(canadaPost!);
  const extraEvents = new Map<string, TrackingEvent[]>();
  const baseTrack = scripted.carrier.operations!.track.bind(scripted.carrier.operations);
  scripted.carrier.operations!.track = async (tn, now) => [
    ...(await baseTrack(tn, now)),
    ...(extraEvents.get(tn) ?? []),
  ];

  const texts: SmsMessage[] = [];
  let smsFailure: SmsError | null = null;
  const sms = {
    kind: 'sandbox' as const,
    async send(m: SmsMessage) {
      if (smsFailure) throw smsFailure;
      texts.push(m);
    },
  };
  const textsTo = (phone: string) => texts.filter((m) => m.to === phone).map((m) => m.body);
  const lastCode = (phone: string) => /\d{6}/.exec(textsTo(phone).at(-1) ?? '')?.[0] ?? '';

  const call = (u: User | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u?.headers ?? {}, ...(payload ? { payload } : {}) });

  let phoneSeq = 100;
  /** A fresh number per test, so the per-number limit of one test does not reach another. */
  const newPhone = () => {
    const n = String(++phoneSeq).padStart(4, '0');
    return { typed: `(416) 555-${n}`, e164: `+1416555${n}` };
  };

  async function verifiedUser(locale: 'en' | 'zh' = 'en') {
    const u = await createSignedInUser(ctx);
    if (locale !== 'en') await ctx.database.db.execute(sql`update users set locale = ${locale} where id = ${u.id}`);
    const phone = newPhone();
    expect((await call(u, 'POST', '/api/user/phone', { phone: phone.typed })).statusCode).toBe(200);
    const res = await call(u, 'POST', '/api/user/phone/verify', { code: lastCode(phone.e164) });
    expect(res.statusCode, res.body).toBe(200);
    return { ...u, phone: phone.e164 };
  }

  beforeAll(async () => {
    ctx = await createTestApp({ providers: { carriers: [scripted.carrier], sms } });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('sends a 6-digit code to the number, keeps only its hash, and verifies the number with it', async () => {
    const u = await createSignedInUser(ctx);
    expect((await call(u, 'GET', '/api/user/phone')).json()).toEqual({ phone: null, verifiedAt: null, pending: null });
    const phone = newPhone();
    const sent = await call(u, 'POST', '/api/user/phone', { phone: phone.typed });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      phone: null,
      verifiedAt: null,
      pending: {
        phone: phone.e164,
        expiresAt: '2026-03-02T15:10:00.000Z',
        resendAt: expect.any(String) as string,
      },
    });
    const [text] = textsTo(phone.e164);
    expect(text).toMatch(/^Voyageur: your verification code is \d{6}\. It expires in 10 minutes\./);
    const code = lastCode(phone.e164);
    const stored = rowsOf<{ code_hash: string }>(
      await ctx.database.db.execute(sql`select code_hash from phone_verifications where user_id = ${u.id}`),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.code_hash).not.toContain(code);

    const wrong = await call(u, 'POST', '/api/user/phone/verify', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CODE',
      fieldErrors: { code: ['That code is not right: 4 tries left.'] },
    });

    const ok = await call(u, 'POST', '/api/user/phone/verify', { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ phone: phone.e164, verifiedAt: '2026-03-02T15:00:00.000Z', pending: null });
    // Used once: the same code again finds nothing waiting.
    const again = await call(u, 'POST', '/api/user/phone/verify', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors.code).toEqual(['No code is waiting: ask for a new one.']);
  });

  it('refuses input that is not a mobile number or a code, naming the field; signed out is 401', async () => {
    const u = await createSignedInUser(ctx);
    for (const phone of ['abc', '555-0100', '416-555-0100 ext. 12', '']) {
      const res = await call(u, 'POST', '/api/user/phone', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().fieldErrors.phone).toBeTruthy();
    }
    expect((await call(u, 'POST', '/api/user/phone', {})).json().fieldErrors.phone).toBeTruthy();
    expect((await call(u, 'POST', '/api/user/phone', { phone: '4165550100', extra: 1 })).statusCode).toBe(400);
    for (const code of ['12345', 'abcdef', '1234567']) {
      const res = await call(u, 'POST', '/api/user/phone/verify', { code });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.code).toEqual(['Please enter the 6-digit verification code']);
    }
    expect((await call(null, 'POST', '/api/user/phone', { phone: '4165550100' })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/user/phone')).statusCode).toBe(401);
    expect(texts.filter((t) => t.to === '+14165550100')).toEqual([]);
  });

  it('waits 60 seconds between codes; a new code replaces the old one', async () => {
    const u = await createSignedInUser(ctx);
    const phone = newPhone();
    expect((await call(u, 'POST', '/api/user/phone', { phone: phone.typed })).statusCode).toBe(200);
    const first = lastCode(phone.e164);
    ctx.clock.advance(20_000);
    const soon = await call(u, 'POST', '/api/user/phone', { phone: phone.typed });
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('40');
    ctx.clock.advance(40_000);
    expect((await call(u, 'POST', '/api/user/phone', { phone: phone.typed })).statusCode).toBe(200);
    const second = lastCode(phone.e164);
    expect(textsTo(phone.e164)).toHaveLength(2);
    if (first !== second) {
      const old = await call(u, 'POST', '/api/user/phone/verify', { code: first });
      expect(old.statusCode).toBe(400);
    }
    expect((await call(u, 'POST', '/api/user/phone/verify', { code: second })).statusCode).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    const u = await createSignedInUser(ctx);
    const phone = newPhone();
    await call(u, 'POST', '/api/user/phone', { phone: phone.typed });
    ctx.clock.advance(10 * 60_000);
    const res = await call(u, 'POST', '/api/user/phone/verify', { code: lastCode(phone.e164) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CODE_EXPIRED',
      fieldErrors: { code: ['This code has expired. Ask for a new one.'] },
    });
    expect((await call(u, 'GET', '/api/user/phone')).json()).toEqual({ phone: null, verifiedAt: null, pending: null });
  });

  it('locks the code after 5 wrong tries: the right code no longer verifies', async () => {
    const u = await createSignedInUser(ctx);
    const phone = newPhone();
    await call(u, 'POST', '/api/user/phone', { phone: phone.typed });
    const code = lastCode(phone.e164);
    const wrong = code === '999999' ? '888888' : '999999';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(u, 'POST', '/api/user/phone/verify', { code: wrong })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await call(u, 'POST', '/api/user/phone/verify', { code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      fieldErrors: { code: ['Too many wrong codes. Ask for a new one.'] },
    });
    expect((await call(u, 'GET', '/api/user/phone')).json().phone).toBeNull();
  });

  it('another user cannot use a code sent for someone else, and sees nothing of it', async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const phone = newPhone();
    await call(a, 'POST', '/api/user/phone', { phone: phone.typed });
    const res = await call(b, 'POST', '/api/user/phone/verify', { code: lastCode(phone.e164) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.code).toEqual(['No code is waiting: ask for a new one.']);
    expect((await call(b, 'GET', '/api/user/phone')).json()).toEqual({ phone: null, verifiedAt: null, pending: null });
    expect((await call(a, 'GET', '/api/user/phone')).json().pending.phone).toBe(phone.e164);
  });

  it('limits codes per number across accounts (5 an hour)', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await createSignedInUser(ctx);
      statuses.push((await call(u, 'POST', '/api/user/phone', { phone: phone.typed })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(textsTo(phone.e164)).toHaveLength(5);
  });

  it('answers 502 when the SMS cannot be sent, and lets the user try again at once', async () => {
    const u = await createSignedInUser(ctx);
    const phone = newPhone();
    smsFailure = new SmsError('Twilio answered 400 (21211): not a valid phone number', 'invalid_number', 400);
    const res = await call(u, 'POST', '/api/user/phone', { phone: phone.typed });
    smsFailure = null;
    expect(res.statusCode).toBe(502);
    expect(res.json().fieldErrors.phone).toEqual([
      'The text message could not be sent. Check the number and try again.',
    ]);
    expect((await call(u, 'POST', '/api/user/phone', { phone: phone.typed })).statusCode).toBe(200);
  });

  it('refuses the SMS switch without a verified phone, takes it with one, and turns it off when the phone goes', async () => {
    const u = await createSignedInUser(ctx);
    const prefs = { email: true, sms: true, marketing: false };
    const refused = await call(u, 'PUT', '/api/user/notifications', prefs);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      sms: ['Add and verify a mobile number in your profile before turning on SMS notifications'],
    });
    expect((await call(u, 'GET', '/api/user/notifications')).json().sms).toBe(false);

    const phone = newPhone();
    await call(u, 'POST', '/api/user/phone', { phone: phone.typed });
    // A code sent is not a verified phone yet.
    expect((await call(u, 'PUT', '/api/user/notifications', prefs)).statusCode).toBe(400);
    await call(u, 'POST', '/api/user/phone/verify', { code: lastCode(phone.e164) });
    const on = await call(u, 'PUT', '/api/user/notifications', prefs);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().sms).toBe(true);

    const removed = await call(u, 'DELETE', '/api/user/phone');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ phone: null, verifiedAt: null, pending: null });
    expect((await call(u, 'GET', '/api/user/notifications')).json().sms).toBe(false);
  });

  describe('tracking milestones by SMS', () => {
    async function placeOrder(u: User) {
      const [opt] = await quote(ctx, u.headers, quoteBody(FROM, TO));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: u.headers,
        payload: orderBody(opt!, FROM, TO),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; orderCode: string; trackingNumber: string };
    }

    async function milestone(
      u: User,
      order: { id: string; trackingNumber: string },
      events: TrackingEvent['status'][],
    ) {
      const at = new Date(ctx.clock.now().getTime() - 60_000);
      extraEvents.set(
        order.trackingNumber,
        events.map((status) => ({ status, description: status, location: 'Toronto, ON', occurredAt: at })),
      );
      const detail = await call(u, 'GET', `/api/shipments/${order.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      await ctx.app.jobs.runDue();
    }

    it('texts each milestone to the verified phone when the switch is on, with the tracking link', async () => {
      const u = await verifiedUser();
      await fund(ctx, admin.headers, u.id, '200.00');
      expect(
        (await call(u, 'PUT', '/api/user/notifications', { email: true, sms: true, marketing: false })).statusCode,
      ).toBe(200);
      const order = await placeOrder(u);
      await milestone(u, order, ['picked_up']);
      const link = `http://localhost:5000/tracking?n=${order.trackingNumber}`;
      expect(textsTo(u.phone).slice(1)).toEqual([
        `Voyageur: order ${order.orderCode} was picked up by Canada Post. Track it: ${link}`,
      ]);
      await milestone(u, order, ['picked_up', 'out_for_delivery', 'delivered']);
      // One text per milestone (jobs of one pass may run in any order).
      const tracking = textsTo(u.phone).slice(1);
      expect(tracking).toHaveLength(3);
      expect(tracking).toEqual(
        expect.arrayContaining([
          `Voyageur: order ${order.orderCode} was picked up by Canada Post. Track it: ${link}`,
          `Voyageur: order ${order.orderCode} is out for delivery today with Canada Post. Track it: ${link}`,
          `Voyageur: order ${order.orderCode} was delivered by Canada Post. Details: ${link}`,
        ]),
      );
      for (const t of tracking) expect(t.length).toBeLessThanOrEqual(160);
    });

    it('writes in the user’s language (Chinese within 70 characters)', async () => {
      const u = await verifiedUser('zh');
      expect(textsTo(u.phone)[0]).toMatch(/^Voyageur 验证码：\d{6}，10 分钟内有效/);
      await fund(ctx, admin.headers, u.id, '200.00');
      await call(u, 'PUT', '/api/user/notifications', { email: true, sms: true, marketing: false });
      const order = await placeOrder(u);
      await milestone(u, order, ['out_for_delivery']);
      const [text] = textsTo(u.phone).slice(1);
      expect(text).toContain('正在派送');
      expect(text).toContain(`/tracking?n=${order.trackingNumber}`);
      expect([...text!].length).toBeLessThanOrEqual(70);
    });

    it('sends nothing with the switch off, or once the phone is removed', async () => {
      const off = await verifiedUser();
      await fund(ctx, admin.headers, off.id, '200.00');
      const order = await placeOrder(off);
      await milestone(off, order, ['picked_up']);
      expect(textsTo(off.phone)).toHaveLength(1); // the code only

      const gone = await verifiedUser();
      await fund(ctx, admin.headers, gone.id, '200.00');
      await call(gone, 'PUT', '/api/user/notifications', { email: true, sms: true, marketing: false });
      const order2 = await placeOrder(gone);
      // The switch was on; removing the phone turns it off, and the milestone after it sends nothing.
      await call(gone, 'DELETE', '/api/user/phone');
      await milestone(gone, order2, ['picked_up']);
      expect(textsTo(gone.phone)).toHaveLength(1);
    });
  });
});
