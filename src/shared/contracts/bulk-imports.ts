/**
 * Bulk import (issue 29, decision 028): a shop's order export in, a batch of paid labels out.
 *
 * POST  /api/bulk-imports                       body ZCreateBulkImport → 201 ZBulkImportDetail
 *   The CSV as text (`csv`) or as its bytes (`csvBase64`: UTF-8, UTF-8 with BOM or Windows-1252);
 *   comma, semicolon or tab. The format is told by the header row (Voyageur's template, Shopify,
 *   Etsy, eBay, WooCommerce); any other file is read with `mapping` (field → header) or the one
 *   remembered for those headers, else guessed from the header names (English and French).
 * PATCH /api/bulk-imports/{id}/rows/{n}         body ZPatchBulkRow → ZBulkImportRow
 * POST  /api/bulk-imports/{id}/quote            body ZBulkQuoteRequest → ZBulkImportDetail
 * POST  /api/bulk-imports/{id}/purchase         header Idempotency-Key → 202 ZBulkImportDetail
 * POST  /api/bulk-imports/{id}/cancel           → ZBulkImportDetail (the rows not yet bought are not bought)
 * GET   /api/bulk-imports/{id}                  → ZBulkImportDetail (status, progress, rows)
 * GET   /api/bulk-imports/{id}/labels?format=pdf|zpl → one PDF (or one ZPL file), every label in row order
 * GET   /api/bulk-imports/{id}/results.csv      → the input columns plus the outcome of each row
 * GET   /api/bulk-imports/template.csv          → Voyageur's template with an example row
 * GET   /api/bulk-imports                       → ZBulkImportList (newest first)
 */
import { z } from 'zod';
import { ZMoney, ZPackageDetails, ZPackageType } from './rates';
import { ZOrderAddress } from './shipments';
import { LIMITS, ORDER_ADDRESS_LIMITS } from './limits';

/** The most a file may hold. */
export const BULK_LIMITS = { rows: 5000, bytes: 5 * 1024 * 1024 } as const;

export const BULK_FORMATS = ['voyageur', 'shopify', 'etsy', 'ebay', 'woocommerce', 'mapped'] as const;
export const ZBulkFormat = z.enum(BULK_FORMATS);
export type TBulkFormat = z.infer<typeof ZBulkFormat>;

/** What a row holds (all text, as typed in the file); the parcel in kg and cm. */
export const BULK_FIELDS = [
  'reference',
  'firstName',
  'lastName',
  'company',
  'address1',
  'address2',
  'city',
  'province',
  'postalCode',
  'country',
  'phone',
  'email',
  'weight',
  'length',
  'width',
  'height',
  'description',
] as const;
export const ZBulkField = z.enum(BULK_FIELDS);
export type TBulkField = z.infer<typeof ZBulkField>;
export type TBulkRowData = Record<TBulkField, string>;

/** Fields a mapping must name (the rest may stay unmapped). */
export const REQUIRED_BULK_FIELDS: readonly TBulkField[] = ['firstName', 'address1', 'city', 'province', 'postalCode'];

export const ZBulkMapping = z.partialRecord(ZBulkField, z.string().max(200));
export type TBulkMapping = z.infer<typeof ZBulkMapping>;

export const ZCreateBulkImport = z
  .strictObject({
    filename: z
      .string({ error: 'File name is required' })
      .trim()
      .min(1, 'File name is required')
      .max(255, 'File name must be at most 255 characters'),
    csv: z.string().max(BULK_LIMITS.bytes, 'The file must be at most 5 MB').optional(),
    csvBase64: z
      .string()
      .max(Math.ceil((BULK_LIMITS.bytes * 4) / 3) + 4, 'The file must be at most 5 MB')
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'csvBase64 must be base64')
      .optional(),
    mapping: ZBulkMapping.optional(),
  })
  .refine((b) => b.csv !== undefined || b.csvBase64 !== undefined, {
    path: ['csv'],
    message: 'Choose a CSV file',
  });
export type TCreateBulkImport = z.infer<typeof ZCreateBulkImport>;

export const ZPatchBulkRow = z.strictObject({
  data: z
    .partialRecord(
      ZBulkField,
      z.string().max(LIMITS.packageDescriptionMax, `At most ${LIMITS.packageDescriptionMax} characters`),
    )
    .optional(),
  /** true drops the row from the batch (false takes it back). */
  dropped: z.boolean().optional(),
});
export type TPatchBulkRow = z.infer<typeof ZPatchBulkRow>;

export const ZBulkRule = z.union([
  z.literal('cheapest'),
  z.literal('fastest'),
  z.strictObject({ carrier: z.string().min(1).max(50), serviceCode: z.string().min(1).max(100) }),
]);
export type TBulkRule = z.infer<typeof ZBulkRule>;

