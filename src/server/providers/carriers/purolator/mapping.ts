import { carrierXml } from '../xml';
import { centsToDecimal, parseCents } from '../../../../shared/money';
import { isZplLabel, refusalError } from '../adapter-support';
import {
  CarrierError,
  type CarrierErrorReason,
  type CarrierMode,
  type CarrierQuote,
  type LabelParty,
  type PurchaseRequest,
  type QuoteRequest,
  type Surcharge,
  type TrackingEvent,
  type TrackingStep,
} from '../index';
import { purolatorServiceById, purolatorServiceId } from './services';
import { decimalOf } from '../customs';

/**
 * Purolator E-Ship web services (SOAP 1.1) mapping: our requests → the documented envelopes, the
 * answers (including SOAP faults and ResponseInformation errors) → ours. Pure: no I/O, no clock.
 */

export const PUROLATOR_PRODUCTION_URL = 'https://webservices.purolator.com';
export const PUROLATOR_TEST_URL = 'https://devwebservices.purolator.com';

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** Each service: its path, namespace version, RequestContext version and SOAPAction. */
export const PUROLATOR_SERVICES_ENDPOINTS = {
  estimate: {
    path: '/EWS/V2/Estimating/EstimatingService.asmx',
    ns: 'v2',
    version: '2.1',
    action: 'http://purolator.com/pws/service/v2/GetFullEstimate',
    request: 'GetFullEstimateRequest',
  },
  createShipment: {
    path: '/EWS/V2/Shipping/ShippingService.asmx',
    ns: 'v2',
    version: '2.1',
    action: 'http://purolator.com/pws/service/v2/CreateShipment',
    request: 'CreateShipmentRequest',
  },
  voidShipment: {
    path: '/EWS/V2/Shipping/ShippingService.asmx',
    ns: 'v2',
    version: '2.0',
    action: 'http://purolator.com/pws/service/v2/VoidShipment',
    request: 'VoidShipmentRequest',
  },
  documents: {
    path: '/EWS/V1/ShippingDocuments/ShippingDocumentsService.asmx',
    ns: 'v1',
    version: '1.3',
    action: 'http://purolator.com/pws/service/v1/GetDocuments',
    request: 'GetDocumentsRequest',
  },
  track: {
    path: '/PWS/V1/Tracking/TrackingService.asmx',
    ns: 'v1',
    version: '1.2',
    action: 'http://purolator.com/pws/service/v1/TrackPackagesByPin',
    request: 'TrackPackagesByPinRequest',
  },
  trackByReference: {
    path: '/PWS/V1/Tracking/TrackingService.asmx',
    ns: 'v1',
    version: '1.2',
    action: 'http://purolator.com/pws/service/v1/TrackPackagesByReference',
    request: 'TrackPackagesByReferenceRequest',
  },
} as const;

type Endpoint = (typeof PUROLATOR_SERVICES_ENDPOINTS)[keyof typeof PUROLATOR_SERVICES_ENDPOINTS];

export type PurolatorAccount = {
  /** The web services key (Basic auth user name). */
  key: string;
  password: string;
  /** The registered (and billing) account number. */
  accountNumber: string;
  baseUrl: string;
  mode: Exclude<CarrierMode, 'sandbox'>;
  /** Purolator's UserToken, for accounts that were given one. */
  userToken?: string;
  language?: 'en' | 'fr';
};

export type HttpCall = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** What a quote adds to ours: Purolator's own tax total (the caller compares it with our taxes). */
export type PurolatorQuote = CarrierQuote & { carrierTaxCents: number };

/** A label as the carrier sent it: the user prints these bytes. */
export type CarrierLabel = { bytes: Uint8Array; mediaType: string };

/** GetDocuments answers the document in Data (base64) or, when not ready inline, a URL to fetch. */
export type PurolatorDocument = { kind: 'bytes'; label: CarrierLabel } | { kind: 'url'; url: string };

export type PurolatorOperation = 'rate' | 'ship' | 'documents' | 'void' | 'track';

const ARRAYS = new Set([
  'ShipmentEstimate',
  'Surcharge',
  'Tax',
  'OptionPrice',
  'Error',
  'PIN',
  'Document',
  'DocumentDetail',
  'TrackingInformation',
  'Scan',
]);

