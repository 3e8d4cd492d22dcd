import { carrierXml } from '../xml';
import { centsToDecimal, parseCents } from '../../../../shared/money';
import { isZplLabel, refusalError } from '../adapter-support';
import {
  CarrierError,
  type CarrierErrorReason,
  type CarrierMode,
  type CarrierQuote,
  type CustomsDeclaration,
  type PurchaseRequest,
  type QuoteRequest,
  type Surcharge,
  type TrackingEvent,
  type TrackingStep,
} from '../index';
import { canadaPostService } from './services';
import { CONTENTS_WORDS, decimalOf } from '../customs';
import { formatHsCode } from '../../../../shared/customs';

/**
 * Canada Post REST (XML) mapping: our requests → Canada Post's documented payloads, its answers → ours.
 * Pure: no I/O, no clock. The client (client.ts) sends what these functions build.
 */

export const CANADA_POST_PRODUCTION_URL = 'https://soa-gw.canadapost.ca';
export const CANADA_POST_TEST_URL = 'https://ct.soa-gw.canadapost.ca';

export const MEDIA = {
  rate: 'application/vnd.cpc.ship.rate-v4+xml',
  shipment: 'application/vnd.cpc.shipment-v8+xml',
  ncshipment: 'application/vnd.cpc.ncshipment-v4+xml',
  track: 'application/vnd.cpc.track-v2+xml',
  pdf: 'application/pdf',
  /** The label artifact bought with print-preferences encoding ZPL (decision 040). */
  zpl: 'application/zpl',
} as const;

export const NS = {
  rate: 'http://www.canadapost.ca/ws/ship/rate-v4',
  shipment: 'http://www.canadapost.ca/ws/shipment-v8',
  ncshipment: 'http://www.canadapost.ca/ws/ncshipment-v4',
} as const;

export type CanadaPostAccount = {
  username: string;
  password: string;
  /** The customer number (mailed-by and mailed-on-behalf-of); 10 digits with leading zeros. */
  customerNumber: string;
  /** With a contract id: contract shipping (rs/{customer}/{customer}/shipment); without: non-contract. */
  contractId?: string;
  baseUrl: string;
  mode: Exclude<CarrierMode, 'sandbox'>;
  /** The address Canada Post writes to about a refund request (required by the refund payload). */
  refundEmail?: string;
  language?: 'en' | 'fr';
};

