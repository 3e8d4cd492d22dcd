import type { TApiError, TErrorCode, TFieldErrors } from '../../shared/errors';

/** A failed HTTP answer. `message` is the server's message; `toString()` is "<status>: <body text>". */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: TErrorCode;
  readonly fieldErrors?: TFieldErrors;
  /** Seconds until another try may succeed: the body's `retryAfter`, else the Retry-After header. */
  readonly retryAfter?: number;
  /** On EMAIL_NOT_VERIFIED at sign-in: whether a new code was just mailed. */
  readonly codeSent?: boolean;
  readonly bodyText: string;

  constructor(
    status: number,
    bodyText: string,
    body: Partial<TApiError> | null,
    statusText = '',
    retryAfterHeader: string | null = null,
  ) {
    super(body?.message || bodyText || statusText || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.fieldErrors = body?.fieldErrors;
    this.retryAfter = positiveSeconds(body?.retryAfter) ?? positiveSeconds(retryAfterHeader);
    this.codeSent = typeof body?.codeSent === 'boolean' ? body.codeSent : undefined;
    this.bodyText = bodyText || statusText;
  }

  override toString(): string {
    return `${this.status}: ${this.bodyText}`;
  }
}

/** Whole seconds from a number or a delay-seconds header value; undefined unless positive. */
function positiveSeconds(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.ceil(n) : undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = { headers?: Record<string, string> };

export async function apiRequest<T>(method: Method, path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await apiFetch<T>(method, path, body, opts)).data;
}

/** Like apiRequest, with the response headers too (e.g. the quote's carrier warnings). */
export async function apiFetch<T>(
  method: Method,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { accept: 'application/json', ...opts.headers },
  };
  if (body instanceof FormData) {
    // A file upload (bulk import, decision 038): the browser writes the multipart boundary.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  if (!res.ok) {
    let parsed: Partial<TApiError> | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Partial<TApiError>) : null;
    } catch {
      parsed = null;
    }
    throw new ApiError(res.status, text, parsed, res.statusText, res.headers.get('retry-after'));
  }
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>('POST', path, body, opts),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
