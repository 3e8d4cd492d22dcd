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

/**
 * One HTTP exchange with a carrier, any status answered as is: the mapping reads the carrier's error
 * bodies. No retry here — retrying a purchase is the caller's decision (it must be idempotent).
 * A timeout or abort throws CarrierError('TIMEOUT'); a connection failure CarrierError('UNAVAILABLE').
 */
export async function carrierRequest(req: CarrierHttpRequest): Promise<CarrierHttpResponse> {
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
    return { status: res.status, headers, bodyText: new TextDecoder().decode(bodyBytes), bodyBytes };
  } catch (err) {
    if (err instanceof CarrierError) throw err;
    if (signal?.aborted) {
      throw new CarrierError('TIMEOUT', `${host}: no answer in time (${req.method})`);
    }
    throw new CarrierError('UNAVAILABLE', `${host}: could not be reached (${describe(err)})`);
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
