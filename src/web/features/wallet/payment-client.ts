/**
 * The browser-side confirm of a payment intent (spec §7 Wallet: "the card payment provider's client
 * confirms the payment with the client secret, using either a saved payment method or a new card").
 * One interface, two implementations: the sandbox's own endpoints, or Stripe.js. Only types come
 * from @stripe/stripe-js here; the script itself is loaded by stripe-card-form.tsx, and only when
 * the server's provider is Stripe.
 */
import type { PaymentIntent, Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import {
  ZCardErrorBody,
  ZSandboxIntentStatus,
  type TCardError,
  type TSandboxIntentStatus,
} from '../../../shared/contracts/payments';
import { api, isApiError } from '../../lib/api-client';

export type IntentRef = { paymentIntentId: string; clientSecret: string };

export type SandboxCardInput = { number: string; expMonth: number; expYear: number; cvc: string; name: string };

export type PayWith =
  | { kind: 'saved'; paymentMethodId: string }
  /** The sandbox: the card's fields as typed (sent once, to our own server, never stored). */
  | { kind: 'card'; card: SandboxCardInput }
  /** Stripe: the card sits in Stripe's own field (CardElement); only the name is ours. */
  | { kind: 'element'; name: string };

export type PaymentOutcome =
  | { kind: 'succeeded' }
  /** The bank asks the cardholder to authenticate (the sandbox shows its own step; Stripe.js its modal). */
  | { kind: 'authenticate' }
  /** Neither paid nor refused yet (spec §4: a processing notice). */
  | { kind: 'processing'; status: string }
  | { kind: 'declined'; error: TCardError };

export type PaymentClient = {
  readonly provider: 'sandbox' | 'stripe';
  confirm(intent: IntentRef, payWith: PayWith): Promise<PaymentOutcome>;
  /** The sandbox's authentication step answered by the user (Stripe.js authenticates by itself). */
  authenticate(intent: IntentRef, outcome: 'approve' | 'fail'): Promise<PaymentOutcome>;
};

/** What an intent left without a payment method means to the user, when no error came with it. */
const authenticationFailed: TCardError = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: '',
};

// ------------------------------------------------------------------------------------------------
// Sandbox

type Post = <T>(path: string, body: unknown) => Promise<T>;

function sandboxOutcome(answer: TSandboxIntentStatus): PaymentOutcome {
  switch (answer.status) {
    case 'succeeded':
      return { kind: 'succeeded' };
    case 'requires_action':
      return answer.nextAction?.type === 'sandbox_authentication'
        ? { kind: 'authenticate' }
        : { kind: 'processing', status: answer.status };
    case 'requires_payment_method':
    case 'canceled':
      return { kind: 'declined', error: authenticationFailed };
    default:
      return { kind: 'processing', status: answer.status };
  }
}

/** A 402 with the provider's card error is an answer (declined), not a failure of the call. */
async function sandboxCall(post: Post, path: string, body: unknown): Promise<PaymentOutcome> {
  try {
    return sandboxOutcome(ZSandboxIntentStatus.parse(await post<unknown>(path, body)));
  } catch (error) {
    if (isApiError(error) && error.status === 402) {
      try {
        const parsed = ZCardErrorBody.safeParse(JSON.parse(error.bodyText));
        if (parsed.success) return { kind: 'declined', error: parsed.data.error };
      } catch {
        /* not a card error: rethrown below */
      }
    }
    throw error;
  }
}

export function createSandboxClient(post: Post = api.post): PaymentClient {
  const path = (intent: IntentRef, action: 'confirm' | 'authenticate') =>
    `/api/sandbox/payment-intents/${encodeURIComponent(intent.paymentIntentId)}/${action}`;
  return {
    provider: 'sandbox',
    confirm(intent, payWith) {
      if (payWith.kind === 'element') throw new Error('the sandbox takes the card fields, not a Stripe element');
      const body =
        payWith.kind === 'saved'
          ? { clientSecret: intent.clientSecret, paymentMethodId: payWith.paymentMethodId }
          : { clientSecret: intent.clientSecret, card: payWith.card };
      return sandboxCall(post, path(intent, 'confirm'), body);
    },
    authenticate(intent, outcome) {
      return sandboxCall(post, path(intent, 'authenticate'), { clientSecret: intent.clientSecret, outcome });
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Stripe

/** Stripe.js's error as ours (its card_error / validation_error carry the same type, code and message). */
export function fromStripeError(error: StripeError): TCardError | null {
  if (error.type !== 'card_error' && error.type !== 'validation_error') return null;
  return {
    type: error.type,
    code: error.code ?? (error.type === 'card_error' ? 'card_declined' : 'invalid_request'),
    message: error.message ?? '',
    declineCode: error.decline_code,
    param: error.param,
  };
}

function stripeOutcome(intent: PaymentIntent | undefined): PaymentOutcome {
  switch (intent?.status) {
    case 'succeeded':
      return { kind: 'succeeded' };
    case 'requires_payment_method':
    case 'canceled':
      return {
        kind: 'declined',
        error: intent.last_payment_error
          ? (fromStripeError(intent.last_payment_error as StripeError) ?? authenticationFailed)
          : authenticationFailed,
      };
    default:
      return { kind: 'processing', status: intent?.status ?? 'unknown' };
  }
}

/** Stripe.js failed in a way that is not about the card (network, api_error, a bad key). */
export class StripeClientError extends Error {
  constructor(readonly stripeError: StripeError) {
    super(stripeError.message ?? stripeError.type);
    this.name = 'StripeClientError';
  }
}

/** `cardElement` answers Stripe's card field as it is mounted now (null when it is not). */
export function createStripeClient(
  stripe: Pick<Stripe, 'confirmCardPayment'>,
  cardElement: () => StripeCardElement | null,
): PaymentClient {
  return {
    provider: 'stripe',
    async confirm(intent, payWith) {
      let data: Parameters<Stripe['confirmCardPayment']>[1];
      if (payWith.kind === 'saved') data = { payment_method: payWith.paymentMethodId };
      else if (payWith.kind === 'element') {
        const card = cardElement();
        if (!card) throw new Error('the card field is not mounted');
        data = { payment_method: { card, billing_details: { name: payWith.name } } };
      } else throw new Error('Stripe takes the card from its own field, never the raw number');
      const { error, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, data);
      if (error) {
        const card = fromStripeError(error);
        if (card) return { kind: 'declined', error: card };
        throw new StripeClientError(error);
      }
      return stripeOutcome(paymentIntent);
    },
    authenticate() {
      // confirmCardPayment runs 3-D Secure in Stripe's own modal and answers the final status.
      return Promise.reject(new Error('Stripe authenticates inside confirmCardPayment'));
    },
  };
}
