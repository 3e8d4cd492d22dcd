/**
 * The sandbox card provider (DESIGN §1, §3): behaves like the card provider's test mode and keeps
 * the records a real provider keeps on its side in `sandbox_payment_*` (customers, payment methods,
 * payment intents, an outbox of webhook events, and this install's secrets).
 *
 * - Cards are checked and charged by the test-number rules of sandbox-cards.ts. Only brand, last 4,
 *   expiry, a keyed fingerprint, the behaviour tag and the cardholder name are stored: never the
 *   number or the CVC, and neither is ever logged.
 * - Client secrets are `${intentId}_secret_${…}` where the tail is an HMAC of the intent id under the
 *   install key: only its SHA-256 is stored, yet an idempotent replay of createIntent can answer the
 *   same secret again (as the real provider does).
 * - Every change of an intent and the webhook event it causes are written in one transaction; the
 *   events go out through deliverDueEvents, signed as the real provider signs them.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { sameDigest } from '../../lib/crypto';
import type { TCardError, TSandboxCard, TSandboxIntentStatus } from '../../../shared/contracts/payments';
import {
  CardError,
  type ChargeSavedCardInput,
  type CreateIntentInput,
  type IntentStatus,
  type PaymentIntentState,
  type PaymentsProvider,
  type SavedCard,
  type WebhookEvent,
} from './index';
import {
  AUTHENTICATION_FAILURE,
  AUTHENTICATION_REQUIRED,
  EXPIRED_SAVED_CARD,
  checkCard,
  declineOf,
  isExpired,
} from './sandbox-cards';
import { signatureHeader, verifySignedEvent, type StripeLikeEvent } from './sandbox-webhooks';
import * as repo from './sandbox-repo';
import type { Exec, IntentRow, MethodRow } from './sandbox-repo';

type Log = {
  info(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  error?(obj: object, msg: string): void;
};

export type SandboxPaymentsDeps = { db: Db; clock: Clock; log?: Log };

/** A request the provider refuses that is not about the card (the real provider's 400/404 answers). */
export class SandboxRequestError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly info: TCardError,
  ) {
    super(info.message);
    this.name = 'SandboxRequestError';
  }
}

export type SandboxPayments = PaymentsProvider & {
  readonly name: 'sandbox';
  /** The browser-side confirm: a new card or a saved one of the intent's customer. */
  confirm(
    intentId: string,
    clientSecret: string,
    input: { card: TSandboxCard } | { paymentMethodId: string },
  ): Promise<TSandboxIntentStatus>;
  /** The user's answer on the sandbox authentication step of an intent in requires_action. */
  authenticate(intentId: string, clientSecret: string, outcome: 'approve' | 'fail'): Promise<TSandboxIntentStatus>;
  /**
   * Signs and hands every due undelivered event to `send` (raw body, signature header), oldest
   * first; marks it delivered when `send` answers true, else retries it later (backoff). Rows are
   * claimed with FOR UPDATE SKIP LOCKED and leased, so several processes can run this at once.
   * Answers how many were delivered.
   */
  deliverDueEvents(send: (rawBody: string, signatureHeader: string) => Promise<boolean>): Promise<number>;
  /** Operator action (the dashboard's refund): the rest of the charge unless an amount is given. */
  refund(intentId: string, amountCents?: number): Promise<PaymentIntentState>;
};

/** The dispute of a 4000000000000259 payment opens this long after it succeeds. */
export const DISPUTE_DELAY_MS = 2_000;
/** A claimed event is someone's for this long; then another pass may try it again. */
export const DELIVERY_LEASE_MS = 60_000;
const DELIVERY_BATCH = 50;

/** Wait before the next attempt after `attempts` failed ones: 5 s, 15 s, 45 s … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 3 ** Math.max(0, attempts - 1), 3_600_000);
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomAlnum = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(0, ALNUM.length)]).join('');
const newId = (prefix: 'pi' | 'pm' | 'cus' | 'evt') => `${prefix}_sbx_${randomAlnum(24)}`;
/** The charge and dispute of an intent share its random part. */
const relatedId = (intentId: string, prefix: 'ch' | 'dp') => intentId.replace(/^pi_/, `${prefix}_`);

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

