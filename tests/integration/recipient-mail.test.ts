/**
 * The optional mail to the recipient (issue 27, migration 0032): off by default; when the order asks
 * for it, "shipped" when the label is bought and "delivered" when tracking says so, to the receiver's
 * email in the chosen language, with no price; the unsubscribe stops every mail to that address; the
 * address book remembers the switch and the language. JOB_WORKERS=off: the test runs the due jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, TO, fund, orderBody, quote, quoteBody, scriptedCarrier } from './helpers/orders';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import type { TrackingEvent } from '../../src/server/providers/carriers/index';
import type { MailMessage } from '../../src/server/providers/mail/index';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

/** A mail without its links (their tokens are random characters, not words of the mail). */
const withoutLinks = (text: string) => text.replace(/https?:\/\/[^\s"'<>)]+/g, '');

describe(`recipient mail (${testDbKind})`, () => {
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
  const sent: MailMessage[] = [];
  const mailer = {
    kind: 'smtp' as const,
    async send(m: MailMessage) {
      sent.push(m);
    },
  };
  const mailsTo = (email: string) => sent.filter((m) => m.to === email);
  let n = 0;
  const receiver = () => ({ ...TO, email: `receiver${++n}-${Date.now()}@example.com` });

  async function newUser() {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '200.00');
    return u;
  }

  async function order(u: User, to: typeof TO, extra: Record<string, unknown> = {}) {
    const [opt] = await quote(ctx, u.headers, quoteBody(FROM, to));
    return ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: { ...orderBody(opt!, FROM, to), ...extra },
    });
  }

  async function placed(u: User, to: typeof TO, extra: Record<string, unknown> = {}) {
    const res = await order(u, to, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; orderCode: string; trackingNumber: string; totalCost: string };
  }

  async function deliver(u: User, shipment: { id: string; trackingNumber: string }) {
    const at = new Date(ctx.clock.now().getTime() - 60_000);
    extraEvents.set(shipment.trackingNumber, [
      { status: 'delivered', description: 'Delivered', location: 'Vancouver, BC', occurredAt: at },
    ]);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${shipment.id}`, headers: u.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().status).toBe('delivered');
  }

  beforeAll(async () => {
    ctx = await createTestApp({ providers: { carriers: [scripted.carrier], mail: mailer } });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('sends the recipient nothing when the order does not ask for it (off by default)', async () => {
    const u = await newUser();
    const to = receiver();
    const shipment = await placed(u, to);
    await ctx.app.jobs.runDue();
    await deliver(u, shipment);
    await ctx.app.jobs.runDue();
    expect(mailsTo(to.email)).toHaveLength(0);
  });

  it('mails "shipped" with the tracking link, then "delivered", in English, with no amount', async () => {
    const u = await newUser();
    const to = receiver();
    const shipment = await placed(u, to, { notifyRecipient: true });
    expect(mailsTo(to.email)).toHaveLength(0); // after the answer, through the queue
    await ctx.app.jobs.runDue();
    const [shipped] = mailsTo(to.email);
    expect(shipped?.subject).toBe('Maple Goods sent you a parcel');
    expect(shipped!.text).toContain(shipment.trackingNumber);
    expect(shipped!.text).toContain('Canada Post');
    const link = /Track the parcel: (http:\/\/localhost:5000(\/api\/track\/\S+))/.exec(shipped!.text)!;
    expect(link, shipped!.text).not.toBeNull();
    expect(shipped!.headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:5000\/api\/notifications\/recipient-unsubscribe\?token=[^>]+>$/,
    );
    expect(shipped!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    for (const body of [shipped!.text, shipped!.html, shipped!.subject]) {
      expect(body).not.toContain(shipment.totalCost);
      // The links' random tokens left out: a hex token can hold "cad" (a CI run failed on one).
      expect(withoutLinks(body ?? '')).not.toMatch(/\$\s?\d|CAD|加元|wallet|钱包/i);
    }
    expect(shipped!.attachments).toBeUndefined();

    // The public tracking page the link opens: no sign-in, the parcel's status, no price.
    const page = await ctx.app.inject({ method: 'GET', url: link[2]! });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(shipment.trackingNumber);
    expect(page.body).toContain('Label created');
    expect(page.body).not.toContain(shipment.totalCost);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/api/track/${shipment.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.statusCode).toBe(404);

    await deliver(u, shipment);
    await ctx.app.jobs.runDue();
    expect(mailsTo(to.email).map((m) => m.subject)).toEqual([
      'Maple Goods sent you a parcel',
      'Your parcel from Maple Goods was delivered',
    ]);
    const delivered = mailsTo(to.email)[1]!;
    expect(delivered.text).not.toContain(shipment.totalCost);
    // Delivered once: syncing again sends nothing more.
    await ctx.app.inject({ method: 'GET', url: `/api/shipments/${shipment.id}`, headers: u.headers });
    await ctx.app.jobs.runDue();
    expect(mailsTo(to.email)).toHaveLength(2);
  });

  it('writes the mails in Chinese when the order chooses it', async () => {
    const u = await newUser();
    const to = receiver();
    const shipment = await placed(u, to, { notifyRecipient: true, recipientLanguage: 'zh' });
    await ctx.app.jobs.runDue();
    await deliver(u, shipment);
    await ctx.app.jobs.runDue();
    const mails = mailsTo(to.email);
    expect(mails.map((m) => m.subject)).toEqual(['Maple Goods 给您寄了一个包裹', '您来自 Maple Goods 的包裹已送达']);
    expect(mails[0]!.text).toContain(`运单号：${shipment.trackingNumber}`);
    expect(mails[0]!.html).toContain('lang="zh-CN"');
    const link = /查看物流: (http:\/\/localhost:5000(\/api\/track\/\S+))/.exec(mails[0]!.text)!;
    expect(link[1]).toMatch(/\?lang=zh$/);
    const page = await ctx.app.inject({ method: 'GET', url: link[2]! });
    expect(page.body).toContain('已送达');
    for (const m of mails) expect(`${m.text}${m.html}`).not.toContain(shipment.totalCost);
  });

  it("refuses the switch without the receiver's email (400 naming toAddress.email)", async () => {
    const u = await newUser();
    const res = await order(u, { ...TO, email: '' }, { notifyRecipient: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty(['toAddress.email']);
    const bad = await order(u, receiver(), { notifyRecipient: true, recipientLanguage: 'fr' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty(['recipientLanguage']);
    // Off, no email: ordered as before.
    const fine = await order(u, { ...TO, email: '' }, { notifyRecipient: false });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('the public API takes the same fields (/api/v1/shipments); a test-key order mails nobody', async () => {
    const u = await newUser();
    const keyOf = async (mode: 'live' | 'test') => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: u.headers,
        payload: { name: `${mode} key`, mode },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().key as string;
    };
    const buy = async (key: string, to: typeof TO, extra: Record<string, unknown>) => {
      const headers = { authorization: `Bearer ${key}` };
      const rates = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/rates',
        headers,
        payload: quoteBody(FROM, to),
      });
      expect(rates.statusCode, rates.body).toBe(200);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/shipments',
        headers,
        payload: { ...orderBody(rates.json()[0], FROM, to), ...extra },
      });
    };
    const live = await keyOf('live');
    const refused = await buy(live, { ...TO, email: '' }, { notifyRecipient: true });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('toAddress.email');

    const to = receiver();
    const bought = await buy(live, to, { notifyRecipient: true, recipientLanguage: 'zh' });
    expect(bought.statusCode, bought.body).toBe(201);
    const testTo = receiver();
    const testBought = await buy(await keyOf('test'), testTo, { notifyRecipient: true });
    expect(testBought.statusCode, testBought.body).toBe(201);
    await ctx.app.jobs.runDue();
    expect(mailsTo(to.email).map((m) => m.subject)).toEqual(['Maple Goods 给您寄了一个包裹']);
    expect(mailsTo(testTo.email)).toHaveLength(0);
  });

  it('unsubscribe: GET only confirms, POST stops every later mail to that address', async () => {
    const u = await newUser();
    const to = receiver();
    const first = await placed(u, to, { notifyRecipient: true });
    await ctx.app.jobs.runDue();
    const [mail] = mailsTo(to.email);
    const url = /^<http:\/\/localhost:5000(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const confirm = await ctx.app.inject({ method: 'GET', url });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Stop parcel mails?');
    expect(confirm.headers['referrer-policy']).toBe('same-origin');
    const bad = await ctx.app.inject({ method: 'GET', url: `${url.slice(0, -4)}AAAA` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('token');

    const post = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.body).toContain('You are unsubscribed');

    // The delivered mail of that parcel, and any later parcel to the address (in any case), send nothing.
    await deliver(u, first);
    const other = await newUser();
    await placed(other, { ...to, email: to.email.toUpperCase() }, { notifyRecipient: true });
    await ctx.app.jobs.runDue();
    expect(mailsTo(to.email)).toHaveLength(1);
    expect(mailsTo(to.email.toUpperCase())).toHaveLength(0);
  });

  it('the address book remembers the switch and the language; an update without them keeps them', async () => {
    const u = await newUser();
    const entry = {
      name: 'Bob Receiver',
      address1: '800 Robson St',
      city: 'Vancouver',
      province: 'BC',
      postalCode: 'V6Z 2E7',
      country: 'CA',
      phone: '604-555-0199',
      email: 'bob@example.com',
    };
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: u.headers,
      payload: { ...entry, email: '', notifyRecipient: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('email');

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: u.headers,
      payload: { ...entry, notifyRecipient: true, language: 'zh' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ notifyRecipient: true, language: 'zh' });
    const id = created.json().id as string;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/addresses/${id}`,
      headers: u.headers,
      payload: { ...entry, city: 'Burnaby' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ city: 'Burnaby', notifyRecipient: true, language: 'zh' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/addresses', headers: u.headers });
    expect(list.json().find((a: { id: string }) => a.id === id)).toMatchObject({
      notifyRecipient: true,
      language: 'zh',
    });
    const plain = await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers: u.headers, payload: entry });
    expect(plain.json()).toMatchObject({ notifyRecipient: false, language: 'en' });
  });
});
