/** The public API's own queries (decision 027): a key's request count, kept Idempotency-Key answers, a shipment by key mode. */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiIdempotency } from '../../db/schema/api';
import { rateLimits } from '../../db/schema/identity';
import { shipments, type ShipmentRow } from '../../db/schema/orders';

/** Counts one request of the key in the window starting at `windowStart`; the count so far. */
export async function countKeyRequest(db: Db, keyId: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `api-key:${keyId}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row!.count;
}

/** An Idempotency-Key's scope: the account and the key's mode (not the key: a regenerated key replays). */
export type IdemRef = { userId: string; mode: 'live' | 'test'; idemKey: string };
const byRef = (ref: IdemRef) =>
  and(
    eq(apiIdempotency.userId, ref.userId),
    eq(apiIdempotency.mode, ref.mode),
    eq(apiIdempotency.idemKey, ref.idemKey),
  );

/**
 * Claims an Idempotency-Key for a request (a key kept longer than `olderThan` is free again); false
 * when it is already held.
 */
export async function claimIdempotencyKey(
  db: Db,
  ref: IdemRef,
  request: { apiKeyId: string; method: string; path: string; hash: string },
  now: Date,
  olderThan: Date,
): Promise<boolean> {
  await db.delete(apiIdempotency).where(and(byRef(ref), lt(apiIdempotency.createdAt, olderThan)));
  const claimed = await db
    .insert(apiIdempotency)
    .values({
      ...ref,
      apiKeyId: request.apiKeyId,
      method: request.method,
      path: request.path,
      requestHash: request.hash,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ idemKey: apiIdempotency.idemKey });
  return claimed.length > 0;
}

export async function keptAnswer(db: Db, ref: IdemRef) {
  const [kept] = await db.select().from(apiIdempotency).where(byRef(ref)).limit(1);
  return kept ?? null;
}

export async function keepAnswer(
  db: Db,
  ref: IdemRef,
  answer: { statusCode: number; contentType: string; body: string },
): Promise<void> {
  await db
    .update(apiIdempotency)
    .set({ statusCode: answer.statusCode, contentType: answer.contentType, responseBody: answer.body })
    .where(byRef(ref));
}

export async function releaseIdempotencyKey(db: Db, ref: IdemRef): Promise<void> {
  await db.delete(apiIdempotency).where(byRef(ref));
}

/** The user's shipment; with `test` set, only one bought in that mode. */
export async function findOwnShipment(
  db: Db,
  userId: string,
  id: string,
  test: boolean | null,
): Promise<ShipmentRow | null> {
  const mine = and(eq(shipments.id, id), eq(shipments.userId, userId));
  const [row] = await db
    .select()
    .from(shipments)
    .where(test === null ? mine : and(mine, eq(shipments.test, test)))
    .limit(1);
  return row ?? null;
}
