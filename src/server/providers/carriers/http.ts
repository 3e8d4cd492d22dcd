import { CarrierError } from './index';

export type CarrierHttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type CarrierHttpRequest = {
  url: string;
  method: CarrierHttpMethod;
  headers?: Record<string, string>;
  /** A string (JSON, XML, form) or bytes; absent for GET/DELETE. */
  body?: string | Uint8Array<ArrayBuffer>;
  /** The caller's cancellation (the quote deadline, a shut-down); aborting it is a TIMEOUT. */
  signal?: AbortSignal;
  /** This request's own limit; absent: only `signal` bounds it. */
  timeoutMs?: number;
};

export type CarrierHttpResponse = {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body decoded as UTF-8. */
  bodyText: string;
  /** The body as received (a label PDF or image is binary). */
  bodyBytes: Uint8Array;
};

/** Without a readable Retry-After, a 429 keeps the carrier's host quiet this long. */
export const DEFAULT_RETRY_AFTER_MS = 30_000;
/** A Retry-After further out than this (a mistyped date) is cut to it. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Per origin (scheme, host and port: one carrier's API), the instant before which it is not called. */
const busyUntil = new Map<string, number>();
let clock: () => number = () => Date.now();

/**
 * Retry-After as milliseconds from `nowMs`: delay-seconds ("120") or an HTTP date
 * ("Wed, 21 Oct 2026 07:28:00 GMT"); null when absent or unreadable. A date in the past is 0.
 */
export function retryAfterMs(value: string | undefined, nowMs: number): number | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  if (!/[a-z]/i.test(v)) return null;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/** When the carrier behind `url` may be called again (epoch ms), or null when it may be now. */
export function carrierBusyUntil(url: string): number | null {
  const until = busyUntil.get(originOf(url));
  return until !== undefined && until > clock() ? until : null;
}

/** Tests: forget every carrier's Retry-After, and read time from `now` (default: the real clock). */
export function resetCarrierBusy(now?: () => number): void {
  busyUntil.clear();
  clock = now ?? (() => Date.now());
}

/**
 * One HTTP exchange with a carrier, any status answered as is: the mapping reads the carrier's error
 * bodies. No retry here — retrying a purchase is the caller's decision (it must be idempotent).
 * A timeout or abort throws CarrierError('TIMEOUT'); a connection failure CarrierError('UNAVAILABLE').
 * A 429 throws CarrierError('BUSY') and keeps that carrier's origin quiet until its Retry-After
 * (seconds or an HTTP date; 30 s when absent, at most an hour): every call before then throws BUSY
 * at once, without reaching the carrier, so a quote leaves the carrier out as busy rather than waiting.
 */
export async function carrierRequest(req: CarrierHttpRequest): Promise<CarrierHttpResponse> {
  const origin = originOf(req.url);
  const quietUntil = carrierBusyUntil(req.url);
  if (quietUntil !== null) {
    throw new CarrierError(
      'BUSY',
      `${hostOf(req.url)} is busy: it asked us to wait until ${new Date(quietUntil).toISOString()} (HTTP 429)`,
    );
  }
  const signals: AbortSignal[] = [];
  if (req.signal) signals.push(req.signal);
  if (req.timeoutMs !== undefined) signals.push(AbortSignal.timeout(req.timeoutMs));
  const signal = signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  const host = hostOf(req.url);

  if (signal?.aborted) throw new CarrierError('TIMEOUT', `${host}: aborted before the request was sent`);
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      redirect: 'manual',
    });
    // The body read is bounded by the same signal: a carrier that stalls mid-body is a timeout too.
    const bodyBytes = new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    if (res.status === 429) {
      const now = clock();
      const wait = retryAfterMs(headers['retry-after'], now) ?? DEFAULT_RETRY_AFTER_MS;
      const until = now + Math.min(wait, MAX_RETRY_AFTER_MS);
      if (until > (busyUntil.get(origin) ?? 0)) busyUntil.set(origin, until);
      throw new CarrierError(
        'BUSY',
        `${host} is busy: too many requests (HTTP 429), asked again after ${new Date(until).toISOString()}`,
      );
    }
    return { status: res.status, headers, bodyText: new TextDecoder().decode(bodyBytes), bodyBytes };
  } catch (err) {
    if (err instanceof CarrierError) throw err;
    if (signal?.aborted) {
      throw new CarrierError('TIMEOUT', `${host}: no answer in time (${req.method})`);
    }
    throw new CarrierError('UNAVAILABLE', `${host}: could not be reached (${describe(err)})`);
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'carrier';
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    if (cause instanceof Error && 'code' in cause) return String((cause as Error & { code: unknown }).code);
    return err.message;
  }
  return String(err);
}