const { parser: xmlParser, builder: xmlBuilder } = carrierXml(ARRAYS);

type XmlNode = { [key: string]: unknown };

function isNode(v: unknown): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const v = node?.[name];
  if (Array.isArray(v)) return v.find(isNode);
  return isNode(v) ? v : undefined;
}

function list(node: XmlNode | undefined, name: string): XmlNode[] {
  const v = node?.[name];
  if (Array.isArray(v)) return v.filter(isNode);
  return isNode(v) ? [v] : [];
}

function text(node: XmlNode | undefined, name: string): string {
  const v = node?.[name];
  if (typeof v === 'string') return v;
  if (isNode(v) && typeof v['#text'] === 'string') return v['#text'];
  return '';
}

function money(value: string, what: string): number {
  // Purolator writes "4.3", "100.1", "0"; trailing zeros past the cent are harmless.
  const trimmed = value.trim().replace(/^(-?\d+\.\d{2})0+$/, '$1');
  const cents = parseCents(trimmed === '' ? '0' : trimmed);
  if (cents === null)
    throw new CarrierError('UNAVAILABLE', `Purolator answered an unreadable amount for ${what}: ${value}`);
  return cents;
}

function envelope(account: PurolatorAccount, ep: Endpoint, body: XmlNode): string {
  const p = ep.ns;
  const context: XmlNode = {
    [`${p}:Version`]: ep.version,
    [`${p}:Language`]: account.language ?? 'en',
    [`${p}:GroupID`]: '',
    [`${p}:RequestReference`]: '',
  };
  if (account.userToken) context[`${p}:UserToken`] = account.userToken;
  const doc = {
    'soap:Envelope': {
      '@_xmlns:soap': SOAP_NS,
      [`@_xmlns:${p}`]: `http://purolator.com/pws/datatypes/${p}`,
      'soap:Header': { [`${p}:RequestContext`]: context },
      'soap:Body': { [`${p}:${ep.request}`]: prefix(body, p) },
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlBuilder().build(doc)}`;
}

/** Qualifies every element of a body with the service's namespace prefix. */
function prefix(node: XmlNode, p: string): XmlNode {
  const out: XmlNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined) continue;
    const name = key.startsWith('@_') ? key : `${p}:${key}`;
    if (Array.isArray(value)) out[name] = value.map((v) => (isNode(v) ? prefix(v, p) : v));
    else out[name] = isNode(value) ? prefix(value, p) : value;
  }
  return out;
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

function call(account: PurolatorAccount, ep: Endpoint, body: XmlNode): HttpCall {
  return {
    method: 'POST',
    url: `${account.baseUrl.replace(/\/+$/, '')}${ep.path}`,
    headers: {
      'Content-Type': 'text/xml; charset=utf-8',
      // SOAP 1.1 writes the action as a quoted URI.
      SOAPAction: `"${ep.action}"`,
      Authorization: basicAuth(account.key, account.password),
    },
    body: envelope(account, ep, body),
  };
}

export function compactPostalCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

function kg(weight: number): string {
  // Purolator bills by the pound or kilogram rounded up; we send the exact weight.
  return String(Math.max(0.1, Math.round(weight * 10) / 10));
}

function cm(length: number): string {
  return String(Math.max(1, Math.round(length * 10) / 10));
}

/** "514 555 0134", "+1 (514) 555-0134" → Purolator's CountryCode / AreaCode / Phone. */
export function phoneParts(phone: string): XmlNode {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length === 10) return { CountryCode: '1', AreaCode: digits.slice(0, 3), Phone: digits.slice(3) };
  return { CountryCode: '1', AreaCode: '', Phone: digits };
}

/** "1404-330 Princess St" → Suite 1404, StreetNumber 330, StreetName "Princess St". */
export function streetParts(line: string): { suite: string; number: string; name: string } {
  const trimmed = line.trim();
  const unit = /^(\w+)-(\d+[A-Za-z]?)\s+(.+)$/.exec(trimmed);
  if (unit) return { suite: unit[1]!, number: unit[2]!, name: unit[3]! };
  const plain = /^(\d+[A-Za-z]?)\s+(.+)$/.exec(trimmed);
  if (plain) return { suite: '', number: plain[1]!, name: plain[2]! };
  return { suite: '', number: '', name: trimmed };
}

function partyAddress(p: LabelParty): XmlNode {
  const street = streetParts(p.address1);
  const a: XmlNode = { Name: p.name };
  if (p.company) a.Company = p.company;
  a.StreetNumber = street.number;
  a.StreetName = street.name;
  if (street.suite) a.Suite = street.suite;
  if (p.address2) a.StreetAddress2 = p.address2;
  a.City = p.city;
  a.Province = p.province;
  a.Country = p.country;
  a.PostalCode = p.country === 'CA' ? compactPostalCode(p.postalCode) : p.postalCode;
  a.PhoneNumber = phoneParts(p.phone);
  return a;
}

function packageInformation(serviceId: string, pkg: QuoteRequest['package']): XmlNode {
  const info: XmlNode = {
    ServiceID: serviceId,
    TotalWeight: { Value: kg(pkg.weightKg), WeightUnit: 'kg' },
    TotalPieces: '1',
    PiecesInformation: {
      Piece: {
        Weight: { Value: kg(pkg.weightKg), WeightUnit: 'kg' },
        Length: { Value: cm(pkg.lengthCm), DimensionUnit: 'cm' },
        Width: { Value: cm(pkg.widthCm), DimensionUnit: 'cm' },
        Height: { Value: cm(pkg.heightCm), DimensionUnit: 'cm' },
      },
    },
  };
  if (pkg.declaredValueCents && pkg.declaredValueCents > 0) {
    info.OptionsInformation = {
      Options: { OptionIDValuePair: { ID: 'DeclaredValue', Value: centsToDecimal(pkg.declaredValueCents) } },
    };
  }
  return info;
}

function payment(account: PurolatorAccount): XmlNode {
  return {
    PaymentType: 'Sender',
    RegisteredAccountNumber: account.accountNumber,
    BillingAccountNumber: account.accountNumber,
  };
}

/** The service an estimate is asked for (the others answer as alternatives): one the lane has. */
function estimateServiceId(toCountry: string): string {
  if (toCountry === 'CA') return 'PurolatorExpress';
  return toCountry === 'US' ? 'PurolatorExpressU.S.' : 'PurolatorExpressInternational';
}

/**
 * InternationalInformation of a shipment leaving Canada (elements in the schema's order): documents
 * only or goods, one ContentDetail per line of the declaration (CUSMA lines with the NAFTA/CUSMA
 * document indicator), who pays duties (Sender for DDP, Receiver for DDU) in the declaration's
 * currency, and the customs invoice Purolator prints with the label.
 */
function internationalInformation(req: PurchaseRequest): XmlNode {
  const customs = req.customs;
  if (!customs)
    throw new CarrierError('CUSTOMS_INVALID', 'Purolator: a shipment leaving Canada needs its customs declaration');
  const documentsOnly = customs.contentsType === 'documents';
  const info: XmlNode = { DocumentsOnlyIndicator: String(documentsOnly) };
  if (!documentsOnly) {
    info.ContentDetails = {
      ContentDetail: customs.items.map((item, i) => ({
        // Purolator keeps 25 characters of a content's description.
        Description: item.description.slice(0, 25),
        HarmonizedCode: item.hsCode,
        CountryOfManufacture: item.originCountry,
        ProductCode: String(i + 1),
        UnitValue: decimalOf(item.unitValueCents),
        Quantity: String(item.quantity),
        NAFTADocumentIndicator: String(item.cusmaQualifying),
      })),
    };
  }
  info.DutyInformation = {
    BillDutiesToParty: customs.incoterm === 'DDP' ? 'Sender' : 'Receiver',
    BusinessRelationship: 'NotRelated',
    Currency: customs.currency,
  };
  info.ImportExportType = customs.contentsType === 'return' ? 'Return' : 'Permanent';
  info.CustomsInvoiceDocumentIndicator = 'true';
  return info;
}

// ---------------------------------------------------------------- rating

/** GetFullEstimate for one service with ShowAlternativeServicesIndicator: every service answers. */
export function buildRateRequest(account: PurolatorAccount, req: QuoteRequest): HttpCall {
  const end = (e: QuoteRequest['from']): XmlNode => ({
    Address: {
      City: e.city,
      Province: e.province,
      Country: e.country,
      PostalCode: e.country === 'CA' ? compactPostalCode(e.postalCode) : e.postalCode,
    },
  });
  return call(account, PUROLATOR_SERVICES_ENDPOINTS.estimate, {
    Shipment: {
      SenderInformation: end(req.from),
      ReceiverInformation: end(req.to),
      ShipmentDate: req.shipDate,
      PackageInformation: packageInformation(estimateServiceId(req.to.country), req.package),
      // Leaving Canada: whether the parcel holds documents only (the estimate needs no more).
      ...(req.to.country !== 'CA'
        ? { InternationalInformation: { DocumentsOnlyIndicator: String(req.customs?.contentsType === 'documents') } }
        : {}),
      PaymentInformation: payment(account),
      PickupInformation: { PickupType: 'DropOff' },
    },
    ShowAlternativeServicesIndicator: 'true',
  });
}

export function parseRateResponse(status: number, body: string, req: QuoteRequest): PurolatorQuote[] {
  const response = readBody(status, body, 'rate', 'GetFullEstimateResponse');
  const seen = new Set<string>();
  const quotes: PurolatorQuote[] = [];
  for (const e of list(child(response, 'ShipmentEstimates'), 'ShipmentEstimate')) {
    const serviceId = text(e, 'ServiceID');
    // Purolator may list a service twice; the first estimate is the one for the request as sent.
    if (seen.has(serviceId)) continue;
    seen.add(serviceId);
    const service = purolatorServiceById(serviceId);
    const baseCents = money(text(e, 'BasePrice'), `${serviceId} BasePrice`);
    let fuelCents = 0;
    const surcharges: Surcharge[] = [];
    for (const s of list(child(e, 'Surcharges'), 'Surcharge')) {
      const amount = money(text(s, 'Amount'), `${serviceId} surcharge`);
      if (text(s, 'Type') === 'Fuel') fuelCents += amount;
      else if (amount !== 0) surcharges.push({ code: text(s, 'Type'), amountCents: amount });
    }
    let coverageCents = 0;
    for (const o of list(child(e, 'OptionPrices'), 'OptionPrice')) {
      const amount = money(text(o, 'Amount'), `${serviceId} option`);
      if (text(o, 'ID') === 'DeclaredValue') coverageCents += amount;
      else if (amount !== 0) surcharges.push({ code: text(o, 'ID'), amountCents: amount });
    }
    const carrierTaxCents = list(child(e, 'Taxes'), 'Tax').reduce(
      (sum, t) => sum + money(text(t, 'Amount'), `${serviceId} tax`),
      0,
    );
    const totalCents = money(text(e, 'TotalPrice'), `${serviceId} TotalPrice`);
    const transit = Number.parseInt(text(e, 'EstimatedTransitDays'), 10);
    quotes.push({
      carrier: 'CA-PUROLATOR',
      serviceCode: service.code,
      serviceName: service.name,
      // TotalPrice includes Purolator's taxes; ours is its pre-tax price.
      priceCents: totalCents - carrierTaxCents,
      transitDays: Number.isFinite(transit) ? transit : 0,
      estimatedDelivery: text(e, 'ExpectedDeliveryDate'),
      breakdown: {
        baseCents,
        fuelCents,
        surchargesCents: surcharges,
        billableWeightKg: req.package.weightKg,
        ...(coverageCents > 0 ? { coverageCents } : {}),
      },
      carrierTaxCents,
    });
  }
  return quotes;
}

// ---------------------------------------------------------------- shipping

/** A 4×6 thermal-layout PDF: PrinterType Thermal with a ...BillOfLadingThermal document. */
export function buildShipmentRequest(account: PurolatorAccount, req: PurchaseRequest): HttpCall {
  const serviceId = purolatorServiceId(req.serviceCode);
  if (!serviceId) throw new CarrierError('SERVICE_UNAVAILABLE', `Purolator has no service ${req.serviceCode}`);
  const shipment: XmlNode = {
    SenderInformation: { Address: partyAddress(req.from) },
    ReceiverInformation: { Address: partyAddress(req.to) },
    ShipmentDate: req.shipDate,
    PackageInformation: packageInformation(serviceId, req.package),
    ...(req.to.country !== 'CA' ? { InternationalInformation: internationalInformation(req) } : {}),
    PaymentInformation: payment(account),
    PickupInformation: { PickupType: 'DropOff' },
  };
  if (req.to.email) {
    shipment.NotificationInformation = { ConfirmationEmailAddress: req.to.email };
  }
  shipment.TrackingReferenceInformation = { Reference1: req.reference };
  return call(account, PUROLATOR_SERVICES_ENDPOINTS.createShipment, { Shipment: shipment, PrinterType: 'Thermal' });
}

export function parseShipmentResponse(status: number, body: string): { trackingNumber: string } {
  const response = readBody(status, body, 'ship', 'CreateShipmentResponse');
  const pin = text(child(response, 'ShipmentPIN'), 'Value');
  if (!pin) throw new CarrierError('UNAVAILABLE', 'Purolator answered the shipment without a ShipmentPIN');
  return { trackingNumber: pin };
}

export function labelDocumentType(from: LabelParty, to: LabelParty): string {
  return from.country === to.country ? 'DomesticBillOfLadingThermal' : 'InternationalBillOfLadingThermal';
}

/**
 * GetDocuments' OutputType: the PDF kept at purchase, or ZPL — the same thermal (4×6) bill of
 * lading as ZPL II, asked again on demand for a thermal printer (decision 040).
 */
export type PurolatorOutputType = 'PDF' | 'ZPL';

const OUTPUT_MEDIA: Record<PurolatorOutputType, string> = { PDF: 'application/pdf', ZPL: 'application/zpl' };

export function buildDocumentsRequest(
  account: PurolatorAccount,
  pin: string,
  documentType: string,
  outputType: PurolatorOutputType = 'PDF',
): HttpCall {
  return call(account, PUROLATOR_SERVICES_ENDPOINTS.documents, {
    OutputType: outputType,
    Synchronous: 'true',
    DocumentCriterium: {
      DocumentCriteria: { PIN: { Value: pin }, DocumentTypes: { DocumentType: documentType } },
    },
  });
}

export function parseDocumentsResponse(
  status: number,
  body: string,
  outputType: PurolatorOutputType = 'PDF',
): PurolatorDocument {
  const response = readBody(status, body, 'documents', 'GetDocumentsResponse');
  const details = list(child(response, 'Documents'), 'Document').flatMap((d) =>
    list(child(d, 'DocumentDetails'), 'DocumentDetail'),
  );
  const label = details.find((d) => text(d, 'DocumentType').includes('BillOfLading')) ?? details[0];
  const data = text(label, 'Data').replace(/\s+/g, '');
  if (data) {
    return { kind: 'bytes', label: labelOf(new Uint8Array(Buffer.from(data, 'base64')), outputType) };
  }
  const url = text(label, 'URL');
  if (url) return { kind: 'url', url };
  const state = text(label, 'DocumentStatus');
  throw new CarrierError('UNAVAILABLE', `Purolator answered no label document${state ? ` (${state})` : ''}`);
}

/** A label Purolator handed as a URL. */
export function buildLabelUrlRequest(
  account: PurolatorAccount,
  url: string,
  outputType: PurolatorOutputType = 'PDF',
): HttpCall {
  return {
    method: 'GET',
    url,
    headers: { Accept: OUTPUT_MEDIA[outputType], Authorization: basicAuth(account.key, account.password) },
  };
}

export function parseLabelUrlResponse(bytes: Uint8Array, outputType: PurolatorOutputType = 'PDF'): CarrierLabel {
  return labelOf(bytes, outputType);
}

/** The document's bytes as the label asked for: a PDF, or ZPL II; anything else is refused. */
function labelOf(bytes: Uint8Array, outputType: PurolatorOutputType): CarrierLabel {
  if (outputType === 'ZPL') {
    if (!isZplLabel(bytes)) throw new CarrierError('UNAVAILABLE', 'Purolator answered the label without ZPL');
  } else if (!startsWithPdf(bytes)) {
    throw new CarrierError('UNAVAILABLE', 'Purolator answered the label without a PDF');
  }
  return { bytes, mediaType: OUTPUT_MEDIA[outputType] };
}

function startsWithPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}

// ---------------------------------------------------------------- void

export function buildVoidRequest(account: PurolatorAccount, pin: string): HttpCall {
  return call(account, PUROLATOR_SERVICES_ENDPOINTS.voidShipment, { PIN: { Value: pin } });
}

export function parseVoidResponse(status: number, body: string): void {
  const response = readBody(status, body, 'void', 'VoidShipmentResponse');
  if (text(response, 'ShipmentVoided') !== 'true') {
    throw new CarrierError('NOT_VOIDABLE', 'Purolator: the shipment was not voided');
  }
}

// ---------------------------------------------------------------- tracking

export function buildTrackRequest(account: PurolatorAccount, pin: string): HttpCall {
  return call(account, PUROLATOR_SERVICES_ENDPOINTS.track, { PINs: { PIN: { Value: pin } } });
}

/** Days either side of `now` a shipment bought under our reference is looked for (its ShipmentDate). */
export const REFERENCE_WINDOW_DAYS = 30;

function isoDay(at: Date, plusDays: number): string {
  return new Date(at.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * TrackingService TrackPackagesByReference: the packages whose Reference1 (TrackingReferenceInformation,
 * sent with CreateShipment) is our reference, on our billing account, shipped within
 * REFERENCE_WINDOW_DAYS of `now` (ShipmentFromDate and ShipmentToDate are required, YYYY-MM-DD).
 */
export function buildTrackByReferenceRequest(account: PurolatorAccount, reference: string, now: Date): HttpCall {
  return call(account, PUROLATOR_SERVICES_ENDPOINTS.trackByReference, {
    TrackPackageByReferenceSearchCriteria: {
      Reference: reference,
      BillingAccountNumber: account.accountNumber,
      ShipmentFromDate: isoDay(now, -REFERENCE_WINDOW_DAYS),
      ShipmentToDate: isoDay(now, REFERENCE_WINDOW_DAYS),
    },
  });
}

/**
 * The PIN bought under our reference, or null when Purolator has none (an error such as 'no
 * shipment found' in ResponseInformation, or an empty list). Several packages: the first listed.
 */
export function parseTrackByReferenceResponse(
  status: number,
  body: string,
): { trackingNumber: string; createdAt: Date | null } | null {
  let response: XmlNode;
  try {
    response = readBody(status, body, 'track', 'TrackPackagesByReferenceResponse');
  } catch (err) {
    if (err instanceof CarrierError && err.reason === 'NOT_FOUND') return null;
    throw err;
  }
  for (const info of list(child(response, 'TrackingInformationList'), 'TrackingInformation')) {
    const pin = text(child(info, 'PIN'), 'Value');
    if (!pin) continue;
    const times = list(child(info, 'Scans'), 'Scan').flatMap((scan) => {
      try {
        return [scanTime(text(scan, 'ScanDate'), text(scan, 'ScanTime'), text(child(scan, 'Depot'), 'Name'))];
      } catch {
        return [];
      }
    });
    const first = times.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
    return { trackingNumber: pin, createdAt: first };
  }
  return null;
}

const SCAN_STEPS: Record<string, TrackingStep> = {
  ProofOfPickUp: 'picked_up',
  OnDelivery: 'out_for_delivery',
  Delivery: 'delivered',
};

function stepOf(scanType: string, description: string): TrackingStep {
  const known = SCAN_STEPS[scanType];
  if (known) return known;
  if (/new tracking number assigned|shipment created/i.test(description)) return 'label_created';
  return 'in_transit';
}

const PROVINCE_ZONES: Record<string, string> = {
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NB: 'America/Moncton',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  PQ: 'America/Toronto',
  ON: 'America/Toronto',
  MB: 'America/Winnipeg',
  SK: 'America/Regina',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  YT: 'America/Whitehorse',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
};

function offsetMinutes(zone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * Purolator scans carry the depot's local date and time (HHMMSS) without a zone; the depot name ends
 * with its province ("…, PQ"), whose zone gives the instant.
 */
export function scanTime(date: string, time: string, depot: string): Date {
  const province = /,\s*([A-Z]{2})\s*$/.exec(depot)?.[1] ?? 'ON';
  const zone = PROVINCE_ZONES[province] ?? 'America/Toronto';
  const t = time.padStart(6, '0');
  const asUtc = new Date(`${date}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`);
  if (Number.isNaN(asUtc.getTime()))
    throw new CarrierError('UNAVAILABLE', `Purolator answered an unreadable scan time: ${date} ${time}`);
  const guess = new Date(asUtc.getTime() - offsetMinutes(zone, asUtc) * 60_000);
  return new Date(asUtc.getTime() - offsetMinutes(zone, guess) * 60_000);
}

export function parseTrackResponse(status: number, body: string): TrackingEvent[] {
  const response = readBody(status, body, 'track', 'TrackPackagesByPinResponse');
  const info = list(child(response, 'TrackingInformationList'), 'TrackingInformation')[0];
  const scans = list(child(info, 'Scans'), 'Scan');
  if (!info || scans.length === 0) throw new CarrierError('NOT_FOUND', 'Purolator has no scans for this PIN');
  const events = scans.map((s) => {
    const depot = text(child(s, 'Depot'), 'Name');
    const description = text(s, 'Description').replace(/\s*-\s*$/, '');
    return {
      status: stepOf(text(s, 'ScanType'), description),
      description,
      location: depot,
      occurredAt: scanTime(text(s, 'ScanDate'), text(s, 'ScanTime'), depot),
    };
  });
  // Purolator lists the newest scan first; ours are oldest first.
  return events.reverse().sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

// ---------------------------------------------------------------- errors

export type PurolatorMessage = { code: string; description: string };

/**
 * The body of a SOAP answer, or the CarrierError it stands for: a SOAP fault, an HTTP error, or
 * ResponseInformation/Errors (Purolator answers validation errors with HTTP 200).
 */
function readBody(status: number, body: string, op: PurolatorOperation, responseName: string): XmlNode {
  let doc: XmlNode | undefined;
  try {
    const parsed: unknown = xmlParser().parse(body);
    doc = isNode(parsed) ? parsed : undefined;
  } catch {
    doc = undefined;
  }
  const soapBody = child(child(doc, 'Envelope'), 'Body');
  const fault = child(soapBody, 'Fault');
  if (fault) {
    const code = text(fault, 'faultcode');
    const message = text(fault, 'faultstring') || 'SOAP fault';
    const details = validationDetails(child(fault, 'detail'));
    const reason: CarrierErrorReason =
      status === 401 || status === 403 || /auth/i.test(message)
        ? 'UNAVAILABLE'
        : /Client$/.test(code) || details.length > 0
          ? clientReason(op)
          : 'UNAVAILABLE';
    return fail(reason, [message, ...details].join('; '));
  }
  if (status === 401 || status === 403) return fail('UNAVAILABLE', `HTTP ${status} (check the key and password)`);
  if (status < 200 || status >= 300 || !soapBody) return fail('UNAVAILABLE', `HTTP ${status}`);
  const response = child(soapBody, responseName);
  if (!response) return fail('UNAVAILABLE', `no ${responseName} in the answer`);
  const errors = parseMessages(response);
  if (errors.length > 0) {
    const text = errors.map((e) => (e.code ? `${e.code}: ${e.description}` : e.description)).join('; ');
    return fail(clientReason(op, errors), text);
  }
  return response;
}

function fail(reason: CarrierErrorReason, message: string): never {
  // A validation refusal of a rate or a label: an address, the service, or another reason.
  if (reason === 'REFUSED') throw refusalError(message, `Purolator: ${message}`);
  throw new CarrierError(reason, `Purolator: ${message}`);
}

function clientReason(op: PurolatorOperation, errors: PurolatorMessage[] = []): CarrierErrorReason {
  if (op === 'void') return 'NOT_VOIDABLE';
  if (op === 'track') return 'NOT_FOUND';
  if (op === 'documents') return 'UNAVAILABLE';
  if (errors.some((e) => /exceed|maximum|too (heavy|large|long)/i.test(e.description))) return 'LIMIT_EXCEEDED';
  return 'REFUSED';
}

function validationDetails(detail: XmlNode | undefined): string[] {
  const fault = child(detail, 'ValidationFault');
  const details = child(fault, 'Details');
  return list(details, 'ValidationDetail')
    .map((d) => text(d, 'Message'))
    .filter(Boolean);
}

export function parseMessages(response: XmlNode): PurolatorMessage[] {
  const errors = child(child(response, 'ResponseInformation'), 'Errors');
  return list(errors, 'Error').map((e) => ({ code: text(e, 'Code'), description: text(e, 'Description') }));
}
