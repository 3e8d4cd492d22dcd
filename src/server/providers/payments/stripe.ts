/**
 * The Stripe implementation of PaymentsProvider (DESIGN §1, §3): the official SDK on the server, our
 * idempotency keys on every write, webhooks verified over the raw body with a 300 s tolerance
 * measured against the caller's clock.
 *
 * Errors: a Stripe card error becomes CardError (with the intent when Stripe sends one); a 404
 * `resource_missing` on a read answers null; everything else (network, timeouts, 5xx, auth, rate
 * limits, refused requests) becomes PaymentsUnavailableError. Their messages name Stripe and never
 * carry a key.
 */
import type Stripe from 'stripe';
import type { TCardError } from '../../../shared/contracts/payments';
import {
  CardError,
  PaymentsUnavailableError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CardBrand,
  type IntentStatus,
  type PaymentIntentState,
  type PaymentsProvider,
  type SavedCard,
  type WebhookEvent,
  type WebhookEventType,
} from './index';

/**
 * The SDK, loaded on first use: importing it costs a noticeable part of the start-up, and most
 * instances (the sandbox, PAYMENTS_PROVIDER=none) never call it (issue 26).
 */
let sdk: typeof Stripe | undefined;
async function loadSdk(): Promise<typeof Stripe> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

/** The SDK's error classes; undefined until the SDK has loaded (no SDK error exists before). */
const sdkErrors = () => sdk?.errors;
/** Stands in for an SDK error class before the SDK has loaded: nothing is an instance of it. */
class NotAnSdkError extends Error {
  statusCode?: number;
  code?: string;
}

export type StripePaymentsOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests pass a recording client; production uses the SDK's Node client. */
  httpClient?: Stripe.HttpClient;
  /** Per request (each retry has its own). */
  timeoutMs?: number;
};

/** A top-up is a user waiting on a page: fail well before the SDK's 80 s default. */
const DEFAULT_TIMEOUT_MS = 20_000;

const INTENT_STATUSES: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
};

const EVENT_TYPES: ReadonlySet<string> = new Set<WebhookEventType>([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
]);

const INTENT_EXPAND = ['payment_method', 'latest_charge'];