const toCard = (r: MethodRow): SavedCard => ({
  id: r.id,
  brand: r.brand,
  last4: r.last4,
  expMonth: Number(r.exp_month),
  expYear: Number(r.exp_year),
  fingerprint: r.fingerprint,
  customerId: r.customer_id,
});

function toState(r: IntentRow): PaymentIntentState {
  return {
    id: r.id,
    status: r.status,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    customerId: r.customer_id,
    paymentMethod:
      r.payment_method_id && r.pm_brand
        ? {
            id: r.payment_method_id,
            brand: r.pm_brand,
            last4: r.pm_last4 ?? '',
            expMonth: Number(r.pm_exp_month),
            expYear: Number(r.pm_exp_year),
            fingerprint: r.pm_fingerprint,
            customerId: r.pm_customer_id,
          }
        : null,
    amountRefundedCents: Number(r.amount_refunded_cents),
    disputed: r.disputed,
    lastError: r.last_error ?? null,
    metadata: r.metadata ?? {},
  };
}

/** The intent as the real provider writes it in an event. */
function intentObject(r: IntentRow): StripeLikeEvent['data']['object'] {
  const e = r.last_error;
  return {
    id: r.id,
    object: 'payment_intent',
    amount: Number(r.amount_cents),
    amount_received: r.status === 'succeeded' ? Number(r.amount_cents) : 0,
    currency: r.currency,
    status: r.status,
    customer: r.customer_id,
    description: r.description,
    metadata: r.metadata ?? {},
    payment_method: r.payment_method_id,
    created: Math.floor(new Date(r.created_at).getTime() / 1000),
    livemode: false,
    last_payment_error: e
      ? { type: e.type, code: e.code, decline_code: e.declineCode, message: e.message, param: e.param }
      : null,
  };
}

const requestError = (status: 400 | 404, code: string, message: string, param?: string) =>
  new SandboxRequestError(status, {
    type: 'invalid_request_error',
    code,
    message,
    ...(param ? { param } : {}),
  });

const noSuchIntent = (id: string) => requestError(404, 'resource_missing', `No such payment_intent: '${id}'`, 'intent');

const CONFIRMABLE: readonly IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** What a transaction decided; a card error is thrown after it commits (the decline is kept). */
type Outcome =
  | { kind: 'status'; status: TSandboxIntentStatus }
  | { kind: 'card_error'; error: TCardError; state: PaymentIntentState };

