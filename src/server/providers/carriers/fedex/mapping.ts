import { parseCents } from '../../../../shared/money';
import { bytesOfBase64, isZplLabel, refusalError } from '../adapter-support';
import type { CarrierHttpMethod } from '../http';
import {
  CarrierError,
  type CarrierErrorReason,
  type CarrierQuote,
  type CustomsDeclaration,
  type LabelParty,
  type PackageType,
  type Purchase,
  type PurchaseRequest,
  type QuoteEnd,
  type QuoteRequest,
  type TrackingEvent,
  type TrackingStep,
} from '../index';
import { fedexServiceCode, fedexServiceName, fedexServiceType } from './services';
import { customsTotalCents, numberOf } from '../customs';

/*
 * FedEx REST APIs (developer.fedex.com): OAuth, Rate (quotes), Ship (create, cancel), Track.
 * Pure functions: our types → { method, path, headers, body }, FedEx answers → ours.
 */

/** One FedEx account, as the configuration will hand it over (FEDEX_CLIENT_ID, …). */
export type FedexAccount = {
  clientId: string;
  clientSecret: string;
  accountNumber: string;
  /** https://apis.fedex.com (live) or https://apis-sandbox.fedex.com (test). */
  baseUrl: string;
  mode: 'live' | 'test';
};

export type FedexCall = {
  method: CarrierHttpMethod;
  path: string;
  headers: Record<string, string>;
  body?: string;
};

export type FedexAnswer = { status: number; bodyText: string };

/** A quote with the carrier's own tax and rate type (to be merged into a shared type at wiring). */
export type FedexRatedQuote = {
  quote: CarrierQuote;
  /** FedEx's taxes on that price (shipmentRateDetail.taxes), null when none were stated. */
  carrierTaxCents: number | null;
  /** The ratedShipmentDetails entry used: the account's rate when returned, else the list rate. */
  rateType: string;
};

export type FedexRateResult = { quotes: FedexRatedQuote[]; skipped: { serviceType: string; reason: string }[] };

/** The media types of the labels we ask FedEx for: a PDF, or ZPL II for a thermal printer (decision 040). */
export type FedexLabelMediaType = 'application/pdf' | 'application/zpl';

/** The label: PDF or ZPL bytes in base64, or a link to fetch them from when FedEx answered a URL only. */
export type FedexLabel =
  | { kind: 'bytes'; mediaType: FedexLabelMediaType; base64: string }
  | { kind: 'url'; mediaType: FedexLabelMediaType; url: string };

/** FedEx's label docType (the ship request's imageType) for each media type we ask. */
const LABEL_DOC_TYPES: Record<string, FedexLabelMediaType> = { PDF: 'application/pdf', ZPLII: 'application/zpl' };

/** A purchase with the label (to be merged into a shared type at wiring). */
export type FedexPurchase = Purchase & { label: FedexLabel; chargedCents: number | null };

const CURRENCY = 'CAD';
const REFERENCE_MAX = 30;

function jsonHeaders(transactionId: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-locale': 'en_US',
    'x-customer-transaction-id': transactionId,
  };
}

// ---------------------------------------------------------------------------------------------
// OAuth

/** POST /oauth/token, form body grant_type=client_credentials with the client id and secret. */
export function buildFedexTokenRequest(account: FedexAccount): FedexCall {
  return {
    method: 'POST',
    path: '/oauth/token',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: account.clientId,
      client_secret: account.clientSecret,
    }).toString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Kilograms with one decimal, rounded up so that we never declare less than the parcel. */
function kg(weightKg: number): number {
  return Math.ceil(Math.round(weightKg * 1000) / 100) / 10;
}

const cm = (v: number): number => Math.ceil(Math.round(v * 100) / 100);

const SUB_PACKAGING: Record<PackageType, string> = { package: 'PACKAGE', envelope: 'ENVELOPE', tube: 'TUBE' };

function money(cents: number) {
  return { amount: cents / 100, currency: CURRENCY };
}

function addressOf(end: QuoteEnd, lines: string[] = []) {
  const kept = lines.filter((l) => l.trim() !== '').map((l) => l.slice(0, 35));
  return {
    ...(kept.length ? { streetLines: kept } : {}),
    city: end.city,
    stateOrProvinceCode: end.province,
    postalCode: end.postalCode.replaceAll(' ', ''),
    countryCode: end.country,
  };
}

