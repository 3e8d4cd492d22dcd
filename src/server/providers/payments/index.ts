/**
 * Card payments (DESIGN §1, §3): one interface, two implementations — the sandbox (default, behaves
 * like the card provider's test mode, keeps its records in `sandbox_payment_*` tables) and Stripe
 * (configured by STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET).
 *
 * Amounts are integer cents, currency CAD. No implementation ever stores or logs a full card
 * number or CVC: only brand, last 4, expiry and a fingerprint.
 */
import type { CardBrand, TCardError } from '../../../shared/contracts/payments';

export type { CardBrand };

export type SavedCard = {
  /** The provider's payment method id (pm_…). */
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Same card number → same fingerprint (per provider account). */
  fingerprint: string | null;
  /** The provider customer the card is attached to, if any. */
  customerId: string | null;
};

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type PaymentIntentState = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  /** Lower case, as providers write it ('cad'). */
  currency: string;
  customerId: string | null;
  /** The card that paid (or tried to), once one was given. */
  paymentMethod: SavedCard | null;
  /** Cents refunded so far on the intent's charge (0 when none). */
  amountRefundedCents: number;
  /** Whether the charge is disputed (a chargeback was opened). */
  disputed: boolean;
  lastError: TCardError | null;
  metadata: Record<string, string>;
};

/** A card declined or a card detail refused: the provider's type, code and message. */
export class CardError extends Error {
  constructor(
    readonly info: TCardError,
    /** The intent as it stands after the failure, when there is one. */
    readonly intent: PaymentIntentState | null = null,
  ) {
    super(info.message);
    this.name = 'CardError';
  }
}

/** The provider did not answer or answered an error that is not about the card (network, 5xx, auth). */
export class PaymentsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentsUnavailableError';
  }
}

/** A webhook whose signature or timestamp does not check out. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The webhook event kinds we act on; everything else is recorded and ignored. */
export type WebhookEventType =
  'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'charge.refunded' | 'charge.dispute.created' | 'other';

export type WebhookEvent = {
  /** The provider's event id (evt_…): each is applied once. */
  id: string;
  /** The provider's own type string (e.g. 'customer.created' for 'other'). */
  providerType: string;
  type: WebhookEventType;
  /** The payment intent the event is about (null when it is about none). */
  paymentIntentId: string | null;
  /** When the provider created the event. */
  createdAt: Date;
};

export type CreateIntentInput = {
  amountCents: number;
  customerId: string;
  /** Keep the card on the customer for later off-session use. */
  savePaymentMethod: boolean;
  description: string;
  metadata: Record<string, string>;
  /** Sent as the provider's Idempotency-Key: the same key answers the same intent. */
  idempotencyKey: string;
};

export type ChargeSavedCardInput = {
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
};

export type PaymentsProvider = {
  readonly name: 'sandbox' | 'stripe';
  /** Stripe's publishable key for the web (null for the sandbox). */
  readonly publishableKey: string | null;
  /** The origins the web must reach for this provider (CSP), empty for the sandbox. */
  readonly browserOrigins: { script: string[]; frame: string[]; connect: string[] };

  createCustomer(input: { userId: string; email: string; name: string }, idempotencyKey: string): Promise<string>;
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string; status: IntentStatus }>;
  /** The intent as the provider knows it now, or null when it knows no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntentState | null>;
  /**
   * Creates and confirms an off-session payment with a saved card. Answers the intent (succeeded,
   * or processing); throws CardError when declined (including a card that needs authentication),
   * and CardError of type invalid_request_error when the provider no longer has that card.
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<PaymentIntentState>;
  /** The customer's saved cards, newest first. */
  listCards(customerId: string): Promise<SavedCard[]>;
  /** One card, or null when the provider knows no such card. */
  retrieveCard(paymentMethodId: string): Promise<SavedCard | null>;
  detachCard(paymentMethodId: string): Promise<void>;
  /**
   * Refunds what is left of a succeeded payment (a top-up we refused: decision 021). The same key
   * is the same refund, and a payment already refunded in full answers its state: safe to repeat.
   */
  refundPayment(paymentIntentId: string, idempotencyKey: string): Promise<PaymentIntentState>;
  /** Parses a webhook delivery; throws WebhookSignatureError unless signed and at most 300 s old. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now: Date): Promise<WebhookEvent>;
};

/** DESIGN §1/§3: webhooks older than this are refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
