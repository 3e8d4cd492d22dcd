import { carrierRequest, type CarrierHttpResponse } from '../http';
import type { Purchase, PurchaseRequest, QuoteRequest, TrackingEvent } from '../index';
import {
  buildLabelRequest,
  buildRateRequest,
  buildShipmentRequest,
  buildTrackRequest,
  buildVoidRequest,
  parseError,
  parseLabelResponse,
  parseRateResponse,
  parseShipmentResponse,
  parseTrackResponse,
  parseVoidResponse,
  type CanadaPostAccount,
  type CanadaPostOperation,
  type CanadaPostQuote,
  type CanadaPostShipmentRef,
  type CarrierLabel,
  type HttpCall,
} from './mapping';

export type CanadaPostClientOptions = {
  /** Per-request limit; the caller's signal (e.g. the quote deadline) bounds it too. */
  timeoutMs?: number;
  now?: () => Date;
};

export type CanadaPostPurchase = Purchase & {
  ref: CanadaPostShipmentRef;
  /** null when the shipment was made but the label could not be fetched: fetch it again with fetchLabel. */
  label: CarrierLabel | null;
};

/** Thin Canada Post client: sends what the mapping builds, hands answers back to it. */
export function createCanadaPostClient(account: CanadaPostAccount, opts: CanadaPostClientOptions = {}) {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? (() => new Date());

  async function send(call: HttpCall, op: CanadaPostOperation, signal?: AbortSignal): Promise<CarrierHttpResponse> {
    const res = await carrierRequest({ ...call, signal, timeoutMs });
    if (res.status < 200 || res.status >= 300) throw parseError(res.status, res.bodyText, op);
    return res;
  }

  async function fetchLabel(ref: CanadaPostShipmentRef, signal?: AbortSignal): Promise<CarrierLabel> {
    const res = await send(buildLabelRequest(account, ref), 'label', signal);
    return parseLabelResponse(res.bodyBytes, res.headers['content-type']);
  }

  return {
    async quote(req: QuoteRequest, { signal }: { signal?: AbortSignal } = {}): Promise<CanadaPostQuote[]> {
      const res = await send(buildRateRequest(account, req), 'rate', signal);
      return parseRateResponse(res.bodyText, req);
    },

    async purchase(req: PurchaseRequest, { signal }: { signal?: AbortSignal } = {}): Promise<CanadaPostPurchase> {
      const res = await send(buildShipmentRequest(account, req), 'ship', signal);
      const ref = parseShipmentResponse(res.bodyText);
      const createdAt = now();
      let label: CarrierLabel | null = null;
      try {
        label = await fetchLabel(ref, signal);
      } catch {
        // The shipment exists and is paid for: the caller keeps it and fetches the label again.
        label = null;
      }
      return { trackingNumber: ref.trackingNumber, createdAt, ref, label };
    },

    fetchLabel,

    async track(pin: string, { signal }: { signal?: AbortSignal } = {}): Promise<TrackingEvent[]> {
      const res = await send(buildTrackRequest(account, pin), 'track', signal);
      return parseTrackResponse(res.bodyText);
    },

    async void(ref: CanadaPostShipmentRef, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
      const res = await send(buildVoidRequest(account, ref), 'void', signal);
      parseVoidResponse(res.status, res.bodyText);
    },
  };
}

export type CanadaPostClient = ReturnType<typeof createCanadaPostClient>;
