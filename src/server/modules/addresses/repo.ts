import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, type AddressRow, type NewAddressRow } from '../../db/schema/addresses';
import { users } from '../../db/schema/identity';

export type AddressValues = Omit<NewAddressRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** The user's addresses: the default first, then newest first. */
export function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

export async function findAddress(db: Db, userId: string, id: string): Promise<AddressRow | null> {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Serialises default changes of one user (the partial unique index would otherwise race). */
export async function lockUserRow(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function clearDefault(tx: Db, userId: string, exceptId: string | null, now: Date): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: now })
    .where(
      exceptId
        ? and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, exceptId))
        : and(eq(addresses.userId, userId), eq(addresses.isDefault, true)),
    );
}

export async function insertAddress(
  tx: Db,
  row: AddressValues & { id: string; userId: string; createdAt: Date; updatedAt: Date },
): Promise<AddressRow> {
  const rows = await tx.insert(addresses).values(row).returning();
  return rows[0];
}

export async function updateAddress(
  tx: Db,
  userId: string,
  id: string,
  values: AddressValues & { updatedAt: Date },
): Promise<AddressRow | null> {
  const rows = await tx
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}
