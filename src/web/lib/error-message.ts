import type { TFunction } from 'i18next';
import { ErrorCode, type TErrorCode } from '../../shared/errors';
import { isApiError, type ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * A text to show, kept as a translation key (and its values) rather than a translated string, so it
 * follows a later language switch. `raw` is the server's own English text, shown only in English and
 * only where no key says it better (an unrecognised validation message).
 */
export type TextRef = { key: string; values?: Record<string, string | number>; raw?: string };

export const ERROR_CODES = Object.values(ErrorCode) as TErrorCode[];

export const codeKey = (code: TErrorCode) => `errors.codes.${code}`;

/** Turns a TextRef (or an already final string) into text in the current language. */
export function renderText(text: TextRef | string, t: TFunction): string {
  if (typeof text === 'string') return text;
  if (text.raw && (i18n.resolvedLanguage ?? i18n.language) === 'en') return text.raw;
  return t(text.key, text.values ?? {});
}

// Messages of the shared zod contracts (src/shared/contracts) the server answers with, by pattern.
const VALIDATION_PATTERNS: readonly [RegExp, (m: RegExpExecArray) => TextRef][] = [
  // A bulk-import file as a whole (its field is `csv`, or `file` when uploaded as multipart).
  [/^The file must be at most 5 MB$/, () => ({ key: 'bulkImport.upload.tooBig' })],
  [/^This is not a CSV file$/, () => ({ key: 'bulkImport.upload.notCsv' })],
  [/^The file is empty$/, () => ({ key: 'bulkImport.upload.empty' })],
  [/^The file has a header row but no orders$/, () => ({ key: 'bulkImport.upload.noOrders' })],
  [
    /^A file may hold at most (\d+) shipments$/,
    (m) => ({ key: 'bulkImport.upload.tooManyRows', values: { max: Number(m[1]) } }),
  ],
  [/^Email is required$/, () => ({ key: 'errors.validation.emailRequired' })],
  [/^(Enter a valid email address|Invalid email( address)?)$/i, () => ({ key: 'errors.validation.emailInvalid' })],
  [/^Password is required$/, () => ({ key: 'errors.validation.passwordRequired' })],
  [
    /^Password must be at least (\d+) characters/,
    (m) => ({ key: 'errors.validation.passwordMin', values: { min: Number(m[1]) } }),
  ],
  [
    /^Password must be at most (\d+) characters/,
    (m) => ({ key: 'errors.validation.passwordMax', values: { max: Number(m[1]) } }),
  ],
  [/^Current password is required$/, () => ({ key: 'errors.validation.currentPasswordRequired' })],
  [/^Enter your current password to change your email/, () => ({ key: 'errors.validation.currentPasswordForEmail' })],
  [/6-digit verification code/, () => ({ key: 'errors.validation.codeInvalid' })],
  [/^Enter a mobile number/, () => ({ key: 'errors.validation.mobileNumber' })],
  [/^Add and verify a mobile number/, () => ({ key: 'errors.validation.smsNeedsPhone' })],
  // A webhook endpoint's URL and events (src/shared/contracts/webhooks.ts, the server's address checks).
  [/^Enter the endpoint URL$/, () => ({ key: 'settings.webhooks.errors.urlRequired' })],
  [/^The endpoint URL must be text$/, () => ({ key: 'settings.webhooks.errors.urlText' })],
  [
    /^The endpoint URL must be at most (\d+) characters$/,
    (m) => ({ key: 'settings.webhooks.errors.urlTooLong', values: { max: Number(m[1]) } }),
  ],
  [
    /^Enter a full URL, such as https:\/\/example\.com\/webhooks$/,
    () => ({ key: 'settings.webhooks.errors.urlInvalid' }),
  ],
  [/^The endpoint URL must not contain a user name/, () => ({ key: 'settings.webhooks.errors.urlCredentials' })],
  [/^The endpoint URL must have a port from 1 to 65535$/, () => ({ key: 'settings.webhooks.errors.urlPort' })],
  [/^The endpoint URL must start with https:\/\/$/, () => ({ key: 'settings.webhooks.errors.urlHttps' })],
  [/^The endpoint URL must not point at this server/, () => ({ key: 'settings.webhooks.errors.urlLocalhost' })],
  [
    /^The endpoint URL must point at a public address: (\S+) is /,
    (m) => ({ key: 'settings.webhooks.errors.urlPrivate', values: { address: m[1]! } }),
  ],
  [/^Choose at least one event$/, () => ({ key: 'settings.webhooks.errors.eventsRequired' })],
  [/^(Each event must be one of|Events must be a list)/, () => ({ key: 'settings.webhooks.errors.eventsUnknown' })],
  [/must not contain (line breaks or control|NUL) characters/, () => ({ key: 'errors.validation.controlCharacters' })],
  [
    /(?:must be at most\s+|<=\s*)(\d+) characters/,
    (m) => ({ key: 'errors.validation.tooLong', values: { max: Number(m[1]) } }),
  ],
  [
    /^(Required|.+ is required|Invalid input: expected \w+, received undefined)$/,
    () => ({ key: 'errors.validation.required' }),
  ],
];

/** A server validation message of a field, as a translation: a known contract message, else the raw text. */
export function validationMessageRef(message: string): TextRef {
  for (const [pattern, toRef] of VALIDATION_PATTERNS) {
    const hit = pattern.exec(message);
    if (hit) return toRef(hit);
  }
  return { key: 'errors.validation.invalid', raw: message };
}

function codeRef(error: ApiError): TextRef | null {
  if (error.code && i18n.exists(codeKey(error.code))) return { key: codeKey(error.code) };
  // No code (a proxy or a framework answer): say what the status means.
  const byStatus: Record<number, TErrorCode> = {
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    413: 'PAYLOAD_TOO_LARGE',
    414: 'URI_TOO_LONG',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
  };
  const code = byStatus[error.status];
  return code ? { key: codeKey(code) } : null;
}

/**
 * The text for one field of a failed call: the field's own text for the code
 * (`errors.fields.<field>.<code>`), else the code's text; validation messages by what they say.
 */
export function fieldErrorRef(error: unknown, field: string): TextRef | undefined {
  if (!isApiError(error)) return undefined;
  const message = error.fieldErrors?.[field]?.[0];
  if (!message) return undefined;
  if (error.code && error.code !== 'VALIDATION_ERROR') {
    const own = `errors.fields.${field}.${error.code}`;
    if (i18n.exists(own)) return { key: own };
    const ref = codeRef(error);
    if (ref) return ref;
  }
  return validationMessageRef(message);
}

/** The text for a failed call (a banner or a toast), never the raw English of a known code. */
export function describeError(error: unknown, fallbackKey = 'errors.generic'): TextRef {
  if (!isApiError(error)) return { key: fallbackKey };
  if (error.code === 'VALIDATION_ERROR' || (!error.code && error.fieldErrors)) {
    const first = Object.keys(error.fieldErrors ?? {})[0];
    const ref = first ? fieldErrorRef(error, first) : undefined;
    return ref ?? { key: codeKey('VALIDATION_ERROR'), raw: error.message };
  }
  if ((error.code === 'RATE_LIMITED' || (!error.code && error.status === 429)) && error.retryAfter) {
    return error.retryAfter < 90
      ? { key: 'errors.retryInSeconds', values: { seconds: error.retryAfter } }
      : { key: 'errors.retryInMinutes', values: { minutes: Math.ceil(error.retryAfter / 60) } };
  }
  return codeRef(error) ?? { key: fallbackKey };
}

/** `describeError` in the current language. */
export function errorMessage(error: unknown, t: TFunction, fallbackKey = 'errors.generic'): string {
  return renderText(describeError(error, fallbackKey), t);
}

/** `fieldErrorRef` in the current language. */
export function fieldErrorMessage(error: unknown, field: string, t: TFunction): string | undefined {
  const ref = fieldErrorRef(error, field);
  return ref ? renderText(ref, t) : undefined;
}

// react-hook-form keeps one string per error: a key, or a TextRef packed after this marker.
const PACKED = '\u2063ref:';

/** Packs a TextRef into a react-hook-form error message (read back with `formErrorText`). */
export function packTextRef(ref: TextRef): string {
  return ref.values || ref.raw ? `${PACKED}${JSON.stringify(ref)}` : ref.key;
}

/** A react-hook-form error message (a translation key, a packed TextRef or plain text) in the current language. */
export function formErrorText(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  if (message.startsWith(PACKED)) return renderText(JSON.parse(message.slice(PACKED.length)) as TextRef, t);
  return i18n.exists(message) ? t(message) : message;
}
