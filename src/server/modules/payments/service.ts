/**
 * Card top-ups and saved cards (DESIGN §3): the rules between the payments provider and the ledger.
 *
 * A payment intent is credited at most once, whoever asks first — the browser's confirm-payment, a
 * webhook, any number of them at once on any number of processes: each locks our intent row, asks
 * nothing of the provider while holding it (the provider's answer is fetched before), and credits
 * only when the row has no credit yet (the ledger's unique idempotency key `payment:<id>` is the
 * backstop). A payment the provider later takes back (refund, dispute, a failure reported after
 * the credit) is debited as its own entry as far as the balance covers it; what it cannot cover is
 * recorded as a pending entry, and the wallet is flagged for an admin with an audit entry saying why.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';
import { ErrorCode } from '../../../shared/errors';
import { centsToDecimal, formatCad } from '../../../shared/money';
import type { TChargeCustomerRequest, TChargeResult } from '../../../shared/contracts/admin';
import type {
  TConfirmPaymentResponse,
  TCreateIntentRequest,
  TCreateIntentResponse,
  TPaymentMethod,
  TPaymentMethodList,
} from '../../../shared/contracts/payments';
import {
  CardError,
  PaymentsUnavailableError,
  WebhookSignatureError,
  type PaymentIntentState,
  type PaymentsProvider,
} from '../../providers/payments/index';
import { audit } from '../audit/repo';
import { applyEntry, owedCents, recordUncoveredDebit, settleUncoveredDebits } from '../wallet/ledger';
import { flagWallet, lockWallet, walletOf } from '../wallet/ledger-repo';
import { holdForUncoveredDebit, liftUncoveredDebitHold } from '../wallet/hold';
import { transactionRow } from '../wallet/repo';
import { toWireTransaction } from '../wallet/wire';
import * as repo from './repo';
import { enqueueWebhookEvent } from '../webhooks/repo';

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type Payer = { id: string; email: string; firstName: string; lastName: string };
type Actor = { id: string; ipAddress: string | null };

/** Each user may start this many card payments an hour (declines and retries included). */
const INTENT_RULE: RateRule = { name: 'payment-intent', limit: 30, windowMs: 60 * 60 * 1000 };

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

export const cardLabel = (card: { brand: string; last4: string }) =>
  `${BRAND_NAMES[card.brand] ?? 'Card'} •••• ${card.last4}`;

export function toWireCard(card: repo.CardRow): TPaymentMethod {
  const fields = {
    brand: (BRAND_NAMES[card.brand] ? card.brand : 'unknown') as TPaymentMethod['brand'],
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
  };
  return {
    id: card.providerMethodId,
    ...fields,
    isDefault: card.isDefault,
    disputed: card.disputed,
    card: fields,
    createdAt: card.createdAt.toISOString(),
  };
}

const notAvailable = () => new AppError(501, 'Card payments are temporarily unavailable', ErrorCode.NOT_CONFIGURED);

const providerDown = () =>
  new AppError(
    502,
    'The card payment provider did not answer; try again in a moment',
    ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE,
  );

/** What the user is told when a card with a chargeback on an earlier payment pays again (decision 021). */
export const DISPUTED_CARD_MESSAGE =
  'This card has a dispute (chargeback) open on an earlier payment, so it cannot be used to add money to a wallet. ' +
  'Any payment made with it was refunded to the card; use another card.';

const disputedCardError = () =>
  new AppError(402, DISPUTED_CARD_MESSAGE, ErrorCode.CARD_ERROR, undefined, undefined, {
    error: { type: 'card_error', code: 'card_disputed', message: DISPUTED_CARD_MESSAGE },
  });

/** The provider's state was read before a credit that our record already holds (see settleLocked). */
class StaleStateError extends Error {}

export type SettleOutcome = {
  intent: repo.IntentRow;
  /** The credit entry's id (null: not credited — not succeeded, or its amount did not match). */
  creditTransactionId: string | null;
  /** Whether this call made the credit. */
  creditedNow: boolean;
  /** Paid with a disputed card: never credited, to be refunded (decision 021). */
  refused: boolean;
};

