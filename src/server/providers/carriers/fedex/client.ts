import { randomUUID } from 'node:crypto';
import { carrierRequest, type CarrierHttpResponse } from '../http';
import type { PurchaseRequest, QuoteRequest, TrackingEvent } from '../index';
import { parseTokenResponse, TokenCache, withTokenRetry } from '../oauth';
import {
  buildFedexCancelRequest,
  buildFedexRateRequest,
  buildFedexShipRequest,
  buildFedexTokenRequest,
  buildFedexTrackRequest,
  parseFedexCancelResponse,
  parseFedexRateResponse,
  parseFedexShipResponse,
  parseFedexTrackResponse,
  type FedexAccount,
  type FedexCall,
  type FedexPurchase,
  type FedexRateResult,
} from './mapping';

export type FedexClientOptions = {
  account: FedexAccount;
  /** Each request's own limit (a caller's signal may end it sooner). */
  timeoutMs?: number;
  now?: () => Date;
  /** x-customer-transaction-id of each request. */
  newTransactionId?: () => string;
  tokens?: TokenCache;
};

type CallOpts = { signal?: AbortSignal };

/**
 * A thin FedEx client: token, timeouts and the mapping; no business rule. There is no lookup by our
 * reference here: a purchase of unknown outcome is settled by voiding (issue 24's recovery rule).
 */
export type FedexClient = {
  rate(req: QuoteRequest, opts?: CallOpts): Promise<FedexRateResult>;
  purchase(req: PurchaseRequest, opts?: CallOpts): Promise<FedexPurchase>;
  track(trackingNumber: string, opts?: CallOpts): Promise<TrackingEvent[]>;
  void(trackingNumber: string, opts?: CallOpts): Promise<void>;
};

export function createFedexClient(opts: FedexClientOptions): FedexClient {
  const { account } = opts;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? (() => new Date());
  const newId = opts.newTransactionId ?? (() => randomUUID());
  const base = account.baseUrl.replace(/\/+$/, '');

  const send = (c: FedexCall, headers: Record<string, string>, signal?: AbortSignal): Promise<CarrierHttpResponse> =>
    carrierRequest({
      url: `${base}${c.path}`,
      method: c.method,
      headers: { ...c.headers, ...headers },
      body: c.body,
      signal,
      timeoutMs,
    });

  const tokens =
    opts.tokens ??
    new TokenCache({
      timeoutMs,
      fetchToken: async (signal) =>
        parseTokenResponse(await send(buildFedexTokenRequest(account), {}, signal), 'FedEx'),
    });

  const call = (c: FedexCall, signal?: AbortSignal) =>
    withTokenRetry(tokens, (token) => send(c, { Authorization: `Bearer ${token}` }, signal), signal);

  return {
    async rate(req, o) {
      return parseFedexRateResponse(await call(buildFedexRateRequest(account, req, newId()), o?.signal), req);
    },
    async purchase(req, o) {
      return parseFedexShipResponse(await call(buildFedexShipRequest(account, req, newId()), o?.signal), now());
    },
    async track(trackingNumber, o) {
      return parseFedexTrackResponse(await call(buildFedexTrackRequest(trackingNumber, newId()), o?.signal));
    },
    async void(trackingNumber, o) {
      parseFedexCancelResponse(await call(buildFedexCancelRequest(account, trackingNumber, newId()), o?.signal));
    },
  };
}
