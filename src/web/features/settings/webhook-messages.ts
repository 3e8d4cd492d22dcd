import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';

/**
 * The delivery log's reasons, as the server words them (src/server/modules/webhooks/sender.ts: neutral
 * texts naming no address), each with its translation key. A reason not listed here is shown as sent.
 */
const REASONS: readonly [RegExp, (m: RegExpExecArray) => [string, Record<string, unknown>?]][] = [
  [/^Refused: address not allowed$/, () => ['notAllowed']],
  [/^Refused: the URL must be https$/, () => ['https']],
  [/^The URL cannot be read$/, () => ['unreadable']],
  // 'Could not resolve …' is how deliveries logged before the neutral reasons said it.
  [/^(Host not found|Could not resolve )/, () => ['hostNotFound']],
  [/^Connection refused$/, () => ['refused']],
  [/^TLS error$/, () => ['tls']],
  [/^Could not connect$/, () => ['failed']],
  [/^Timed out after (\d+(?:\.\d+)?) s$/, (m) => ['timeout', { seconds: Number(m[1]) }]],
  [/^Answered (\d{3}) \(redirects are not followed\)$/, (m) => ['redirect', { status: Number(m[1]) }]],
  [/^Answered (\d{3})$/, (m) => ['answered', { status: Number(m[1]) }]],
  // Why an endpoint was turned off (repo.ts, service.ts).
  [/^Deliveries failed for a day$/, () => ['failedForADay']],
  [/^Turned off by its owner$/, () => ['byOwner']],
];

/** A delivery's reason (or an endpoint's 'turned off' reason) in the current language. */
export function webhookReasonText(reason: string, t: TFunction): string {
  for (const [pattern, toKey] of REASONS) {
    const hit = pattern.exec(reason);
    if (hit) {
      const [key, values] = toKey(hit);
      return t(`settings.webhooks.reasons.${key}`, values ?? {});
    }
  }
  return reason;
}

/**
 * A failed webhook call in the current language: the card's own refusals (too many endpoints, turned
 * off) by their message, everything else as the other settings cards word it (field errors by pattern).
 */
export function webhookErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.status === 409) {
    const tooMany = /^You can have at most (\d+) webhook endpoints/.exec(error.message);
    if (tooMany) return t('settings.webhooks.errors.tooMany', { max: Number(tooMany[1]) });
    if (/^This webhook is turned off/.test(error.message)) return t('settings.webhooks.errors.turnedOff');
  }
  return errorMessage(error, t);
}
