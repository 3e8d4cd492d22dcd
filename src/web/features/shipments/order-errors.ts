import { ErrorCode } from '../../../shared/errors';
import { ZPriceChange, type TPriceChange } from '../../../shared/contracts/shipments';
import { isApiError } from '../../lib/api-client';
import type { TextRef } from '../../lib/error-message';
import { holdTextRef, type HoldLike } from '../wallet/hold';

/**
 * What went wrong with an order, by spec §8's rules in their order. `priceChanged` comes first: the
 * price or the rate itself is out of date, and the page answers it by quoting again (its messages
 * mention 'addresses', which rule 3 would otherwise catch).
 */
export type OrderErrorKind =
  | 'priceChanged'
  | 'held'
  | 'insufficient'
  | 'processing'
  | 'customs'
  | 'address'
  | 'connection'
  | 'service'
  | 'generic';

export type OrderErrorInfo = { kind: OrderErrorKind; title: TextRef; description: TextRef };

const PROCESSING_CODES: readonly string[] = [
  'ORDER_PROCESSING_FAILED',
  ErrorCode.ORDER_TIMEOUT,
  ErrorCode.API_FAILURE,
  ErrorCode.ORDER_CREATION_FAILED,
];

/** Extra fields of a failed order's body (the ApiError keeps only message, code and field errors). */
type OrderFailureBody = {
  customerServiceMessage?: unknown;
  orderCode?: unknown;
  refunded?: unknown;
  walletHold?: HoldLike;
};

function failureBody(bodyText: string): OrderFailureBody {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return parsed && typeof parsed === 'object' ? (parsed as OrderFailureBody) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function errorCode(error: unknown): string | undefined {
  if (isApiError(error)) return error.code;
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/**
 * The server's customerServiceMessage is English: it is shown as is in English (`raw`); in another
 * language the text is built from the body's order code and refunded amount, else the fallback.
 */
function processingDescription(error: unknown): TextRef {
  const body = isApiError(error) ? failureBody(error.bodyText) : {};
  const raw = text(body.customerServiceMessage);
  const orderCode = text(body.orderCode);
  const refunded = text(body.refunded);
  if (orderCode && refunded && refunded !== '0.00') {
    return { key: 'order.errors.processing.refunded', values: { orderCode, amount: refunded }, raw };
  }
  if (orderCode) return { key: 'order.errors.processing.pending', values: { orderCode }, raw };
  return { key: 'order.errors.processing.fallback', raw };
}

/**
 * WALLET_ON_HOLD (decision 021): why and what to do, and that nothing was charged — an unpaid
 * chargeback (top up with another card, or contact support) or a hold by support (its reason,
 * contact support). A template in every language, English included, so both say the same.
 */
function heldDescription(error: unknown): TextRef {
  const body = isApiError(error) ? failureBody(error.bodyText) : {};
  return holdTextRef(body.walletHold, 'order.errors.held');
}

const info = (kind: OrderErrorKind, description?: TextRef): OrderErrorInfo => ({
  kind,
  title: { key: `order.errors.${kind}.title` },
  description: description ?? { key: `order.errors.${kind}.description` },
});

/** Titles a failed POST /api/shipments (or a failed fetch) by spec §8 "Rates and orders". */
export function classifyOrderError(error: unknown): OrderErrorInfo {
  const code = errorCode(error);
  const message = errorMessage(error).toLowerCase();
  const has = (...words: string[]) => words.some((w) => message.includes(w.toLowerCase()));

  const rateGone = isApiError(error) && code === ErrorCode.NOT_FOUND && !!error.fieldErrors?.['rateDetails.id'];
  if (code === ErrorCode.PRICE_CHANGED || rateGone) return info('priceChanged');
  if (code === ErrorCode.WALLET_ON_HOLD) return info('held', heldDescription(error));
  if (code === ErrorCode.INSUFFICIENT_BALANCE || has('Insufficient wallet balance')) return info('insufficient');
  if (code && PROCESSING_CODES.includes(code)) return info('processing', processingDescription(error));
  // A carrier's refusal of an export's customs declaration (its words may name a field, not an address).
  if (code === ErrorCode.VALIDATION_ERROR && has('customs declaration')) return info('customs');
  if (has('address', 'validation', 'postcode', 'province')) return info('address');
  // fetch() itself failing (no answer at all) is a TypeError whose text differs by browser ('Load failed' in Safari).
  const noAnswer = !isApiError(error) && error instanceof TypeError;
  if (code === 'NETWORK_ERROR' || noAnswer || has('Failed to fetch', 'Network')) return info('connection');
  if (has('serviceCode', 'service')) return info('service');
  return info('generic');
}

/**
 * The price a 409 PRICE_CHANGED says the option costs now (the discounts or price rules in force
 * changed, issue 22), or null: an expired rate or another shipment has none, and is quoted again.
 */
export function priceChangeOf(error: unknown): TPriceChange | null {
  if (!isApiError(error) || error.code !== ErrorCode.PRICE_CHANGED) return null;
  try {
    const body: unknown = JSON.parse(error.bodyText);
    const change = body && typeof body === 'object' ? (body as { priceChange?: unknown }).priceChange : undefined;
    const parsed = ZPriceChange.safeParse(change);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Whether the order may or may not have been placed: no answer reached us (the connection failed), or
 * something between us and the server answered instead of it (a 5xx without our error code). Trying
 * again is then the same attempt, with the same Idempotency-Key, so it can never charge twice. Any
 * answer of the server itself ends the attempt: the next try is a new one.
 */
export function isUnsettled(error: unknown): boolean {
  if (isApiError(error)) return error.status >= 500 && !error.code;
  return error instanceof TypeError || classifyOrderError(error).kind === 'connection';
}
