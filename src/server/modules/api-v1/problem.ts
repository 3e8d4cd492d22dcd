/**
 * The public API's one error shape (RFC 9457, `application/problem+json`, decision 027): the app's
 * error body ({ message, code, fieldErrors, … }) rewritten on its way out, so every rule that makes
 * an error (validation, AppError, 404, 429) is the web's, said in one form.
 */
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';

export const PROBLEM_TYPE = 'application/problem+json';

export const ZProblem = z
  .object({
    type: z.string().describe('A link to this error code in the API reference'),
    title: z.string().describe('The HTTP status in words'),
    status: z.number().int(),
    detail: z.string().describe('What went wrong, for a person'),
    code: z.string().describe('A stable machine-readable code, e.g. VALIDATION_ERROR, INSUFFICIENT_BALANCE'),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Each invalid field by its dotted path (e.g. toAddress.postalCode)'),
    requestId: z.string().describe('Quote it to support; also in the x-request-id header'),
  })
  .catchall(z.unknown());
export type TProblem = z.infer<typeof ZProblem>;

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The problem document for an error body the app answered with `status`. */
export function toProblem(status: number, body: Record<string, unknown>, requestId: string): TProblem {
  const { message, code, fieldErrors, ...extra } = body;
  const stableCode =
    typeof code === 'string' ? code : (CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'ERROR'));
  const errors =
    fieldErrors && typeof fieldErrors === 'object'
      ? Object.entries(fieldErrors as Record<string, string[]>).flatMap(([path, messages]) =>
          (Array.isArray(messages) ? messages : [String(messages)]).map((m) => ({ path, message: String(m) })),
        )
      : undefined;
  return {
    type: `/docs/api#error-${stableCode}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: typeof message === 'string' ? message : (STATUS_CODES[status] ?? 'Error'),
    code: stableCode,
    ...(errors && errors.length > 0 ? { errors } : {}),
    ...extra,
    requestId,
  };
}
