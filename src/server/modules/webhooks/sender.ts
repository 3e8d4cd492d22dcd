/**
 * Sends one signed webhook (decision 034): the host is resolved here, every address checked
 * (address-check.ts), and the connection made to the checked address itself (a `lookup` that
 * answers it), so a DNS answer that changes between the check and the connection cannot reach a
 * private address. https keeps verifying the certificate against the URL's host name. Redirects
 * are not followed (a 3xx is a failed attempt), the whole attempt ends after the timeout (10 s),
 * and at most 64 KB of the answer is read.
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { bareHost, refusedAddress } from './address-check';

export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: ResolveHost = (host) => dnsLookup(host, { all: true, verbatim: true });

export const SIGNATURE_HEADER = 'Voyageur-Signature';
export const EVENT_ID_HEADER = 'Voyageur-Event-Id';
export const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SendOutcome = {
  ok: boolean;
  /** The receiver's HTTP status; null when none answered. */
  status: number | null;
  durationMs: number;
  /**
   * What the delivery log shows: a neutral reason that names no address or resolver text (review B:
   * the log would map the server's private network), e.g. 'Refused: address not allowed'.
   */
  error: string | null;
  /** The full reason (addresses, system error texts), for the server's log only; never stored or answered. */
  detail?: string;
};

export type SendOptions = {
  url: string;
  body: string;
  secret: string;
  eventId: string;
  eventType: string;
  at: Date;
  allowPrivate: boolean;
  resolve?: ResolveHost;
  timeoutMs?: number;
  /**
   * A keep-alive agent for a run of deliveries to one endpoint (its sockets go only to addresses
   * checked here); without one each attempt has its own connection.
   */
  agent?: http.Agent;
};

class Refused extends Error {}
class NotFound extends Error {}

/** The neutral reasons of the delivery log. */
export const REASON = {
  notAllowed: 'Refused: address not allowed',
  hostNotFound: 'Host not found',
  refused: 'Connection refused',
  tls: 'TLS error',
  failed: 'Could not connect',
} as const;

/** A connection error's neutral reason, by its code (the message may hold an address). */
function connectReason(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return REASON.refused;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return REASON.hostNotFound;
  if (
    /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code) ||
    /ssl|tls|certificate/i.test(err.message)
  ) {
    return REASON.tls;
  }
  return REASON.failed;
}

/** Resolves the host and answers the first address, or throws when any address is refused. */
async function checkedAddress(
  host: string,
  allowPrivate: boolean,
  resolve: ResolveHost,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = isIP(host);
  const addresses = literal !== 0 ? [{ address: host, family: literal }] : await resolve(host);
  if (addresses.length === 0) throw new NotFound(`${host} has no address`);
  for (const a of addresses) {
    const why = refusedAddress(a.address, allowPrivate);
    if (why) throw new Refused(`Refused: ${host} resolves to ${why}`);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export async function sendWebhook(opts: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(opts.url);
  } catch {
    return { ok: false, status: null, durationMs: 0, error: 'The URL cannot be read' };
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && opts.allowPrivate)) {
    return { ok: false, status: null, durationMs: 0, error: 'Refused: the URL must be https' };
  }
  const host = bareHost(url.hostname);
  const deadline = AbortSignal.timeout(timeoutMs);
  let pinned: { address: string; family: 4 | 6 };
  try {
    pinned = await Promise.race([
      checkedAddress(host, opts.allowPrivate, opts.resolve ?? systemResolve),
      new Promise<never>((_, reject) =>
        deadline.addEventListener('abort', () => reject(new Error(`Timed out after ${timeoutMs / 1000} s`))),
      ),
    ]);
  } catch (err) {
    const message = (err as Error).message;
    const error =
      err instanceof Refused ? REASON.notAllowed : message.startsWith('Timed out') ? message : REASON.hostNotFound;
    const detail =
      err instanceof Refused || err instanceof NotFound ? message : `Could not resolve ${host}: ${message}`;
    return { ok: false, status: null, durationMs: took(), error, detail };
  }
  // The connection goes to the address checked above, never to a second DNS answer.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Voyageur-Webhooks/1.0',
    [SIGNATURE_HEADER]: signatureHeader(opts.secret, opts.body, opts.at),
    [EVENT_ID_HEADER]: opts.eventId,
    'Voyageur-Event-Type': opts.eventType,
    'content-length': String(Buffer.byteLength(opts.body)),
  };
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, durationMs: took() });
    };
    const request = (secure ? https : http).request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers,
        lookup,
        agent: opts.agent ?? false,
        ...(secure && isIP(host) === 0 ? { servername: host } : {}),
        signal: deadline,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () =>
          finish({
            ok: status >= 200 && status < 300,
            status,
            error:
              status >= 200 && status < 300
                ? null
                : status >= 300 && status < 400
                  ? `Answered ${status} (redirects are not followed)`
                  : `Answered ${status}`,
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    request.on('error', (err) => {
      const timedOut = deadline.aborted;
      finish({
        ok: false,
        status: null,
        error: timedOut ? `Timed out after ${timeoutMs / 1000} s` : connectReason(err),
        detail: `${host}: ${err.message}`,
      });
    });
    request.end(opts.body);
  });
}
