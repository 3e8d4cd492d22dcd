import { doublePrecision, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A user's saved parcel (named box size, weight, type), in kg and cm; migration 0029, decision 038. */
export const savedParcels = pgTable('saved_parcels', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  weightKg: doublePrecision('weight_kg').notNull(),
  lengthCm: doublePrecision('length_cm').notNull(),
  widthCm: doublePrecision('width_cm').notNull(),
  heightCm: doublePrecision('height_cm').notNull(),
  type: text('type', { enum: ['package', 'envelope', 'tube'] })
    .notNull()
    .default('package'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export type SavedParcelRow = typeof savedParcels.$inferSelect;
export type NewSavedParcelRow = typeof savedParcels.$inferInsert;