export function createSandboxPayments(deps: SandboxPaymentsDeps): SandboxPayments {
  const { db, clock, log } = deps;
  const warn = (obj: object, msg: string) => (log?.warn ? log.warn(obj, msg) : log?.info(obj, msg));

  let secrets: Promise<{ webhookSecret: string; installKey: string }> | null = null;
  /** This install's webhook secret and key (fingerprints, client secrets): made once, then read. */
  function installSecrets() {
    secrets ??= (async () => {
      await repo.insertInstallSecrets(
        db,
        `whsec_sbx_${randomBytes(24).toString('hex')}`,
        randomBytes(32).toString('hex'),
      );
      const rows = await repo.selectInstallSecrets(db);
      const value = (key: string) => {
        const v = rows.find((r) => r.key === key)?.value;
        if (!v) throw new Error(`sandbox payments: setting ${key} missing`);
        return v;
      };
      return { webhookSecret: value('webhook_secret'), installKey: value('install_key') };
    })().catch((err: unknown) => {
      secrets = null;
      throw err;
    });
    return secrets;
  }

  const keyed = async (purpose: string, text: string) =>
    createHmac('sha256', (await installSecrets()).installKey)
      .update(`${purpose}:${text}`)
      .digest('hex');
  const clientSecretOf = async (intentId: string) =>
    `${intentId}_secret_${(await keyed('client_secret', intentId)).slice(0, 32)}`;

  const loadIntent = repo.selectIntent;

  async function mustLoadIntent(ex: Exec, id: string): Promise<IntentRow> {
    const row = await loadIntent(ex, id);
    if (!row) throw new Error(`sandbox payments: intent ${id} vanished`);
    return row;
  }

  /** The intent locked for a browser-side call: unknown intent or a secret that is not its own → 404. */
  async function lockWithSecret(ex: Exec, intentId: string, clientSecret: string): Promise<IntentRow> {
    const row = await loadIntent(ex, intentId, true);
    if (
      !row ||
      !clientSecret.startsWith(`${intentId}_secret_`) ||
      !sameDigest(sha256Hex(clientSecret), row.client_secret_hash)
    ) {
      throw noSuchIntent(intentId);
    }
    return row;
  }

  async function enqueue(
    ex: Exec,
    type: string,
    object: StripeLikeEvent['data']['object'],
    createdAt: Date,
  ): Promise<void> {
    const id = newId('evt');
    const event: StripeLikeEvent = {
      id,
      object: 'event',
      type,
      created: Math.floor(createdAt.getTime() / 1000),
      livemode: false,
      data: { object },
    };
    await repo.insertEvent(ex, { id, type, payload: JSON.stringify(event), createdAt });
  }

  const loadMethod = repo.selectMethod;

  /** A saved card of this customer, or the real provider's 'No such PaymentMethod'. */
  async function customersMethod(ex: Exec, id: string, customerId: string | null): Promise<MethodRow> {
    const row = await loadMethod(ex, id);
    if (!row || !customerId || row.customer_id !== customerId) {
      throw requestError(400, 'resource_missing', `No such PaymentMethod: '${id}'`, 'payment_method');
    }
    return row;
  }

  async function succeed(ex: Exec, intent: IntentRow, method: MethodRow, now: Date): Promise<void> {
    await repo.markIntentSucceeded(ex, intent.id, method.id, now);
    if (intent.setup_future_usage && intent.customer_id && !method.customer_id) {
      await repo.attachMethod(ex, method.id, intent.customer_id);
    }
    const after = await mustLoadIntent(ex, intent.id);
    await enqueue(ex, 'payment_intent.succeeded', intentObject(after), now);
    if (method.behaviour === 'dispute') {
      await enqueue(
        ex,
        'charge.dispute.created',
        {
          id: relatedId(intent.id, 'dp'),
          object: 'dispute',
          payment_intent: intent.id,
          charge: relatedId(intent.id, 'ch'),
          amount: Number(intent.amount_cents),
          currency: intent.currency,
          reason: 'fraudulent',
          status: 'needs_response',
          livemode: false,
        },
        new Date(now.getTime() + DISPUTE_DELAY_MS),
      );
    }
  }

  async function fail(ex: Exec, intent: IntentRow, methodId: string, error: TCardError, now: Date): Promise<Outcome> {
    await repo.markIntentFailed(ex, intent.id, methodId, error, now);
    const after = await mustLoadIntent(ex, intent.id);
    await enqueue(ex, 'payment_intent.payment_failed', intentObject(after), now);
    return { kind: 'card_error', error, state: toState(after) };
  }

  /** Charges the card as its behaviour says (on-session: the user is there to authenticate). */
  async function charge(
    ex: Exec,
    intent: IntentRow,
    method: MethodRow,
    mode: 'on_session' | 'off_session',
    now: Date,
  ): Promise<Outcome> {
    let error: TCardError | null;
    if (isExpired(Number(method.exp_month), Number(method.exp_year), now)) error = EXPIRED_SAVED_CARD;
    else if (method.behaviour === 'authenticate') {
      if (mode === 'off_session') error = AUTHENTICATION_REQUIRED;
      else {
        await repo.markIntentRequiresAction(ex, intent.id, method.id, now);
        return {
          kind: 'status',
          status: { id: intent.id, status: 'requires_action', nextAction: { type: 'sandbox_authentication' } },
        };
      }
    } else error = declineOf(method.behaviour);
    if (error) return fail(ex, intent, method.id, error, now);
    await succeed(ex, intent, method, now);
    return { kind: 'status', status: { id: intent.id, status: 'succeeded', nextAction: null } };
  }

  function settle(outcome: Outcome): TSandboxIntentStatus {
    if (outcome.kind === 'card_error') throw new CardError(outcome.error, outcome.state);
    return outcome.status;
  }

  function checkAmount(amountCents: number) {
    if (!Number.isSafeInteger(amountCents)) {
      throw requestError(400, 'parameter_invalid_integer', `Invalid integer: ${amountCents}`, 'amount');
    }
    if (amountCents < 50) throw requestError(400, 'amount_too_small', 'Amount must be at least $0.50 cad', 'amount');
  }

  async function requireCustomer(ex: Exec, customerId: string) {
    if (!(await repo.customerExists(ex, customerId))) {
      throw requestError(400, 'resource_missing', `No such customer: '${customerId}'`, 'customer');
    }
  }

  /** An intent that exists already under this idempotency key (the same answer as the first time). */
  async function intentByKey(ex: Exec, key: string): Promise<IntentRow | null> {
    const id = await repo.intentIdByKey(ex, key);
    return id ? loadIntent(ex, id) : null;
  }

  async function insertIntent(
    ex: Exec,
    input: {
      amountCents: number;
      customerId: string;
      description: string;
      metadata: Record<string, string>;
      setupFutureUsage: boolean;
      status: IntentStatus;
      idempotencyKey: string;
    },
    now: Date,
  ): Promise<{ id: string; inserted: boolean }> {
    const id = newId('pi');
    const secretHash = sha256Hex(await clientSecretOf(id));
    if (await repo.insertIntent(ex, { id, secretHash, ...input }, now)) return { id, inserted: true };
    const existing = await intentByKey(ex, input.idempotencyKey);
    if (!existing) throw new Error('sandbox payments: idempotency key conflict without a row');
    return { id: existing.id, inserted: false };
  }

  /** A replayed off-session charge answers what the first one did. */
  function replay(row: IntentRow): PaymentIntentState {
    const state = toState(row);
    if (row.status === 'requires_payment_method' && row.last_error) throw new CardError(row.last_error, state);
    return state;
  }

  const provider: SandboxPayments = {
    name: 'sandbox',
    publishableKey: null,
    browserOrigins: { script: [], frame: [], connect: [] },

    async createCustomer(input, idempotencyKey) {
      const id = newId('cus');
      const now = clock.now();
      const inserted = await repo.insertCustomer(db, {
        id,
        email: input.email,
        name: input.name,
        userId: input.userId,
        idempotencyKey,
        now,
      });
      if (inserted) return id;
      const existing = await repo.customerIdByKey(db, idempotencyKey);
      if (!existing) throw new Error('sandbox payments: idempotency key conflict without a customer');
      return existing;
    },

    async createIntent(input: CreateIntentInput) {
      checkAmount(input.amountCents);
      const existing = await intentByKey(db, input.idempotencyKey);
      const id = existing
        ? existing.id
        : await (async () => {
            await requireCustomer(db, input.customerId);
            const made = await insertIntent(
              db,
              {
                amountCents: input.amountCents,
                customerId: input.customerId,
                description: input.description,
                metadata: input.metadata,
                setupFutureUsage: input.savePaymentMethod,
                status: 'requires_payment_method',
                idempotencyKey: input.idempotencyKey,
              },
              clock.now(),
            );
            return made.id;
          })();
      const row = await mustLoadIntent(db, id);
      return { id, clientSecret: await clientSecretOf(id), status: row.status };
    },

    async retrieveIntent(id) {
      const row = await loadIntent(db, id);
      return row ? toState(row) : null;
    },

    async confirm(intentId, clientSecret, input) {
      const { installKey } = await installSecrets();
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const now = clock.now();
        const intent = await lockWithSecret(tx, intentId, clientSecret);
        if (!CONFIRMABLE.includes(intent.status)) {
          throw requestError(
            400,
            'payment_intent_unexpected_state',
            `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
          );
        }
        let method: MethodRow;
        if ('paymentMethodId' in input) {
          method = await customersMethod(tx, input.paymentMethodId, intent.customer_id);
        } else {
          const checked = checkCard(input.card, now);
          // Refused before a payment method exists (as the provider's tokenization does): the intent is unchanged.
          if (!checked.ok) return { kind: 'card_error', error: checked.error, state: toState(intent) };
          const c = checked.card;
          const fingerprint = createHmac('sha256', installKey)
            .update(`fingerprint:${c.digits}`)
            .digest('hex')
            .slice(0, 32);
          method = await repo.insertMethod(tx, {
            id: newId('pm'),
            brand: c.brand,
            last4: c.last4,
            expMonth: c.expMonth,
            expYear: c.expYear,
            fingerprint,
            behaviour: c.behaviour,
            cardholderName: c.cardholderName,
            now,
          });
        }
        return charge(tx, intent, method, 'on_session', now);
      });
      return settle(outcome);
    },

    async authenticate(intentId, clientSecret, outcome) {
      const result = await db.transaction(async (tx): Promise<Outcome> => {
        const now = clock.now();
        const intent = await lockWithSecret(tx, intentId, clientSecret);
        if (intent.status !== 'requires_action' || !intent.payment_method_id) {
          throw requestError(
            400,
            'payment_intent_unexpected_state',
            `You cannot authenticate this PaymentIntent because it has a status of ${intent.status}.`,
          );
        }
        if (outcome === 'fail') return fail(tx, intent, intent.payment_method_id, AUTHENTICATION_FAILURE, now);
        const method = await loadMethod(tx, intent.payment_method_id);
        if (!method) throw new Error(`sandbox payments: payment method ${intent.payment_method_id} vanished`);
        await succeed(tx, intent, method, now);
        return { kind: 'status', status: { id: intent.id, status: 'succeeded', nextAction: null } };
      });
      return settle(result);
    },

    async chargeSavedCard(input: ChargeSavedCardInput) {
      checkAmount(input.amountCents);
      const earlier = await intentByKey(db, input.idempotencyKey);
      if (earlier) return replay(earlier);
      const outcome = await db.transaction(async (tx): Promise<Outcome | { kind: 'replay'; row: IntentRow }> => {
        const now = clock.now();
        let method: Awaited<ReturnType<typeof customersMethod>>;
        try {
          await requireCustomer(tx, input.customerId);
          method = await customersMethod(tx, input.paymentMethodId, input.customerId);
        } catch (err) {
          // A card the customer no longer has is the caller's problem to report, as Stripe's 400 is.
          if (err instanceof SandboxRequestError) throw new CardError(err.info);
          throw err;
        }
        const made = await insertIntent(
          tx,
          {
            amountCents: input.amountCents,
            customerId: input.customerId,
            description: input.description,
            metadata: input.metadata,
            setupFutureUsage: false,
            status: 'requires_confirmation',
            idempotencyKey: input.idempotencyKey,
          },
          now,
        );
        const intent = await mustLoadIntent(tx, made.id);
        if (!made.inserted) return { kind: 'replay', row: intent };
        return charge(tx, intent, method, 'off_session', now);
      });
      if (outcome.kind === 'replay') return replay(outcome.row);
      if (outcome.kind === 'card_error') throw new CardError(outcome.error, outcome.state);
      const row = await mustLoadIntent(db, outcome.status.id);
      return toState(row);
    },

    async listCards(customerId) {
      const rows = await repo.customerMethods(db, customerId);
      return rows.map(toCard);
    },

    async retrieveCard(paymentMethodId) {
      const row = await loadMethod(db, paymentMethodId);
      return row ? toCard(row) : null;
    },

    async detachCard(paymentMethodId) {
      const row = await loadMethod(db, paymentMethodId);
      if (!row)
        throw requestError(404, 'resource_missing', `No such PaymentMethod: '${paymentMethodId}'`, 'payment_method');
      if (!(await repo.detachMethod(db, paymentMethodId))) {
        throw requestError(
          400,
          'payment_method_unexpected_state',
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        );
      }
    },

    async verifyWebhook(rawBody, header, now): Promise<WebhookEvent> {
      return verifySignedEvent((await installSecrets()).webhookSecret, rawBody, header, now);
    },

    async refundPayment(intentId) {
      // The sandbox's refund is one transaction on its own row: a payment refunded in full is left as it is.
      const row = await loadIntent(db, intentId);
      if (!row) throw noSuchIntent(intentId);
      if (row.status === 'succeeded' && Number(row.amount_refunded_cents) < Number(row.amount_cents)) {
        try {
          return await provider.refund(intentId);
        } catch (err) {
          // Refunded in full by a call racing this one: its state is the answer.
          if (!(err instanceof SandboxRequestError) || err.info.code !== 'charge_already_refunded') throw err;
        }
      }
      return toState(await mustLoadIntent(db, intentId));
    },

    async refund(intentId, amountCents) {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const intent = await loadIntent(tx, intentId, true);
        if (!intent) throw noSuchIntent(intentId);
        const chargeId = relatedId(intentId, 'ch');
        if (intent.status !== 'succeeded') {
          throw requestError(
            400,
            'payment_intent_unexpected_state',
            `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          );
        }
        if (intent.disputed) {
          throw requestError(
            400,
            'charge_disputed',
            `Charge ${chargeId} has been charged back; cannot issue a refund.`,
          );
        }
        const amount = Number(intent.amount_cents);
        const rest = amount - Number(intent.amount_refunded_cents);
        if (rest <= 0)
          throw requestError(400, 'charge_already_refunded', `Charge ${chargeId} has already been refunded.`);
        const take = amountCents ?? rest;
        if (!Number.isSafeInteger(take) || take <= 0) {
          throw requestError(
            400,
            'parameter_invalid_integer',
            'Refund amount must be a positive whole number of cents.',
            'amount',
          );
        }
        if (take > rest) {
          throw requestError(
            400,
            'amount_too_large',
            `Refund amount ($${(take / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(rest / 100).toFixed(2)})`,
            'amount',
          );
        }
        await repo.addRefund(tx, intentId, take, now);
        const after = await mustLoadIntent(tx, intentId);
        const refunded = Number(after.amount_refunded_cents);
        await enqueue(
          tx,
          'charge.refunded',
          {
            id: chargeId,
            object: 'charge',
            payment_intent: intentId,
            amount,
            amount_refunded: refunded,
            refunded: refunded >= amount,
            currency: after.currency,
            customer: after.customer_id,
            livemode: false,
          },
          now,
        );
        return toState(after);
      });
    },

    async deliverDueEvents(send) {
      const { webhookSecret } = await installSecrets();
      let delivered = 0;
      for (;;) {
        const now = clock.now();
        const claimed = await db.transaction(async (tx) => {
          const rows = await repo.lockDueEvents(tx, now, DELIVERY_BATCH);
          if (rows.length === 0) return rows;
          await repo.leaseEvents(
            tx,
            rows.map((r) => r.id),
            new Date(now.getTime() + DELIVERY_LEASE_MS),
          );
          // A dispute is open from the moment its event goes out (the handler may look at the intent).
          for (const r of rows.filter((r) => r.type === 'charge.dispute.created')) {
            const intentId = (JSON.parse(r.payload) as StripeLikeEvent).data.object.payment_intent;
            if (typeof intentId === 'string') {
              await repo.markIntentDisputed(tx, intentId, now);
            }
          }
          return rows;
        });
        for (const event of claimed) {
          const attempts = Number(event.attempts) + 1;
          let ok = false;
          try {
            ok = await send(event.payload, signatureHeader(webhookSecret, event.payload, clock.now()));
          } catch (err) {
            warn(
              { eventId: event.id, type: event.type, attempts, err: err instanceof Error ? err.message : String(err) },
              'sandbox payments: webhook delivery threw',
            );
          }
          const at = clock.now();
          if (ok) {
            await repo.markEventDelivered(db, event.id, at);
            delivered++;
          } else {
            const retryAt = new Date(at.getTime() + retryDelayMs(attempts));
            await repo.deferEvent(db, event.id, retryAt);
            warn(
              { eventId: event.id, type: event.type, attempts, retryAt: retryAt.toISOString() },
              'sandbox payments: webhook not accepted, will retry',
            );
          }
        }
        if (claimed.length < DELIVERY_BATCH) return delivered;
      }
    },
  };
  return provider;
}
