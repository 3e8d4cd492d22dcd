/**
 * What a failed card change says (spec §8 Wallet and cards). Texts stay translation keys so they
 * follow a language switch; the server's own English message shows only in English.
 */
import { isApiError } from '../../lib/api-client';
import type { TextRef } from '../../lib/error-message';

const NO_PERMISSION: TextRef = { key: 'cards.errors.noPermission' };
const UNAVAILABLE: TextRef = { key: 'cards.errors.processingUnavailable' };

/** Set as default: 403 no permission, 501 processing unavailable, anything else the generic text. */
export function setDefaultErrorText(error: unknown): TextRef {
  if (isApiError(error)) {
    if (error.status === 403) return NO_PERMISSION;
    if (error.status === 501) return UNAVAILABLE;
  }
  return { key: 'cards.errors.setDefaultFailed' };
}

/**
 * Delete: 400 the server's reason (the only card has its own text), 403 no permission, 501 processing
 * unavailable, anything else the generic text.
 */
export function deleteErrorText(error: unknown): TextRef {
  if (isApiError(error)) {
    if (error.status === 400) {
      const message = serverMessage(error.bodyText);
      if (!message || /only payment method/i.test(message)) return { key: 'cards.errors.onlyCard' };
      return { key: 'cards.errors.deleteRefused', raw: message };
    }
    if (error.status === 403) return NO_PERMISSION;
    if (error.status === 501) return UNAVAILABLE;
  }
  return { key: 'cards.errors.deleteFailed' };
}

/** The `message` of a JSON error body, if it has one (not the status text the client falls back to). */
function serverMessage(bodyText: string): string {
  try {
    const body = JSON.parse(bodyText) as { message?: unknown };
    return typeof body.message === 'string' ? body.message.trim() : '';
  } catch {
    return '';
  }
}
