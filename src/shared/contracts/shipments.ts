/**
 * Orders, shipments, labels and tracking (spec §3 Shipment, Created shipment response, Label
 * response; §7 Dashboard and shipments; DESIGN §4, §5).
 *
 * POST /api/shipments                         body ZCreateShipmentRequest → 201 ZCreatedShipment
 *   Header `Idempotency-Key` (1–200 visible ASCII characters): the same key answers the first
 *   answer again; the same key with another body is 409 CONFLICT.
 *   Errors: 400 (fields), 402 INSUFFICIENT_BALANCE (nothing written), 409 PRICE_CHANGED (nothing
 *   charged: the option expired or the shipment differs from the quoted one — quote again; or the
 *   total sent is not the option's price now, re-priced with the discounts and price rules in force —
 *   the body's `priceChange` has that price, and the order placed again with its total succeeds),
 *   502 API_FAILURE / ORDER_CREATION_FAILED,
 *   504 ORDER_TIMEOUT (the carrier refused or did not answer: the charge is refunded at once; the body
 *   carries `customerServiceMessage`).
 * GET  /api/shipments?search&destination&page&limit → ZShipmentList (newest first); `destination`
 *   is domestic (receiver in Canada), us (the United States) or international (anywhere else)
 * GET  /api/shipments/recent?limit=8           → ZShipment[]
 * GET  /api/shipments/{id}                     → ZShipmentDetail (404 for another user's id)
 * POST /api/shipments/{id}/void                → ZShipmentDetail (409 NOT_VOIDABLE once picked up)
 * POST /api/shipments/print-label/{orderCodeOrTrackingNumber} → ZLabelResponse
 * GET  /api/tracking/{trackingNumber}          → ZTrackingLookup (the user's own shipments only)
 */
import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { ORDER_ADDRESS_LIMITS } from './limits';
import { ZRecipientLanguage, fieldsPassed, isValidEmail, phoneText, recipientEmailRule } from './addresses';
import {
  PACKAGE_INPUT_MAX,
  ZMoney,
  ZPackageDetails,
  ZTaxes,
  countryField,
  destinationRegionRule,
  normalizeDestination,
  senderInCanada,
  senderCountryGiven,
} from './rates';
import { ZCustoms, ZCustomsOut, ZDuties, customsRule } from './customs';
import { ZCarrierMode } from './carriers';
import { parseCents } from '../money';

export const SHIPMENT_STATUSES = [
  'purchasing',
  'label_created',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'failed',
] as const;
export const ZShipmentStatus = z.enum(SHIPMENT_STATUSES);
export type TShipmentStatus = z.infer<typeof ZShipmentStatus>;

const L = ORDER_ADDRESS_LIMITS;

/**
 * Carriers print Canadian labels in English or French: Latin letters (accents included), digits,
 * punctuation. Other scripts would print as '?' on the label, so the order refuses them up front.
 */
const LABEL_PRINTABLE = /^[\u0020-\u024f\u1e00-\u1eff\u2010-\u2027\u2030-\u205e\u20ac\u2122]*$/u;
export const isLabelPrintable = (value: string) => LABEL_PRINTABLE.test(value);
const printable = <T extends z.ZodType<string>>(schema: T, label: string) =>
  schema.refine(
    isLabelPrintable,
    `${label} must be written in Latin letters (English or French): carriers print labels in those`,
  );

/** One end of an order as the spec's body has it (street lines combined into `address`). */
export const ZOrderAddress = z
  .strictObject({
    firstName: printable(requiredText('First name', L.firstName), 'First name'),
    lastName: printable(requiredText('Last name', L.lastName), 'Last name'),
    company: printable(optionalText('Company', L.company), 'Company'),
    address: printable(requiredText('Address', L.address), 'Address'),
    city: printable(requiredText('City', L.city), 'City'),
    // Required in Canada and the US (destinationRegionRule says so); optional abroad.
    province: optionalText('Province', L.province),
    postalCode: optionalText('Postal code', L.postalCode),
    country: countryField(),
    phone: phoneText('Phone', L.phone),
    email: optionalText('Email', L.email).refine((v) => v === '' || isValidEmail(v), 'Enter a valid email address'),
  })
  .superRefine(destinationRegionRule, { when: fieldsPassed('country', 'province', 'postalCode') })
  .transform(normalizeDestination);
