import { parseCents } from '../../../../shared/money';
import { refusalError } from '../adapter-support';
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
  type QuoteRequest,
  type TrackingEvent,
  type TrackingStep,
} from '../index';
import { upsCodeOf, upsServiceCode, upsServiceName } from './services';
import { customsTotalCents } from '../customs';

/*
 * UPS REST APIs (developer.ups.com): OAuth client credentials, Rating (Shop), Shipping (ship, void),
 * Tracking. Pure functions: our types → { method, path, headers, body }, UPS answers → ours.
 */

/** One UPS account, as the configuration will hand it over (UPS_CLIENT_ID, …). */
export type UpsAccount = {
  clientId: string;
  clientSecret: string;
  /** The UPS shipper number (6 characters); also the x-merchant-id of the token request. */
  accountNumber: string;
  /** https://onlinetools.ups.com (live) or https://wwwcie.ups.com (test). */
  baseUrl: string;
  mode: 'live' | 'test';
  /** UPS image labels are GIF (its documented default) or PNG; ZPL for thermal printers. */
  labelFormat?: UpsLabelFormat;
  /** Rating and Shipping API version in the path. */
  apiVersion?: string;
  /** transactionSrc header: names the calling application in UPS's logs. */
  transactionSrc?: string;
};

export type UpsLabelFormat = 'GIF' | 'PNG' | 'ZPL';

/** A request to UPS, relative to the account's base URL; the client adds the bearer token. */
export type UpsCall = {
  method: CarrierHttpMethod;
  /** Path and query, e.g. '/api/rating/v2409/Shop?additionalinfo=timeintransit'. */
  path: string;
  headers: Record<string, string>;
  body?: string;
};

/** An answer from UPS as the mapping needs it. */
export type UpsAnswer = { status: number; bodyText: string };

/**
 * A quote with what issue 24 needs beyond CarrierQuote (to be merged into a shared type at wiring):
 * the carrier's own tax (the caller compares it with ours) and whether the price is the account's.
 */
export type UpsRatedQuote = {
  quote: CarrierQuote;
  /** UPS's tax total on that price (TaxCharges), null when UPS did not state one. */
  carrierTaxCents: number | null;
  /** 'negotiated' when the account's negotiated rate was returned and used, else 'published'. */
  rateType: 'negotiated' | 'published';
};

export type UpsRateResult = {
  quotes: UpsRatedQuote[];
  /** Services UPS rated that could not be read (no delivery estimate, a currency other than CAD, …). */
  skipped: { upsCode: string; reason: string }[];
};

/** The label as UPS hands it back: the image bytes (base64) and their media type. */
export type CarrierLabel = { format: UpsLabelFormat | 'EPL' | 'SPL'; mediaType: string; base64: string };

/** A purchase with the label and the carrier-side ids (to be merged into a shared type at wiring). */
export type UpsPurchase = Purchase & {
  /** ShipmentIdentificationNumber: what a void names (equal to the tracking number for one package). */
  shipmentId: string;
  label: CarrierLabel;
  /** The price UPS charged, before tax (negotiated when returned), null when absent. */
  chargedCents: number | null;
};

const CURRENCY = 'CAD';
export const UPS_DEFAULT_API_VERSION = 'v2409';
const REFERENCE_MAX = 35;

const apiVersion = (account: UpsAccount) => account.apiVersion ?? UPS_DEFAULT_API_VERSION;

function jsonHeaders(account: UpsAccount, transId: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    transId,
    transactionSrc: account.transactionSrc ?? 'voyageur',
  };
}

// ---------------------------------------------------------------------------------------------
// OAuth

