import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { CardError, PaymentsUnavailableError, WebhookSignatureError, type PaymentsProvider } from './index';
import { createStripePayments } from './stripe';

const SECRET_KEY = 'sk_test_51VoyageurSecretKeyForTestsOnly0123456789';
const PUBLISHABLE_KEY = 'pk_test_51VoyageurPublishableKey';
const WEBHOOK_SECRET = 'whsec_voyageur_test_secret';

type Recorded = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  form: Record<string, string>;
  timeout: number;
};
type Canned = { status: number; body: unknown; headers?: Record<string, string> } | Error;

class CannedResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    headers: Record<string, string>,
    private readonly body: string,
  ) {
    super(status, headers);
  }
  override getRawResponse(): unknown {
    // The SDK hangs the status and headers on it, so it must be an object.
    return { body: this.body };
  }
  override toStream(): unknown {
    throw new Error('not streamed in tests');
  }
  override toJSON(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.body));
  }
}

/** Stands in for api.stripe.com: records each request and answers what the test says. */
class RecordingClient extends Stripe.HttpClient {
  readonly requests: Recorded[] = [];
  constructor(private readonly answer: (req: Recorded) => Canned) {
    super();
  }
  override getClientName(): string {
    return 'voyageur-test';
  }
  override makeRequest(
    _host: string,
    _port: string,
    fullPath: string,
    method: string,
    headers: Record<string, unknown>,
    requestData: string,
    _protocol: string,
    timeout: number,
  ): Promise<CannedResponse> {
    const url = new URL(fullPath, 'https://api.stripe.com');
    const req: Recorded = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
      form: Object.fromEntries(new URLSearchParams(requestData ?? '')),
      timeout,
    };
    this.requests.push(req);
    const canned = this.answer(req);
    if (canned instanceof Error) return Promise.reject(canned);
    return Promise.resolve(
      new CannedResponse(
        canned.status,
        { 'request-id': `req_${this.requests.length}`, ...canned.headers },
        JSON.stringify(canned.body),
      ),
    );
  }
}

function setup(answer: (req: Recorded) => Canned): { payments: PaymentsProvider; client: RecordingClient } {
  const client = new RecordingClient(answer);
  const payments = createStripePayments({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    httpClient: client,
    timeoutMs: 7_000,
  });
  return { payments, client };
}

const ok = (body: unknown): Canned => ({ status: 200, body });

function paymentMethod(overrides: Partial<Record<string, unknown>> = {}, card: Record<string, unknown> = {}) {
  return {
    id: 'pm_visa',
    object: 'payment_method',
    type: 'card',
    created: 1_760_000_000,
    customer: 'cus_1',
    metadata: {},
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, fingerprint: 'fp_visa', ...card },
    ...overrides,
  };
}

function intent(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    amount: 5000,
    currency: 'cad',
    status: 'requires_payment_method',
    client_secret: 'pi_1_secret_abc',
    customer: 'cus_1',
    payment_method: null,
    latest_charge: null,
    last_payment_error: null,
    metadata: { userId: 'u1' },
    ...overrides,
  };
}

function stripeError(status: number, error: Record<string, unknown>, headers: Record<string, string> = {}): Canned {
  return { status, body: { error }, headers };
}

