import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { formMessageText } from '../../../components/ui/form-message';

/** Text under a field in the interface language (messages are translation keys with their values). */
export function fieldErrorText(error: FieldError | undefined, t: TFunction, language: string): string | undefined {
  return formMessageText(error?.message, t, language);
}
