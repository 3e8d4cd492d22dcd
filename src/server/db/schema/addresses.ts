import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Kept in sync by hand with migrations/0003_addresses.ts. */
export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  company: text('company').notNull().default(''),
  address1: text('address1').notNull(),
  address2: text('address2').notNull().default(''),
  city: text('city').notNull(),
  province: text('province').notNull(),
  postalCode: text('postal_code').notNull(),
  country: text('country', { enum: ['CA', 'US'] })
    .notNull()
    .default('CA'),
  /** Stored form (shared/phone.ts): '4165550100', '4165550100x12', '+442079460958'; migration 0013. */
  phone: text('phone').notNull(),
  email: text('email').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  /** Mail this address's receiver when shipped and delivered, and in which language (migration 0032). */
  notifyRecipient: boolean('notify_recipient').notNull().default(false),
  language: text('language').notNull().default('en').$type<'en' | 'zh'>(),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;