export type HttpCall = {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** What a quote adds to ours: the carrier's own tax total (the caller compares it with our taxes). */
export type CanadaPostQuote = CarrierQuote & { carrierTaxCents: number };

/** Where the label is and how to void the shipment later: keep it with the shipment. */
export type CanadaPostShipmentRef = {
  shipmentId: string;
  trackingNumber: string;
  /** 'contract' shipments are voided by DELETE (or refunded once transmitted); 'non-contract' are refunded. */
  kind: 'contract' | 'non-contract';
  selfUrl: string;
  refundUrl: string | null;
  labelUrl: string;
  labelMediaType: string;
  /** Canada Post's shipment-status at creation: 'created', 'transmitted', … ('' for non-contract). */
  status: string;
};

/** A label as the carrier sent it: the user prints these bytes. */
export type CarrierLabel = { bytes: Uint8Array; mediaType: string };

const ARRAYS = new Set([
  'price-quote',
  'option',
  'adjustment',
  'link',
  'message',
  'occurrence',
  'priced-option',
  'shipment-link',
]);

const { parser: xmlParser, builder: xmlBuilder } = carrierXml(ARRAYS);

type XmlNode = { [key: string]: unknown };

function buildXml(doc: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlBuilder().build(doc)}`;
}

function parseXml(text: string): XmlNode {
  try {
    const doc: unknown = xmlParser().parse(text);
    return isNode(doc) ? doc : {};
  } catch {
    throw new CarrierError('UNAVAILABLE', 'Canada Post answered with unreadable XML');
  }
}

function isNode(v: unknown): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const v = node?.[name];
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
  const cents = parseCents(value === '' ? '0' : value);
  if (cents === null)
    throw new CarrierError('UNAVAILABLE', `Canada Post answered an unreadable amount for ${what}: ${value}`);
  return cents;
}

function headers(account: CanadaPostAccount, accept: string, contentType?: string): Record<string, string> {
  const h: Record<string, string> = {
    Accept: accept,
    Authorization: basicAuth(account.username, account.password),
    'Accept-Language': `${account.language ?? 'en'}-CA`,
  };
  if (contentType) h['Content-Type'] = contentType;
  return h;
}

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

function base(account: CanadaPostAccount): string {
  return account.baseUrl.replace(/\/+$/, '');
}

/** "H2B 1A0" → "H2B1A0" (Canada Post's postal-code type has no space). */
export function compactPostalCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Canada Post's weight type: kg with at most 3 decimals; dimensions: cm with at most 1 decimal. */
function kg(weight: number): string {
  return String(Math.max(0.001, Math.round(weight * 1000) / 1000));
}

function cm(length: number): string {
  return String(Math.max(0.1, Math.round(length * 10) / 10));
}

function coverageOptions(declaredValueCents: number | undefined): XmlNode | undefined {
  if (!declaredValueCents || declaredValueCents <= 0) return undefined;
  return { option: [{ 'option-code': 'COV', 'option-amount': centsToDecimal(declaredValueCents) }] };
}

function destinationOf(to: { postalCode: string; country: string }): XmlNode {
  if (to.country === 'CA') return { domestic: { 'postal-code': compactPostalCode(to.postalCode) } };
  if (to.country === 'US') return { 'united-states': { 'zip-code': to.postalCode.trim() } };
  return { international: { 'country-code': to.country } };
}

// ---------------------------------------------------------------- rating

export function buildRateRequest(account: CanadaPostAccount, req: QuoteRequest): HttpCall {
  const scenario: XmlNode = { '@_xmlns': NS.rate, 'customer-number': account.customerNumber };
  if (account.contractId) scenario['contract-id'] = account.contractId;
  scenario['expected-mailing-date'] = req.shipDate;
  const options = coverageOptions(req.package.declaredValueCents);
  if (options) scenario.options = options;
  scenario['parcel-characteristics'] = {
    weight: kg(req.package.weightKg),
    dimensions: {
      length: cm(req.package.lengthCm),
      width: cm(req.package.widthCm),
      height: cm(req.package.heightCm),
    },
    ...(req.package.type === 'tube' ? { 'mailing-tube': 'true' } : {}),
  };
  scenario['origin-postal-code'] = compactPostalCode(req.from.postalCode);
  scenario.destination = destinationOf(req.to);
  return {
    method: 'POST',
    url: `${base(account)}/rs/ship/price`,
    headers: headers(account, MEDIA.rate, MEDIA.rate),
    body: buildXml({ 'mailing-scenario': scenario }),
  };
}

export function parseRateResponse(body: string, req: QuoteRequest): CanadaPostQuote[] {
  const doc = parseXml(body);
  const quotes = list(child(doc, 'price-quotes'), 'price-quote');
  return quotes.map((q) => {
    const code = text(q, 'service-code');
    const service = canadaPostService(code, text(q, 'service-name'));
    const details = child(q, 'price-details');
    const baseCents = money(text(details, 'base'), `${code} base`);
    const taxes = child(details, 'taxes');
    const carrierTaxCents = ['gst', 'pst', 'hst'].reduce((sum, t) => sum + money(text(taxes, t), `${code} ${t}`), 0);
    const dueCents = money(text(details, 'due'), `${code} due`);

    let fuelCents = 0;
    let coverageCents = 0;
    const surcharges: Surcharge[] = [];
    for (const o of list(child(details, 'options'), 'option')) {
      const amount = money(text(o, 'option-price'), `${code} option`);
      const optionCode = text(o, 'option-code');
      if (optionCode === 'COV') coverageCents += amount;
      else if (amount !== 0) surcharges.push({ code: optionCode, amountCents: amount });
    }
    for (const a of list(child(details, 'adjustments'), 'adjustment')) {
      const amount = money(text(a, 'adjustment-cost'), `${code} adjustment`);
      const adjustmentCode = text(a, 'adjustment-code');
      if (adjustmentCode === 'FUELSC') fuelCents += amount;
      else if (amount !== 0) surcharges.push({ code: adjustmentCode, amountCents: amount });
    }

    const standard = child(q, 'service-standard');
    const transit = Number.parseInt(text(standard, 'expected-transit-time'), 10);
    return {
      carrier: 'CA-CP',
      serviceCode: service.code,
      serviceName: service.name,
      // "due" is what Canada Post charges, taxes included; ours is its pre-tax price.
      priceCents: dueCents - carrierTaxCents,
      transitDays: Number.isFinite(transit) ? transit : 0,
      estimatedDelivery: text(standard, 'expected-delivery-date'),
      breakdown: {
        baseCents,
        fuelCents,
        surchargesCents: surcharges,
        billableWeightKg: req.package.weightKg,
        ...(coverageCents > 0 ? { coverageCents } : {}),
      },
      carrierTaxCents,
    };
  });
}

// ---------------------------------------------------------------- shipping

function phone(text: string): string {
  return text.trim() || '000 000 0000';
}

function addressDetails(p: PurchaseRequest['from'], withCountry: boolean): XmlNode {
  const d: XmlNode = { 'address-line-1': p.address1 };
  if (p.address2) d['address-line-2'] = p.address2;
  d.city = p.city;
  d['prov-state'] = p.province;
  if (withCountry) d['country-code'] = p.country;
  d['postal-zip-code'] = p.country === 'CA' || p.country === 'US' ? compactPostalCode(p.postalCode) : p.postalCode;
  return d;
}

function deliverySpec(account: CanadaPostAccount, req: PurchaseRequest, contract: boolean): XmlNode {
  const spec: XmlNode = { 'service-code': req.serviceCode };
  spec.sender = {
    name: req.from.name,
    // Canada Post requires a sender company; a person shipping has none, so their name stands in.
    company: req.from.company || req.from.name,
    'contact-phone': phone(req.from.phone),
    // The non-contract sender address is domestic (no country element); the contract one carries it.
    'address-details': addressDetails(req.from, contract),
  };
  const destination: XmlNode = { name: req.to.name };
  if (req.to.company) destination.company = req.to.company;
  destination['client-voice-number'] = phone(req.to.phone);
  destination['address-details'] = addressDetails(req.to, true);
  spec.destination = destination;
  const options = shipmentOptions(req);
  if (options) spec.options = options;
  spec['parcel-characteristics'] = {
    weight: kg(req.package.weightKg),
    dimensions: {
      length: cm(req.package.lengthCm),
      width: cm(req.package.widthCm),
      height: cm(req.package.heightCm),
    },
  };
  if (req.to.email)
    spec.notification = { email: req.to.email, 'on-shipment': 'true', 'on-exception': 'false', 'on-delivery': 'true' };
  // Contract shipments choose the label's encoding when bought: ZPL II for a buyer who prints on a
  // thermal printer (decision 040). Non-contract shipments have no print-preferences: always a PDF.
  if (contract) {
    spec['print-preferences'] = { 'output-format': '4x6', encoding: req.labelFormat === 'zpl' ? 'ZPL' : 'PDF' };
  }
  spec.preferences = {
    'show-packing-instructions': 'false',
    'show-postage-rate': 'false',
    'show-insured-value': 'true',
  };
  if (req.to.country !== 'CA') spec.customs = customsOf(req);
  spec.references = { 'customer-ref-1': req.reference };
  if (contract) {
    spec['settlement-info'] = {
      'contract-id': account.contractId,
      'intended-method-of-payment': 'Account',
    };
  }
  return spec;
}

/** Coverage, and leaving Canada the non-delivery handling Canada Post requires (RASE or ABAN). */
function shipmentOptions(req: PurchaseRequest): XmlNode | undefined {
  const option = [...((coverageOptions(req.package.declaredValueCents)?.option as XmlNode[] | undefined) ?? [])];
  if (req.to.country !== 'CA') {
    // Return at the sender's expense, or abandon: what the shipper chose (decision 029).
    option.push({ 'option-code': req.customs?.nonDelivery === 'abandon' ? 'ABAN' : 'RASE' });
  }
  return option.length ? { option } : undefined;
}

/** Canada Post's reason-for-export codes: documents, commercial sample, repair/return, sale of goods, other. */
const REASON_FOR_EXPORT: Record<CustomsDeclaration['contentsType'], string> = {
  merchandise: 'SOG',
  gift: 'OTH',
  documents: 'DOC',
  sample: 'SAM',
  return: 'REP',
};

/** 'dddd.dd.dd.dd' as Canada Post's hs-tariff-code pattern takes it (whole pairs after the heading). */
function hsTariffCode(hsCode: string): string {
  const digits = hsCode.replace(/\D/g, '');
  return formatHsCode(digits.slice(0, digits.length - (digits.length % 2)));
}

/**
 * The `customs` element of a shipment leaving Canada: currency (and the CAD conversion when it is
 * not CAD), the reason for export and one sku-list item per line of the declaration.
 */
function customsOf(req: PurchaseRequest): XmlNode {
  const customs = req.customs;
  if (!customs)
    throw new CarrierError('CUSTOMS_INVALID', 'Canada Post: a shipment leaving Canada needs its customs declaration');
  const node: XmlNode = { currency: customs.currency };
  // One CAD in the declaration's currency (6 decimals), e.g. 0.724638 USD at 1.38 CAD per USD.
  if (customs.currency !== 'CAD') node['conversion-from-cad'] = (1 / customs.cadPerUsd).toFixed(6);
  const reason = REASON_FOR_EXPORT[customs.contentsType];
  node['reason-for-export'] = reason;
  if (reason === 'OTH') node['other-reason'] = CONTENTS_WORDS[customs.contentsType];
  node['sku-list'] = {
    item: customs.items.map((item, i) => {
      const sku: XmlNode = {
        'customs-number-of-units': String(item.quantity),
        'customs-description': item.description.slice(0, 45),
        sku: `${i + 1}`,
        'hs-tariff-code': hsTariffCode(item.hsCode),
        'unit-weight': String(Math.min(99.999, Math.max(0.001, Math.round(item.weightKg * 1000) / 1000))),
        'customs-value-per-unit': decimalOf(item.unitValueCents),
        'country-of-origin': item.originCountry,
      };
      // The province is asked for Canadian goods: the sender's, where they are made or shipped from.
      if (item.originCountry === 'CA' && req.from.country === 'CA') sku['province-of-origin'] = req.from.province;
      return sku;
    }),
  };
  // DDP: the duties and taxes the shipper prepaid with the label (the schema's decimal amount, in the
  // declaration's currency like the sku values), so the receiver is not asked for them at the door.
  if (customs.incoterm === 'DDP' && customs.dutiesPrepaidCents && customs.dutiesPrepaidCents > 0) {
    const cents =
      customs.currency === 'CAD'
        ? customs.dutiesPrepaidCents
        : Math.round(customs.dutiesPrepaidCents / customs.cadPerUsd);
    node['duties-and-taxes-prepaid'] = decimalOf(Math.min(Math.max(cents, 1), 9_999_999));
  }
  return node;
}

/**
 * Contract shipment (with a contract id) or non-contract shipment. Contract shipments are transmitted
 * at once: we have no manifest job, and a shipment left in a group is never inducted.
 */
export function buildShipmentRequest(account: CanadaPostAccount, req: PurchaseRequest): HttpCall {
  const customer = account.customerNumber;
  if (account.contractId) {
    const shipment: XmlNode = {
      '@_xmlns': NS.shipment,
      'customer-request-id': req.reference,
      'transmit-shipment': 'true',
      'requested-shipping-point': compactPostalCode(req.from.postalCode),
      'expected-mailing-date': req.shipDate,
      'provide-pricing-info': 'true',
      'delivery-spec': deliverySpec(account, req, true),
    };
    return {
      method: 'POST',
      url: `${base(account)}/rs/${customer}/${customer}/shipment`,
      headers: headers(account, MEDIA.shipment, MEDIA.shipment),
      body: buildXml({ shipment }),
    };
  }
  const shipment: XmlNode = {
    '@_xmlns': NS.ncshipment,
    'requested-shipping-point': compactPostalCode(req.from.postalCode),
    'delivery-spec': deliverySpec(account, req, false),
  };
  return {
    method: 'POST',
    url: `${base(account)}/rs/${customer}/ncshipment`,
    headers: headers(account, MEDIA.ncshipment, MEDIA.ncshipment),
    body: buildXml({ 'non-contract-shipment': shipment }),
  };
}

function links(node: XmlNode | undefined): { rel: string; href: string; mediaType: string }[] {
  return list(child(node, 'links'), 'link').map((l) => ({
    rel: String(l['@_rel'] ?? ''),
    href: String(l['@_href'] ?? ''),
    mediaType: String(l['@_media-type'] ?? ''),
  }));
}

export function parseShipmentResponse(body: string): CanadaPostShipmentRef {
  const doc = parseXml(body);
  const contract = child(doc, 'shipment-info');
  const info = contract ?? child(doc, 'non-contract-shipment-info');
  if (!info) throw new CarrierError('UNAVAILABLE', 'Canada Post answered the shipment without shipment-info');
  const all = links(info);
  const self = all.find((l) => l.rel === 'self');
  const label = all.find((l) => l.rel === 'label');
  const refund = all.find((l) => l.rel === 'refund');
  const shipmentId = text(info, 'shipment-id');
  const trackingNumber = text(info, 'tracking-pin');
  if (!shipmentId || !trackingNumber || !self || !label) {
    throw new CarrierError('UNAVAILABLE', 'Canada Post answered the shipment without its id, PIN, self or label link');
  }
  return {
    shipmentId,
    trackingNumber,
    kind: contract ? 'contract' : 'non-contract',
    selfUrl: self.href,
    refundUrl: refund?.href ?? null,
    labelUrl: label.href,
    labelMediaType: label.mediaType || MEDIA.pdf,
    status: text(info, 'shipment-status'),
  };
}

/** The label artifact: GET of the rel="label" link with its media type. */
export function buildLabelRequest(account: CanadaPostAccount, ref: CanadaPostShipmentRef): HttpCall {
  return {
    method: 'GET',
    url: ref.labelUrl,
    headers: { Accept: ref.labelMediaType, Authorization: basicAuth(account.username, account.password) },
  };
}

export function parseLabelResponse(bytes: Uint8Array, contentType: string | undefined): CarrierLabel {
  const mediaType = (contentType ?? MEDIA.pdf).split(';')[0]!.trim();
  if (mediaType === MEDIA.pdf && !startsWithPdf(bytes)) {
    throw new CarrierError('UNAVAILABLE', 'Canada Post answered the label without a PDF');
  }
  if (mediaType === MEDIA.zpl && !isZplLabel(bytes)) {
    throw new CarrierError('UNAVAILABLE', 'Canada Post answered the label without ZPL');
  }
  return { bytes, mediaType };
}

function startsWithPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}

// ---------------------------------------------------------------- void

/**
 * A contract shipment not yet transmitted is voided by DELETE of its self link; once transmitted
 * (ours are, at creation) and for non-contract shipments, the documented way is a refund request.
 */
export function buildVoidRequest(account: CanadaPostAccount, ref: CanadaPostShipmentRef): HttpCall {
  if (ref.kind === 'contract' && ref.status !== 'transmitted') {
    return { method: 'DELETE', url: ref.selfUrl, headers: headers(account, MEDIA.shipment) };
  }
  const email = account.refundEmail;
  if (!email)
    throw new CarrierError('REFUSED', 'Canada Post refunds need a refund e-mail address in the account settings');
  const contract = ref.kind === 'contract';
  const media = contract ? MEDIA.shipment : MEDIA.ncshipment;
  const root = contract ? 'shipment-refund-request' : 'non-contract-shipment-refund-request';
  const url =
    ref.refundUrl ??
    (contract
      ? `${base(account)}/rs/${account.customerNumber}/${account.customerNumber}/shipment/${ref.shipmentId}/refund`
      : `${base(account)}/rs/${account.customerNumber}/ncshipment/${ref.shipmentId}/refund`);
  return {
    method: 'POST',
    url,
    headers: headers(account, media, media),
    body: buildXml({ [root]: { '@_xmlns': contract ? NS.shipment : NS.ncshipment, email } }),
  };
}

/** A 204 (DELETE) or a refund request's ticket: the void is accepted. */
export function parseVoidResponse(status: number, body: string): { serviceTicketId: string | null } {
  if (status === 204 || body.trim() === '') return { serviceTicketId: null };
  const doc = parseXml(body);
  const info = child(doc, 'shipment-refund-request-info') ?? child(doc, 'non-contract-shipment-refund-request-info');
  return { serviceTicketId: info ? text(info, 'service-ticket-id') || null : null };
}

// ---------------------------------------------------------------- tracking

export function buildTrackRequest(account: CanadaPostAccount, pin: string): HttpCall {
  return {
    method: 'GET',
    url: `${base(account)}/vis/track/pin/${encodeURIComponent(pin)}/detail`,
    headers: headers(account, MEDIA.track),
  };
}

// Event identifiers from Canada Post's tracking event table (as Karrio's connector lists them).
const DELIVERED = new Set([
  '1408',
  '1409',
  '1421',
  '1422',
  '1423',
  '1424',
  '1425',
  '1426',
  '1427',
  '1428',
  '1429',
  '1430',
  '1431',
  '1432',
  '1433',
  '1434',
  '1441',
  '1442',
  '1496',
  '1497',
  '1498',
  '1499',
]);
const OUT_FOR_DELIVERY = new Set(['174', '500']);
const PICKED_UP = new Set([
  '100',
  '101',
  '102',
  '103',
  '104',
  '105',
  '106',
  '107',
  '1400',
  '1401',
  '1402',
  '1403',
  '1404',
  '1405',
]);
/** Records about the parcel rather than steps of its journey (a signature image made viewable). */
const INFORMATIONAL = new Set(['20', '21']);

function stepOf(identifier: string): TrackingStep | null {
  const id = identifier.replace(/^0+(?=\d)/, '');
  if (INFORMATIONAL.has(id)) return null;
  if (DELIVERED.has(id)) return 'delivered';
  if (OUT_FOR_DELIVERY.has(id)) return 'out_for_delivery';
  if (PICKED_UP.has(id)) return 'picked_up';
  return 'in_transit';
}

/** Canada Post gives local times with a zone abbreviation. */
const ZONE_OFFSETS: Record<string, string> = {
  NST: '-03:30',
  NDT: '-02:30',
  AST: '-04:00',
  ADT: '-03:00',
  EST: '-05:00',
  EDT: '-04:00',
  CST: '-06:00',
  CDT: '-05:00',
  MST: '-07:00',
  MDT: '-06:00',
  PST: '-08:00',
  PDT: '-07:00',
  UTC: 'Z',
  GMT: 'Z',
};

function eventTime(date: string, time: string, zone: string): Date {
  const offset = ZONE_OFFSETS[zone.toUpperCase()] ?? '-05:00';
  const d = new Date(`${date}T${time || '00:00:00'}${offset}`);
  if (Number.isNaN(d.getTime()))
    throw new CarrierError('UNAVAILABLE', `Canada Post answered an unreadable event time: ${date} ${time}`);
  return d;
}

export function parseTrackResponse(body: string): TrackingEvent[] {
  const doc = parseXml(body);
  const detail = child(doc, 'tracking-detail');
  if (!detail) throw new CarrierError('NOT_FOUND', 'Canada Post has no tracking detail for this PIN');
  const events: TrackingEvent[] = [];
  for (const o of list(child(detail, 'significant-events'), 'occurrence')) {
    const status = stepOf(text(o, 'event-identifier'));
    if (!status) continue;
    const site = text(o, 'event-site');
    const province = text(o, 'event-province');
    events.push({
      status,
      description: text(o, 'event-description'),
      location: [site, province].filter(Boolean).join(', '),
      occurredAt: eventTime(text(o, 'event-date'), text(o, 'event-time'), text(o, 'event-time-zone')),
    });
  }
  // Canada Post lists the newest first; ours are oldest first (a stable sort keeps same-time order).
  return events.reverse().sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

// ---------------------------------------------------------------- errors

export type CanadaPostOperation = 'rate' | 'ship' | 'label' | 'void' | 'track';

export type CanadaPostMessage = { code: string; description: string };

export function parseMessages(body: string): CanadaPostMessage[] {
  if (!body.trim().startsWith('<')) return [];
  let doc: XmlNode;
  try {
    doc = parseXml(body);
  } catch {
    return [];
  }
  return list(child(doc, 'messages'), 'message').map((m) => ({
    code: text(m, 'code'),
    description: text(m, 'description'),
  }));
}

/** Canada Post's "No Pin History" (tracking) and shipment-not-found answers. */
const NOT_FOUND_CODES = new Set(['004']);
/** Authentication and authorization failures: our account settings, not the parcel. */
const ACCOUNT_CODES = new Set(['E002', 'E001', 'AA004']);

/** An answer that is not a success, as CarrierError with Canada Post's own message. */
export function parseError(status: number, body: string, op: CanadaPostOperation): CarrierError {
  const messages = parseMessages(body);
  const text = messages.map((m) => (m.code ? `${m.code}: ${m.description}` : m.description)).join('; ');
  const message = `Canada Post: ${text || `HTTP ${status}`}`;
  const reason = reasonOf(status, messages, op);
  // A validation refusal of a rate or a label: an address, the service, or another reason.
  if (reason === 'REFUSED') return refusalError(text, message);
  return new CarrierError(reason, message);
}

function reasonOf(status: number, messages: CanadaPostMessage[], op: CanadaPostOperation): CarrierErrorReason {
  if (status >= 500 && messages.length === 0) return 'UNAVAILABLE';
  if (status === 401 || status === 403 || messages.some((m) => ACCOUNT_CODES.has(m.code))) return 'UNAVAILABLE';
  if (status === 404 || messages.some((m) => NOT_FOUND_CODES.has(m.code))) return 'NOT_FOUND';
  if (status >= 500) return 'UNAVAILABLE';
  if (op === 'void') return 'NOT_VOIDABLE';
  if (op === 'rate' || op === 'ship') {
    if (messages.some((m) => /exceed|too (heavy|large|long)|maximum/i.test(m.description))) return 'LIMIT_EXCEEDED';
    return 'REFUSED';
  }
  return 'UNAVAILABLE';
}
