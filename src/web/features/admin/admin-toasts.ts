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

/** The description of a failed change: the server's own message in English; its code's text otherwise. */
export function adminErrorDescription(error: unknown): TextRef {
  const ref = describeError(error);
  // A validation failure already says which field and what, translated where a key says it.
  if (isApiError(error) && error.code === 'VALIDATION_ERROR') return ref;
  if (isApiError(error) && error.message && !/^HTTP \d+$/.test(error.message)) {
    return { ...ref, raw: error.message };
  }
  return ref;
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