/**
 * What the payments service uses (decision 031): the database handle, the clock, the payments provider
 * (null when none is configured) and a log — not the rest of AppDeps.
 */
export type PaymentsDeps = { db: Db; provider: PaymentsProvider | null; log: Log } & Pick<AppDeps, 'clock'>;

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, provider, log } = deps;

  function requireProvider(): PaymentsProvider {
    if (!provider) throw notAvailable();
    return provider;
  }

  /** Calls the provider; its outages become a 502 (never a 500), card errors pass through. */
  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) {
        log.error({ err }, 'payments provider unavailable');
        throw providerDown();
      }
      throw err;
    }
  }

  async function ensureCustomer(p: PaymentsProvider, payer: Payer): Promise<string> {
    const known = await repo.customerIdOf(db, payer.id, p.name);
    if (known) return known;
    const name = `${payer.firstName} ${payer.lastName}`.trim() || payer.email;
    const created = await ask(() =>
      p.createCustomer({ userId: payer.id, email: payer.email, name }, `customer:${payer.id}`),
    );
    return repo.saveCustomer(db, payer.id, p.name, created, clock.now());
  }

  /**
   * Applies what the provider says of an intent to our records: its status, the one credit, the
   * card to keep, any reversal. `intent` must be locked by the caller's transaction.
   */
  async function settleLocked(
    tx: Db,
    intent: repo.IntentRow,
    state: PaymentIntentState,
    actor: Actor | null,
    fetchedAfterLock = false,
  ): Promise<SettleOutcome> {
    // The state was fetched before the lock. A call that fetched it before the payment and waited
    // for the lock while another credited it holds an old 'not paid' state: it must not undo the
    // credit. Roll back and settle again with a state fetched now (withFreshState). Refunds and
    // disputes only grow, so an old state can never take back too much.
    if (intent.creditedTransactionId && state.status !== 'succeeded' && !fetchedAfterLock) {
      throw new StaleStateError();
    }
    const now = clock.now();
    await repo.setIntentState(tx, intent.id, { status: state.status, lastError: state.lastError }, now);
    let creditTransactionId = intent.creditedTransactionId;
    let creditedNow = false;
    const amountMatches = state.amountCents === intent.amountCents && state.currency.toLowerCase() === 'cad';
    // The card that paid, and whether its cardholder disputed this payment: how a disputed card is
    // known when it pays again (by payment method or fingerprint, the same with every provider).
    if (state.paymentMethod) await repo.setIntentCard(tx, intent.id, state.paymentMethod);
    if (state.disputed && !intent.disputedAt) {
      await repo.markDisputed(tx, intent.id, now);
      // The disputed card is no longer the default one offered first (decision 021): another card is.
      const moved = await repo.moveDefaultOffDisputed(tx, intent.userId, intent.provider);
      if (moved) {
        await audit(tx, {
          userId: intent.userId,
          action: 'payment_method.set_default',
          resourceType: 'payment_method',
          resourceId: moved.from.providerMethodId,
          oldValue: { defaultCard: cardLabel(moved.from) },
          newValue: { defaultCard: moved.to ? cardLabel(moved.to) : null, reason: 'card_disputed' },
          details: 'The default card was disputed (chargeback): it can no longer be used for top-ups',
          at: now,
        });
      }
    }
    let refused = intent.refusedAt !== null;
    if (state.status === 'succeeded' && amountMatches && !creditTransactionId && !refused && state.paymentMethod) {
      const disputed = await repo.disputedPaymentWith(
        tx,
        intent.userId,
        intent.provider,
        state.paymentMethod,
        intent.id,
      );
      if (disputed) {
        await repo.markRefused(tx, intent.id, 'card_disputed', now);
        refused = true;
        await audit(tx, {
          userId: intent.createdBy ?? intent.userId,
          action: 'payment.refused',
          resourceType: 'user',
          resourceId: intent.userId,
          newValue: {
            userId: intent.userId,
            amountCents: intent.amountCents,
            paymentIntentId: state.id,
            card: cardLabel(state.paymentMethod),
            reason: 'card_disputed',
            disputedPaymentIntentId: disputed.providerIntentId,
          },
          ipAddress: actor?.ipAddress ?? null,
          details: `Not credited and refunded: the card has a dispute on an earlier payment (${disputed.providerIntentId ?? disputed.id})`,
          at: now,
        });
        log.warn(
          { userId: intent.userId, paymentIntent: state.id, disputedPayment: disputed.providerIntentId },
          'payment with a disputed card refused',
        );
      }
    }
    if (state.status === 'succeeded' && !amountMatches) {
      log.error(
        { paymentIntent: state.id, expected: intent.amountCents, got: state.amountCents, currency: state.currency },
        'payment amount differs from the one asked for; not credited',
      );
    }
    if (state.status === 'succeeded' && amountMatches && !creditTransactionId && !refused) {
      const card = state.paymentMethod;
      const description =
        intent.purpose === 'admin_charge'
          ? intent.description || 'Card charged by an administrator'
          : `Wallet top-up${card ? ` (${cardLabel(card)})` : ''}`;
      const applied = await applyEntry(
        tx,
        intent.userId,
        {
          type: intent.purpose,
          direction: 'credit',
          amountCents: intent.amountCents,
          description,
          reference: state.id,
          idempotencyKey: `payment:${intent.id}`,
          actorId: intent.createdBy,
          ipAddress: actor?.ipAddress ?? null,
        },
        now,
      );
      if (!applied) throw new Error(`wallet of ${intent.userId} not found`);
      await repo.markCredited(tx, intent.id, applied.transactionId, now);
      creditTransactionId = applied.transactionId;
      creditedNow = true;
      if (intent.purpose === 'topup') {
        // Its webhook event commits with the credit (outbox row, decision 034).
        await enqueueWebhookEvent(
          tx,
          intent.userId,
          'topup.succeeded',
          {
            topup: {
              id: intent.id,
              amount: centsToDecimal(intent.amountCents),
              currency: 'CAD',
              transactionId: applied.transactionId,
            },
          },
          now,
        );
      }
      // An uncovered chargeback is paid before anything else (decision 021): in this transaction, under
      // the wallet's lock, so only what is left of the credit can be spent.
      const via = `${intent.purpose === 'admin_charge' ? 'a card charge' : 'a top-up'}${card ? ` (${cardLabel(card)})` : ''}`;
      const settled = await settleUncoveredDebits(tx, intent.userId, now, {
        via,
        actorId: intent.createdBy,
        ipAddress: actor?.ipAddress ?? null,
      });
      if (settled.owedCents === 0) await liftUncoveredDebitHold(tx, intent.userId, now);
    }
    // The card is kept once, with the credit: a later event (a dispute, a replay) must not bring back
    // a card the user has deleted since.
    if (creditedNow && intent.saveCard && state.paymentMethod) {
      await repo.cardsOf(tx, intent.userId, intent.provider, { lock: true });
      await repo.addCard(tx, intent.userId, intent.provider, state.paymentMethod, now);
    }
    let reversedCents = intent.reversedCents;
    if (creditTransactionId) {
      const failedLater = state.status === 'requires_payment_method' || state.status === 'canceled';
      const takenBack =
        state.disputed || failedLater ? intent.amountCents : Math.min(intent.amountCents, state.amountRefundedCents);
      const more = takenBack - intent.reversedCents;
      if (more > 0) {
        const reason = state.disputed ? 'dispute' : failedLater ? 'payment failed after credit' : 'refund';
        await reverse(tx, intent, state.id, more, intent.reversedCents + more, reason, now);
        reversedCents += more;
      }
    }
    return {
      intent: {
        ...intent,
        status: state.status,
        creditedTransactionId: creditTransactionId,
        reversedCents,
        refusedAt: refused ? (intent.refusedAt ?? now) : null,
      },
      creditTransactionId,
      creditedNow,
      refused,
    };
  }

  async function reverse(
    tx: Db,
    intent: repo.IntentRow,
    providerIntentId: string,
    cents: number,
    totalReversed: number,
    reason: string,
    now: Date,
  ): Promise<void> {
    const wallet = await lockWallet(tx, intent.userId);
    if (!wallet) throw new Error(`wallet of ${intent.userId} not found`);
    const covered = Math.min(wallet.balanceCents, cents);
    const uncovered = cents - covered;
    const description = `Card payment reversed (${reason}): ${centsToDecimal(cents)} CAD of ${providerIntentId}`;
    if (covered > 0) {
      await applyEntry(
        tx,
        intent.userId,
        {
          type: intent.purpose,
          direction: 'debit',
          amountCents: covered,
          description,
          reference: providerIntentId,
          idempotencyKey: `reversal:${intent.id}:${totalReversed}`,
        },
        now,
      );
    }
    if (uncovered > 0) {
      await recordUncoveredDebit(
        tx,
        intent.userId,
        {
          type: intent.purpose,
          amountCents: uncovered,
          description: `Not covered by the balance: ${description}`,
          reference: providerIntentId,
          idempotencyKey: `reversal-uncovered:${intent.id}:${totalReversed}`,
        },
        now,
      );
      // Owed money is no one's to spend: the wallet is held until a top-up pays it (decision 021).
      await holdForUncoveredDebit(
        tx,
        intent.userId,
        await owedCents(tx, intent.userId),
        { paymentIntentId: providerIntentId },
        now,
      );
    }
    await repo.addReversed(tx, intent.id, cents, now);
    const flagReason =
      uncovered > 0
        ? `${reason}: ${centsToDecimal(uncovered)} CAD of ${providerIntentId} could not be taken back from the balance`
        : `${reason}: ${centsToDecimal(cents)} CAD of ${providerIntentId} taken back`;
    await flagWallet(tx, intent.userId, flagReason, now);
    await audit(tx, {
      userId: intent.userId,
      action: 'wallet.flagged',
      resourceType: 'wallet',
      resourceId: wallet.id,
      oldValue: { balanceCents: wallet.balanceCents },
      newValue: {
        userId: intent.userId,
        balanceCents: wallet.balanceCents - covered,
        reason,
        paymentIntentId: providerIntentId,
        reversedCents: cents,
        debitedCents: covered,
        uncoveredCents: uncovered,
      },
      details: flagReason,
      at: now,
    });
    log.warn(
      { userId: intent.userId, paymentIntent: providerIntentId, reason, covered, uncovered },
      'card payment reversed',
    );
  }

  /**
   * Runs `settle` with the state fetched before; when that state turned out older than our record
   * (StaleStateError, nothing written), fetches it again and settles with the fresh one.
   */
  async function withFreshState<T>(
    p: PaymentsProvider,
    state: PaymentIntentState,
    settle: (state: PaymentIntentState, fetchedAfterLock: boolean) => Promise<T>,
  ): Promise<T> {
    try {
      return await settle(state, false);
    } catch (err) {
      if (!(err instanceof StaleStateError)) throw err;
      const fresh = await ask(() => p.retrieveIntent(state.id));
      return settle(fresh ?? state, true);
    }
  }

  /**
   * Gives back a payment we refused (a disputed card): the provider refunds what is left of it, under
   * one key per intent, so the confirm, the webhook and a retry refund it once. A provider that does
   * not answer is logged; the next settlement of that payment (a webhook, a confirm) tries again.
   */
  async function refundRefused(p: PaymentsProvider, intent: repo.IntentRow, state: PaymentIntentState): Promise<void> {
    if (state.status !== 'succeeded' || state.amountRefundedCents >= state.amountCents) return;
    try {
      await p.refundPayment(state.id, `refused:${intent.id}`);
    } catch (err) {
      log.error({ err, paymentIntent: state.id }, 'could not refund a payment made with a disputed card');
    }
  }

  /** A charge asked again under the same Idempotency-Key: the first answer, never a second charge. */
  async function answerEarlierCharge(
    earlier: NonNullable<Awaited<ReturnType<typeof repo.intentByKey>>>,
    hash: string,
  ): Promise<TChargeResult> {
    if (earlier.requestHash !== hash) {
      throw new AppError(409, 'This Idempotency-Key was used for another charge', ErrorCode.CONFLICT);
    }
    if (earlier.creditedTransactionId && earlier.providerIntentId) {
      const wallet = await walletOf(db, earlier.userId);
      return {
        message: 'This charge was already made; it was not made again',
        userId: earlier.userId,
        balance: centsToDecimal(wallet?.balanceCents ?? 0),
        paymentIntentId: earlier.providerIntentId,
        transactionId: earlier.creditedTransactionId,
      };
    }
    if (earlier.status === 'declined' && earlier.lastError) {
      throw new AppError(
        402,
        `The card was declined: ${earlier.lastError.message}`,
        ErrorCode.CARD_ERROR,
        undefined,
        undefined,
        {
          error: earlier.lastError,
        },
      );
    }
    throw new AppError(
      409,
      "A charge with this Idempotency-Key is in progress or did not complete; check the customer's transactions before charging again",
      ErrorCode.CONFLICT,
    );
  }

  async function transactionWire(id: string) {
    const row = await transactionRow(db, id);
    if (!row) throw new Error(`transaction ${id} not found`);
    return toWireTransaction(row);
  }

  async function cardList(userId: string): Promise<TPaymentMethodList> {
    if (!provider) return { paymentMethods: [] };
    return { paymentMethods: (await repo.cardsOf(db, userId, provider.name)).map(toWireCard) };
  }

  /** The user's card by the provider's id: 404 when nobody has it, 403 when another user does. */
  async function ownCard(p: PaymentsProvider, userId: string, providerMethodId: string): Promise<repo.CardRow> {
    const card = await repo.cardByProviderId(db, p.name, providerMethodId);
    if (!card) throw notFound('Payment method not found');
    if (card.userId !== userId)
      throw new AppError(403, "You don't have permission to modify this payment method", ErrorCode.FORBIDDEN);
    return card;
  }

  return {
    provider,

    config() {
      return { provider: provider?.name ?? ('none' as const), publishableKey: provider?.publishableKey ?? null };
    },

    async createTopupIntent(payer: Payer, body: TCreateIntentRequest): Promise<TCreateIntentResponse> {
      const p = requireProvider();
      await enforceRateLimits(db, clock.now(), [{ rule: INTENT_RULE, subject: payer.id }]);
      const customerId = await ensureCustomer(p, payer);
      const id = await repo.insertIntent(
        db,
        {
          userId: payer.id,
          provider: p.name,
          purpose: 'topup',
          amountCents: body.amount,
          saveCard: body.savePaymentMethod,
          description: 'Wallet top-up',
        },
        clock.now(),
      );
      if (!id) throw new Error('a top-up intent without a key conflicted');
      let created: Awaited<ReturnType<PaymentsProvider['createIntent']>>;
      try {
        created = await ask(() =>
          p.createIntent({
            amountCents: body.amount,
            customerId,
            savePaymentMethod: body.savePaymentMethod,
            description: 'Voyageur wallet top-up',
            metadata: { userId: payer.id, intentId: id, purpose: 'topup' },
            idempotencyKey: `intent:${id}`,
          }),
        );
      } catch (err) {
        await repo.setIntentState(db, id, { status: 'create_failed' }, clock.now());
        throw err;
      }
      await repo.setIntentState(db, id, { providerIntentId: created.id, status: created.status }, clock.now());
      return {
        clientSecret: created.clientSecret,
        paymentIntentId: created.id,
        amount: centsToDecimal(body.amount),
        currency: 'CAD',
        provider: p.name,
        publishableKey: p.publishableKey,
      };
    },

    /** POST /api/confirm-payment: asks the provider, credits a succeeded intent of this user once. */
    async confirmTopup(
      payer: { id: string },
      providerIntentId: string,
      ipAddress: string | null,
    ): Promise<TConfirmPaymentResponse> {
      const p = requireProvider();
      const mine = await repo.intentByProviderId(db, p.name, providerIntentId);
      if (!mine || mine.userId !== payer.id || mine.purpose !== 'topup') throw notFound('Payment not found');
      const fetched = await ask(() => p.retrieveIntent(providerIntentId));
      if (!fetched) throw notFound('Payment not found');
      const { outcome, final } = await withFreshState(p, fetched, (state, afterLock) =>
        db.transaction(async (tx) => {
          const locked = await repo.intentByProviderId(tx, p.name, providerIntentId, { lock: true });
          if (!locked) throw notFound('Payment not found');
          return {
            outcome: await settleLocked(tx, locked, state, { id: payer.id, ipAddress }, afterLock),
            final: state,
          };
        }),
      );
      const state = final;
      if (outcome.refused) {
        await refundRefused(p, outcome.intent, state);
        throw disputedCardError();
      }
      if (state.status !== 'succeeded' || !outcome.creditTransactionId) {
        throw new AppError(
          409,
          state.status === 'succeeded'
            ? 'The payment does not match the amount asked for; nothing was credited'
            : `The payment has not succeeded (${state.status.replaceAll('_', ' ')}); nothing was credited`,
          ErrorCode.PAYMENT_NOT_COMPLETED,
          undefined,
          undefined,
          { paymentStatus: state.status },
        );
      }
      const wallet = await walletOf(db, payer.id);
      const reversed = outcome.intent.reversedCents > 0;
      return {
        success: true,
        message: outcome.creditedNow
          ? 'Payment confirmed; your wallet was credited'
          : reversed
            ? 'This payment was credited, then taken back by the card provider (refund or dispute)'
            : 'This payment was already credited',
        status: 'succeeded',
        balance: centsToDecimal(wallet?.balanceCents ?? 0),
        transaction: await transactionWire(outcome.creditTransactionId),
        credited: outcome.creditedNow,
      };
    },

    /**
     * A webhook delivery: verified (signature, 300 s), recorded once by event id, then the intent's
     * state is fetched from the provider (events may come late or out of order; the provider's
     * present state is the truth) and settled like a confirm.
     */
    async handleWebhook(
      providerName: string,
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; duplicate: boolean }> {
      const p = requireProvider();
      if (p.name !== providerName) throw notFound();
      let event;
      try {
        event = await p.verifyWebhook(rawBody, signature, clock.now());
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          throw new AppError(400, `Webhook refused: ${err.message}`, ErrorCode.VALIDATION_ERROR);
        }
        throw err;
      }
      const intentId = event.paymentIntentId;
      const state = event.type !== 'other' && intentId ? await ask(() => p.retrieveIntent(intentId)) : null;
      const apply = (state: PaymentIntentState | null, afterLock: boolean) =>
        db.transaction(async (tx) => {
          const first = await repo.recordWebhookEvent(
            tx,
            { provider: p.name, id: event.id, type: event.providerType, paymentIntentId: intentId },
            clock.now(),
          );
          if (!first || !state || !intentId) return { first, outcome: null, state };
          const intent = await repo.intentByProviderId(tx, p.name, intentId, { lock: true });
          const outcome = intent ? await settleLocked(tx, intent, state, null, afterLock) : null;
          return { first, outcome, state };
        });
      const applied = state ? await withFreshState(p, state, apply) : await apply(null, false);
      if (applied.outcome?.refused && applied.state) await refundRefused(p, applied.outcome.intent, applied.state);
      return { received: true, duplicate: !applied.first };
    },

    listCards: cardList,

    /**
     * POST /api/admin/charge-customer: charges the customer's saved card off-session and credits the
     * amount to their wallet as an `admin_charge`. A declined card changes nothing (402 with the
     * provider's reason, and an audit entry of the attempt).
     */
    async chargeCustomer(admin: Actor, body: TChargeCustomerRequest, idempotencyKey?: string): Promise<TChargeResult> {
      const p = requireProvider();
      const hash = createHash('sha256')
        .update(JSON.stringify([body.userId, body.paymentMethodId, body.amount, body.description]))
        .digest('hex');
      if (idempotencyKey) {
        const earlier = await repo.intentByKey(db, admin.id, idempotencyKey);
        if (earlier) return answerEarlierCharge(earlier, hash);
      }
      const customer = await repo.userActive(db, body.userId);
      if (!customer) throw notFound('User not found');
      if (!customer.isActive) {
        throw new AppError(409, 'Charges can only be made for active users', ErrorCode.CONFLICT, {
          userId: ['This user is inactive'],
        });
      }
      const card = await repo.cardByProviderId(db, p.name, body.paymentMethodId);
      const customerId = await repo.customerIdOf(db, body.userId, p.name);
      if (!card || card.userId !== body.userId || !customerId) {
        throw new AppError(404, 'This customer has no such saved card', ErrorCode.NOT_FOUND, {
          paymentMethodId: ["Choose one of the customer's saved cards"],
        });
      }
      // A card with a chargeback is never charged again (decision 021): refused before the provider is asked.
      const disputed = await repo.disputedPaymentWith(db, body.userId, p.name, {
        id: card.providerMethodId,
        fingerprint: card.fingerprint,
      });
      if (disputed) {
        await audit(db, {
          userId: admin.id,
          action: 'payment.charge_declined',
          resourceType: 'user',
          resourceId: body.userId,
          newValue: {
            amountCents: body.amount,
            card: cardLabel(card),
            code: 'card_disputed',
            reason: DISPUTED_CARD_MESSAGE,
          },
          ipAddress: admin.ipAddress,
          details: body.description,
          at: clock.now(),
        });
        throw disputedCardError();
      }
      const id = await repo.insertIntent(
        db,
        {
          userId: body.userId,
          provider: p.name,
          purpose: 'admin_charge',
          amountCents: body.amount,
          saveCard: false,
          description: body.description,
          createdBy: admin.id,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: hash,
        },
        clock.now(),
      );
      if (!id) {
        // The same key at the same moment: the other request made the charge.
        const earlier = idempotencyKey ? await repo.intentByKey(db, admin.id, idempotencyKey) : null;
        if (!earlier) throw new Error('charge key conflict without an earlier charge');
        return answerEarlierCharge(earlier, hash);
      }
      let state: PaymentIntentState;
      try {
        state = await ask(() =>
          p.chargeSavedCard({
            amountCents: body.amount,
            customerId,
            paymentMethodId: card.providerMethodId,
            description: body.description,
            metadata: { userId: body.userId, intentId: id, purpose: 'admin_charge', adminId: admin.id },
            idempotencyKey: `charge:${id}`,
          }),
        );
      } catch (err) {
        if (!(err instanceof CardError)) {
          await db.transaction(async (tx) => {
            await repo.setIntentState(tx, id, { status: 'create_failed' }, clock.now());
            await audit(tx, {
              userId: admin.id,
              action: 'payment.charge_failed',
              resourceType: 'user',
              resourceId: body.userId,
              newValue: { amountCents: body.amount, card: cardLabel(card), reason: 'the card provider did not answer' },
              ipAddress: admin.ipAddress,
              details: body.description,
              at: clock.now(),
            });
          });
          throw err;
        }
        await db.transaction(async (tx) => {
          await repo.setIntentState(
            tx,
            id,
            { providerIntentId: err.intent?.id, status: 'declined', lastError: err.info },
            clock.now(),
          );
          await audit(tx, {
            userId: admin.id,
            action: err.info.type === 'invalid_request_error' ? 'payment.charge_failed' : 'payment.charge_declined',
            resourceType: 'user',
            resourceId: body.userId,
            newValue: {
              amountCents: body.amount,
              card: cardLabel(card),
              code: err.info.code,
              reason: err.info.message,
            },
            ipAddress: admin.ipAddress,
            details: body.description,
            at: clock.now(),
          });
        });
        if (err.info.type === 'invalid_request_error') {
          throw new AppError(
            409,
            'This card is no longer on file with the card provider; refresh the list of cards',
            ErrorCode.CONFLICT,
            { paymentMethodId: ['This card is no longer on file'] },
            undefined,
            { error: err.info },
          );
        }
        throw new AppError(
          402,
          `The card was declined: ${err.info.message}`,
          ErrorCode.CARD_ERROR,
          undefined,
          undefined,
          {
            error: err.info,
          },
        );
      }
      await repo.setIntentState(db, id, { providerIntentId: state.id, status: state.status }, clock.now());
      const outcome = await withFreshState(p, state, (current, afterLock) =>
        db.transaction(async (tx) => {
          const intent = await repo.intentById(tx, id, { lock: true });
          if (!intent) throw new Error(`payment intent ${id} vanished`);
          return settleLocked(tx, intent, current, admin, afterLock);
        }),
      );
      if (!outcome.creditTransactionId) {
        throw new AppError(
          409,
          `The charge is ${state.status.replaceAll('_', ' ')}; the wallet is credited once it succeeds`,
          ErrorCode.PAYMENT_NOT_COMPLETED,
          undefined,
          undefined,
          { paymentStatus: state.status },
        );
      }
      const wallet = await walletOf(db, body.userId);
      return {
        message: `Charged ${formatCad(body.amount)} to ${cardLabel(card)}; the customer's wallet was credited`,
        userId: body.userId,
        balance: centsToDecimal(wallet?.balanceCents ?? 0),
        paymentIntentId: state.id,
        transactionId: outcome.creditTransactionId,
      };
    },

    async setDefaultCard(actor: Actor, providerMethodId: string): Promise<TPaymentMethodList> {
      const p = requireProvider();
      const card = await ownCard(p, actor.id, providerMethodId);
      if (card.disputed) {
        throw new AppError(409, DISPUTED_CARD_MESSAGE, ErrorCode.CONFLICT, { id: ['This card is disputed'] });
      }
      if (!card.isDefault) {
        await db.transaction(async (tx) => {
          const cards = await repo.cardsOf(tx, actor.id, p.name, { lock: true });
          if (!cards.some((c) => c.id === card.id)) throw notFound('Payment method not found');
          const before = cards.find((c) => c.isDefault);
          await repo.setDefault(tx, actor.id, p.name, card.id);
          await audit(tx, {
            userId: actor.id,
            action: 'payment_method.set_default',
            resourceType: 'payment_method',
            resourceId: card.providerMethodId,
            oldValue: { defaultCard: before ? cardLabel(before) : null },
            newValue: { defaultCard: cardLabel(card) },
            ipAddress: actor.ipAddress,
            at: clock.now(),
          });
        });
      }
      return cardList(actor.id);
    },

    async deleteCard(actor: Actor, providerMethodId: string): Promise<TPaymentMethodList> {
      const p = requireProvider();
      const card = await ownCard(p, actor.id, providerMethodId);
      await db.transaction(async (tx) => {
        const cards = await repo.cardsOf(tx, actor.id, p.name, { lock: true });
        if (!cards.some((c) => c.id === card.id)) throw notFound('Payment method not found');
        if (cards.length <= 1) {
          throw new AppError(400, 'Cannot delete the only payment method', ErrorCode.VALIDATION_ERROR, {
            id: ['Cannot delete the only payment method'],
          });
        }
        await repo.deleteCard(tx, card.id);
        const rest = cards.filter((c) => c.id !== card.id);
        if (!rest.some((c) => c.isDefault)) {
          // The newest card without a dispute (a disputed card is never made the default).
          const next = rest.filter((c) => !c.disputed).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
          if (next) await repo.setDefault(tx, actor.id, p.name, next.id);
        }
        await audit(tx, {
          userId: actor.id,
          action: 'payment_method.delete',
          resourceType: 'payment_method',
          resourceId: card.providerMethodId,
          oldValue: { card: cardLabel(card), isDefault: card.isDefault },
          newValue: null,
          ipAddress: actor.ipAddress,
          at: clock.now(),
        });
      });
      try {
        await p.detachCard(card.providerMethodId);
      } catch (err) {
        // Our record is gone, so nobody can pay with it here; the provider keeps an unused card.
        log.warn({ err, paymentMethod: card.providerMethodId }, 'could not detach the card at the provider');
      }
      return cardList(actor.id);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
