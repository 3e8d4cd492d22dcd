/**
 * Receipts, credit notes, statements and the operator's tax report (issue 27, decision 025).
 *
 * GET /api/shipments/{id}/receipt          → application/pdf (the order's receipt; 404 without one)
 * GET /api/shipments/{id}/credit-note      → application/pdf (after a void; 404 without one)
 * GET /api/transactions/{id}/receipt       → application/pdf (a top-up's prepayment receipt)
 * GET /api/statements/{YYYY-MM}?format=    → text/csv (default) or application/pdf
 * GET /api/admin/operator                  → ZOperatorIdentity (admin)
 * GET /api/admin/tax-report?from&to&format → text/csv (default) or ZTaxReport (format=json) (admin)
 */
import { z } from 'zod';

export const ZStatementParams = z.object({
  month: z
    .string({ error: 'month is required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must be a month as YYYY-MM' }),
});
export const ZStatementQuery = z.strictObject({
  format: z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' }).default('csv'),
});

const ZDay = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date as YYYY-MM-DD` })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: `${field} must be a real date`,
      },
    );

export const ZTaxReportQuery = z
  .strictObject({
    from: ZDay('from'),
    to: ZDay('to'),
    format: z.enum(['csv', 'json'], { error: 'format must be csv or json' }).default('csv'),
  })
  .refine((q) => q.from <= q.to, { error: 'to must not be before from', path: ['to'] });
export type TTaxReportQuery = z.output<typeof ZTaxReportQuery>;

const ZTaxLine = z.object({ collected: z.string(), refunded: z.string(), net: z.string() });

export const ZTaxReport = z.object({
  from: z.string(),
  to: z.string(),
  receipts: z.number().int(),
  creditNotes: z.number().int(),
  /** Taxable supplies in Canada before tax: sold, credited back, net. */
  taxableSupplies: ZTaxLine,
  gst: ZTaxLine,
  /** HST by the province whose rate applied (the destination). */
  hst: z.array(ZTaxLine.extend({ province: z.string() })),
  qst: ZTaxLine,
  /** GST + HST + QST. */
  total: ZTaxLine,
  /** Zero-rated exports (freight leaving Canada), listed apart: no tax, the supplies only. */
  zeroRated: ZTaxLine.extend({ count: z.number().int() }),
});
export type TTaxReport = z.infer<typeof ZTaxReport>;

export const ZOperatorIdentity = z.object({
  name: z.string().nullable(),
  address: z.array(z.string()),
  gstHstNumber: z.string().nullable(),
  qstNumber: z.string().nullable(),
  /** Whether receipts serve as tax invoices (name, address and GST/HST number all configured). */
  taxInvoice: z.boolean(),
});
export type TOperatorIdentity = z.infer<typeof ZOperatorIdentity>;
