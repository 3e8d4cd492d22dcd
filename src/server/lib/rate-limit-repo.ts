import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/identity';

/** Counts one hit on `key` in the window starting at `windowStart` (an atomic upsert); the count after it. */
export async function countHit(db: Db, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row.count;
}

/** Counts one hit on `key` in the window starting at `windowStart`, answering nothing. */
export async function addHit(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    });
}

/** The hits on `key` in the window starting at `windowStart` (no row: undefined). */
export async function hitsIn(db: Db, key: string, windowStart: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  return row?.count;
}