export function createStripePayments(opts: StripePaymentsOptions): PaymentsProvider {
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= loadSdk().then(
      (StripeSdk) =>
        new StripeSdk(opts.secretKey, {
          httpClient: opts.httpClient,
          maxNetworkRetries: 2,
          timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          telemetry: false,
        }),
    ));
  const secrets = [opts.secretKey, opts.webhookSecret].filter((s) => s.length > 0);

  /** Turns an SDK failure into one of ours; `action` says what we were doing, for the log. */
  function failure(err: unknown, action: string): Error {
    const errors = sdkErrors();
    if (errors && err instanceof errors.StripeCardError) {
      let intent: PaymentIntentState | null = null;
      try {
        intent = err.payment_intent ? toIntentState(err.payment_intent) : null;
      } catch {
        // An intent we cannot read does not change what the card said.
      }
      return new CardError(cardErrorInfo(err, 'card_error'), intent);
    }
    if (errors && err instanceof errors.StripeError) {
      const details = [err.type, err.statusCode, err.code, err.requestId].filter((d) => d !== undefined && d !== '');
      const said = err instanceof errors.StripeAuthenticationError ? '' : `: ${scrub(err.message, secrets)}`;
      return new PaymentsUnavailableError(`Stripe failed while ${action} (${details.join(', ')})${said}`);
    }
    // Not from the SDK (a bug of ours, most likely): keep it as it is, but never let it carry a key.
    if (err instanceof Error && secrets.some((s) => err.message.includes(s))) {
      return new PaymentsUnavailableError(`Stripe failed while ${action}: ${scrub(err.message, secrets)}`);
    }
    return err instanceof Error ? err : new PaymentsUnavailableError(`Stripe failed while ${action}`);
  }

  async function call<T>(action: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw failure(err, action);
    }
  }

  /** A read that answers null when Stripe knows no such object. */
  async function read<T>(action: string, fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if (isMissing(err)) return null;
      throw failure(err, action);
    }
  }

  return {
    name: 'stripe',
    publishableKey: opts.publishableKey,
    browserOrigins: {
      script: ['https://js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
    },

    async createCustomer(input, idempotencyKey) {
      const customer = await call('creating a customer', async () =>
        (await stripe()).customers.create(
          { email: input.email, name: input.name, metadata: { userId: input.userId } },
          { idempotencyKey },
        ),
      );
      return customer.id;
    },

    async createIntent(input) {
      const intent = await call('creating a payment intent', async () =>
        (await stripe()).paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'cad',
            customer: input.customerId,
            setup_future_usage: input.savePaymentMethod ? 'off_session' : undefined,
            // The SDK's pinned API version (2026-10-28.endive) names it so; `payment_method_types` is gone.
            allowed_payment_method_types: ['card'],
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!intent.client_secret) {
        throw new PaymentsUnavailableError(`Stripe answered payment intent ${intent.id} without a client secret`);
      }
      return { id: intent.id, clientSecret: intent.client_secret, status: intentStatus(intent) };
    },

    async retrieveIntent(id) {
      const intent = await read('retrieving a payment intent', async () =>
        (await stripe()).paymentIntents.retrieve(id, { expand: INTENT_EXPAND }),
      );
      return intent ? toIntentState(intent) : null;
    },

    async chargeSavedCard(input) {
      const intent = await call('charging a saved card', async () =>
        (await stripe()).paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'cad',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
            expand: INTENT_EXPAND,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const state = toIntentState(intent);
      if (state.status === 'succeeded' || state.status === 'processing') return state;
      // Off-session confirmations answer a 402 when the bank wants the cardholder; this is the
      // same outcome reported without one.
      throw new CardError(
        state.lastError ?? {
          type: 'card_error',
          code: state.status === 'requires_action' ? 'authentication_required' : 'card_declined',
          message:
            state.status === 'requires_action'
              ? 'This card needs the cardholder to authenticate the payment.'
              : 'The card was not charged.',
        },
        state,
      );
    },

    async listCards(customerId) {
      const methods = await call('listing saved cards', async () =>
        (await stripe()).customers
          .listPaymentMethods(customerId, { type: 'card', limit: 100 })
          .autoPagingToArray({ limit: 1000 }),
      );
      return methods
        .map(toSavedCard)
        .filter((c): c is SavedCard & { created: number } => c !== null)
        .sort((a, b) => b.created - a.created)
        .map(({ created: _created, ...card }) => card);
    },

    async retrieveCard(paymentMethodId) {
      const method = await read('retrieving a saved card', async () =>
        (await stripe()).paymentMethods.retrieve(paymentMethodId),
      );
      const card = method ? toSavedCard(method) : null;
      if (!card) return null;
      const { created: _created, ...rest } = card;
      return rest;
    },

    async detachCard(paymentMethodId) {
      // Detaching is permanent, so one key per card makes a retried delete a replay, not a new call.
      // A card Stripe no longer knows is already gone.
      await read('removing a saved card', async () =>
        (await stripe()).paymentMethods.detach(paymentMethodId, {}, { idempotencyKey: `detach-${paymentMethodId}` }),
      );
    },

    async refundPayment(paymentIntentId, idempotencyKey) {
      const before = await call('reading a payment to refund', async () =>
        (await stripe()).paymentIntents.retrieve(paymentIntentId, { expand: INTENT_EXPAND }),
      );
      const state = toIntentState(before);
      if (state.amountRefundedCents < state.amountCents) {
        await call('refunding a payment', async () =>
          (await stripe()).refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey }),
        );
      }
      const after = await call('reading a refunded payment', async () =>
        (await stripe()).paymentIntents.retrieve(paymentIntentId, { expand: INTENT_EXPAND }),
      );
      return toIntentState(after);
    },

    async verifyWebhook(rawBody, signatureHeader, now) {
      if (!signatureHeader || signatureHeader.trim() === '') {
        throw new WebhookSignatureError('Missing Stripe-Signature header');
      }
      const timestamp = headerTimestamp(signatureHeader);
      if (timestamp === null) throw new WebhookSignatureError('Stripe-Signature header has no valid timestamp');
      const nowSeconds = Math.floor(now.getTime() / 1000);
      // The SDK refuses old deliveries only; a timestamp far ahead of us is refused too.
      if (timestamp - nowSeconds > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookSignatureError('Stripe webhook timestamp is too far in the future');
      }
      let event: Stripe.Event;
      try {
        event = (await stripe()).webhooks.constructEvent(
          rawBody,
          signatureHeader,
          opts.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (err) {
        const reason =
          err instanceof (sdkErrors()?.StripeSignatureVerificationError ?? NotAnSdkError)
            ? firstLine(err.message)
            : 'the payload is not a Stripe event';
        throw new WebhookSignatureError(`Stripe webhook refused: ${scrub(reason, secrets)}`);
      }
      if (
        !event ||
        typeof event.id !== 'string' ||
        typeof event.type !== 'string' ||
        typeof event.created !== 'number'
      ) {
        throw new WebhookSignatureError('Stripe webhook refused: the payload is not a Stripe event');
      }
      return toWebhookEvent(event);
    },
  };
}

function isMissing(err: unknown): boolean {
  return (
    err instanceof (sdkErrors()?.StripeInvalidRequestError ?? NotAnSdkError) &&
    err.statusCode === 404 &&
    err.code === 'resource_missing'
  );
}

function intentStatus(intent: Stripe.PaymentIntent): IntentStatus {
  const status = INTENT_STATUSES.find((s) => s === intent.status);
  if (!status) {
    throw new PaymentsUnavailableError(`Stripe answered an unknown payment intent status '${intent.status}'`);
  }
  return status;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function toSavedCard(method: Stripe.PaymentMethod): (SavedCard & { created: number }) | null {
  if (method.type !== 'card' || !method.card) return null;
  const card = method.card;
  return {
    id: method.id,
    brand: BRANDS[card.brand] ?? 'unknown',
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    fingerprint: card.fingerprint ?? null,
    customerId: idOf(method.customer),
    created: method.created,
  };
}

function cardOf(intent: Stripe.PaymentIntent): SavedCard | null {
  const method =
    typeof intent.payment_method === 'object' && intent.payment_method
      ? intent.payment_method
      : (intent.last_payment_error?.payment_method ?? null);
  const card = method ? toSavedCard(method) : null;
  if (!card) return null;
  const { created: _created, ...rest } = card;
  return rest;
}

type StripeErrorFields = {
  type?: string;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
  param?: string | null;
};

function cardErrorInfo(err: StripeErrorFields, fallbackType: TCardError['type']): TCardError {
  const type: TCardError['type'] =
    err.type === 'card_error' || err.type === 'validation_error' || err.type === 'invalid_request_error'
      ? err.type
      : err.type === 'api_error'
        ? 'api_error'
        : fallbackType;
  const info: TCardError = {
    type,
    code: err.code || (type === 'card_error' ? 'card_declined' : 'payment_failed'),
    message: err.message || (type === 'card_error' ? 'Your card was declined.' : 'The payment could not be processed.'),
  };
  if (err.decline_code) info.declineCode = err.decline_code;
  if (err.param) info.param = err.param;
  return info;
}

function toIntentState(intent: Stripe.PaymentIntent): PaymentIntentState {
  const charge = typeof intent.latest_charge === 'object' && intent.latest_charge ? intent.latest_charge : null;
  const lastError = intent.last_payment_error;
  return {
    id: intent.id,
    status: intentStatus(intent),
    amountCents: intent.amount,
    currency: intent.currency.toLowerCase(),
    customerId: idOf(intent.customer),
    paymentMethod: cardOf(intent),
    amountRefundedCents: charge?.amount_refunded ?? 0,
    disputed: charge?.disputed ?? false,
    // Stripe's `card_error` and `invalid_request_error` pass through; its `idempotency_error` is a
    // refused request too.
    lastError: lastError ? cardErrorInfo(lastError, 'invalid_request_error') : null,
    metadata: { ...(intent.metadata ?? {}) },
  };
}

function toWebhookEvent(event: Stripe.Event): WebhookEvent {
  const type = EVENT_TYPES.has(event.type) ? (event.type as WebhookEventType) : 'other';
  const object = event.data?.object as { id?: unknown; payment_intent?: unknown } | undefined;
  let paymentIntentId: string | null = null;
  if (type === 'payment_intent.succeeded' || type === 'payment_intent.payment_failed') {
    paymentIntentId = typeof object?.id === 'string' ? object.id : null;
  } else if (type === 'charge.refunded' || type === 'charge.dispute.created') {
    const pi = object?.payment_intent;
    paymentIntentId =
      typeof pi === 'string'
        ? pi
        : pi && typeof (pi as { id?: unknown }).id === 'string'
          ? (pi as { id: string }).id
          : null;
  }
  return {
    id: event.id,
    providerType: event.type,
    type,
    paymentIntentId,
    createdAt: new Date(event.created * 1000),
  };
}

/** The `t=` of a Stripe-Signature header (`t=…,v1=…,v1=…`), or null when absent or not a number. */
function headerTimestamp(header: string): number | null {
  const stamps = header
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.startsWith('t='));
  if (stamps.length !== 1) return null;
  const t = stamps[0].slice(2);
  if (!/^\d{1,12}$/.test(t)) return null;
  return Number(t);
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}

/** Stripe's own messages mask keys, but never trust that: drop ours and anything shaped like one. */
function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  return out.replace(/\b(?:sk|rk|whsec)_[A-Za-z0-9_*]+/g, '[redacted]');
}
