import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorRef, packTextRef } from '../../../lib/error-message';

/**
 * Puts the server's fieldErrors on the matching form fields, translated by field and error code (they follow
 * a language switch); focuses the first. Returns whether any field got an error.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let first = true;
  for (const field of fields) {
    const ref = fieldErrorRef(error, field);
    if (!ref) continue;
    setError(field, { type: 'server', message: packTextRef(ref) }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