export const ZBulkQuoteRequest = z.strictObject({
  /** Address-book id of the sender; absent: the address book's default. */
  senderAddressId: z.uuid({ error: 'Choose a sender address' }).optional(),
  /** For rows without their own weight and dimensions (metric). */
  parcel: ZPackageDetails.pick({ weight: true, length: true, width: true, height: true })
    .extend({ type: ZPackageType.optional() })
    .optional(),
  /**
   * A saved parcel (GET /api/parcels, decision 038) for those rows instead of `parcel`: its weight,
   * sides and type are used (another user's id answers 404).
   */
  parcelId: z.uuid({ error: 'Choose a saved parcel' }).optional(),
  rule: ZBulkRule,
});
export type TBulkQuoteRequest = z.infer<typeof ZBulkQuoteRequest>;

export const BULK_ROW_STATUSES = [
  'invalid',
  'ready',
  'quoted',
  'unquoted',
  'bought',
  'failed',
  'refused',
  'cancelled',
  'dropped',
] as const;
export const ZBulkRowStatus = z.enum(BULK_ROW_STATUSES);
export type TBulkRowStatus = z.infer<typeof ZBulkRowStatus>;

export const ZBulkError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type TBulkError = z.infer<typeof ZBulkError>;

export const ZBulkImportRow = z.object({
  n: z.number().int(),
  data: z.record(z.string(), z.string()),
  status: ZBulkRowStatus,
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  quote: z
    .object({
      carrier: z.string(),
      carrierName: z.string(),
      serviceCode: z.string(),
      serviceName: z.string(),
      total: ZMoney,
      transitDays: z.number().int(),
    })
    .nullable(),
  shipmentId: z.string().nullable(),
  orderCode: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type TBulkImportRow = z.infer<typeof ZBulkImportRow>;

export const BULK_STATUSES = ['draft', 'quoted', 'purchasing', 'completed', 'cancelled'] as const;
export const ZBulkStatus = z.enum(BULK_STATUSES);
export type TBulkStatus = z.infer<typeof ZBulkStatus>;

export const ZBulkCounts = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  dropped: z.number().int(),
  quoted: z.number().int(),
  bought: z.number().int(),
  /** Rows not bought: refused or failed, and once buying began, rows that got no rate. */
  failed: z.number().int(),
  pending: z.number().int(),
  /**
   * Rows a cancel stopped before they were bought, quoted or not yet quoted (status `cancelled`):
   * charged nothing. Once buying began or the batch was cancelled, invalid + dropped + bought + failed +
   * pending + cancelled = rows.
   */
  cancelled: z.number().int(),
});

export const ZBulkImportSummary = z.object({
  id: z.uuid(),
  filename: z.string(),
  format: ZBulkFormat,
  status: ZBulkStatus,
  createdAt: z.string(),
  counts: ZBulkCounts,
  /** Sum of the quoted rows (before purchase) or of the rows bought (after). */
  total: ZMoney,
  spent: ZMoney,
});
export type TBulkImportSummary = z.infer<typeof ZBulkImportSummary>;

export const ZBulkImportDetail = ZBulkImportSummary.extend({
  /** Number of rows (after merging a Shopify order's line items) and how many pass every check. */
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ZBulkError),
  headers: z.array(z.string()),
  mapping: ZBulkMapping,
  items: z.array(ZBulkImportRow),
  /** The wallet's balance now, and how much more the quoted total needs ("0.00" when it is covered). */
  balance: ZMoney,
  shortBy: ZMoney,
  /** The batch defaults of the last quote. */
  defaults: ZBulkQuoteRequest.nullable(),
});
export type TBulkImportDetail = z.infer<typeof ZBulkImportDetail>;

export const ZBulkImportList = z.object({ items: z.array(ZBulkImportSummary) });
export type TBulkImportList = z.infer<typeof ZBulkImportList>;

export const ZBulkLabelsQuery = z.strictObject({
  format: z.enum(['pdf', 'zpl'], { error: 'format must be pdf or zpl' }).default('pdf'),
});

/** A row's receiver as an order address (the shipment form's rules and messages): the row's field for each order field. */
export const ORDER_FIELD_OF_ROW: Record<string, TBulkField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  company: 'company',
  address: 'address1',
  city: 'city',
  province: 'province',
  postalCode: 'postalCode',
  country: 'country',
  phone: 'phone',
  email: 'email',
};

const COUNTRY_NAMES: Record<string, string> = { canada: 'CA', ca: 'CA', can: 'CA' };

/** The row's receiver in the order form's shape (country names such as 'Canada' read as CA). */
export function orderAddressInputOf(d: TBulkRowData) {
  const country = COUNTRY_NAMES[d.country.trim().toLowerCase()] ?? (d.country.trim() || 'CA');
  const address = [d.address1.trim(), d.address2.trim()].filter(Boolean).join(', ');
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    company: d.company,
    address,
    city: d.city,
    province: d.province,
    postalCode: d.postalCode,
    country,
    phone: d.phone,
    email: d.email,
  };
}

