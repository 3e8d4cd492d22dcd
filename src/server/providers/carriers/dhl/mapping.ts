import { parseCents } from '../../../../shared/money';
import { isZplLabel, refusalError } from '../adapter-support';
import {
  CarrierError,
  type CarrierErrorReason,
  type CarrierMode,
  type CarrierQuote,
  type CustomsDeclaration,
  type LabelParty,
  type PurchaseRequest,
  type QuoteRequest,
  type Surcharge,
  type TrackingEvent,
  type TrackingStep,
} from '../index';
import { dhlProductCode, dhlServiceByProduct } from './services';
import { CONTENTS_WORDS, customsTotalCents, numberOf } from '../customs';

/**
 * MyDHL API (REST, JSON) mapping: our requests → DHL Express's documented payloads, its answers and
 * problem+json errors → ours. Pure: no I/O, no clock.
 *
 * DHL Express only carries parcels leaving Canada here. Such parcels are customs-declarable: the
 * shipment carries the declaration (issue 25) as content.exportDeclaration, its value as
 * declaredValue, and for duties paid at origin (DDP) the DD service with the duties billed to us.
 */

export const DHL_PRODUCTION_URL = 'https://express.api.dhl.com/mydhlapi';
export const DHL_TEST_URL = 'https://express.api.dhl.com/mydhlapi/test';
/** The MyDHL API version this mapping was written for (its OpenAPI file, 3.1). */
export const DHL_API_VERSION = '3.1.0';

export type DhlAccount = {
  username: string;
  password: string;
  accountNumber: string;
  baseUrl: string;
  mode: Exclude<CarrierMode, 'sandbox'>;
};

export type HttpCall = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
};

export type DhlQuote = CarrierQuote & { carrierTaxCents: number };

export type CarrierLabel = { bytes: Uint8Array; mediaType: string };

export type DhlOperation = 'rate' | 'ship' | 'track';

type Json = { [key: string]: unknown };

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objects(v: unknown): Json[] {
  return Array.isArray(v) ? v.filter(isObject) : [];
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function parseJson(body: string): Json {
  try {
    const v: unknown = JSON.parse(body);
    return isObject(v) ? v : {};
  } catch {
    throw new CarrierError('UNAVAILABLE', 'DHL Express answered with unreadable JSON');
  }
}

function money(v: unknown, what: string): number {
  const cents = parseCents(typeof v === 'number' || typeof v === 'string' ? v : '');
  if (cents === null) throw new CarrierError('UNAVAILABLE', `DHL Express answered an unreadable amount for ${what}`);
  return cents;
}

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

function headers(account: DhlAccount, withBody: boolean): Record<string, string> {
  const h: Record<string, string> = {
    Accept: 'application/json',
    Authorization: basicAuth(account.username, account.password),
    'x-version': DHL_API_VERSION,
  };
  if (withBody) h['Content-Type'] = 'application/json';
  return h;
}

function base(account: DhlAccount): string {
  return account.baseUrl.replace(/\/+$/, '');
}

function round(n: number, places: number): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}

/** DHL Express has no domestic Canadian service: it quotes only parcels leaving Canada. */
export function dhlServes(req: Pick<QuoteRequest, 'from' | 'to'>): boolean {
  return req.from.country === 'CA' && req.to.country !== 'CA';
}

// ---------------------------------------------------------------- rating

/** GET /rates for one piece, metric; null when DHL Express does not serve the lane (no call to make). */
export function buildRateRequest(account: DhlAccount, req: QuoteRequest): HttpCall | null {
  if (!dhlServes(req)) return null;
  const q = new URLSearchParams({
    accountNumber: account.accountNumber,
    originCountryCode: req.from.country,
    originPostalCode: req.from.postalCode,
    originCityName: req.from.city,
    destinationCountryCode: req.to.country,
    destinationPostalCode: req.to.postalCode,
    destinationCityName: req.to.city,
    weight: String(round(Math.max(req.package.weightKg, 0.001), 3)),
    length: String(round(Math.max(req.package.lengthCm, 1), 3)),
    width: String(round(Math.max(req.package.widthCm, 1), 3)),
    height: String(round(Math.max(req.package.heightCm, 1), 3)),
    plannedShippingDate: req.shipDate,
    // Goods leaving Canada are declarable; DHL prices them as non-documents.
    isCustomsDeclarable: 'true',
    unitOfMeasurement: 'metric',
  });
  return { method: 'GET', url: `${base(account)}/rates?${q.toString()}`, headers: headers(account, false) };
}

/**
 * DHL answers each product's price in up to three currencies: BILLC (the account's billing currency),
 * PULCL (the pickup country's) and BASEC. Ours is the Canadian-dollar one, billing first.
 */
