import { carrierRequest, type CarrierHttpResponse } from '../http';
import type { Purchase, PurchaseRequest, QuoteRequest, TrackingEvent } from '../index';
import {
  buildDocumentsRequest,
  buildLabelUrlRequest,
  buildRateRequest,
  buildShipmentRequest,
  buildTrackByReferenceRequest,
  buildTrackRequest,
  buildVoidRequest,
  labelDocumentType,
  parseDocumentsResponse,
  parseLabelUrlResponse,
  parseRateResponse,
  parseShipmentResponse,
  parseTrackByReferenceResponse,
  parseTrackResponse,
  parseVoidResponse,
  type CarrierLabel,
  type HttpCall,
  type PurolatorAccount,
  type PurolatorOutputType,
  type PurolatorQuote,
} from './mapping';

export type PurolatorClientOptions = {
  /** Per-request limit; the caller's signal (e.g. the quote deadline) bounds it too. */
  timeoutMs?: number;
  now?: () => Date;
};

export type PurolatorPurchase = Purchase & {
  /** The GetDocuments document type to ask again with fetchLabel. */
  documentType: string;
  /** null when the shipment was made but the label could not be had: fetch it again with fetchLabel. */
  label: CarrierLabel | null;
};

/** The GetDocuments types a shipment found by reference may have (its lanes are not known then). */
export const REFERENCE_DOCUMENT_TYPES = ['DomesticBillOfLadingThermal', 'InternationalBillOfLadingThermal'] as const;

/** Thin Purolator SOAP client: sends what the mapping builds; SOAP faults are read by the mapping. */
export function createPurolatorClient(account: PurolatorAccount, opts: PurolatorClientOptions = {}) {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? (() => new Date());

  function send(call: HttpCall, signal?: AbortSignal): Promise<CarrierHttpResponse> {
    return carrierRequest({ ...call, signal, timeoutMs });
  }

  /** The shipment's document of this type from GetDocuments: the PDF, or ZPL II (decision 040). */
  async function fetchLabel(
    pin: string,
    documentType: string,
    signal?: AbortSignal,
    outputType: PurolatorOutputType = 'PDF',
  ): Promise<CarrierLabel> {
    const res = await send(buildDocumentsRequest(account, pin, documentType, outputType), signal);
    const doc = parseDocumentsResponse(res.status, res.bodyText, outputType);
    if (doc.kind === 'bytes') return doc.label;
    const file = await send(buildLabelUrlRequest(account, doc.url, outputType), signal);
    return parseLabelUrlResponse(file.bodyBytes, outputType);
  }

  return {
    async quote(req: QuoteRequest, { signal }: { signal?: AbortSignal } = {}): Promise<PurolatorQuote[]> {
      const res = await send(buildRateRequest(account, req), signal);
      return parseRateResponse(res.status, res.bodyText, req);
    },

    async purchase(req: PurchaseRequest, { signal }: { signal?: AbortSignal } = {}): Promise<PurolatorPurchase> {
      const res = await send(buildShipmentRequest(account, req), signal);
      const { trackingNumber } = parseShipmentResponse(res.status, res.bodyText);
      const createdAt = now();
      const documentType = labelDocumentType(req.from, req.to);
      let label: CarrierLabel | null;
      try {
        label = await fetchLabel(trackingNumber, documentType, signal);
      } catch {
        // The shipment exists and is billed: the caller keeps it and fetches the label again.
        label = null;
      }
      return { trackingNumber, createdAt, documentType, label };
    },

    fetchLabel,

    /**
     * The shipment bought under our reference (TrackPackagesByReference), or null. Its label is asked
     * at once (GetDocuments; the domestic document type first, then the international one, since the
     * lanes are not in the answer), and left to fetchLabel when neither is ready.
     */
    async findByReference(
      reference: string,
      { signal }: { signal?: AbortSignal } = {},
    ): Promise<PurolatorPurchase | null> {
      const res = await send(buildTrackByReferenceRequest(account, reference, now()), signal);
      const found = parseTrackByReferenceResponse(res.status, res.bodyText);
      if (!found) return null;
      for (const documentType of REFERENCE_DOCUMENT_TYPES) {
        try {
          const label = await fetchLabel(found.trackingNumber, documentType, signal);
          return { trackingNumber: found.trackingNumber, createdAt: found.createdAt ?? now(), documentType, label };
        } catch {
          // not this document type, or not ready: the next one, else fetchLabel later
        }
      }
      return {
        trackingNumber: found.trackingNumber,
        createdAt: found.createdAt ?? now(),
        documentType: '',
        label: null,
      };
    },

    async track(pin: string, { signal }: { signal?: AbortSignal } = {}): Promise<TrackingEvent[]> {
      const res = await send(buildTrackRequest(account, pin), signal);
      return parseTrackResponse(res.status, res.bodyText);
    },

    async void(pin: string, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
      const res = await send(buildVoidRequest(account, pin), signal);
      parseVoidResponse(res.status, res.bodyText);
    },
  };
}

export type PurolatorClient = ReturnType<typeof createPurolatorClient>;
