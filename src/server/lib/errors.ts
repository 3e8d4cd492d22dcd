import type { TApiError, TErrorCode, TFieldErrors } from '../../shared/errors';
import { ErrorCode } from '../../shared/errors';

/** An error the client should see: status, message and an optional code and field errors. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: TErrorCode,
    readonly fieldErrors?: TFieldErrors,
    readonly headers?: Record<string, string>,
    /** Extra fields of the error body (e.g. `codeSent`). */
    readonly extra?: Omit<TApiError, 'message' | 'code' | 'fieldErrors' | 'retryAfter'>,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) =>
  new AppError(400, message, ErrorCode.VALIDATION_ERROR, { [field]: [message] });
export const unauthorized = (message = 'Not signed in') => new AppError(401, message, ErrorCode.UNAUTHENTICATED);
export const forbidden = (message = 'Forbidden') => new AppError(403, message, ErrorCode.FORBIDDEN);
export const notFound = (message = 'Not found') => new AppError(404, message, ErrorCode.NOT_FOUND);
