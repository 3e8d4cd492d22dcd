import type { CarrierCode } from '../../../shared/carriers';
import type { TCarrierMode } from '../../../shared/contracts/carriers';

/**
 * Carrier adapters: quote, and (CarrierOperations) purchase, find by our reference, track and void.
 * A real carrier's purchase hands back the carrier's own label (`carrierLabel`), which the user
 * prints; the sandbox's labels are drawn by us from the shipment (labels/render-label.ts).
 * Decision 023 describes the adapter shape.
 */
export type { CarrierCode };
/** 'sandbox' (our simulation), 'test' (a real carrier's test environment) or 'live' (parcels really ship). */
export type CarrierMode = TCarrierMode;

export type PackageType = 'package' | 'envelope' | 'tube';

export type QuoteEnd = {
  /** Normalized "A1A 1A1" for CA; free text elsewhere. */
  postalCode: string;
  /** Province code for CA, state or region elsewhere. */
  province: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  city: string;
};

/** One line of a customs declaration as the carriers take it (issue 25, decision 037). */
export type CustomsItem = {
  description: string;
  /** Digits only: 6 to 10 (10 for the US). */
  hsCode: string;
  /** ISO 3166-1 alpha-2 country of origin (manufacture). */
  originCountry: string;
  quantity: number;
  /** Value of one unit, in cents of the declaration's currency. */
  unitValueCents: number;
  /** Weight of one unit. */
  weightKg: number;
  /** The goods qualify under CUSMA (origin CA, US or MX with a certificate statement). */
  cusmaQualifying: boolean;
};

/**
 * The customs declaration of a parcel leaving Canada (contracts/customs.ts as ordered): each real
 * adapter writes it in its carrier's own shape. Absent inside Canada.
 */
export type CustomsDeclaration = {
  contentsType: 'merchandise' | 'gift' | 'documents' | 'sample' | 'return';
  currency: 'CAD' | 'USD';
  /** DDP: duties and taxes billed to the shipper (us); DDU: paid by the receiver. */
  incoterm: 'DDP' | 'DDU';
  /** What a postal service does with an undeliverable parcel. */
  nonDelivery: 'return' | 'abandon';
  items: CustomsItem[];
  /** The CAD price of one USD the order was quoted with (e.g. 1.38); the default rate for a quote. */
  cadPerUsd: number;
  /**
   * DDP orders: the duties and taxes estimate the shipper paid with the label, in CAD cents (absent for
   * a quote or DDU). Carriers with an amount field for prepaid duties take it (Canada Post).
   */
  dutiesPrepaidCents?: number;
};

export type QuoteRequest = {
  from: QuoteEnd;
  to: QuoteEnd;
  package: {
    weightKg: number;
    lengthCm: number;
    widthCm: number;
    heightCm: number;
    type: PackageType;
    /** Declared value to cover, in cents; 0 or absent: no coverage (decision 020). */
    declaredValueCents?: number;
  };
  /** YYYY-MM-DD, the day the parcel is handed over (Toronto calendar). */
  shipDate: string;
  /** Leaving Canada: the declaration, when the caller has it (a carrier may price customs with it). */
  customs?: CustomsDeclaration;
};

export type Surcharge = { code: string; amountCents: number };

export type CarrierQuote = {
  carrier: CarrierCode;
  serviceCode: string;
  serviceName: string;
  /** Carrier price including fuel, surcharges and coverage, before tax and before any Voyageur discount. */
  priceCents: number;
  transitDays: number;
  /** The business days a fly-in community at either end added to `transitDays` (included there); absent when none. */
  flyInExtraDays?: number;
  /** YYYY-MM-DD */
  estimatedDelivery: string;
  breakdown: {
    baseCents: number;
    fuelCents: number;
    surchargesCents: Surcharge[];
    billableWeightKg: number;
    /** The charge for covering the declared value (part of priceCents); 0 or absent when none. */
    coverageCents?: number;
  };
};

export type CarrierErrorReason =
  /** The parcel is over this carrier's weight or size limits. */
  | 'LIMIT_EXCEEDED'
  /** The carrier does not serve this lane. */
  | 'UNSUPPORTED_ROUTE'
  /** A fly-in community (no year-round road) at either end, and this carrier has no service that flies. */
  | 'NO_AIR_SERVICE'
  /** No answer within the time allowed. */
  | 'TIMEOUT'
  /** The carrier answered with an error or could not be reached. */
  | 'UNAVAILABLE'
  /** The carrier rate-limited us (HTTP 429): not called again before its Retry-After. */
  | 'BUSY'
  /** The carrier refused the order for another reason than those below (its words in the message). */
  | 'REFUSED'
  /** The carrier rejected an address (postal code, city, province, street): its words in the message. */
  | 'ADDRESS_INVALID'
  /** The carrier does not offer the chosen service for this shipment (at purchase; a rate leaves it out). */
  | 'SERVICE_UNAVAILABLE'
  /** The carrier rejected the customs declaration (an HS code, an origin, a value): its words in the message. */
  | 'CUSTOMS_INVALID'
  /** Void refused: the parcel has been picked up (or the label is already void). */
  | 'NOT_VOIDABLE'
  /** No shipment with that tracking number or reference. */
  | 'NOT_FOUND';