function cadPrice(entries: Json[]): Json | undefined {
  const cad = entries.filter((e) => str(e.priceCurrency) === 'CAD');
  return cad.find((e) => e.currencyType === 'BILLC') ?? cad.find((e) => e.currencyType === 'PULCL') ?? cad[0];
}

export function parseRateResponse(body: string, req: QuoteRequest): DhlQuote[] {
  const doc = parseJson(body);
  const quotes: DhlQuote[] = [];
  for (const p of objects(doc.products)) {
    const productCode = str(p.productCode);
    const total = cadPrice(objects(p.totalPrice));
    // A price DHL states in no Canadian dollars cannot be charged as is; the product is left out.
    if (!total) continue;
    const currencyType = str(total.currencyType);
    const service = dhlServiceByProduct(productCode, str(p.productName));
    const totalCents = money(total.price, `${productCode} totalPrice`);

    const summary = objects(p.totalPriceBreakdown).find((b) => b.currencyType === currencyType);
    const summaryOf = (typeCode: string) =>
      objects(summary?.priceBreakdown)
        .filter((b) => b.typeCode === typeCode)
        .reduce((sum, b) => sum + money(b.price, `${productCode} ${typeCode}`), 0);
    const carrierTaxCents = summaryOf('STTXA');
    const discountCents = summaryOf('STDIS');

    const detailed = objects(p.detailedPriceBreakdown).find((b) => b.currencyType === currencyType);
    let fuelCents = 0;
    let coverageCents = 0;
    const surcharges: Surcharge[] = [];
    for (const item of objects(detailed?.breakdown)) {
      const code = str(item.serviceCode);
      if (!code) continue;
      const amount = money(item.price, `${productCode} ${code}`);
      if (code === 'FF') fuelCents += amount;
      else if (code === 'II') coverageCents += amount;
      else if (amount !== 0) surcharges.push({ code, amountCents: amount });
    }
    if (discountCents !== 0) surcharges.push({ code: 'STDIS', amountCents: -Math.abs(discountCents) });

    const priceCents = totalCents - carrierTaxCents;
    const extras = fuelCents + coverageCents + surcharges.reduce((s, x) => s + x.amountCents, 0);
    const capabilities = isObject(p.deliveryCapabilities) ? p.deliveryCapabilities : {};
    const transit = Number(capabilities.totalTransitDays);
    const weight = isObject(p.weight) ? p.weight : {};
    const billable = Math.max(Number(weight.provided) || 0, Number(weight.volumetric) || 0);
    quotes.push({
      carrier: 'CA-DHL',
      serviceCode: service.code,
      serviceName: service.name,
      priceCents,
      transitDays: Number.isFinite(transit) ? transit : 0,
      estimatedDelivery: str(capabilities.estimatedDeliveryDateAndTime).slice(0, 10),
      breakdown: {
        // The product's own price is what remains of the pre-tax total once the surcharges are named.
        baseCents: priceCents - extras,
        fuelCents,
        surchargesCents: surcharges,
        billableWeightKg: billable || req.package.weightKg,
        ...(coverageCents > 0 ? { coverageCents } : {}),
      },
      carrierTaxCents,
    });
  }
  return quotes;
}

// ---------------------------------------------------------------- shipping

function torontoOffset(date: string): string {
  const at = new Date(`${date}T17:00:00Z`);
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Toronto', timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-05:00';
  return name.replace(/^GMT$/, 'GMT+00:00');
}

function party(p: LabelParty): Json {
  const postalAddress: Json = {
    postalCode: p.postalCode,
    cityName: p.city,
    countryCode: p.country,
    addressLine1: p.address1,
  };
  if (p.province) postalAddress.provinceCode = p.province;
  if (p.address2) postalAddress.addressLine2 = p.address2;
  const contactInformation: Json = {
    phone: p.phone,
    companyName: p.company || p.name,
    fullName: p.name,
  };
  if (p.email) contactInformation.email = p.email;
  return { postalAddress, contactInformation };
}

/** Dollars as the JSON number DHL reads (serialisation only; no arithmetic is done on it). */
function dollars(cents: number): number {
  return cents / 100;
}

/** MyDHL's exportReasonType for our contents types. */
const EXPORT_REASON_TYPE: Record<CustomsDeclaration['contentsType'], string> = {
  merchandise: 'commercial_purpose_or_sale',
  gift: 'gift',
  documents: 'permanent',
  sample: 'sample',
  return: 'return_to_origin',
};

/** content.description (at most 70 characters): the items' descriptions. */
function contentsDescription(customs: CustomsDeclaration): string {
  const text = customs.items.map((item) => item.description).join(', ');
  return text.length <= 70 ? text : `${text.slice(0, 67)}...`;
}

