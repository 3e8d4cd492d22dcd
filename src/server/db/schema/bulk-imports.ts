import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Kept in sync by hand with migrations/0019_bulk_imports.ts (decision 028). */
export const bulkImports = pgTable('bulk_imports', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  filename: text('filename').notNull(),
  format: text('format').notNull(),
  headers: jsonb('headers').$type<string[]>().notNull(),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  status: text('status', { enum: ['draft', 'quoted', 'purchasing', 'completed', 'cancelled'] })
    .notNull()
    .default('draft'),
  defaults: jsonb('defaults').$type<unknown>(),
  sender: jsonb('sender').$type<unknown>(),
  purchaseKey: text('purchase_key'),
  heartbeatAt: tz('heartbeat_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
export type BulkImportRow = typeof bulkImports.$inferSelect;

export type StoredBulkQuote = {
  optionId: string;
  carrier: string;
  serviceCode: string;
  serviceName: string;
  totalCents: number;
  transitDays: number;
  parcel: { weight: number; length: number; width: number; height: number; type: 'package' | 'envelope' | 'tube' };
};

export const bulkImportRows = pgTable(
  'bulk_import_rows',
  {
    importId: uuid('import_id').notNull(),
    n: integer('n').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    source: jsonb('source').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors').$type<{ field: string; message: string }[]>().notNull(),
    dropped: boolean('dropped').notNull().default(false),
    quote: jsonb('quote').$type<StoredBulkQuote | null>(),
    status: text('status', { enum: ['pending', 'bought', 'failed', 'refused', 'cancelled'] })
      .notNull()
      .default('pending'),
    shipmentId: uuid('shipment_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.n] })],
);
export type BulkImportItemRow = typeof bulkImportRows.$inferSelect;

export const bulkImportMappings = pgTable(
  'bulk_import_mappings',
  {
    userId: uuid('user_id').notNull(),
    headerKey: text('header_key').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.headerKey] })],
);
