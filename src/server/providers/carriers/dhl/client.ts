import { carrierRequest, type CarrierHttpResponse } from '../http';
import type { Purchase, PurchaseRequest, QuoteRequest, TrackingEvent } from '../index';
import {
  buildRateRequest,
  buildShipmentRequest,
  buildTrackRequest,
  parseError,
  parseRateResponse,
  parseShipmentResponse,
  parseTrackResponse,
  type CarrierLabel,
  type DhlAccount,
  type DhlOperation,
  type DhlQuote,
  type HttpCall,
} from './mapping';

export type DhlClientOptions = {
  /** Per-request limit; the caller's signal (e.g. the quote deadline) bounds it too. */
  timeoutMs?: number;
  now?: () => Date;
};

export type DhlPurchase = Purchase & { label: CarrierLabel };

/**
 * Thin MyDHL API client. MyDHL has no call that cancels a shipment: an unused DHL Express waybill is
 * not billed, so voiding is left to the wiring (mark it void on our side), not to this client.
 */
export function createDhlClient(account: DhlAccount, opts: DhlClientOptions = {}) {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? (() => new Date());

  async function send(call: HttpCall, op: DhlOperation, signal?: AbortSignal): Promise<CarrierHttpResponse> {
    const res = await carrierRequest({ ...call, signal, timeoutMs });
    if (res.status < 200 || res.status >= 300) throw parseError(res.status, res.bodyText, op);
    return res;
  }

  return {
    async quote(req: QuoteRequest, { signal }: { signal?: AbortSignal } = {}): Promise<DhlQuote[]> {
      const call = buildRateRequest(account, req);
      if (!call) return [];
      const res = await send(call, 'rate', signal);
      return parseRateResponse(res.bodyText, req);
    },

    async purchase(req: PurchaseRequest, { signal }: { signal?: AbortSignal } = {}): Promise<DhlPurchase> {
      const res = await send(buildShipmentRequest(account, req), 'ship', signal);
      const { trackingNumber, label } = parseShipmentResponse(res.bodyText);
      return { trackingNumber, createdAt: now(), label };
    },

    async track(trackingNumber: string, { signal }: { signal?: AbortSignal } = {}): Promise<TrackingEvent[]> {
      const res = await send(buildTrackRequest(account, trackingNumber), 'track', signal);
      return parseTrackResponse(res.bodyText);
    },
  };
}

export type DhlClient = ReturnType<typeof createDhlClient>;