/**
 * content.exportDeclaration: one line item per line of the declaration (unit price, quantity in
 * pieces, the commodity codes, the reason, the country of manufacture, the line's total weight), and
 * the invoice (our reference, the ship date). The code the shipper gives is the destination's (the
 * 10-digit HTS for the US): its first six digits, the HS part every country shares, are the outbound
 * (export) code, and the whole code the inbound (import) one when it is longer.
 */
function exportDeclaration(req: PurchaseRequest, customs: CustomsDeclaration): Json {
  const reason = EXPORT_REASON_TYPE[customs.contentsType];
  return {
    lineItems: customs.items.map((item, i) => {
      const lineKg = round(Math.max(item.weightKg * item.quantity, 0.001), 3);
      return {
        number: i + 1,
        description: item.description.slice(0, 512),
        price: numberOf(item.unitValueCents),
        quantity: { value: item.quantity, unitOfMeasurement: 'PCS' },
        commodityCodes: [
          { typeCode: 'outbound', value: item.hsCode.slice(0, 6) },
          ...(item.hsCode.length > 6 ? [{ typeCode: 'inbound', value: item.hsCode }] : []),
        ],
        exportReasonType: reason,
        manufacturerCountry: item.originCountry,
        weight: { netValue: lineKg, grossValue: lineKg },
      };
    }),
    invoice: { number: req.reference.slice(0, 35), date: req.shipDate },
    exportReason: CONTENTS_WORDS[customs.contentsType],
    exportReasonType: reason,
    shipmentType: customs.contentsType === 'gift' ? 'personal' : 'commercial',
  };
}

export function buildShipmentRequest(account: DhlAccount, req: PurchaseRequest): HttpCall {
  const productCode = dhlProductCode(req.serviceCode);
  if (!productCode) throw new CarrierError('SERVICE_UNAVAILABLE', `DHL Express has no service ${req.serviceCode}`);
  if (!dhlServes(req)) throw new CarrierError('SERVICE_UNAVAILABLE', 'DHL Express carries only parcels leaving Canada');
  const customs = req.customs;
  if (!customs) {
    throw new CarrierError('CUSTOMS_INVALID', 'DHL Express: a shipment leaving Canada needs its customs declaration');
  }
  // The coverage bought (CAD) is the II service; the customs value is the goods' (declaration's currency).
  const declared = req.package.declaredValueCents ?? 0;
  const ddp = customs.incoterm === 'DDP';
  const payload: Json = {
    // Noon in Toronto on the ship date: DHL wants a time with its offset.
    plannedShippingDateAndTime: `${req.shipDate}T12:00:00${torontoOffset(req.shipDate)}`,
    pickup: { isRequested: false },
    productCode,
    accounts: [
      { typeCode: 'shipper', number: account.accountNumber },
      // DDP: the duties and taxes billed to our account as well.
      ...(ddp ? [{ typeCode: 'duties-taxes', number: account.accountNumber }] : []),
    ],
    // The label's encoding is chosen here: ZPL for a buyer who prints on a thermal printer (decision
    // 040), at DHL's 200 dpi (its printerDPI enum is 200 or 300; a 203 dpi printer is the 200 one).
    outputImageProperties:
      req.labelFormat === 'zpl'
        ? { printerDPI: 200, encodingFormat: 'zpl', imageOptions: [{ typeCode: 'label', isRequested: true }] }
        : { encodingFormat: 'pdf', imageOptions: [{ typeCode: 'label', isRequested: true }] },
    customerReferences: [{ value: req.reference, typeCode: 'CU' }],
    customerDetails: { shipperDetails: party(req.from), receiverDetails: party(req.to) },
    content: {
      packages: [
        {
          weight: round(Math.max(req.package.weightKg, 0.001), 3),
          dimensions: {
            length: round(Math.max(req.package.lengthCm, 1), 3),
            width: round(Math.max(req.package.widthCm, 1), 3),
            height: round(Math.max(req.package.heightCm, 1), 3),
          },
          customerReferences: [{ value: req.reference, typeCode: 'CU' }],
        },
      ],
      // Declarable as quoted (product P, non-documents): DHL clears it on the declaration below.
      isCustomsDeclarable: true,
      declaredValue: numberOf(customsTotalCents(customs)),
      declaredValueCurrency: customs.currency,
      exportDeclaration: exportDeclaration(req, customs),
      description: contentsDescription(customs),
      // DDU is DAP for DHL (Delivered at Place: the receiver pays duties and taxes).
      incoterm: ddp ? 'DDP' : 'DAP',
      unitOfMeasurement: 'metric',
    },
  };
  const services: Json[] = [];
  if (declared > 0) services.push({ serviceCode: 'II', value: dollars(declared), currency: 'CAD' });
  // DD: Duty Tax Paid, the shipper pays the destination's duties and taxes.
  if (ddp) services.push({ serviceCode: 'DD' });
  if (services.length) payload.valueAddedServices = services;
  return {
    method: 'POST',
    url: `${base(account)}/shipments`,
    headers: headers(account, true),
    body: JSON.stringify(payload),
  };
}