function party(p: LabelParty) {
  const ext = /x\s*([0-9]{1,6})/i.exec(p.phone)?.[1];
  return {
    contact: {
      personName: p.name,
      ...(p.company ? { companyName: p.company } : {}),
      // Stored phones carry an extension after 'x' (shared/phone.ts): FedEx has phoneExtension for it.
      phoneNumber: (p.phone.split(/x/i)[0] ?? '').replace(/[^0-9]/g, '') || '0000000000',
      ...(ext ? { phoneExtension: ext } : {}),
      ...(p.email ? { emailAddress: p.email } : {}),
    },
    address: addressOf(p, [p.address1, p.address2]),
  };
}

function lineItem(pkg: QuoteRequest['package']) {
  return {
    subPackagingType: SUB_PACKAGING[pkg.type],
    weight: { units: 'KG', value: kg(pkg.weightKg) },
    dimensions: { length: cm(pkg.lengthCm), width: cm(pkg.widthCm), height: cm(pkg.heightCm), units: 'CM' },
    ...(pkg.declaredValueCents && pkg.declaredValueCents > 0 ? { declaredValue: money(pkg.declaredValueCents) } : {}),
  };
}

/**
 * Our reference as FedEx keeps it (CUSTOMER_REFERENCE: 30 characters on Ground): a UUID is written
 * as its 16 bytes in base64url (22 characters); anything else longer is refused rather than cut.
 */