export type TOrderAddressInput = z.input<typeof ZOrderAddress>;
export type TOrderAddress = z.output<typeof ZOrderAddress>;

/** A CAD amount as a 2-decimal string ("12.34") or a number with at most two decimals; to cents. */
export const ZMoneyInput = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be an amount like 12.34` }).transform((v, ctx) => {
    const cents = parseCents(v);
    if (cents === null || cents < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount like 12.34` });
      return z.NEVER;
    }
    return cents;
  });

const ZCode = (label: string) => requiredText(label, 100);

const ZTaxesAmount = ZMoneyInput('Taxes');
const ZTaxesObject = z.looseObject({ total: ZMoneyInput('Taxes total') });
const TAXES_MESSAGE = 'Taxes must be an amount like 12.34, or an object whose total is one';

/**
 * The order's `taxes`: the tax total ("1.23" or 1.23), or the option's taxes object ({ total: "1.23",
 * … }). Read by its shape rather than as a z.union, whose failure is one bare 'Invalid input' on
 * `taxes`: a bad total is reported on `taxes.total`, a bad amount on `taxes`, with what is expected.
 */
const ZTaxesInput = z
  .custom<z.input<typeof ZTaxesAmount> | z.input<typeof ZTaxesObject>>()
  .transform((value, ctx): z.output<typeof ZTaxesAmount> | z.output<typeof ZTaxesObject> => {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (!isObject && typeof value !== 'string' && typeof value !== 'number') {
      ctx.addIssue({ code: 'custom', message: TAXES_MESSAGE });
      return z.NEVER;
    }
    const parsed = (isObject ? ZTaxesObject : ZTaxesAmount).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
    }
    return z.NEVER;
  });

export const ZCreateShipmentRequest = z
  .strictObject({
    /** Address-book ids are not used by orders (the addresses travel whole); null or absent. */
    fromAddressId: z.null().optional(),
    toAddressId: z.null().optional(),
    fromAddress: ZOrderAddress,
    toAddress: ZOrderAddress,
    carrier: ZCode('Carrier'),
    service: ZCode('Service'),
    serviceCode: ZCode('Service code'),
    packageDetails: ZPackageDetails,
    /**
     * The chosen rate option as the quote answered it; `id` names the stored option whose price is
     * charged. Without it the server quotes that carrier and service again and compares.
     */
    rateDetails: z
      .looseObject({ id: z.uuid({ error: 'rateDetails.id must be the id of a quoted rate' }).optional() })
      .nullish(),
    /** What the client expects to pay: price + taxes of the option (or the price alone, with `taxes` the tax total). */
    totalCost: ZMoneyInput('Total cost'),
    /** The option's tax total ("1.23"), or its taxes object. */
    taxes: ZTaxesInput.optional(),
    /** Declared value (CAD) when above 0. */
    insurance: ZMoneyInput('Insurance')
      .refine(
        (c) => c <= PACKAGE_INPUT_MAX.insuranceValue * 100,
        `Insurance must be at most ${PACKAGE_INPUT_MAX.insuranceValue}`,
      )
      .optional(),
    /** Required when toAddress.country is not CA, as quoted (contracts/customs.ts). */
    customs: ZCustoms.optional(),
    /**
     * Mail the receiver (toAddress.email, then required) when the label is bought and when it is
     * delivered (issue 27): off when left out. The mails carry no price.
     */
    notifyRecipient: z.boolean({ error: 'notifyRecipient must be true or false' }).optional(),
    /** The language of those mails: en (when left out) or zh. */
    recipientLanguage: ZRecipientLanguage.optional(),
  })
  .superRefine(senderInCanada, { when: senderCountryGiven })
  .superRefine((body, ctx) => recipientEmailRule('toAddress', 'email')({ ...body, email: body.toAddress.email }, ctx), {
    when: fieldsPassed('toAddress', 'notifyRecipient'),
  })
  .superRefine(customsRule, { when: fieldsPassed('toAddress', 'packageDetails', 'customs') });
