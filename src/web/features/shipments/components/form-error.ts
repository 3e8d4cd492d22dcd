import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';

/** Text under a field: our own errors carry a translation key, server errors their own text. */
export function fieldErrorText(error: FieldError | undefined, t: TFunction): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message);
}
