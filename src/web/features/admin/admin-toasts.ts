/**
 * What the admin changes say (spec §7: an admin mutation's message is shown; §8: a failure is a
 * destructive toast with the server's message, else a fallback per action). The server's messages
 * are English: in English they are shown as sent, in Chinese our own text says the same.
 */
import { isApiError } from '../../lib/api-client';
import { describeError, type TextRef } from '../../lib/error-message';
import { dismissToasts, toast } from '../../lib/toast';

export const ADMIN_TOAST_TAG = 'admin.change';

/** A change went through: the title names it, the description is the server's message (in English). */
export function showAdminSuccess(titleKey: string, description: TextRef, serverMessage: string | undefined): void {
  dismissToasts(ADMIN_TOAST_TAG);
  toast({
    title: { key: titleKey },
    description: serverMessage ? { ...description, raw: serverMessage } : description,
    variant: 'success',
    tag: ADMIN_TOAST_TAG,
  });
}

/** The admin server's refusals we know by their (English) message, with our own text in every language. */
const KNOWN_MESSAGES: readonly [RegExp, string][] = [
  [/^The last active admin cannot be demoted/, 'admin.errors.lastAdminRole'],
  [/^The last active admin cannot be deactivated/, 'admin.errors.lastAdminStatus'],
  [/^You cannot deactivate your own account/, 'admin.errors.selfDeactivate'],
];

/** Texts that only say 'something was wrong' (or 'reload'): a server message says more than these. */
const GENERIC_KEYS = new Set(['errors.validation.invalid', 'errors.codes.VALIDATION_ERROR', 'errors.codes.CONFLICT']);

/** The server's own words, with 'the server says' around them where the page is not in English. */
const serverSaid = (message: string): TextRef => ({ key: 'admin.errors.server', values: { message }, raw: message });

/**
 * The description of a failed change: a refusal we know in the page's language; a validation failure
 * by its field, translated where a key says it; else the server's own message (in English, and quoted
 * in Chinese when our text for its code would only be generic, e.g. 'reload the page' for any 409);
 * else the code's text.
 */
export function adminErrorDescription(error: unknown): TextRef {
  const ref = describeError(error);
  if (!isApiError(error)) return ref;
  const message = error.message && !/^HTTP \d+$/.test(error.message) ? error.message : '';
  const known = KNOWN_MESSAGES.find(([pattern]) => pattern.test(message));
  if (known) return { key: known[1] };
  const generic = GENERIC_KEYS.has(ref.key);
  if (error.code === 'VALIDATION_ERROR') return generic && ref.raw ? serverSaid(ref.raw) : ref;
  if (!message) return ref;
  if (generic || error.status === 400 || error.status === 409) return serverSaid(message);
  return { ...ref, raw: message };
}

/** A change failed: a destructive toast titled with the action's fallback ('Failed to add balance'). */
export function showAdminFailure(fallbackKey: string, error: unknown): void {
  dismissToasts(ADMIN_TOAST_TAG);
  toast({
    title: { key: fallbackKey },
    description: adminErrorDescription(error),
    variant: 'destructive',
    tag: ADMIN_TOAST_TAG,
  });
}
