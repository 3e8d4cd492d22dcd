/**
 * Notification mails on pg-boss (issue 27, decision 026): what is sent, when, to whom, in which
 * language, and what the switches and the one-click unsubscribe change. The app is built with
 * JOB_WORKERS=off, so a mail waits in its queue until the test runs the due jobs through pg-boss
 * (`app.jobs.runDue()`): no timers, no sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, TO, fund, orderBody, quote, quoteBody, scriptedCarrier } from './helpers/orders';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import type { TrackingEvent } from '../../src/server/providers/carriers/index';
import type { MailMessage } from '../../src/server/providers/mail/index';
import { applyEntry } from '../../src/server/modules/wallet/ledger';
import { rowsOf } from '../../src/server/db/client';
import { formatCad } from '../../src/server/modules/notifications/templates';
import { parseCents } from '../../src/shared/money';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Headers = Record<string, string>;

describe(`notification mails (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  const [canadaPost] = createCarriers({ fuelSurchargeBp: {} });
  const scripted = scriptedCarrier(canadaPost!);
  /** Tracking events the carrier reports beyond "label created", by tracking number. */
  const extraEvents = new Map<string, TrackingEvent[]>();
  const baseTrack = scripted.carrier.operations!.track.bind(scripted.carrier.operations);
  scripted.carrier.operations!.track = async (tn, now) => [
    ...(await baseTrack(tn, now)),
    ...(extraEvents.get(tn) ?? []),
  ];
  /** When set, the mail server fails (or hangs) instead of accepting. */
  let smtp: { failures: number; hang?: Promise<void> } = { failures: 0 };

  const sent: MailMessage[] = [];
  const mailer = {
    kind: 'smtp' as const,
    async send(m: MailMessage) {
      if (smtp.hang) await smtp.hang;
      if (smtp.failures > 0) {
        smtp.failures--;
        throw new Error('421 smtp.example.com: service not available');
      }
      sent.push(m);
    },
  };

  const mailsTo = (email: string) => sent.filter((m) => m.to === email);

  async function placeOrder(headers: Headers) {
    const [opt] = await quote(ctx, headers, quoteBody(FROM, TO));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers,
      payload: orderBody(opt!, FROM, TO),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; orderCode: string; trackingNumber: string };
  }

  const setPrefs = async (u: User, prefs: Record<string, unknown>) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: u.headers,
      payload: { email: true, sms: false, marketing: false, ...prefs },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  async function newUser(funds = '200.00', opts: { locale?: 'en' | 'zh'; threshold?: number } = {}) {
    const u = await createSignedInUser(ctx);
    if (opts.locale) {
      await ctx.database.db.execute(sql`update users set locale = ${opts.locale} where id = ${u.id}`);
    }
    // Funding's own mails (when it issues a prepayment receipt) are not what these tests count.
    await setPrefs(u, { topupReceipts: false, lowBalanceThresholdCents: opts.threshold ?? 0 });
    if (funds !== '0') await fund(ctx, admin.headers, u.id, funds);
    return u;
  }

  beforeAll(async () => {
    ctx = await createTestApp({ providers: { carriers: [scripted.carrier], mail: mailer } });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('mails the order receipt, with its PDF and one-click unsubscribe headers, once the job runs', async () => {
    const u = await newUser();
    const order = await placeOrder(u.headers);
    // The order's answer came before any mail: the receipt waits in the outbox/queue.
    expect(mailsTo(u.email)).toHaveLength(0);
    await ctx.app.jobs.runDue();
    const mails = mailsTo(u.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toMatch(new RegExp(`^Your receipt R-\\d{6} for order ${order.orderCode}$`));
    expect(mail!.text).toContain('Total (taxes included)');
    expect(mail!.text).toContain('Vancouver, BC');
    expect(mail!.headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:5000\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments![0]!.filename).toMatch(/^receipt-R-\d{6}\.pdf$/);
    expect(mail!.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Run again: nothing more (the job is done, the outbox empty).
    await ctx.app.jobs.runDue();
    expect(mailsTo(u.email)).toHaveLength(1);
  });

  it('mails the credit note of a void and the receipt of a top-up', async () => {
    const u = await newUser();
    await setPrefs(u, { topupReceipts: true, lowBalanceThresholdCents: 0 });
    const order = await placeOrder(u.headers);
    const voiding = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/${order.id}/void`,
      headers: u.headers,
    });
    expect(voiding.statusCode, voiding.body).toBe(200);
    // A card top-up as the payments module credits one (the trigger issues its prepayment receipt).
    await applyEntry(
      ctx.database.db,
      u.id,
      { type: 'topup', direction: 'credit', amountCents: 5000, description: 'Top-up by card', reference: 'pi_test' },
      ctx.clock.now(),
    );
    await ctx.app.jobs.runDue();
    const subjects = mailsTo(u.email).map((m) => m.subject);
    expect(subjects, subjects.join(' | ')).toHaveLength(3);
    expect(subjects).toContainEqual(expect.stringMatching(/^Your receipt R-\d{6}/));
    expect(subjects).toContainEqual(
      expect.stringMatching(new RegExp(`^Credit note CN-\\d{6}: order ${order.orderCode} voided$`)),
    );
    expect(subjects).toContainEqual(expect.stringMatching(/^Receipt P-\d{6} for your wallet top-up$/));
    // The credit note names the receipt it reverses, and its PDF is attached under its own number.
    const receiptNumber = /R-\d{6}/.exec(subjects.find((s) => s.startsWith('Your receipt'))!)![0];
    const credit = mailsTo(u.email).find((m) => m.subject.startsWith('Credit note'))!;
    expect(credit.text).toContain(`reverses receipt ${receiptNumber}:`);
    expect(credit.attachments![0]!.filename).toMatch(/^credit-note-CN-\d{6}\.pdf$/);
    const topup = mailsTo(u.email).find((m) => m.subject.startsWith('Receipt P-'))!;
    expect(topup.text).toContain('$50.00');
    expect(topup.text).toContain('not a taxable supply');
    expect(topup.attachments![0]!.filename).toMatch(/^receipt-P-\d{6}\.pdf$/);
  });

  it('a CA→US DDP order: the receipt mail shows the duties and a total of price + duties (the wallet debit), as does the credit note', async () => {
    const SEATTLE = {
      ...TO,
      city: 'Seattle',
      province: 'WA',
      postalCode: '98101',
      country: 'US',
      address: '400 Pine St',
    };
    const customs = {
      contentsType: 'merchandise',
      currency: 'CAD',
      incoterm: 'DDP',
      nonDelivery: 'return',
      items: [
        {
          description: 'Cotton T-shirt',
          hsCode: '6109.10.0012',
          originCountry: 'CA',
          quantity: 2,
          unitValue: 25,
          weightKg: 0.3,
        },
      ],
    };
    const u = await newUser();
    const balance = async () =>
      parseCents(
        (
          (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers: u.headers })).json() as {
            balance: string;
          }
        ).balance,
      )!;
    const before = await balance();
    const [opt] = await quote(ctx, u.headers, { ...quoteBody(FROM, SEATTLE), customs } as never);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: { ...orderBody(opt!, FROM, SEATTLE), customs },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const shipment = (await ctx.app.inject({ method: 'GET', url: `/api/shipments/${id}`, headers: u.headers })).json();
    const price = parseCents(shipment.price)!;
    const duties = parseCents(shipment.duties.amount)!;
    expect(duties).toBeGreaterThan(0);
    expect(parseCents(shipment.taxes.total)).toBe(0); // zero-rated export
    const paid = before - (await balance());
    expect(paid).toBe(price + duties);

    await ctx.app.jobs.runDue();
    const [mail] = mailsTo(u.email);
    expect(mail!.subject).toMatch(/^Your receipt R-\d{6}/);
    const row = (label: string) =>
      mail!.text
        .split('\n')
        .find((l) => l.startsWith(`${label}:`))
        ?.split(/: +/)[1];
    expect(row('Duties and taxes at destination (estimate, DDP)')).toBe(formatCad(duties, 'en'));
    expect(row('Total (taxes and duties included)')).toBe(formatCad(price + duties, 'en'));
    expect(mail!.text).not.toContain('Total (taxes included)');

    const voiding = await ctx.app.inject({ method: 'POST', url: `/api/shipments/${id}/void`, headers: u.headers });
    expect(voiding.statusCode, voiding.body).toBe(200);
    await ctx.app.jobs.runDue();
    const note = mailsTo(u.email).find((m) => m.subject.startsWith('Credit note'))!;
    expect(note.text).toContain(`${formatCad(price + duties, 'en')} credited`);
    expect(note.text).toMatch(/Credited \(taxes and duties included\): +\$/);
  });

  it('writes in the user’s language', async () => {
    const u = await newUser('200.00', { locale: 'zh' });
    const order = await placeOrder(u.headers);
    await ctx.app.jobs.runDue();
    const [mail] = mailsTo(u.email);
    expect(mail!.subject).toMatch(new RegExp(`^订单 ${order.orderCode} 的收据 R-\\d{6}$`));
    expect(mail!.text).toContain('合计（含税）');
    expect(mail!.text).toContain('退订订单收据');
  });

  it('sends nothing of a kind whose switch is off, or when email is off, even if turned off after the order', async () => {
    const off = await newUser();
    await setPrefs(off, { receipts: false, lowBalanceThresholdCents: 0 });
    await placeOrder(off.headers);

    const master = await newUser();
    await setPrefs(master, { email: false, lowBalanceThresholdCents: 0 });
    await placeOrder(master.headers);

    // Turned off after the order, before the job ran: the switch as it is when the job runs decides.
    const late = await newUser();
    await placeOrder(late.headers);
    await setPrefs(late, { receipts: false });

    // Another kind stays on.
    const other = await newUser();
    await setPrefs(other, { creditNotes: false, lowBalanceThresholdCents: 0 });
    await placeOrder(other.headers);

    await ctx.app.jobs.runDue();
    expect(mailsTo(off.email)).toHaveLength(0);
    expect(mailsTo(master.email)).toHaveLength(0);
    expect(mailsTo(late.email)).toHaveLength(0);
    expect(mailsTo(other.email)).toHaveLength(1);
  });

  it('alerts once when a debit takes the balance below the threshold, and again only after it rose above', async () => {
    const u = await newUser('0');
    await setPrefs(u, { lowBalanceThresholdCents: 5000 });
    await fund(ctx, admin.headers, u.id, '60.00');
    const debit = (cents: number) =>
      applyEntry(
        ctx.database.db,
        u.id,
        { type: 'adjustment', direction: 'debit', amountCents: cents, description: 'test debit' },
        ctx.clock.now(),
      );
    await debit(500); // 55.00: above
    await debit(1000); // 45.00: crosses
    await debit(1000); // 35.00: still below, no second alert
    await ctx.app.jobs.runDue();
    let alerts = mailsTo(u.email).filter((m) => m.subject.includes('balance'));
    expect(alerts.map((m) => m.subject)).toEqual(['Your Voyageur balance is below $50.00']);
    expect(alerts[0]!.text).toContain('$45.00');
    await fund(ctx, admin.headers, u.id, '30.00'); // 65.00
    await debit(2000); // 45.00: crosses again
    await ctx.app.jobs.runDue();
    alerts = mailsTo(u.email).filter((m) => m.subject.includes('balance'));
    expect(alerts).toHaveLength(2);
  });

  it('moves a burst larger than one batch in one pump run, each mail once, with two instances pumping at once', async () => {
    const u = await newUser('0');
    await setPrefs(u, { lowBalanceThresholdCents: 5000 });
    // 250 alerts waiting in the outbox (more than a batch of 100), as a burst of orders leaves them.
    await ctx.database.db.execute(sql`
      insert into notification_outbox (kind, user_id, data, created_at)
      select 'low_balance', ${u.id}, jsonb_build_object('balanceCents', 4000 - g, 'thresholdCents', 5000),
             now() + g * interval '1 microsecond'
      from generate_series(1, 250) g`);
    await Promise.all([ctx.app.jobs.runDue(), ctx.app.jobs.runDue()]);
    const alerts = mailsTo(u.email).filter((m) => m.subject.includes('balance'));
    expect(alerts).toHaveLength(250);
    expect(new Set(alerts.map((m) => m.text)).size).toBe(250);
    const [left] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from notification_outbox where user_id = ${u.id}`),
    );
    expect(left!.n).toBe(0);
  });

  it('mails the tracking milestones the tracking sync finds', async () => {
    const u = await newUser();
    await setPrefs(u, { receipts: false, lowBalanceThresholdCents: 0 });
    const order = await placeOrder(u.headers);
    const at = new Date(ctx.clock.now().getTime() - 60_000);
    extraEvents.set(order.trackingNumber, [
      { status: 'picked_up', description: 'Picked up', location: 'Toronto, ON', occurredAt: at },
    ]);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${order.id}`, headers: u.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(mailsTo(u.email).map((m) => m.subject)).toEqual([`Order ${order.orderCode} was picked up by Canada Post`]);
    extraEvents.set(order.trackingNumber, [
      { status: 'picked_up', description: 'Picked up', location: 'Toronto, ON', occurredAt: at },
      { status: 'delivered', description: 'Delivered', location: 'Vancouver, BC', occurredAt: at },
    ]);
    await ctx.app.inject({ method: 'GET', url: `/api/shipments/${order.id}`, headers: u.headers });
    await ctx.app.jobs.runDue();
    expect(mailsTo(u.email).map((m) => m.subject)).toEqual([
      `Order ${order.orderCode} was picked up by Canada Post`,
      `Order ${order.orderCode} was delivered`,
    ]);
  });

  it('one-click unsubscribe: POST turns that kind off, GET only shows the confirm page', async () => {
    const u = await newUser();
    await placeOrder(u.headers);
    await ctx.app.jobs.runDue();
    const [mail] = mailsTo(u.email);
    const url = /^<http:\/\/localhost:5000(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const prefs = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/user/notifications', headers: u.headers })).json();

    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Unsubscribe from order receipts?');
    // Its confirm button must send this origin (the CSRF check refuses `Origin: null`).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect((await prefs()).receipts).toBe(true);

    // What a mail client sends for List-Unsubscribe-Post (RFC 8058): a form body, no cookie.
    const post = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.body).toContain('You are unsubscribed');
    const after = await prefs();
    expect(after.receipts).toBe(false);
    expect(after.email).toBe(true);
    expect(after.creditNotes).toBe(true);

    await placeOrder(u.headers);
    await ctx.app.jobs.runDue();
    expect(mailsTo(u.email)).toHaveLength(1);

    // A token changed by one character, or made for someone else, is refused and names the field.
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, token.replace(u.id, admin.id)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.token).toBeTruthy();
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.token).toBeTruthy();
  });

  it('validates the threshold', async () => {
    const u = await newUser('0');
    for (const bad of [-1, 12.5, 10_000_001, '20']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/user/notifications',
        headers: u.headers,
        payload: { email: true, sms: false, marketing: false, lowBalanceThresholdCents: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.lowBalanceThresholdCents).toBeTruthy();
    }
  });

  it('retries a failing mail server with backoff, and the order answers without waiting for it', async () => {
    const u = await newUser();
    let release!: () => void;
    smtp = { failures: 0, hang: new Promise<void>((r) => (release = r)) };
    // The mail server hangs: the order answers anyway (the mail is not on its path).
    const order = await placeOrder(u.headers);
    expect(order.orderCode).toBeTruthy();
    release();
    smtp = { failures: 1 };
    await ctx.app.jobs.runDue();
    expect(mailsTo(u.email)).toHaveLength(0);
    const [job] = rowsOf<{ state: string; later: boolean }>(
      await ctx.database.db.execute(sql`
        select state, start_after > now() as later from pgboss.job
        where name = 'mail.receipt' and data->>'userId' = ${u.id}`),
    );
    expect(job).toMatchObject({ state: 'retry', later: true });
    // Not due yet: nothing runs.
    await ctx.app.jobs.runDue();
    expect(mailsTo(u.email)).toHaveLength(0);
    // The backoff has passed (the clock moved on): the retry sends it.
    await ctx.database.db.execute(
      // A minute back: pg-boss fetches start_after < now(), and PGlite's clock may not have moved on
      // between this statement and the fetch (the same millisecond).
      sql`update pgboss.job set start_after = now() - interval '1 minute' where name = 'mail.receipt' and data->>'userId' = ${u.id}`,
    );
    await ctx.app.jobs.runDue();
    expect(mailsTo(u.email)).toHaveLength(1);
  });

  it('with workers on, the mail goes by itself; closing the app lets the mail in hand finish', async () => {
    let entered!: () => void;
    let release!: () => void;
    const inHand = new Promise<void>((r) => (entered = r));
    const gate = new Promise<void>((r) => (release = r));
    const got: MailMessage[] = [];
    const own = await createTestApp({
      env: { JOB_WORKERS: 'on' },
      providers: {
        carriers: [scripted.carrier],
        mail: {
          kind: 'smtp',
          send: async (m) => {
            entered();
            await gate;
            got.push(m);
          },
        },
      },
    });
    try {
      const ownAdmin = await createSignedInUser(own, { role: 'admin' });
      const u = await createSignedInUser(own);
      await fund(own, ownAdmin.headers, u.id, '200.00');
      const [opt] = await quote(own, u.headers, quoteBody(FROM, TO));
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: u.headers,
        payload: orderBody(opt!, FROM, TO),
      });
      expect(res.statusCode, res.body).toBe(201);
      await inHand; // a worker took the receipt's job (the pump and pg-boss's polling, no test hook)
      const closing = own.app.close();
      release();
      await closing;
      expect(got.map((m) => m.to)).toEqual([u.email]);
    } finally {
      await own.close(); // the app again (already closed: nothing), the database, and its drop
    }
  });

  it.runIf(testDbKind === 'postgres')('two app instances on one PostgreSQL send each mail once', async () => {
    const second = await createTestApp({
      shareDatabase: ctx.databaseUrl,
      providers: { carriers: [scripted.carrier], mail: mailer },
    });
    try {
      const users = [await newUser(), await newUser(), await newUser()];
      for (const u of users) await placeOrder(u.headers);
      await Promise.all([ctx.app.jobs.runDue(), second.app.jobs.runDue(), ctx.app.jobs.runDue()]);
      for (const u of users) expect(mailsTo(u.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
