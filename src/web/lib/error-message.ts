import type { TFunction } from 'i18next';
import { i18n } from './i18n';
import { isApiError } from './api-client';

/**
 * Text for a failed call. English shows the server's own message; other languages use the
 * translation of the error code when there is one, else the server's message.
 */
export function errorMessage(error: unknown, t: TFunction, fallbackKey = 'errors.generic'): string {
  if (isApiError(error)) {
    if (error.code && i18n.language !== 'en') {
      const key = `errors.codes.${error.code}`;
      if (i18n.exists(key)) return t(key);
    }
    return error.message || t(fallbackKey);
  }
  return t(fallbackKey);
}
