import { randomUUID } from 'node:crypto';
import { carrierRequest, type CarrierHttpResponse } from '../http';
import type { Purchase, PurchaseRequest, QuoteRequest, TrackingEvent } from '../index';
import { parseTokenResponse, TokenCache, withTokenRetry } from '../oauth';
import {
  buildUpsRateRequest,
  buildUpsReferenceTrackRequest,
  buildUpsShipRequest,
  buildUpsTokenRequest,
  buildUpsTrackRequest,
  buildUpsVoidRequest,
  parseUpsRateResponse,
  parseUpsReferenceTrackResponse,
  parseUpsShipResponse,
  parseUpsTrackResponse,
  parseUpsVoidResponse,
  type UpsAccount,
  type UpsCall,
  type UpsPurchase,
  type UpsRateResult,
} from './mapping';
import { buildUpsLabelRecoveryRequest, parseUpsLabelRecoveryResponse } from './label-recovery';

export type UpsClientOptions = {
  account: UpsAccount;
  /** Each request's own limit (a caller's signal may end it sooner). */
  timeoutMs?: number;
  now?: () => Date;
  /** UPS asks for a unique transId per request (32 characters). */
  newTransId?: () => string;
  /** Shared with another client of the same account; one is made otherwise. */
  tokens?: TokenCache;
};

type CallOpts = { signal?: AbortSignal };

/** A thin UPS client: token, timeouts and the mapping; no business rule. */
export type UpsClient = {
  rate(req: QuoteRequest, opts?: CallOpts): Promise<UpsRateResult>;
  purchase(req: PurchaseRequest, opts?: CallOpts): Promise<UpsPurchase>;
  findByReference(reference: string, opts?: CallOpts): Promise<Purchase | null>;
  track(trackingNumber: string, opts?: CallOpts): Promise<TrackingEvent[]>;
  /** Voids by ShipmentIdentificationNumber (the tracking number of a one-package shipment). */
  void(shipmentId: string, opts?: CallOpts): Promise<void>;
  /** The bought label again as ZPL II on 4×6 stock (Label Recovery, decision 038). */
  recoverZplLabel(trackingNumber: string, opts?: CallOpts): Promise<string>;
};

export function createUpsClient(opts: UpsClientOptions): UpsClient {
  const { account } = opts;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? (() => new Date());
  const newTransId = opts.newTransId ?? (() => randomUUID().replaceAll('-', ''));
  const base = account.baseUrl.replace(/\/+$/, '');

  const send = (c: UpsCall, headers: Record<string, string>, signal?: AbortSignal): Promise<CarrierHttpResponse> =>
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
      fetchToken: async (signal) => parseTokenResponse(await send(buildUpsTokenRequest(account), {}, signal), 'UPS'),
    });

  const call = (c: UpsCall, signal?: AbortSignal) =>
    withTokenRetry(tokens, (token) => send(c, { Authorization: `Bearer ${token}` }, signal), signal);

  return {
    async rate(req, o) {
      return parseUpsRateResponse(await call(buildUpsRateRequest(account, req, newTransId()), o?.signal), req);
    },
    async purchase(req, o) {
      return parseUpsShipResponse(await call(buildUpsShipRequest(account, req, newTransId()), o?.signal), now());
    },
    async findByReference(reference, o) {
      const c = buildUpsReferenceTrackRequest(account, reference, newTransId());
      return parseUpsReferenceTrackResponse(await call(c, o?.signal), now());
    },
    async track(trackingNumber, o) {
      return parseUpsTrackResponse(await call(buildUpsTrackRequest(account, trackingNumber, newTransId()), o?.signal));
    },
    async void(shipmentId, o) {
      parseUpsVoidResponse(await call(buildUpsVoidRequest(account, shipmentId, newTransId()), o?.signal));
    },
    async recoverZplLabel(trackingNumber, o) {
      const c = buildUpsLabelRecoveryRequest(account, trackingNumber, newTransId());
      return parseUpsLabelRecoveryResponse(await call(c, o?.signal), trackingNumber);
    },
  };
}