export type TCreateShipmentRequestInput = z.input<typeof ZCreateShipmentRequest>;
export type TCreateShipmentRequest = z.output<typeof ZCreateShipmentRequest>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const ZIdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'Idempotency-Key must be 1 to 200 visible ASCII characters');

/**
 * In a 409 PRICE_CHANGED body when the discounts or price rules in force now (or a total the client
 * did not expect) make the order cost another amount than the one sent: the option's price now. Send
 * the order again with `totalCost` = `total` to place it at that price. Absent when the option
 * expired or the shipment differs from the quoted one (quote again).
 */
export const ZPriceChange = z.object({
  /** The stored option (`rateDetails.id`) the order may be placed with at the new price. */
  rateId: z.uuid(),
  /** What the option cost when quoted (price + taxes). */
  quotedTotal: ZMoney,
  /** The price now, before taxes (coverage included), and the price before the discount when one applies. */
  price: ZMoney,
  originalPrice: ZMoney.optional(),
  taxes: ZTaxes,
  /** price + taxes.total: what the order charges now. */
  total: ZMoney,
});
export type TPriceChange = z.infer<typeof ZPriceChange>;

export const ZCreatedShipment = z.object({
  id: z.uuid(),
  trackingNumber: z.string(),
  /** Our order code (e.g. 'VY-7K3M9Q2X'): shown in preference to the tracking number, and accepted by print-label. */
  orderCode: z.string(),
  status: ZShipmentStatus,
  totalCost: z.string(),
});
export type TCreatedShipment = z.infer<typeof ZCreatedShipment>;

export const ZShipmentParty = z.object({
  /** First and last name joined. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type TShipmentParty = z.infer<typeof ZShipmentParty>;

export const ZTrackingEvent = z.object({
  id: z.string(),
  /** label_created, picked_up, in_transit, out_for_delivery, delivered */
  status: z.string(),
  description: z.string(),
  location: z.string(),
  timestamp: z.string(),
});
export type TTrackingEvent = z.infer<typeof ZTrackingEvent>;

export const ZShipment = z.object({
  id: z.uuid(),
  trackingNumber: z.string().nullable(),
  orderCode: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  /** The selling carrier's mode, stored at purchase: anything but 'live' ships no real parcel (contracts/carriers.ts). */
  mode: ZCarrierMode,
  /** Bought with a test API key (decision 027): nothing charged, so no receipt or credit note (decision 025). */
  test: z.boolean().optional(),
  /** Service name, e.g. 'Xpresspost'. */
  service: z.string(),
  serviceCode: z.string(),
  status: ZShipmentStatus,
  createdAt: z.string(),
  /** YYYY-MM-DD */
  estimatedDelivery: z.string().nullable(),
  /** When it was delivered (ISO 8601), else null. */
  deliveredAt: z.string().nullable(),
  /** Charged: price + taxes (CAD, "12.34"), and the duties when paid at origin (DDP). */
  totalCost: z.string(),
  price: z.string(),
  taxes: ZTaxes,
  /**
   * A shipment leaving Canada (issue 25): the duties estimate charged with the label (DDP, its own
   * wallet entry) or '0.00' (DDU); null inside Canada.
   */
  duties: ZDuties.nullable(),
  /** The customs declaration as ordered; null inside Canada. */
  customs: ZCustomsOut.nullable(),
  /** Declared value, when above 0. */
  insurance: z.string().nullable(),
  /**
   * What the carrier charged to cover the declared value ("0.00" when the service includes it), part
   * of `price` (decision 020); null when no value was declared (not insured).
   */
  coverage: z.string().nullable(),
  /** Refunded so far (void or failure). */
  refundedAmount: z.string(),
  description: z.string(),
  fromAddress: ZShipmentParty,
  toAddress: ZShipmentParty,
  packageDetails: z.object({
    weight: z.number(),
    length: z.number(),
    width: z.number(),
    height: z.number(),
    type: z.string(),
    insuranceValue: z.number(),
    description: z.string(),
  }),
  /**
   * This shipment's place among this user's orders to the same receiver (spec's rule), by created
   * time: 1 for the first, 2 for the second (failed orders not counted); null when the receiver
   * cannot be matched.
   */
  customerOrderCount: z.number().int().nullable(),
  /** Whether the label can still be voided (not picked up yet). */
  canVoid: z.boolean(),
  /** Why it failed, when status is 'failed'. */
  failureMessage: z.string().nullable(),
});
export type TShipment = z.infer<typeof ZShipment>;