/** Every error a test sees must name Stripe and never carry the secret key. */
function expectClean(err: unknown) {
  expect(err).toBeInstanceOf(Error);
  const e = err as Error;
  expect(e.message).not.toContain(SECRET_KEY);
  expect(e.message).not.toContain(SECRET_KEY.slice(8));
  expect(JSON.stringify(e)).not.toContain(SECRET_KEY);
  if (e.cause) expect(String((e.cause as Error).message ?? e.cause)).not.toContain(SECRET_KEY);
}

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('Stripe adapter: what it tells the web', () => {
  it('names itself, hands out the publishable key and lists the origins of Stripe.js', () => {
    const { payments } = setup(() => ok({}));
    expect(payments.name).toBe('stripe');
    expect(payments.publishableKey).toBe(PUBLISHABLE_KEY);
    expect(payments.browserOrigins).toEqual({
      script: ['https://js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
    });
  });
});

describe('Stripe adapter: the requests it sends', () => {
  it('creates a customer with our idempotency key and the secret key as bearer', async () => {
    const { payments, client } = setup(() => ok({ id: 'cus_new', object: 'customer' }));
    const id = await payments.createCustomer({ userId: 'u-42', email: 'ada@example.ca', name: 'Ada L' }, 'cust-u-42');
    expect(id).toBe('cus_new');
    expect(client.requests).toHaveLength(1);
    const [req] = client.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/customers');
    expect(req.form).toEqual({ email: 'ada@example.ca', name: 'Ada L', 'metadata[userId]': 'u-42' });
    expect(req.headers['idempotency-key']).toBe('cust-u-42');
    expect(req.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req.timeout).toBe(7_000);
  });

  it('creates a card payment intent in cents, in CAD, saving the card for off-session use', async () => {
    const { payments, client } = setup(() => ok(intent({ id: 'pi_save', client_secret: 'pi_save_secret_1' })));
    const answer = await payments.createIntent({
      amountCents: 5000,
      customerId: 'cus_1',
      savePaymentMethod: true,
      description: 'Wallet top-up',
      metadata: { userId: 'u1', purpose: 'topup' },
      idempotencyKey: 'topup-key-1',
    });
    expect(answer).toEqual({ id: 'pi_save', clientSecret: 'pi_save_secret_1', status: 'requires_payment_method' });
    const [req] = client.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/payment_intents');
    expect(req.form).toEqual({
      amount: '5000',
      currency: 'cad',
      customer: 'cus_1',
      setup_future_usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
      description: 'Wallet top-up',
      'metadata[userId]': 'u1',
      'metadata[purpose]': 'topup',
    });
    expect(req.headers['idempotency-key']).toBe('topup-key-1');
    expect(req.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('does not ask to keep the card when the user does not save it', async () => {
    const { payments, client } = setup(() => ok(intent()));
    await payments.createIntent({
      amountCents: 1_000_000,
      customerId: 'cus_1',
      savePaymentMethod: false,
      description: 'Wallet top-up',
      metadata: {},
      idempotencyKey: 'k2',
    });
    expect(client.requests[0].form.amount).toBe('1000000');
    expect(client.requests[0].form).not.toHaveProperty('setup_future_usage');
  });

  it('retrieves an intent with its card and charge and maps them', async () => {
    const { payments, client } = setup(() =>
      ok(
        intent({
          status: 'succeeded',
          amount: 12345,
          currency: 'cad',
          customer: { id: 'cus_1', object: 'customer' },
          payment_method: paymentMethod({ id: 'pm_mc' }, { brand: 'mastercard', last4: '4444', fingerprint: 'fp_mc' }),
          latest_charge: { id: 'ch_1', object: 'charge', amount_refunded: 2345, disputed: true },
          metadata: { userId: 'u1', purpose: 'topup' },
        }),
      ),
    );
    const state = await payments.retrieveIntent('pi_1');
    const [req] = client.requests;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v1/payment_intents/pi_1');
    expect(req.query).toEqual({ 'expand[0]': 'payment_method', 'expand[1]': 'latest_charge' });
    expect(req.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(state).toEqual({
      id: 'pi_1',
      status: 'succeeded',
      amountCents: 12345,
      currency: 'cad',
      customerId: 'cus_1',
      paymentMethod: {
        id: 'pm_mc',
        brand: 'mastercard',
        last4: '4444',
        expMonth: 12,
        expYear: 2031,
        fingerprint: 'fp_mc',
        customerId: 'cus_1',
      },
      amountRefundedCents: 2345,
      disputed: true,
      lastError: null,
      metadata: { userId: 'u1', purpose: 'topup' },
    });
  });

  it('maps a failed attempt and brands Stripe has that we do not show', async () => {
    const { payments } = setup(() =>
      ok(
        intent({
          status: 'requires_payment_method',
          last_payment_error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'lost_card',
            message: 'Your card was declined.',
            payment_method: paymentMethod({ id: 'pm_jcb' }, { brand: 'jcb', last4: '0000', fingerprint: null }),
          },
        }),
      ),
    );
    const state = await payments.retrieveIntent('pi_1');
    expect(state?.lastError).toEqual({
      type: 'card_error',
      code: 'card_declined',
      declineCode: 'lost_card',
      message: 'Your card was declined.',
    });
    expect(state?.paymentMethod).toMatchObject({ id: 'pm_jcb', brand: 'unknown', last4: '0000', fingerprint: null });
    expect(state?.amountRefundedCents).toBe(0);
    expect(state?.disputed).toBe(false);
  });

  it('keeps amex and discover and passes the param of a refused field', async () => {
    const { payments } = setup((req) =>
      ok(
        intent({
          id: req.path.split('/').pop(),
          payment_method: paymentMethod({}, { brand: req.path.endsWith('amex') ? 'amex' : 'discover' }),
          last_payment_error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid_integer',
            message: 'Bad',
            param: 'amount',
          },
        }),
      ),
    );
    expect((await payments.retrieveIntent('pi_amex'))?.paymentMethod?.brand).toBe('amex');
    const discover = await payments.retrieveIntent('pi_discover');
    expect(discover?.paymentMethod?.brand).toBe('discover');
    expect(discover?.lastError).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      message: 'Bad',
      param: 'amount',
    });
  });

  it('answers null for an intent Stripe does not know (404 resource_missing)', async () => {
    const { payments } = setup(() =>
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: "No such payment_intent: 'pi_nope'",
      }),
    );
    expect(await payments.retrieveIntent('pi_nope')).toBeNull();
  });

  it('charges a saved card off-session, confirmed at once, with our key', async () => {
    const { payments, client } = setup(() =>
      ok(
        intent({
          id: 'pi_off',
          status: 'succeeded',
          amount: 2500,
          payment_method: paymentMethod({ id: 'pm_saved' }),
          latest_charge: { id: 'ch_2', object: 'charge', amount_refunded: 0, disputed: false },
        }),
      ),
    );
    const state = await payments.chargeSavedCard({
      amountCents: 2500,
      customerId: 'cus_1',
      paymentMethodId: 'pm_saved',
      description: 'Charge by admin',
      metadata: { userId: 'u1' },
      idempotencyKey: 'admin-charge-9',
    });
    expect(state).toMatchObject({ id: 'pi_off', status: 'succeeded', amountCents: 2500 });
    expect(state.paymentMethod?.id).toBe('pm_saved');
    const [req] = client.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/payment_intents');
    expect(req.form).toMatchObject({
      amount: '2500',
      currency: 'cad',
      customer: 'cus_1',
      payment_method: 'pm_saved',
      off_session: 'true',
      confirm: 'true',
      description: 'Charge by admin',
      'metadata[userId]': 'u1',
    });
    expect(req.form).not.toHaveProperty('setup_future_usage');
    expect(req.headers['idempotency-key']).toBe('admin-charge-9');
  });

  it('turns a 402 card_declined into a CardError with code, decline code, message and the intent', async () => {
    const declined = intent({
      id: 'pi_declined',
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    const { payments } = setup(() =>
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        charge: 'ch_declined',
        payment_intent: declined,
      }),
    );
    const err = await caught(
      payments.chargeSavedCard({
        amountCents: 2500,
        customerId: 'cus_1',
        paymentMethodId: 'pm_saved',
        description: 'x',
        metadata: {},
        idempotencyKey: 'k',
      }),
    );
    expect(err).toBeInstanceOf(CardError);
    const card = err as CardError;
    expect(card.info).toEqual({
      type: 'card_error',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(card.message).toBe('Your card has insufficient funds.');
    expect(card.intent).toMatchObject({ id: 'pi_declined', status: 'requires_payment_method' });
    expect(card.intent?.lastError?.declineCode).toBe('insufficient_funds');
    expectClean(err);
  });

  it('turns a card that needs the cardholder (off-session) into a CardError without an intent when none is sent', async () => {
    const { payments } = setup(() =>
      stripeError(402, {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      }),
    );
    const err = await caught(
      payments.chargeSavedCard({
        amountCents: 2500,
        customerId: 'cus_1',
        paymentMethodId: 'pm_3ds',
        description: 'x',
        metadata: {},
        idempotencyKey: 'k',
      }),
    );
    expect(err).toBeInstanceOf(CardError);
    expect((err as CardError).info.code).toBe('authentication_required');
    expect((err as CardError).intent).toBeNull();
  });

  it('refuses an off-session charge that Stripe left waiting for the cardholder', async () => {
    const { payments } = setup(() => ok(intent({ status: 'requires_action' })));
    const err = await caught(
      payments.chargeSavedCard({
        amountCents: 2500,
        customerId: 'cus_1',
        paymentMethodId: 'pm_3ds',
        description: 'x',
        metadata: {},
        idempotencyKey: 'k',
      }),
    );
    expect(err).toBeInstanceOf(CardError);
    expect((err as CardError).info).toMatchObject({ type: 'card_error', code: 'authentication_required' });
    expect((err as CardError).intent?.status).toBe('requires_action');
  });

  it('lists the customer cards newest first, leaving out anything that is not a card', async () => {
    const { payments, client } = setup(() =>
      ok({
        object: 'list',
        url: '/v1/customers/cus_1/payment_methods',
        has_more: false,
        data: [
          paymentMethod({ id: 'pm_old', created: 1_700_000_000 }),
          paymentMethod({ id: 'pm_bank', type: 'acss_debit', card: undefined, created: 1_800_000_000 }),
          paymentMethod({ id: 'pm_new', created: 1_750_000_000 }, { brand: 'amex', last4: '0005' }),
        ],
      }),
    );
    const cards = await payments.listCards('cus_1');
    expect(cards.map((c) => c.id)).toEqual(['pm_new', 'pm_old']);
    expect(cards[0]).toEqual({
      id: 'pm_new',
      brand: 'amex',
      last4: '0005',
      expMonth: 12,
      expYear: 2031,
      fingerprint: 'fp_visa',
      customerId: 'cus_1',
    });
    const [req] = client.requests;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v1/customers/cus_1/payment_methods');
    expect(req.query).toMatchObject({ type: 'card' });
  });

  it('retrieves one card, null when Stripe does not know it', async () => {
    const { payments, client } = setup((req) =>
      req.path.endsWith('pm_gone')
        ? stripeError(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such PaymentMethod',
          })
        : ok(paymentMethod({ id: 'pm_visa', customer: null })),
    );
    expect(await payments.retrieveCard('pm_visa')).toEqual({
      id: 'pm_visa',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
      fingerprint: 'fp_visa',
      customerId: null,
    });
    expect(await payments.retrieveCard('pm_gone')).toBeNull();
    expect(client.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payment_methods/pm_visa',
      'GET /v1/payment_methods/pm_gone',
    ]);
  });

  it('detaches a card with a key of its own; a card already gone is fine', async () => {
    const { payments, client } = setup((req) =>
      req.path.includes('pm_gone')
        ? stripeError(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such PaymentMethod',
          })
        : ok(paymentMethod({ customer: null })),
    );
    await payments.detachCard('pm_visa');
    await payments.detachCard('pm_gone');
    expect(client.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_methods/pm_visa/detach',
      'POST /v1/payment_methods/pm_gone/detach',
    ]);
    expect(client.requests[0].headers['idempotency-key']).toBe('detach-pm_visa');
  });

  it('refunds what is left of a payment with our key, and leaves one refunded in full alone (decision 021)', async () => {
    let refunded = 0;
    const { payments, client } = setup((req) => {
      if (req.path === '/v1/refunds') {
        refunded = 5000;
        return ok({ id: 're_1', object: 'refund', amount: 5000, payment_intent: 'pi_1', status: 'succeeded' });
      }
      return ok(
        intent({
          status: 'succeeded',
          payment_method: paymentMethod(),
          latest_charge: { id: 'ch_1', object: 'charge', amount_refunded: refunded, disputed: false },
        }),
      );
    });
    const state = await payments.refundPayment('pi_1', 'refused:abc');
    expect(state.amountRefundedCents).toBe(5000);
    expect(client.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payment_intents/pi_1',
      'POST /v1/refunds',
      'GET /v1/payment_intents/pi_1',
    ]);
    expect(client.requests[1].form).toEqual({ payment_intent: 'pi_1' });
    expect(client.requests[1].headers['idempotency-key']).toBe('refused:abc');
    // Again: already refunded in full, no second refund is asked for.
    client.requests.length = 0;
    expect((await payments.refundPayment('pi_1', 'refused:abc')).amountRefundedCents).toBe(5000);
    expect(client.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payment_intents/pi_1',
      'GET /v1/payment_intents/pi_1',
    ]);
  });
});