export function fedexReference(reference: string): string {
  if (reference.length <= REFERENCE_MAX) return reference;
  const hex = reference.replaceAll('-', '');
  if (/^[0-9a-f]{32}$/i.test(hex)) return Buffer.from(hex, 'hex').toString('base64url');
  throw new CarrierError('REFUSED', `FedEx: reference longer than ${REFERENCE_MAX} characters`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function cents(value: unknown, what: string): number {
  const c = typeof value === 'number' || typeof value === 'string' ? parseCents(value) : null;
  if (c === null) throw new CarrierError('UNAVAILABLE', `FedEx: unreadable amount for ${what}: ${String(value)}`);
  return c;
}

// ---------------------------------------------------------------------------------------------
// Rates

/** POST /rate/v1/rates/quotes — every service, account and list rates, in CAD, with transit times. */
export function buildFedexRateRequest(account: FedexAccount, req: QuoteRequest, transactionId: string): FedexCall {
  const body = {
    accountNumber: { value: account.accountNumber },
    rateRequestControlParameters: { returnTransitTimes: true, servicesNeededOnRateFailure: true },
    requestedShipment: {
      shipper: { address: addressOf(req.from) },
      recipient: { address: addressOf(req.to) },
      shipDateStamp: req.shipDate,
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      packagingType: 'YOUR_PACKAGING',
      rateRequestType: ['ACCOUNT', 'LIST'],
      preferredCurrency: CURRENCY,
      totalPackageCount: 1,
      requestedPackageLineItems: [lineItem(req.package)],
      // Leaving Canada: the declaration when the caller has it (FedEx rates international goods on it).
      ...(req.to.country !== req.from.country && req.customs
        ? { customsClearanceDetail: customsClearanceDetail(account, req.customs, false) }
        : {}),
    },
  };
  return {
    method: 'POST',
    path: '/rate/v1/rates/quotes',
    headers: jsonHeaders(transactionId),
    body: JSON.stringify(body),
  };
}

/** The account's own rate wins over the list rate; PREFERRED_CURRENCY is the account rate in CAD. */
const RATE_TYPE_ORDER = ['ACCOUNT', 'PREFERRED_CURRENCY', 'LIST', 'PREFERRED'];

/** Reads a rate answer; a non-2xx answer throws the carrier's error. */
export function parseFedexRateResponse(answer: FedexAnswer, req: QuoteRequest): FedexRateResult {
  if (answer.status < 200 || answer.status >= 300) throw fedexError(answer, 'rate');
  const output = obj(obj(parseJson(answer.bodyText))['output']);
  if (!('rateReplyDetails' in output)) throw fedexError(answer, 'rate');
  const quotes: FedexRatedQuote[] = [];
  const skipped: FedexRateResult['skipped'] = [];
  for (const raw of arr(output['rateReplyDetails'])) {
    const reply = obj(raw);
    const serviceType = String(reply['serviceType'] ?? '');
    try {
      quotes.push(ratedQuote(reply, serviceType, req));
    } catch (err) {
      if (!(err instanceof CarrierError)) throw err;
      skipped.push({ serviceType, reason: err.message });
    }
  }
  return { quotes, skipped };
}

function ratedQuote(reply: Record<string, unknown>, serviceType: string, req: QuoteRequest): FedexRatedQuote {
  const details = arr(reply['ratedShipmentDetails'])
    .map(obj)
    .filter((d) => (d['currency'] ?? obj(d['shipmentRateDetail'])['currency']) === CURRENCY)
    .map((d) => ({ d, rank: RATE_TYPE_ORDER.indexOf(String(d['rateType'])) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => a.rank - b.rank);
  const chosen = details[0]?.d;
  if (!chosen) throw new CarrierError('UNAVAILABLE', `no rate in ${CURRENCY}`);
  const detail = obj(chosen['shipmentRateDetail']);

  // totalNetFedExCharge is freight plus surcharges without taxes: FedEx's own pre-tax price.
  const priceCents = cents(chosen['totalNetFedExCharge'] ?? chosen['totalNetCharge'], `${serviceType} total`);
  const surcharges = arr(detail['surCharges']).map(obj);
  const isFuel = (s: Record<string, unknown>) => s['type'] === 'FUEL';
  const isCoverage = (s: Record<string, unknown>) => s['type'] === 'DECLARED_VALUE' || s['type'] === 'INSURED_VALUE';
  const fuelCents = surcharges.filter(isFuel).reduce((t, s) => t + cents(s['amount'], 'fuel'), 0);
  const coverageCents = surcharges.filter(isCoverage).reduce((t, s) => t + cents(s['amount'], 'declared value'), 0);
  const surchargesCents = surcharges
    .filter((s) => !isFuel(s) && !isCoverage(s))
    .map((s) => ({ code: `FDX.${String(s['type'] ?? '?')}`, amountCents: cents(s['amount'], String(s['type'])) }))
    .filter((s) => s.amountCents !== 0);
  const baseCents = priceCents - fuelCents - coverageCents - surchargesCents.reduce((t, s) => t + s.amountCents, 0);
  const taxes = arr(detail['taxes']).map(obj);
  const carrierTaxCents = taxes.length ? taxes.reduce((t, x) => t + cents(x['amount'], 'tax'), 0) : null;

  const billing = obj(detail['totalBillingWeight']);
  const bw = Number(billing['value']);
  const billableWeightKg = Number.isFinite(bw)
    ? billing['units'] === 'LB'
      ? Math.round(bw * 0.45359237 * 10) / 10
      : bw
    : req.package.weightKg;

  const { transitDays, estimatedDelivery } = transit(reply, req.shipDate);
  return {
    quote: {
      carrier: 'CA-Fedex',
      serviceCode: fedexServiceCode(serviceType, req.to.country),
      serviceName: fedexServiceName(
        serviceType,
        typeof reply['serviceName'] === 'string' ? reply['serviceName'] : undefined,
        req.to.country,
      ),
      priceCents,
      transitDays,
      estimatedDelivery,
      breakdown: {
        baseCents,
        fuelCents,
        surchargesCents,
        billableWeightKg,
        ...(coverageCents ? { coverageCents } : {}),
      },
    },
    carrierTaxCents,
    rateType: String(chosen['rateType']),
  };
}

/** FedEx's transitTime words (operationalDetail.transitTime). */
const TRANSIT_WORDS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN'];

function transit(reply: Record<string, unknown>, shipDate: string): { transitDays: number; estimatedDelivery: string } {
  const op = obj(reply['operationalDetail']);
  const dated = [obj(obj(reply['commit'])['dateDetail'])['dayFormat'], op['deliveryDate'], op['commitDate']].find(
    (v): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v),
  );
  const date = dated?.slice(0, 10);
  const word = /^([A-Z]+)_DAYS?$/.exec(String(op['transitTime'] ?? ''))?.[1];
  const days = word ? TRANSIT_WORDS.indexOf(word) + 1 : 0;
  if (date) return { transitDays: days || businessDaysBetween(shipDate, date), estimatedDelivery: date };
  if (days) return { transitDays: days, estimatedDelivery: addBusinessDays(shipDate, days) };
  throw new CarrierError('UNAVAILABLE', 'no delivery estimate');
}

export function addBusinessDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

function businessDaysBetween(from: string, to: string): number {
  let n = 0;
  let cur = from;
  while (cur < to && n < 60) {
    cur = addBusinessDays(cur, 1);
    n += 1;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Ship

/**
 * POST /ship/v1/shipments — the label on 4×6 stock in the answer (a PDF, or ZPL II for a buyer who
 * prints on a thermal printer, decision 040), our id as customer reference.
 */
export function buildFedexShipRequest(account: FedexAccount, req: PurchaseRequest, transactionId: string): FedexCall {
  const serviceType = fedexServiceType(req.serviceCode);
  if (!serviceType) throw new CarrierError('SERVICE_UNAVAILABLE', `FedEx: not a FedEx service: ${req.serviceCode}`);
  const body = {
    labelResponseOptions: 'LABEL',
    accountNumber: { value: account.accountNumber },
    requestedShipment: {
      shipper: party(req.from),
      recipients: [party(req.to)],
      shipDatestamp: req.shipDate,
      serviceType,
      packagingType: 'YOUR_PACKAGING',
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      shippingChargesPayment: { paymentType: 'SENDER' },
      labelSpecification: {
        labelFormatType: 'COMMON2D',
        imageType: req.labelFormat === 'zpl' ? 'ZPLII' : 'PDF',
        labelStockType: 'STOCK_4X6',
      },
      rateRequestType: ['ACCOUNT'],
      preferredCurrency: CURRENCY,
      totalPackageCount: 1,
      requestedPackageLineItems: [
        {
          ...lineItem(req.package),
          customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: fedexReference(req.reference) }],
        },
      ],
      ...(req.to.country !== req.from.country ? internationalShipment(account, req) : {}),
    },
  };
  return {
    method: 'POST',
    path: '/ship/v1/shipments',
    headers: jsonHeaders(transactionId),
    body: JSON.stringify(body),
  };
}

/** FedEx's shipmentPurpose of the commercial invoice for our contents types. */
const SHIPMENT_PURPOSE: Record<CustomsDeclaration['contentsType'], string> = {
  merchandise: 'SOLD',
  gift: 'GIFT',
  documents: 'NOT_SOLD',
  sample: 'SAMPLE',
  return: 'REPAIR_AND_RETURN',
};

function customsMoney(cents: number, currency: string) {
  return { amount: numberOf(cents), currency };
}

/**
 * customsClearanceDetail of a parcel leaving Canada: who pays duties and taxes (SENDER, our
 * account, for DDP; RECIPIENT for DDU), the commercial invoice's terms, one commodity per line of
 * the declaration and the total customs value. `forShipping` adds the invoice's reference.
 */
function customsClearanceDetail(
  account: FedexAccount,
  customs: CustomsDeclaration,
  forShipping: boolean,
  reference?: string,
) {
  const currency = customs.currency;
  return {
    dutiesPayment:
      customs.incoterm === 'DDP'
        ? { paymentType: 'SENDER', payor: { responsibleParty: { accountNumber: { value: account.accountNumber } } } }
        : { paymentType: 'RECIPIENT' },
    isDocumentOnly: customs.contentsType === 'documents',
    commercialInvoice: {
      shipmentPurpose: SHIPMENT_PURPOSE[customs.contentsType],
      termsOfSale: customs.incoterm,
      ...(forShipping && reference
        ? { customerReferences: [{ customerReferenceType: 'INVOICE_NUMBER', value: reference }] }
        : {}),
    },
    commodities: customs.items.map((item) => ({
      description: item.description.slice(0, 450),
      countryOfManufacture: item.originCountry,
      harmonizedCode: item.hsCode,
      quantity: item.quantity,
      quantityUnits: 'PCS',
      numberOfPieces: item.quantity,
      unitPrice: customsMoney(item.unitValueCents, currency),
      customsValue: customsMoney(item.unitValueCents * item.quantity, currency),
      weight: { units: 'KG', value: kg(item.weightKg * item.quantity) },
    })),
    totalCustomsValue: customsMoney(customsTotalCents(customs), currency),
  };
}

/**
 * What a shipment leaving Canada adds: its customs clearance detail, and the commercial invoice
 * FedEx generates and sends electronically (Electronic Trade Documents), so no paper travels.
 */
function internationalShipment(account: FedexAccount, req: PurchaseRequest) {
  if (!req.customs) {
    throw new CarrierError('CUSTOMS_INVALID', 'FedEx: a shipment leaving Canada needs its customs declaration');
  }
  return {
    customsClearanceDetail: customsClearanceDetail(account, req.customs, true, fedexReference(req.reference)),
    shipmentSpecialServices: {
      specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
      etdDetail: { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] },
    },
    shippingDocumentSpecification: {
      shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
      commercialInvoiceDetail: { documentFormat: { docType: 'PDF', stockType: 'PAPER_LETTER' } },
    },
  };
}

/** Reads a ship answer: the tracking number and the label (base64 PDF or ZPL, or its URL). */
export function parseFedexShipResponse(answer: FedexAnswer, now: Date): FedexPurchase {
  if (answer.status < 200 || answer.status >= 300) throw fedexError(answer, 'ship');
  const shipment = obj(arr(obj(obj(parseJson(answer.bodyText))['output'])['transactionShipments'])[0]);
  const piece = obj(arr(shipment['pieceResponses'])[0]);
  const trackingNumber = shipment['masterTrackingNumber'] ?? piece['trackingNumber'];
  const docs = [...arr(piece['packageDocuments']), ...arr(shipment['shipmentDocuments'])].map(obj);
  const labelDoc = docs.find(
    (d) => d['contentType'] === 'LABEL' && Object.hasOwn(LABEL_DOC_TYPES, String(d['docType'] ?? 'PDF')),
  );
  if (typeof trackingNumber !== 'string' || !labelDoc) {
    throw new CarrierError('UNAVAILABLE', 'FedEx: the shipment answer has no tracking number or PDF/ZPL label');
  }
  const mediaType = LABEL_DOC_TYPES[String(labelDoc['docType'] ?? 'PDF')]!;
  const label: FedexLabel | null =
    typeof labelDoc['encodedLabel'] === 'string' && labelDoc['encodedLabel']
      ? { kind: 'bytes', mediaType, base64: labelDoc['encodedLabel'] }
      : typeof labelDoc['url'] === 'string'
        ? { kind: 'url', mediaType, url: labelDoc['url'] }
        : null;
  if (!label) throw new CarrierError('UNAVAILABLE', 'FedEx: the label has neither bytes nor a link');
  if (label.kind === 'bytes' && mediaType === 'application/zpl' && !isZplLabel(bytesOfBase64(label.base64))) {
    throw new CarrierError('UNAVAILABLE', 'FedEx: the ZPLII label is not ZPL');
  }
  const charged = piece['netChargeAmount'];
  return {
    trackingNumber,
    createdAt: now,
    label,
    chargedCents: typeof charged === 'number' ? parseCents(charged) : null,
  };
}

/** PUT /ship/v1/shipments/cancel. */
export function buildFedexCancelRequest(
  account: FedexAccount,
  trackingNumber: string,
  transactionId: string,
): FedexCall {
  return {
    method: 'PUT',
    path: '/ship/v1/shipments/cancel',
    headers: jsonHeaders(transactionId),
    body: JSON.stringify({
      accountNumber: { value: account.accountNumber },
      deletionControl: 'DELETE_ALL_PACKAGES',
      trackingNumber,
    }),
  };
}

/** A cancel FedEx confirmed (cancelledShipment) returns; a refusal throws NOT_VOIDABLE with its reason. */
export function parseFedexCancelResponse(answer: FedexAnswer): void {
  if (answer.status < 200 || answer.status >= 300) throw fedexError(answer, 'void');
  const output = obj(obj(parseJson(answer.bodyText))['output']);
  if (output['cancelledShipment'] !== true) {
    const alert = obj(arr(output['alerts'])[0]);
    const why = alert['message'] ?? output['message'] ?? output['successMessage'] ?? 'cancel not confirmed';
    throw new CarrierError('NOT_VOIDABLE', `FedEx: ${String(why)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Track

/** POST /track/v1/trackingnumbers with detailed scans. */
export function buildFedexTrackRequest(trackingNumber: string, transactionId: string): FedexCall {
  return {
    method: 'POST',
    path: '/track/v1/trackingnumbers',
    headers: jsonHeaders(transactionId),
    body: JSON.stringify({ includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber } }] }),
  };
}

/** FedEx scan event types (Track API, tracking status codes) that name our steps. */
const LABEL_CREATED = new Set(['OC', 'MD']);
const PICKED_UP = new Set(['PU', 'PX']);
const OUT_FOR_DELIVERY = new Set(['OD', 'ED']);

export function fedexStep(eventType: string, derivedStatusCode: string): TrackingStep {
  if (eventType === 'DL' || derivedStatusCode === 'DL') return 'delivered';
  if (OUT_FOR_DELIVERY.has(eventType) || derivedStatusCode === 'OD') return 'out_for_delivery';
  if (PICKED_UP.has(eventType)) return 'picked_up';
  if (LABEL_CREATED.has(eventType)) return 'label_created';
  return 'in_transit';
}

/** Reads a tracking answer into our events, oldest first. Unknown number: NOT_FOUND. */
export function parseFedexTrackResponse(answer: FedexAnswer): TrackingEvent[] {
  if (answer.status < 200 || answer.status >= 300) throw fedexError(answer, 'track');
  const complete = obj(arr(obj(obj(parseJson(answer.bodyText))['output'])['completeTrackResults'])[0]);
  const result = obj(arr(complete['trackResults'])[0]);
  const error = obj(result['error']);
  if (error['code'] || !('scanEvents' in result)) {
    throw new CarrierError(
      'NOT_FOUND',
      `FedEx: ${[error['code'], error['message']].filter(Boolean).join(' ') || 'no tracking information'}`,
    );
  }
  const events: TrackingEvent[] = [];
  for (const raw of arr(result['scanEvents'])) {
    const e = obj(raw);
    const occurredAt = new Date(String(e['date'] ?? ''));
    if (Number.isNaN(occurredAt.getTime())) continue;
    const loc = obj(e['scanLocation']);
    events.push({
      status: fedexStep(String(e['eventType'] ?? ''), String(e['derivedStatusCode'] ?? '')),
      description: String(e['eventDescription'] ?? e['derivedStatus'] ?? ''),
      location: [loc['city'], loc['stateOrProvinceCode']].filter((x) => typeof x === 'string' && x).join(', '),
      occurredAt,
    });
  }
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

// ---------------------------------------------------------------------------------------------
// Errors

export type FedexOperation = 'rate' | 'ship' | 'void' | 'track';

const LIMIT_WORDS = /exceed|maximum|too (heavy|large|long)|over(size| the limit)/i;
const ROUTE_CODES = new Set(['SERVICE.NOT.AVAILABLE', 'RATE.LOCATION.NOSERVICE', 'SERVICE.UNAVAILABLE.FORLOCATION']);

/** The carrier's `errors[{code, message}]` as one CarrierError. */
export function fedexError(answer: FedexAnswer, op: FedexOperation): CarrierError {
  const errors = arr(obj(parseJson(answer.bodyText))['errors']).map(obj);
  const text = errors.map((e) => [e['code'], e['message']].filter((x) => typeof x === 'string').join(' ')).join('; ');
  const message = `FedEx: ${text || `HTTP ${answer.status}`}`;
  const codes = errors.map((e) => String(e['code'] ?? ''));
  const reason = ((): CarrierErrorReason => {
    if (answer.status >= 500 || answer.status === 429 || answer.status === 401 || answer.status === 403) {
      return 'UNAVAILABLE';
    }
    if (op === 'track' || answer.status === 404 || codes.some((c) => c.includes('NOTFOUND'))) return 'NOT_FOUND';
    if (op === 'void') return 'NOT_VOIDABLE';
    if (answer.status < 400 && errors.length === 0) return 'UNAVAILABLE';
    if (codes.some((c) => ROUTE_CODES.has(c))) return op === 'rate' ? 'UNSUPPORTED_ROUTE' : 'SERVICE_UNAVAILABLE';
    if (errors.some((e) => LIMIT_WORDS.test(String(e['message'] ?? '')))) return 'LIMIT_EXCEEDED';
    return 'REFUSED';
  })();
  // A validation refusal of a rate or a label: an address, the service, or another reason.
  if (reason === 'REFUSED' && (op === 'rate' || op === 'ship')) return refusalError(text, message);
  return new CarrierError(reason, message);
}
