/** Error codes the server answers with; the web maps each to a translated message. */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** A wrong current password where one is asked again (settings: password or email change). */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** The account has no password yet (Google sign-in only); set one with a reset link first. */
  PASSWORD_NOT_SET: 'PASSWORD_NOT_SET',
  INVALID_CODE: 'INVALID_CODE',
  CODE_EXPIRED: 'CODE_EXPIRED',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  CSRF_REJECTED: 'CSRF_REJECTED',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The URL (path and query) is longer than the server reads (414): before sign-in or any route. */
  URI_TOO_LONG: 'URI_TOO_LONG',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  PRICE_CHANGED: 'PRICE_CHANGED',
  NO_RATES: 'NO_RATES',
  API_FAILURE: 'API_FAILURE',
  ORDER_TIMEOUT: 'ORDER_TIMEOUT',
  /** The carrier refused to create the order (the charge was refunded). */
  ORDER_CREATION_FAILED: 'ORDER_CREATION_FAILED',
  /** The label can no longer be voided (picked up, or nothing to void). */
  NOT_VOIDABLE: 'NOT_VOIDABLE',
  /** A real carrier refused to void the label (409, with `carrierReason`, the carrier's words); nothing was refunded. */
  VOID_REFUSED: 'VOID_REFUSED',
  /** CPU-heavy work is queued to its limit (503 with Retry-After): try again in a moment. */
  SERVER_BUSY: 'SERVER_BUSY',
  /** The card payment has not succeeded (yet): nothing was credited. */
  PAYMENT_NOT_COMPLETED: 'PAYMENT_NOT_COMPLETED',
  /** The card was declined or a card detail refused (402, with the provider's `error`). */
  CARD_ERROR: 'CARD_ERROR',
  /** The card payment provider did not answer (502/503): try again. */
  PAYMENT_PROVIDER_UNAVAILABLE: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** The assistant read an address the form cannot take (422, with `country`): a US address on the Canadian shipment form, or a country outside Canada and the US. */
  DESTINATION_NOT_SUPPORTED: 'DESTINATION_NOT_SUPPORTED',
  /** The wallet is on hold (403, with `walletHold`): an unpaid chargeback, or held by an admin; no order can be paid. */
  WALLET_ON_HOLD: 'WALLET_ON_HOLD',
  INTERNAL: 'INTERNAL',
} as const;

export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Field errors keyed by dotted path, e.g. `toAddress.postalCode`. */
export type TFieldErrors = Record<string, string[]>;

export type TApiError = {
  message: string;
  code?: TErrorCode;
  fieldErrors?: TFieldErrors;
  /** On every 429: seconds until another try may succeed (also in the Retry-After header). */
  retryAfter?: number;
  /** On EMAIL_NOT_VERIFIED at sign-in: whether a new code was just mailed. */
  codeSent?: boolean;
  /** On VOID_REFUSED: the carrier's reason for refusing the void, as the carrier wrote it. */
  carrierReason?: string;
  /** On a failed order: what to tell the customer (what happened to their money, what to do). */
  customerServiceMessage?: string;
  /** On a failed order: our order code and shipment id, and the amount refunded ("12.34"). */
  orderCode?: string;
  shipmentId?: string;
  refunded?: string;
  /**
   * On PRICE_CHANGED when the option's price changed (ZPriceChange in contracts/shipments.ts): the
   * price now; ordering again with `totalCost` = `total` places the order at it.
   */
  priceChange?: {
    rateId: string;
    quotedTotal: string;
    price: string;
    originalPrice?: string;
    taxes: { gst: string; hst: string; qst: string; total: string };
    total: string;
  };
  /** On PAYMENT_NOT_COMPLETED: the card payment's status at the provider. */
  paymentStatus?: string;
  /** On DESTINATION_NOT_SUPPORTED: the country the assistant read (ISO 3166 alpha-2, e.g. 'US', 'GB'). */
  country?: string;
  /**
   * On WALLET_ON_HOLD: why — an unpaid chargeback (`owed`, CAD "12.34", paid by a top-up with another
   * card, which lifts the hold) or an admin's hold (lifted by support).
   */
  walletHold?: { kind: 'admin' | 'uncovered_debit'; owed: string; reason?: string };
  /** On CARD_ERROR (402): the card provider's error (spec §8: card_error / validation_error). */
  error?: { type: string; code: string; message: string; declineCode?: string; param?: string };
};