export function parseShipmentResponse(body: string): { trackingNumber: string; label: CarrierLabel } {
  const doc = parseJson(body);
  const trackingNumber = str(doc.shipmentTrackingNumber);
  const documents = objects(doc.documents);
  const label = documents.find((d) => d.typeCode === 'label') ?? documents[0];
  if (!trackingNumber || !label) {
    throw new CarrierError('UNAVAILABLE', 'DHL Express answered the shipment without its number or label');
  }
  const format = str(label.imageFormat).toUpperCase();
  const bytes = new Uint8Array(Buffer.from(str(label.content), 'base64'));
  const mediaType =
    format === 'PDF' ? 'application/pdf' : format === 'ZPL' ? 'application/zpl' : `image/${format.toLowerCase()}`;
  if (
    mediaType === 'application/pdf' &&
    !(bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-')
  ) {
    throw new CarrierError('UNAVAILABLE', 'DHL Express answered the label without a PDF');
  }
  if (mediaType === 'application/zpl' && !isZplLabel(bytes)) {
    throw new CarrierError('UNAVAILABLE', 'DHL Express answered the ZPL label without ZPL');
  }
  return { trackingNumber, label: { bytes, mediaType } };
}

// ---------------------------------------------------------------- tracking

export function buildTrackRequest(account: DhlAccount, trackingNumber: string): HttpCall {
  const q = new URLSearchParams({ trackingView: 'all-checkpoints', levelOfDetail: 'shipment' });
  return {
    method: 'GET',
    url: `${base(account)}/shipments/${encodeURIComponent(trackingNumber)}/tracking?${q.toString()}`,
    headers: headers(account, false),
  };
}

// DHL Express checkpoint codes: PU shipment picked up, WC with delivery courier, OK delivered.
const EVENT_STEPS: Record<string, TrackingStep> = {
  PU: 'picked_up',
  WC: 'out_for_delivery',
  OK: 'delivered',
  DD: 'delivered',
  DL: 'delivered',
  PD: 'delivered',
};

export function parseTrackResponse(body: string): TrackingEvent[] {
  const doc = parseJson(body);
  const shipment = objects(doc.shipments)[0];
  if (!shipment) throw new CarrierError('NOT_FOUND', 'DHL Express has no shipment with this number');
  const events = objects(shipment.events).map((e) => {
    const offset = str(e.GMTOffset) || '+00:00';
    const occurredAt = new Date(`${str(e.date)}T${str(e.time) || '00:00:00'}${offset}`);
    if (Number.isNaN(occurredAt.getTime()))
      throw new CarrierError('UNAVAILABLE', 'DHL Express answered an unreadable event time');
    const area = objects(e.serviceArea)[0];
    return {
      status: EVENT_STEPS[str(e.typeCode)] ?? 'in_transit',
      description: str(e.description),
      location: str(area?.description),
      occurredAt,
    } satisfies TrackingEvent;
  });
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

// ---------------------------------------------------------------- errors

/** An answer that is not a success (problem+json), as CarrierError with DHL's own words. */
export function parseError(status: number, body: string, op: DhlOperation): CarrierError {
  let problem: Json = {};
  try {
    const v: unknown = JSON.parse(body);
    if (isObject(v)) problem = v;
  } catch {
    problem = {};
  }
  const details = Array.isArray(problem.additionalDetails) ? problem.additionalDetails.map(str).filter(Boolean) : [];
  const main = str(problem.detail) || str(problem.message) || str(problem.title) || `HTTP ${status}`;
  const message = `DHL Express: ${[main, ...details].join('; ')}`;
  const reason = reasonOf(status, [main, ...details].join(' '), op);
  // A validation refusal of a rate or a label: an address, the service, or another reason.
  if (reason === 'REFUSED') return refusalError([main, ...details].join(' '), message);
  return new CarrierError(reason, message);
}

function reasonOf(status: number, text: string, op: DhlOperation): CarrierErrorReason {
  if (status === 401 || status === 403 || status === 429 || status >= 500) return 'UNAVAILABLE';
  if (status === 404) return op === 'rate' ? 'UNSUPPORTED_ROUTE' : 'NOT_FOUND';
  if (/exceed|maximum|too (heavy|large|long)/i.test(text)) return 'LIMIT_EXCEEDED';
  return op === 'track' ? 'NOT_FOUND' : 'REFUSED';
}