describe('Stripe adapter: when Stripe is not there', () => {
  const input = {
    amountCents: 5000,
    customerId: 'cus_1',
    savePaymentMethod: true,
    description: 'Wallet top-up',
    metadata: {},
    idempotencyKey: 'retry-key',
  };

  it('retries a 500 with the same idempotency key, then reports Stripe unavailable', async () => {
    const { payments, client } = setup(() =>
      stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }),
    );
    const err = await caught(payments.createIntent(input));
    expect(err).toBeInstanceOf(PaymentsUnavailableError);
    expect((err as Error).message).toMatch(/Stripe/);
    expect((err as Error).message).toMatch(/500/);
    expectClean(err);
    expect(client.requests).toHaveLength(3);
    expect(client.requests.map((r) => r.headers['idempotency-key'])).toEqual(['retry-key', 'retry-key', 'retry-key']);
  });

  it('reports a network failure as unavailable', async () => {
    const { payments, client } = setup(() => new Error('connect ECONNREFUSED 127.0.0.1:443'));
    const err = await caught(payments.retrieveIntent('pi_1'));
    expect(err).toBeInstanceOf(PaymentsUnavailableError);
    expect((err as Error).message).toMatch(/Stripe/);
    expectClean(err);
    expect(client.requests).toHaveLength(3);
  });

  it('reports a refused key as unavailable without repeating anything of the key', async () => {
    const { payments } = setup(() =>
      stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${SECRET_KEY.slice(0, 8)}********${SECRET_KEY.slice(-4)} (${SECRET_KEY})`,
      }),
    );
    const err = await caught(payments.createCustomer({ userId: 'u', email: 'a@b.ca', name: 'A' }, 'k'));
    expect(err).toBeInstanceOf(PaymentsUnavailableError);
    expect((err as Error).message).toMatch(/Stripe/);
    expect((err as Error).message).not.toContain(SECRET_KEY.slice(-4));
    expectClean(err);
  });

  it('reports a rate limit as unavailable, scrubbing a key Stripe might echo', async () => {
    const { payments } = setup(() =>
      stripeError(429, {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: `Too many requests for ${SECRET_KEY}`,
      }),
    );
    const err = await caught(payments.listCards('cus_1'));
    expect(err).toBeInstanceOf(PaymentsUnavailableError);
    expect((err as Error).message).toMatch(/Stripe/);
    expectClean(err);
  });

  it('reports a refused request on a write as unavailable, not as a card problem', async () => {
    const { payments } = setup(() =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        message: 'Received unknown parameter',
      }),
    );
    const err = await caught(payments.createIntent(input));
    expect(err).toBeInstanceOf(PaymentsUnavailableError);
    expect((err as Error).message).toContain('parameter_unknown');
  });

  it('does not treat a 404 on a write as success', async () => {
    const { payments } = setup(() =>
      stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' }),
    );
    await expect(payments.createIntent(input)).rejects.toBeInstanceOf(PaymentsUnavailableError);
  });
});

describe('Stripe adapter: webhooks', () => {
  // A clock far from the real one proves the adapter measures age against `now`, not Date.now().
  const now = new Date('2031-03-04T05:06:07Z');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { payments } = setup(() => new Error('no request expected'));

  function eventBody(type: string, object: Record<string, unknown>, id = 'evt_1'): string {
    return JSON.stringify({
      id,
      object: 'event',
      type,
      created: nowSeconds - 10,
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: { object },
    });
  }

  function sign(payload: string, opts: { secret?: string; timestamp?: number } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
      timestamp: opts.timestamp ?? nowSeconds,
    });
  }

  it('accepts a signed payment_intent.succeeded and names its intent', async () => {
    const body = eventBody('payment_intent.succeeded', { id: 'pi_9', object: 'payment_intent' });
    const event = await payments.verifyWebhook(Buffer.from(body), sign(body), now);
    expect(event).toEqual({
      id: 'evt_1',
      providerType: 'payment_intent.succeeded',
      type: 'payment_intent.succeeded',
      paymentIntentId: 'pi_9',
      createdAt: new Date((nowSeconds - 10) * 1000),
    });
  });

  it('maps the events we act on and takes the intent of a charge or dispute', async () => {
    const cases: Array<[string, Record<string, unknown>, string, string | null]> = [
      [
        'payment_intent.payment_failed',
        { id: 'pi_f', object: 'payment_intent' },
        'payment_intent.payment_failed',
        'pi_f',
      ],
      ['charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_r' }, 'charge.refunded', 'pi_r'],
      [
        'charge.dispute.created',
        { id: 'dp_1', object: 'dispute', payment_intent: 'pi_d' },
        'charge.dispute.created',
        'pi_d',
      ],
      ['customer.created', { id: 'cus_1', object: 'customer' }, 'other', null],
    ];
    for (const [providerType, object, type, pi] of cases) {
      const body = eventBody(providerType, object, `evt_${providerType}`);
      const event = await payments.verifyWebhook(Buffer.from(body), sign(body), now);
      expect(event).toMatchObject({ id: `evt_${providerType}`, providerType, type, paymentIntentId: pi });
    }
  });

  it('accepts a delivery exactly 300 s old and one a little ahead of our clock', async () => {
    const body = eventBody('payment_intent.succeeded', { id: 'pi_9' });
    await expect(
      payments.verifyWebhook(Buffer.from(body), sign(body, { timestamp: nowSeconds - 300 }), now),
    ).resolves.toMatchObject({
      id: 'evt_1',
    });
    await expect(
      payments.verifyWebhook(Buffer.from(body), sign(body, { timestamp: nowSeconds + 30 }), now),
    ).resolves.toMatchObject({
      id: 'evt_1',
    });
  });

  it('refuses a tampered body', async () => {
    const body = eventBody('payment_intent.succeeded', { id: 'pi_9' });
    const header = sign(body);
    const tampered = body.replace('pi_9', 'pi_X');
    await expect(payments.verifyWebhook(Buffer.from(tampered), header, now)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('refuses a body signed with another secret', async () => {
    const body = eventBody('payment_intent.succeeded', { id: 'pi_9' });
    const err = await caught(
      payments.verifyWebhook(Buffer.from(body), sign(body, { secret: 'whsec_someone_else' }), now),
    );
    expect(err).toBeInstanceOf(WebhookSignatureError);
    expect((err as Error).message).not.toContain(WEBHOOK_SECRET);
  });

  it('refuses a delivery 301 s old (a replay)', async () => {
    const body = eventBody('payment_intent.succeeded', { id: 'pi_9' });
    const err = await caught(
      payments.verifyWebhook(Buffer.from(body), sign(body, { timestamp: nowSeconds - 301 }), now),
    );
    expect(err).toBeInstanceOf(WebhookSignatureError);
    expect((err as Error).message).toMatch(/tolerance/i);
  });

  it('refuses a delivery stamped more than 300 s ahead of our clock', async () => {
    const body = eventBody('payment_intent.succeeded', { id: 'pi_9' });
    await expect(
      payments.verifyWebhook(Buffer.from(body), sign(body, { timestamp: nowSeconds + 301 }), now),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('refuses a missing, empty or malformed header', async () => {
    const body = eventBody('payment_intent.succeeded', { id: 'pi_9' });
    const raw = Buffer.from(body);
    await expect(payments.verifyWebhook(raw, undefined, now)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.verifyWebhook(raw, '', now)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.verifyWebhook(raw, 'v1=abc', now)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.verifyWebhook(raw, `t=${nowSeconds}`, now)).rejects.toBeInstanceOf(WebhookSignatureError);
    const good = sign(body);
    const v1 = good.split(',')[1];
    // Two timestamps: which one was signed is ambiguous, so neither is trusted.
    await expect(
      payments.verifyWebhook(raw, `t=${nowSeconds},t=${nowSeconds - 1000},${v1}`, now),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('accepts the header when any of its v1 signatures matches (secret rolling)', async () => {
    const body = eventBody('payment_intent.succeeded', { id: 'pi_9' });
    const other = sign(body, { secret: 'whsec_old_secret' }).split(',')[1];
    const good = sign(body);
    const header = `${good.split(',')[0]},${other},${good.split(',')[1]}`;
    await expect(payments.verifyWebhook(Buffer.from(body), header, now)).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('refuses a correctly signed body that is not an event', async () => {
    const body = '{"not json';
    await expect(payments.verifyWebhook(Buffer.from(body), sign(body), now)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const notEvent = JSON.stringify({ hello: 'world' });
    await expect(payments.verifyWebhook(Buffer.from(notEvent), sign(notEvent), now)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