export const ZShipmentDetail = ZShipment.extend({ trackingEvents: z.array(ZTrackingEvent) });
export type TShipmentDetail = z.infer<typeof ZShipmentDetail>;

export const ZPagination = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
  /**
   * True when the count stopped at `total` (a shipments search past 10,000 matches, shown as
   * "10,000+"): the pages cover the newest `total` matches.
   */
  totalCapped: z.literal(true).optional(),
});
export type TPagination = z.infer<typeof ZPagination>;

export const SHIPMENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const MAX_PAGE_LIMIT = 100;
export const SEARCH_MAX_LENGTH = 100;

const intParam = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${label} must be between ${min} and ${max}`);

export const ZPageQuery = z.object({
  page: intParam('page', 1, 1_000_000).optional(),
  limit: intParam('limit', 1, MAX_PAGE_LIMIT).optional(),
});

/** Where the receiver is (issue 25): in Canada, in the United States, or anywhere else. */
export const SHIPMENT_DESTINATIONS = ['domestic', 'us', 'international'] as const;
export type TShipmentDestination = (typeof SHIPMENT_DESTINATIONS)[number];
export const ZShipmentDestination = z.enum(SHIPMENT_DESTINATIONS, {
  error: 'destination must be domestic, us or international',
});
/** The destination of a receiver's country (ISO code). */
export const destinationOf = (country: string): TShipmentDestination =>
  country === 'CA' ? 'domestic' : country === 'US' ? 'us' : 'international';

/**
 * Live or test shipments (issue 28): `test=true` lists only those bought with a test API key
 * (`ZShipment.test`: sandbox carriers, no money moved), `test=false` only the others; absent, both.
 */
export const ZShipmentTestFilter = z
  .enum(['true', 'false'], { error: 'test must be true or false' })
  .transform((v) => v === 'true');

export const ZShipmentListQuery = ZPageQuery.extend({
  search: z.string().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  destination: ZShipmentDestination.optional(),
  test: ZShipmentTestFilter.optional(),
});
export type TShipmentListQuery = z.output<typeof ZShipmentListQuery>;

export const ZShipmentList = z.object({ data: z.array(ZShipment), pagination: ZPagination });
export type TShipmentList = z.infer<typeof ZShipmentList>;

export const ZRecentQuery = z.object({ limit: intParam('limit', 1, 50).optional() });

/** print-label's `?format=`: the 4×6 PDF (default) or ZPL II for a 203 dpi thermal printer (decision 028). */
export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export const ZLabelFormat = z.enum(LABEL_FORMATS, { error: 'format must be pdf or zpl' });
export type TLabelFormat = z.infer<typeof ZLabelFormat>;
export const ZLabelQuery = z.strictObject({ format: ZLabelFormat.default('pdf') });

export const ZLabelResponse = z.object({
  success: z.literal(true),
  base64: z.string(),
  mimeType: z.enum(['application/pdf', 'application/zpl']),
  trackingNumber: z.string(),
});
export type TLabelResponse = z.infer<typeof ZLabelResponse>;

export const ZTrackingLookup = z.object({
  shipmentId: z.uuid(),
  trackingNumber: z.string(),
  orderCode: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  service: z.string(),
  status: ZShipmentStatus,
  estimatedDelivery: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  fromCity: z.string(),
  toCity: z.string(),
  events: z.array(ZTrackingEvent),
});
export type TTrackingLookup = z.infer<typeof ZTrackingLookup>;
