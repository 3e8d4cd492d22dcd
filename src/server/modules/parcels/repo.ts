import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { savedParcels, type NewSavedParcelRow, type SavedParcelRow } from '../../db/schema/parcels';

export type ParcelValues = Pick<NewSavedParcelRow, 'name' | 'weightKg' | 'lengthCm' | 'widthCm' | 'heightCm' | 'type'>;

/** The user's saved parcels by name (case aside), as the pickers list them. */
export function listParcels(db: Db, userId: string): Promise<SavedParcelRow[]> {
  return db
    .select()
    .from(savedParcels)
    .where(eq(savedParcels.userId, userId))
    .orderBy(sql`lower(${savedParcels.name})`, asc(savedParcels.id));
}

export async function findParcel(db: Db, userId: string, id: string): Promise<SavedParcelRow | null> {
  const rows = await db
    .select()
    .from(savedParcels)
    .where(and(eq(savedParcels.userId, userId), eq(savedParcels.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Serialises one user's creations (the per-user limit and the name check would otherwise race). */
export async function lockUserRow(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countParcels(tx: Db, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(savedParcels).where(eq(savedParcels.userId, userId));
  return Number(row?.n ?? 0);
}

/** Whether another of the user's parcels has this name, whatever its case. */
export async function nameTaken(tx: Db, userId: string, name: string, exceptId: string | null): Promise<boolean> {
  const same = and(eq(savedParcels.userId, userId), sql`lower(${savedParcels.name}) = lower(${name})`);
  const rows = await tx
    .select({ id: savedParcels.id })
    .from(savedParcels)
    .where(exceptId ? and(same, ne(savedParcels.id, exceptId)) : same)
    .limit(1);
  return rows.length > 0;
}

export async function insertParcel(
  tx: Db,
  row: ParcelValues & { id: string; userId: string; createdAt: Date; updatedAt: Date },
): Promise<SavedParcelRow> {
  const rows = await tx.insert(savedParcels).values(row).returning();
  return rows[0];
}

export async function updateParcel(
  tx: Db,
  userId: string,
  id: string,
  values: ParcelValues & { updatedAt: Date },
): Promise<SavedParcelRow | null> {
  const rows = await tx
    .update(savedParcels)
    .set(values)
    .where(and(eq(savedParcels.userId, userId), eq(savedParcels.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteParcel(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedParcels)
    .where(and(eq(savedParcels.userId, userId), eq(savedParcels.id, id)))
    .returning({ id: savedParcels.id });
  return rows.length > 0;
}

export async function getLabelFormat(db: Db, userId: string): Promise<'pdf' | 'zpl' | null> {
  const rows = await db.select({ f: users.labelFormat }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.f ?? null;
}

export async function setLabelFormat(db: Db, userId: string, format: 'pdf' | 'zpl', now: Date): Promise<void> {
  await db.update(users).set({ labelFormat: format, updatedAt: now }).where(eq(users.id, userId));
}
