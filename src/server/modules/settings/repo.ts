import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema/identity';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

export async function lockUser(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function getUser(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Omit<typeof users.$inferInsert, 'id'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

export async function getOrganization(db: Db, id: string, forUpdate = false): Promise<OrganizationRow | null> {
  const q = db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function insertOrganization(db: Db, values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row;
}

export async function updateOrganization(
  db: Db,
  id: string,
  patch: { name: string; address: string; updatedAt: Date },
): Promise<OrganizationRow> {
  const [row] = await db.update(organizations).set(patch).where(eq(organizations.id, id)).returning();
  return row;
}