export class CarrierError extends Error {
  constructor(
    readonly reason: CarrierErrorReason,
    message: string,
    /** ADDRESS_INVALID: the address the carrier named, when its words say which ('fromAddress' or 'toAddress'). */
    readonly field?: 'fromAddress' | 'toAddress',
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

export type QuoteOptions = { signal: AbortSignal };

export type Carrier = {
  code: CarrierCode;
  name: string;
  /**
   * Whether this adapter is real: the built-in sandboxes say 'sandbox'; a real adapter says 'test' or
   * 'live' by its configuration. Rates and shipments carry it, and only 'live' labels are unmarked.
   */
  mode: CarrierMode;
  /**
   * Every service this carrier offers for the request, [] when it serves none of them (e.g. DHL
   * inside Canada). Throws CarrierError, e.g. LIMIT_EXCEEDED with the reason in the message.
   */
  quote(req: QuoteRequest, opts: QuoteOptions): Promise<CarrierQuote[]>;
  /** Ordering; absent on a quote-only adapter (its rates can then not be ordered). */
  operations?: CarrierOperations;
};

/** One end of a shipment as printed on the label. */
export type LabelParty = {
  name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
};

export type PurchaseRequest = {
  /** Our shipment id: the carrier-side reference, by which a purchase is found again after a crash. */
  reference: string;
  serviceCode: string;
  from: LabelParty;
  to: LabelParty;
  package: QuoteRequest['package'];
  /** YYYY-MM-DD */
  shipDate: string;
  /** Leaving Canada: the customs declaration the carrier is sent (required by every carrier there). */
  customs?: CustomsDeclaration;
  /**
   * The buyer's default label format (users.label_format, decision 038). A carrier that chooses the
   * format when the label is bought (Canada Post contract, FedEx, DHL Express) buys ZPL II on 4×6
   * stock for 'zpl' (decision 040); the others ignore it. Absent: PDF.
   */
  labelFormat?: LabelFormat;
};

/** The label formats a buyer prints (decision 038). */
export type LabelFormat = 'pdf' | 'zpl';

/** The media type a carrier's ZPL II label is stored and answered with. */
export const ZPL_MEDIA_TYPE = 'application/zpl';

/** A label as the carrier sent it (PDF, or an image such as UPS's PNG): the user prints these bytes. */
export type CarrierLabel = { bytes: Uint8Array; mediaType: string };

/**
 * What a carrier needs later about a shipment it sold (e.g. Canada Post's shipment and refund links
 * for a void): plain JSON, stored with the shipment (shipments.carrier_ref) and handed back as is.
 */
export type CarrierRef = { [key: string]: unknown };

export type Purchase = {
  trackingNumber: string;
  /** When the carrier created the shipment (the tracking schedule starts there). */
  createdAt: Date;
  /**
   * The carrier's own label. Absent from the sandbox (we draw its label), and from a real carrier
   * whose label could not be had yet (the label route asks `fetchLabel` when it is printed).
   */
  carrierLabel?: CarrierLabel;
  /** Opaque JSON the carrier's void (or label fetch) needs later; absent when the tracking number is enough. */
  carrierRef?: CarrierRef;
};

/** Tracking steps in order; a shipment's status follows the latest one. */
export const TRACKING_STEPS = ['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];

export type TrackingEvent = {
  status: TrackingStep;
  /** English text of the step, e.g. 'Picked up by UPS'. */
  description: string;
  /** 'City, PR' */
  location: string;
  occurredAt: Date;
};

export type CarrierOperations = {
  /**
   * Buys the label. Idempotent by `reference`: asking again answers the first purchase. Throws
   * CarrierError: REFUSED (with the carrier's reason), TIMEOUT, UNAVAILABLE.
   */
  purchase(req: PurchaseRequest, opts: QuoteOptions): Promise<Purchase>;
  /** The purchase made under our reference, or null when the carrier has none (never bought, or voided). */
  findByReference(reference: string): Promise<Purchase | null>;
  /** Events that have happened by `now`, oldest first. Throws CarrierError NOT_FOUND. */
  track(trackingNumber: string, now: Date): Promise<TrackingEvent[]>;
  /**
   * Cancels an unused label. Throws CarrierError NOT_VOIDABLE once picked up (or past the carrier's
   * void window; the message is the carrier's reason), NOT_FOUND when unknown. `carrierRef` is the
   * purchase's, as stored.
   */
  void(trackingNumber: string, now: Date, carrierRef?: CarrierRef | null): Promise<void>;
  /** A real carrier's label fetched again (the purchase answered none); absent when the purchase always has it. */
  fetchLabel?(trackingNumber: string, carrierRef: CarrierRef | null, opts: QuoteOptions): Promise<CarrierLabel>;
  /**
   * The carrier's own label as ZPL II (4×6, thermal), asked again from the carrier (decision 038);
   * absent when the carrier's API cannot give a bought label in another format.
   */
  fetchZplLabel?(trackingNumber: string, carrierRef: CarrierRef | null, opts: QuoteOptions): Promise<string>;
  /**
   * A carrier that chooses the label format when it is bought (decision 040): why this bought label
   * (stored as a PDF) is not available as ZPL, in the carrier's terms — the label route's 409.
   */
  whyNoZpl?(carrierRef: CarrierRef | null): string;
};