/** POST /security/v1/oauth/token: client credentials, Basic auth of client id:secret. */
export function buildUpsTokenRequest(account: UpsAccount): UpsCall {
  const basic = Buffer.from(`${account.clientId}:${account.clientSecret}`, 'utf8').toString('base64');
  return {
    method: 'POST',
    path: '/security/v1/oauth/token',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Authorization: `Basic ${basic}`,
      'x-merchant-id': account.accountNumber,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** UPS takes kilograms with one decimal: rounded up so that we never declare less than the parcel. */
function kg(weightKg: number): string {
  return (Math.ceil(Math.round(weightKg * 1000) / 100) / 10).toFixed(1);
}

/** Whole centimetres, rounded up. */
function cm(value: number): string {
  return String(Math.ceil(Math.round(value * 100) / 100));
}

function yyyymmdd(date: string): string {
  return date.replaceAll('-', '');
}

function isoDate(upsDate: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(upsDate);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The package's UPS packaging: ours are all the customer's own packaging (02), whatever their shape. */
function packaging(_type: PackageType) {
  return { Code: '02', Description: 'Customer Supplied Package' };
}

/** Declared value: the Shipping API takes its type (01 = EVS, declared value); the Rating API does not. */
function declaredValue(cents: number | undefined, withType: boolean) {
  if (!cents || cents <= 0) return undefined;
  const amount = { CurrencyCode: CURRENCY, MonetaryValue: centsText(cents) };
  return { DeclaredValue: withType ? { Type: { Code: '01' }, ...amount } : amount };
}

function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Our reference as UPS keeps it (ReferenceNumber.Value, at most 35 characters): a UUID loses its
 * hyphens (32); anything else longer is refused rather than cut, so that it is found again.
 */
export function upsReference(reference: string): string {
  if (reference.length <= REFERENCE_MAX) return reference;
  const compact = reference.replaceAll('-', '');
  if (compact.length <= REFERENCE_MAX) return compact;
  throw new CarrierError('REFUSED', `UPS: reference longer than ${REFERENCE_MAX} characters`);
}

function address(end: { postalCode: string; province: string; country: string; city: string }, lines: string[]) {
  const kept = lines.filter((l) => l.trim() !== '').map((l) => l.slice(0, 35));
  return {
    ...(kept.length ? { AddressLine: kept } : {}),
    City: end.city,
    StateProvinceCode: end.province,
    PostalCode: end.postalCode.replaceAll(' ', ''),
    CountryCode: end.country,
  };
}

/** Digits only; a North American number without its country code 1, as UPS's samples write it. */
function phoneDigits(phone: string): string {
  // Stored phones carry an extension after 'x' (shared/phone.ts); UPS has a field of its own for it.
  const [main = ''] = phone.split(/x/i);
  const digits = main.replace(/[^0-9]/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.slice(0, 15) || '0000000000';
}

function phoneOf(phone: string): { Number: string; Extension?: string } {
  const ext = /x\s*([0-9]{1,4})/i.exec(phone)?.[1];
  return { Number: phoneDigits(phone), ...(ext ? { Extension: ext } : {}) };
}

function party(p: LabelParty) {
  const name = (p.company || p.name).slice(0, 35);
  return {
    Name: name,
    AttentionName: p.name.slice(0, 35),
    Phone: phoneOf(p.phone),
    ...(p.email ? { EMailAddress: p.email } : {}),
    Address: address(p, [p.address1, p.address2]),
  };
}

function packageOf(pkg: QuoteRequest['package'], forShipping: boolean) {
  const options = declaredValue(pkg.declaredValueCents, forShipping);
  return {
    Dimensions: {
      UnitOfMeasurement: { Code: 'CM' },
      Length: cm(pkg.lengthCm),
      Width: cm(pkg.widthCm),
      Height: cm(pkg.heightCm),
    },
    PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: kg(pkg.weightKg) },
    ...(options ? { PackageServiceOptions: options } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Rating

/**
 * POST /api/rating/{version}/Shop?additionalinfo=timeintransit — every UPS service for the lane, with
 * negotiated rates (NegotiatedRatesIndicator), taxes (TaxInformationIndicator) and transit times.
 */
export function buildUpsRateRequest(account: UpsAccount, req: QuoteRequest, transId: string): UpsCall {
  const pkg = req.package;
  const body = {
    RateRequest: {
      Request: { RequestOption: 'Shop', TransactionReference: { CustomerContext: 'Voyageur quote' } },
      Shipment: {
        Shipper: { ShipperNumber: account.accountNumber, Address: address(req.from, []) },
        ShipFrom: { Address: address(req.from, []) },
        ShipTo: { Address: address(req.to, []) },
        PaymentDetails: {
          ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: account.accountNumber } }],
        },
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        TaxInformationIndicator: 'Y',
        ShipmentTotalWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: kg(pkg.weightKg) },
        DeliveryTimeInformation: { PackageBillType: '03', Pickup: { Date: yyyymmdd(req.shipDate) } },
        ...(req.to.country !== req.from.country ? { InvoiceLineTotal: invoiceLineTotal(req) } : {}),
        Package: [{ PackagingType: packaging(pkg.type), ...packageOf(pkg, false) }],
      },
    },
  };
  return {
    method: 'POST',
    path: `/api/rating/${apiVersion(account)}/Shop?additionalinfo=timeintransit`,
    headers: jsonHeaders(account, transId),
    body: JSON.stringify(body),
  };
}

type Money = { CurrencyCode?: string; MonetaryValue?: string };
type Itemized = Money & { Code?: string; SubType?: string };
type Tax = { Type?: string; MonetaryValue?: string };

/** UPS writes one element as an object and several as an array. */
function list<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function cents(value: string | undefined, what: string): number {
  const c = value === undefined ? null : parseCents(value);
  if (c === null) throw new CarrierError('UNAVAILABLE', `UPS: unreadable amount for ${what}: ${String(value)}`);
  return c;
}

/** UPS itemized charge code of the fuel surcharge (Rating API appendix). */
const FUEL_CODE = '375';

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

/** Reads a Shop answer; a non-2xx answer throws the carrier's error. */
export function parseUpsRateResponse(answer: UpsAnswer, req: QuoteRequest): UpsRateResult {
  if (answer.status < 200 || answer.status >= 300) throw upsError(answer, 'rate');
  const body = obj(parseJson(answer.bodyText));
  const rateResponse = obj(body['RateResponse']);
  if (!('RateResponse' in body)) throw upsError(answer, 'rate');
  const quotes: UpsRatedQuote[] = [];
  const skipped: UpsRateResult['skipped'] = [];
  for (const raw of list(rateResponse['RatedShipment'] as unknown[] | undefined)) {
    const rated = obj(raw);
    const service = obj(rated['Service']);
    const upsCode = String(service['Code'] ?? '');
    try {
      quotes.push(ratedQuote(rated, upsCode, String(service['Description'] ?? ''), req));
    } catch (err) {
      if (!(err instanceof CarrierError)) throw err;
      skipped.push({ upsCode, reason: err.message });
    }
  }
  return { quotes, skipped };
}

function ratedQuote(
  rated: Record<string, unknown>,
  upsCode: string,
  description: string,
  req: QuoteRequest,
): UpsRatedQuote {
  const negotiated = rated['NegotiatedRateCharges'] ? obj(rated['NegotiatedRateCharges']) : null;
  const total = (negotiated ? obj(negotiated['TotalCharge']) : obj(rated['TotalCharges'])) as Money;
  const currency = total.CurrencyCode ?? (obj(rated['TotalCharges']) as Money).CurrencyCode;
  if (currency && currency !== CURRENCY) throw new CarrierError('UNAVAILABLE', `priced in ${currency}`);
  // TotalCharge(s) is UPS's pre-tax price: transportation, fuel and every surcharge and option.
  const priceCents = cents(total.MonetaryValue, `service ${upsCode} total`);

  const itemized = list((negotiated?.['ItemizedCharges'] ?? rated['ItemizedCharges']) as Itemized[] | undefined);
  const fuelCents = itemized
    .filter((c) => c.Code === FUEL_CODE)
    .reduce((s, c) => s + cents(c.MonetaryValue, 'fuel'), 0);
  // The declared value is the only option we ask for, so the options charge is its coverage.
  const options =
    (obj(negotiated?.['ServiceOptionsCharges']) as Money).MonetaryValue ??
    (obj(rated['ServiceOptionsCharges']) as Money).MonetaryValue;
  const coverageCents = req.package.declaredValueCents && options !== undefined ? cents(options, 'options') : 0;
  const surchargesCents = itemized
    .filter((c) => c.Code !== FUEL_CODE)
    .map((c) => ({ code: `UPS.${c.Code ?? '?'}`, amountCents: cents(c.MonetaryValue, `charge ${c.Code}`) }))
    .filter((s) => s.amountCents !== 0);
  // Whatever the itemized lines do not explain (options charged outside them) stays in the base, so
  // that the breakdown adds up to the price.
  const explained = fuelCents + coverageCents + surchargesCents.reduce((s, c) => s + c.amountCents, 0);
  const baseCents = priceCents - explained;

  const taxes = list((negotiated ? negotiated['TaxCharges'] : rated['TaxCharges']) as Tax[] | undefined);
  const carrierTaxCents = taxes.length ? taxes.reduce((s, t) => s + cents(t.MonetaryValue, `tax ${t.Type}`), 0) : null;

  const billing = obj(rated['BillingWeight']);
  const billingUnit = String(obj(billing['UnitOfMeasurement'])['Code'] ?? 'KGS');
  const billingWeight = Number(billing['Weight']);
  const billableWeightKg = Number.isFinite(billingWeight)
    ? billingUnit === 'LBS'
      ? Math.round(billingWeight * 0.45359237 * 10) / 10
      : billingWeight
    : req.package.weightKg;

  const { transitDays, estimatedDelivery } = transit(rated, req.shipDate);
  return {
    quote: {
      carrier: 'CA-UPS',
      serviceCode: upsServiceCode(upsCode, req.to.country),
      serviceName: upsServiceName(upsCode, description),
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
    rateType: negotiated ? 'negotiated' : 'published',
  };
}

function transit(rated: Record<string, unknown>, shipDate: string): { transitDays: number; estimatedDelivery: string } {
  const arrival = obj(obj(obj(rated['TimeInTransit'])['ServiceSummary'])['EstimatedArrival']);
  const days = Number(arrival['BusinessDaysInTransit'] ?? obj(rated['GuaranteedDelivery'])['BusinessDaysInTransit']);
  const date = isoDate(String(obj(arrival['Arrival'])['Date'] ?? ''));
  if (Number.isInteger(days) && days >= 0)
    return { transitDays: days, estimatedDelivery: date ?? addBusinessDays(shipDate, days) };
  if (date) return { transitDays: businessDaysBetween(shipDate, date), estimatedDelivery: date };
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
// Shipping

const MEDIA_TYPES: Record<string, string> = {
  GIF: 'image/gif',
  PNG: 'image/png',
  ZPL: 'application/x-zpl',
  EPL: 'application/x-epl',
  SPL: 'application/x-spl',
};

/** Destinations whose shipments UPS asks the invoice total of (the US and Puerto Rico). */
const INVOICE_LINE_TOTAL_COUNTRIES = new Set(['US', 'PR']);

/**
 * The goods' total value: the customs declaration's, in its currency, when we have it; else the
 * declared value (CAD), at least one dollar (UPS refuses a zero total).
 */
function invoiceLineTotal(req: Pick<QuoteRequest, 'customs' | 'package'>): Money {
  if (req.customs) {
    return {
      CurrencyCode: req.customs.currency,
      MonetaryValue: centsText(Math.max(100, customsTotalCents(req.customs))),
    };
  }
  return { CurrencyCode: CURRENCY, MonetaryValue: centsText(req.package.declaredValueCents || 100) };
}

/** UPS's ReasonForExport values for our contents types. */
const REASON_FOR_EXPORT: Record<CustomsDeclaration['contentsType'], string> = {
  merchandise: 'SALE',
  gift: 'GIFT',
  documents: 'SALE',
  sample: 'SAMPLE',
  return: 'RETURN',
};

/**
 * ShipmentServiceOptions.InternationalForms of a parcel leaving Canada: a UPS-generated commercial
 * invoice (FormType 01) with one Product per line of the declaration, its sold-to party the receiver.
 */
function internationalForms(req: PurchaseRequest) {
  const customs = req.customs;
  if (!customs)
    throw new CarrierError('CUSTOMS_INVALID', 'UPS: a shipment leaving Canada needs its customs declaration');
  const soldTo = party(req.to);
  return {
    InternationalForms: {
      FormType: '01',
      Contacts: {
        SoldTo: {
          Name: soldTo.Name,
          AttentionName: soldTo.AttentionName,
          Phone: soldTo.Phone,
          Address: soldTo.Address,
        },
      },
      Product: customs.items.map((item) => ({
        Description: item.description.slice(0, 35),
        CommodityCode: item.hsCode,
        OriginCountryCode: item.originCountry,
        Unit: {
          Number: String(item.quantity),
          Value: centsText(item.unitValueCents),
          UnitOfMeasurement: { Code: 'PCS', Description: 'Pieces' },
        },
        ProductWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: kg(item.weightKg * item.quantity) },
      })),
      InvoiceNumber: upsReference(req.reference),
      InvoiceDate: yyyymmdd(req.shipDate),
      ReasonForExport: REASON_FOR_EXPORT[customs.contentsType],
      CurrencyCode: customs.currency,
      // The invoice's incoterm: Delivered Duty Paid, or Delivered Duty Unpaid (the receiver pays them).
      TermsOfShipment: customs.incoterm,
    },
  };
}

/** POST /api/shipments/{version}/ship — our shipment id as the shipment's ReferenceNumber. */
export function buildUpsShipRequest(account: UpsAccount, req: PurchaseRequest, transId: string): UpsCall {
  const upsCode = upsCodeOf(req.serviceCode);
  if (!upsCode) throw new CarrierError('SERVICE_UNAVAILABLE', `UPS: not a UPS service: ${req.serviceCode}`);
  const format = account.labelFormat ?? 'GIF';
  const shipper = party(req.from);
  const body = {
    ShipmentRequest: {
      Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: req.reference } },
      Shipment: {
        Description: 'Parcel',
        Shipper: { ...shipper, ShipperNumber: account.accountNumber },
        ShipFrom: shipper,
        ShipTo: party(req.to),
        PaymentInformation: {
          ShipmentCharge: [
            { Type: '01', BillShipper: { AccountNumber: account.accountNumber } },
            // DDP: the duties and taxes (charge type 02) billed to our account too; DDU leaves them to the receiver.
            ...(req.customs?.incoterm === 'DDP'
              ? [{ Type: '02', BillShipper: { AccountNumber: account.accountNumber } }]
              : []),
          ],
        },
        ...(INVOICE_LINE_TOTAL_COUNTRIES.has(req.to.country) && req.to.country !== req.from.country
          ? { InvoiceLineTotal: invoiceLineTotal(req) }
          : {}),
        Service: { Code: upsCode, Description: upsServiceName(upsCode) },
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        ReferenceNumber: { Value: upsReference(req.reference) },
        ShipmentDate: yyyymmdd(req.shipDate),
        ...(req.to.country !== req.from.country ? { ShipmentServiceOptions: internationalForms(req) } : {}),
        Package: [
          {
            Description: 'Parcel',
            Packaging: packaging(req.package.type),
            ...packageOf(req.package, true),
          },
        ],
      },
      LabelSpecification: {
        LabelImageFormat: { Code: format, Description: format },
        ...(format === 'ZPL' ? { LabelStockSize: { Height: '6', Width: '4' } } : {}),
      },
    },
  };
  return {
    method: 'POST',
    path: `/api/shipments/${apiVersion(account)}/ship`,
    headers: jsonHeaders(account, transId),
    body: JSON.stringify(body),
  };
}

/** Reads a ship answer: tracking number, label image and its media type. */
export function parseUpsShipResponse(answer: UpsAnswer, now: Date): UpsPurchase {
  if (answer.status < 200 || answer.status >= 300) throw upsError(answer, 'ship');
  const results = obj(obj(obj(parseJson(answer.bodyText))['ShipmentResponse'])['ShipmentResults']);
  const shipmentId = results['ShipmentIdentificationNumber'];
  const pkg = obj(list(results['PackageResults'] as unknown[] | undefined)[0]);
  const trackingNumber = pkg['TrackingNumber'] ?? shipmentId;
  const labelObj = obj(pkg['ShippingLabel']);
  const image = labelObj['GraphicImage'];
  const format = String(obj(labelObj['ImageFormat'])['Code'] ?? '').toUpperCase();
  if (typeof shipmentId !== 'string' || typeof trackingNumber !== 'string' || typeof image !== 'string' || !image) {
    throw new CarrierError('UNAVAILABLE', 'UPS: the shipment answer has no tracking number or label');
  }
  const mediaType = MEDIA_TYPES[format];
  if (!mediaType) throw new CarrierError('UNAVAILABLE', `UPS: unknown label format ${format || '(none)'}`);
  const negotiated = obj(obj(results['NegotiatedRateCharges'])['TotalCharge']) as Money;
  const published = obj(obj(results['ShipmentCharges'])['TotalCharges']) as Money;
  const charged = negotiated.MonetaryValue ?? published.MonetaryValue;
  return {
    trackingNumber,
    shipmentId,
    createdAt: now,
    label: { format: format as CarrierLabel['format'], mediaType, base64: image },
    chargedCents: charged === undefined ? null : parseCents(charged),
  };
}

/** DELETE /api/shipments/{version}/void/cancel/{shipmentId}. */
export function buildUpsVoidRequest(account: UpsAccount, shipmentId: string, transId: string): UpsCall {
  return {
    method: 'DELETE',
    path: `/api/shipments/${apiVersion(account)}/void/cancel/${encodeURIComponent(shipmentId)}`,
    headers: jsonHeaders(account, transId),
  };
}

/** A void UPS confirmed returns; a refusal throws NOT_VOIDABLE (or NOT_FOUND) with UPS's reason. */
export function parseUpsVoidResponse(answer: UpsAnswer): void {
  if (answer.status < 200 || answer.status >= 300) throw upsError(answer, 'void');
  const result = obj(obj(parseJson(answer.bodyText))['VoidShipmentResponse']);
  const status = obj(obj(result['SummaryResult'])['Status']);
  if (String(status['Code'] ?? '').trim() !== '1') {
    throw new CarrierError('NOT_VOIDABLE', `UPS: ${String(status['Description'] ?? 'void not confirmed')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Tracking

/** GET /api/track/v1/details/{inquiryNumber}. */
export function buildUpsTrackRequest(account: UpsAccount, trackingNumber: string, transId: string): UpsCall {
  return {
    method: 'GET',
    path: `/api/track/v1/details/${encodeURIComponent(trackingNumber)}?locale=en_US&returnSignature=false`,
    headers: jsonHeaders(account, transId),
  };
}

/** GET /api/track/v1/reference/details/{referenceNumber}: finds a shipment by our reference. */
export function buildUpsReferenceTrackRequest(account: UpsAccount, reference: string, transId: string): UpsCall {
  const q = new URLSearchParams({ locale: 'en_US', shipperNum: account.accountNumber, refNumType: 'SmallPackage' });
  return {
    method: 'GET',
    path: `/api/track/v1/reference/details/${encodeURIComponent(upsReference(reference))}?${q.toString()}`,
    headers: jsonHeaders(account, transId),
  };
}

type Activity = {
  date?: string;
  time?: string;
  gmtDate?: string;
  gmtTime?: string;
  gmtOffset?: string;
  location?: { address?: { city?: string; stateProvince?: string; countryCode?: string; country?: string } };
  status?: { type?: string; code?: string; description?: string; statusCode?: string };
};

/** UPS status/description codes (Tracking API appendix) that name one of our steps. */
const OUT_FOR_DELIVERY_STATUS = new Set(['006', '021', '037', '072', '089', '091']);
const PICKED_UP_STATUS = new Set(['038']);
const LABEL_CREATED_STATUS = new Set(['003']);
const OUT_FOR_DELIVERY_CODES = new Set(['OT', 'OF', 'OD']);

/** One UPS activity as our step; null for one that is no step of ours (billing information voided). */
export function upsStep(status: Activity['status']): TrackingStep | null {
  const type = status?.type ?? '';
  const statusCode = status?.statusCode ?? '';
  if (type === 'D') return 'delivered';
  if (type === 'MV') return null;
  if (type === 'M' || LABEL_CREATED_STATUS.has(statusCode)) return 'label_created';
  if (PICKED_UP_STATUS.has(statusCode) || status?.code === 'PU') return 'picked_up';
  if (OUT_FOR_DELIVERY_STATUS.has(statusCode) || OUT_FOR_DELIVERY_CODES.has(status?.code ?? '')) {
    return 'out_for_delivery';
  }
  return 'in_transit';
}

function activityTime(a: Activity): Date | null {
  // gmtDate/gmtTime are UTC; date/time are local to the scan, read with gmtOffset when given.
  if (a.gmtDate && a.gmtTime) {
    const t = a.gmtTime.padStart(6, '0');
    const d = isoDate(a.gmtDate);
    if (d) return new Date(`${d}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`);
  }
  const d = a.date ? isoDate(a.date) : null;
  if (!d) return null;
  const t = (a.time ?? '000000').padStart(6, '0');
  const offset = a.gmtOffset && /^[+-]\d{2}:\d{2}$/.test(a.gmtOffset) ? a.gmtOffset : 'Z';
  return new Date(`${d}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}${offset}`);
}

/** Reads a tracking answer into our events, oldest first. Unknown number: NOT_FOUND. */
export function parseUpsTrackResponse(answer: UpsAnswer): TrackingEvent[] {
  if (answer.status < 200 || answer.status >= 300) throw upsError(answer, 'track');
  const shipment = obj(list(obj(obj(parseJson(answer.bodyText))['trackResponse'])['shipment'] as unknown[])[0]);
  const pkg = obj(list(shipment['package'] as unknown[] | undefined)[0]);
  if (!('package' in shipment)) {
    const warning = obj(list(shipment['warnings'] as unknown[] | undefined)[0]);
    throw new CarrierError('NOT_FOUND', `UPS: ${String(warning['message'] ?? 'no tracking information')}`);
  }
  const events: TrackingEvent[] = [];
  for (const a of list(pkg['activity'] as Activity[] | undefined)) {
    const status = upsStep(a.status);
    const occurredAt = activityTime(a);
    if (!status || !occurredAt) continue;
    const addr = a.location?.address ?? {};
    events.push({
      status,
      description: a.status?.description?.trim() || status,
      location: [addr.city, addr.stateProvince].filter(Boolean).join(', '),
      occurredAt,
    });
  }
  return events.sort((x, y) => x.occurredAt.getTime() - y.occurredAt.getTime());
}

/** Reads a reference-tracking answer: the tracking number bought under our reference, or null. */
export function parseUpsReferenceTrackResponse(answer: UpsAnswer, now: Date): Purchase | null {
  if (answer.status === 404) return null;
  let events: TrackingEvent[];
  try {
    events = parseUpsTrackResponse(answer);
  } catch (err) {
    if (err instanceof CarrierError && err.reason === 'NOT_FOUND') return null;
    throw err;
  }
  const shipment = obj(list(obj(obj(parseJson(answer.bodyText))['trackResponse'])['shipment'] as unknown[])[0]);
  const pkg = obj(list(shipment['package'] as unknown[] | undefined)[0]);
  const trackingNumber = pkg['trackingNumber'] ?? shipment['inquiryNumber'];
  if (typeof trackingNumber !== 'string') return null;
  const created = events.find((e) => e.status === 'label_created')?.occurredAt ?? events[0]?.occurredAt ?? now;
  return { trackingNumber, createdAt: created };
}

// ---------------------------------------------------------------------------------------------
// Errors

export type UpsOperation = 'token' | 'rate' | 'ship' | 'void' | 'track' | 'label';

const LIMIT_WORDS = /exceed|maximum|too (heavy|large|long)|over(size| the limit)/i;
/** Rating: "The requested service is unavailable between the selected locations." */
const ROUTE_CODES = new Set(['111210', '111100']);

/** The carrier's errors in `response.errors[{code, message}]` as one CarrierError. */
export function upsError(answer: UpsAnswer, op: UpsOperation): CarrierError {
  const body = obj(parseJson(answer.bodyText));
  const errors = list(obj(body['response'])['errors'] as { code?: string; message?: string }[] | undefined);
  const text = errors.map((e) => [e.code, e.message].filter(Boolean).join(' ')).join('; ');
  const message = `UPS: ${text || `HTTP ${answer.status}`}`;
  const codes = errors.map((e) => String(e.code ?? ''));
  const reason = ((): CarrierErrorReason => {
    if (answer.status >= 500 || answer.status === 429) return 'UNAVAILABLE';
    if (answer.status === 401 || answer.status === 403) return 'UNAVAILABLE';
    if (op === 'track') return 'NOT_FOUND';
    if (op === 'void') return 'NOT_VOIDABLE';
    if (answer.status < 400 && errors.length === 0) return 'UNAVAILABLE';
    if (codes.some((c) => ROUTE_CODES.has(c))) return op === 'rate' ? 'UNSUPPORTED_ROUTE' : 'SERVICE_UNAVAILABLE';
    if (errors.some((e) => LIMIT_WORDS.test(e.message ?? ''))) return 'LIMIT_EXCEEDED';
    return 'REFUSED';
  })();
  // A validation refusal of a rate or a label: an address, the service, or another reason.
  if (reason === 'REFUSED' && (op === 'rate' || op === 'ship')) return refusalError(text, message);
  return new CarrierError(reason, message);
}
