/**
 * The interface language and the account's saved language (users.locale, which mails follow) kept
 * together once a user is signed in (newcomer review, MEDIUM 15):
 * - a language chosen with a select in this browser (before signing in, or earlier) is the user's
 *   latest word: the account is saved with it, so the mails come in the language on the screen;
 * - without a choice in this browser, the interface follows the account's language.
 */
import type { Language } from './i18n';

export type LocaleStep = { show?: Language; save?: Language };

export function localeSync(chosen: Language | null, shown: Language, account: Language): LocaleStep {
  if (chosen === null) return account === shown ? {} : { show: account };
  return chosen === account ? {} : { save: chosen };
}
