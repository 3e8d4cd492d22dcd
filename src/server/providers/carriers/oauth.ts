import type { CarrierHttpResponse } from './http';
import { CarrierError } from './index';

export type AccessToken = { accessToken: string; expiresInSeconds: number };

/** Asks the carrier's token endpoint once; throws CarrierError (REFUSED, UNAVAILABLE, TIMEOUT). */
export type TokenFetcher = (signal: AbortSignal) => Promise<AccessToken>;

export type TokenCacheOptions = {
  fetchToken: TokenFetcher;
  /** The token request's own limit, independent of any one waiter's deadline. */
  timeoutMs?: number;
  /** A token is renewed this long before it expires, so that none expires in flight. */
  marginMs?: number;
  /** After a failed refresh, callers get the same error without a new request for this long. */
  failureHoldMs?: number;
  /** Bad credentials do not mend by themselves: their failure is held longer. */
  refusedHoldMs?: number;
  now?: () => number;
};

type Held = { token: string; expiresAt: number };
type Failure = { error: CarrierError; until: number };

/**
 * A client-credentials token, cached until shortly before it expires. However many requests wait,
 * one refresh runs at a time (single flight), and a failing token endpoint is not hammered: its
 * failure is answered to every caller for a short hold.
 */
export class TokenCache {
  private held: Held | null = null;
  private inFlight: Promise<string> | null = null;
  private failure: Failure | null = null;
  private readonly fetchToken: TokenFetcher;
  private readonly timeoutMs: number;
  private readonly marginMs: number;
  private readonly failureHoldMs: number;
  private readonly refusedHoldMs: number;
  private readonly now: () => number;

  constructor(opts: TokenCacheOptions) {
    this.fetchToken = opts.fetchToken;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.marginMs = opts.marginMs ?? 60_000;
    this.failureHoldMs = opts.failureHoldMs ?? 5_000;
    this.refusedHoldMs = opts.refusedHoldMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** A valid token, from the cache or the one refresh in flight. `signal` bounds only this caller's wait. */
  async get(signal?: AbortSignal): Promise<string> {
    const now = this.now();
    if (this.held && now < this.held.expiresAt) return this.held.token;
    if (this.failure && now < this.failure.until) throw this.failure.error;
    this.inFlight ??= this.refresh();
    return signal ? raceAbort(this.inFlight, signal) : this.inFlight;
  }

  /**
   * Drops `token` after the carrier answered 401 to it. Only that token: when another caller has
   * already replaced it, the newer token stays and no second refresh starts.
   */
  invalidate(token: string): void {
    if (this.held?.token === token) this.held = null;
  }

  private async refresh(): Promise<string> {
    try {
      const t = await this.fetchToken(AbortSignal.timeout(this.timeoutMs));
      const lifetimeMs = Math.max(0, t.expiresInSeconds * 1000);
      // A very short-lived token is renewed at half its life rather than never being cached.
      const margin = Math.min(this.marginMs, lifetimeMs / 2);
      this.held = { token: t.accessToken, expiresAt: this.now() + lifetimeMs - margin };
      this.failure = null;
      return t.accessToken;
    } catch (err) {
      const error =
        err instanceof CarrierError ? err : new CarrierError('UNAVAILABLE', `token request failed: ${String(err)}`);
      const hold = error.reason === 'REFUSED' ? this.refusedHoldMs : this.failureHoldMs;
      this.failure = { error, until: this.now() + hold };
      throw error;
    } finally {
      this.inFlight = null;
    }
  }
}

function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new CarrierError('TIMEOUT', 'no token in time'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CarrierError('TIMEOUT', 'no token in time'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Sends with the cached token; on a 401, drops that token and retries once with a fresh one. A
 * second 401 is answered as is (the mapping turns it into the carrier's error).
 */
export async function withTokenRetry<R extends { status: number }>(
  cache: TokenCache,
  send: (token: string) => Promise<R>,
  signal?: AbortSignal,
): Promise<R> {
  const token = await cache.get(signal);
  const first = await send(token);
  if (first.status !== 401) return first;
  cache.invalidate(token);
  return send(await cache.get(signal));
}

/**
 * Reads an RFC 6749 token answer ({ access_token, expires_in }, expires_in a number or, as UPS sends
 * it, a numeric string). 400/401/403 are bad credentials (REFUSED); anything else that is not a
 * token is the endpoint failing (UNAVAILABLE).
 */
export function parseTokenResponse(res: CarrierHttpResponse, carrierName: string): AccessToken {
  let body: unknown = null;
  try {
    body = JSON.parse(res.bodyText);
  } catch {
    // Not JSON (an HTML error page from a gateway): judged by the status below.
  }
  const obj = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (res.status >= 200 && res.status < 300) {
    const accessToken = obj['access_token'];
    const expiresIn = Number(obj['expires_in']);
    if (typeof accessToken === 'string' && accessToken !== '' && Number.isFinite(expiresIn) && expiresIn > 0) {
      return { accessToken, expiresInSeconds: expiresIn };
    }
    throw new CarrierError('UNAVAILABLE', `${carrierName}: the token endpoint answered no usable token`);
  }
  const detail = tokenErrorText(obj);
  if (res.status === 400 || res.status === 401 || res.status === 403) {
    throw new CarrierError('REFUSED', `${carrierName}: credentials refused (${detail || `HTTP ${res.status}`})`);
  }
  throw new CarrierError(
    'UNAVAILABLE',
    `${carrierName}: token endpoint HTTP ${res.status}${detail ? ` (${detail})` : ''}`,
  );
}

function tokenErrorText(obj: Record<string, unknown>): string {
  if (typeof obj['error_description'] === 'string') return obj['error_description'];
  if (typeof obj['error'] === 'string') return obj['error'];
  // UPS { response: { errors: [...] } } and FedEx { errors: [...] }.
  const response = obj['response'];
  const errors =
    (typeof response === 'object' && response !== null ? (response as Record<string, unknown>)['errors'] : undefined) ??
    obj['errors'];
  if (Array.isArray(errors)) {
    return errors
      .map((e: unknown) => {
        const r = typeof e === 'object' && e !== null ? (e as Record<string, unknown>) : {};
        return [r['code'], r['message']].filter((x) => typeof x === 'string').join(' ');
      })
      .filter(Boolean)
      .join('; ');
  }
  return '';
}