const PARCEL_FIELDS = ['weight', 'length', 'width', 'height'] as const;

/** A cell of the file's own: the shop's order number, a country as written ('Canada'), a number as typed. */
const BULK_CELL_MAX = { reference: 100, country: 60, number: 20 } as const;

/**
 * The longest text each cell takes, as the shipment form's (limits.ts: the order address's limits, a
 * street line each taking the address's; the description the package form's): checked at parse time,
 * reported on the cell, so a 4 MB cell never reaches the database.
 */
export const BULK_FIELD_MAX: Record<TBulkField, number> = {
  reference: BULK_CELL_MAX.reference,
  firstName: ORDER_ADDRESS_LIMITS.firstName,
  lastName: ORDER_ADDRESS_LIMITS.lastName,
  company: ORDER_ADDRESS_LIMITS.company,
  address1: ORDER_ADDRESS_LIMITS.address,
  address2: ORDER_ADDRESS_LIMITS.address,
  city: ORDER_ADDRESS_LIMITS.city,
  province: ORDER_ADDRESS_LIMITS.province,
  postalCode: ORDER_ADDRESS_LIMITS.postalCode,
  country: BULK_CELL_MAX.country,
  phone: ORDER_ADDRESS_LIMITS.phone,
  email: ORDER_ADDRESS_LIMITS.email,
  weight: BULK_CELL_MAX.number,
  length: BULK_CELL_MAX.number,
  width: BULK_CELL_MAX.number,
  height: BULK_CELL_MAX.number,
  description: LIMITS.packageDescriptionMax,
};

const BULK_FIELD_LABEL: Record<TBulkField, string> = {
  reference: 'Reference',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  address1: 'Address',
  address2: 'Address line 2',
  city: 'City',
  province: 'Province',
  postalCode: 'Postal code',
  country: 'Country',
  phone: 'Phone',
  email: 'Email',
  weight: 'Weight',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  description: 'Description',
};

/**
 * A row going outside Canada needs a customs declaration (decision 029), which a file has no columns
 * for: such a row is never quoted or bought (decision 028).
 */
export const BULK_CUSTOMS_MESSAGE =
  'Shipments leaving Canada need a customs declaration: create them one by one in the shipment form';

/** A negative number typed in a file ('-5', '-1,5'): read as a number, so the form's 'greater than 0' says why. */
const negativeNumberOf = (text: string): number | null => {
  const t = text.trim().replace(/\s+/g, '').replace(',', '.');
  return /^-\d*\.?\d+$/.test(t) ? Number(t) : null;
};

/** Whether a row names any of its parcel's weight and dimensions. */
export const rowHasParcel = (d: TBulkRowData) => PARCEL_FIELDS.some((f) => d[f].trim() !== '');

/** A number typed in a file: '1,5' (French decimal comma) reads as 1.5. */
export function numberOf(text: string): number | null {
  const t = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (t === '' || !/^\d*\.?\d+$/.test(t)) return null;
  return Number(t);
}

/**
 * Checks a row with the shipment form's rules and messages: the receiver as an order address, and
 * its parcel (when it gives one) as the package form's. Each problem names the row's field.
 */
export function validateBulkRow(d: TBulkRowData): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  // Each cell's length first: a too-long cell is reported as such, and nothing longer is parsed further.
  for (const f of BULK_FIELDS) {
    const max = BULK_FIELD_MAX[f];
    if (d[f].trim().length > max) {
      errors.push({ field: f, message: `${BULK_FIELD_LABEL[f]} must be at most ${max} characters` });
    }
  }
  if (errors.length > 0) return errors;
  const address = orderAddressInputOf(d);
  const parsed = ZOrderAddress.safeParse(address);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'address');
      const field = ORDER_FIELD_OF_ROW[key] ?? key;
      if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
    }
  }
  const country = parsed.success ? parsed.data.country : address.country.toUpperCase();
  if (country !== 'CA' && !errors.some((e) => e.field === 'country')) {
    errors.push({ field: 'country', message: BULK_CUSTOMS_MESSAGE });
  }
  // The parcel fields a row gives (the batch's parcel fills the others at quote time).
  const parcel: Record<string, unknown> = { weight: 1, length: 1, width: 1, height: 1 };
  const given = PARCEL_FIELDS.filter((f) => d[f].trim() !== '');
  for (const f of given) parcel[f] = numberOf(d[f]) ?? negativeNumberOf(d[f]) ?? d[f];
  if (given.length > 0) {
    const p = ZPackageDetails.safeParse(parcel);
    if (!p.success) {
      for (const issue of p.error.issues) {
        const field = String(issue.path[0] ?? 'weight');
        if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
      }
    }
  }
  return errors;
}
