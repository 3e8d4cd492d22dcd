import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exchangeRates } from '../../db/schema/rates';
import { DEFAULT_USD_RATE, type UsdRate } from '../../../shared/customs';
import { audit } from '../audit/repo';

/**
 * The CAD/USD rate in force: the newest an admin set, or DEFAULT_USD_RATE while none is set (no row
 * is seeded, so a restore into a freshly migrated database loads the backup's rows unchanged).
 */
export async function usdRateInForce(db: Db): Promise<UsdRate & { setAt: Date }> {
  const [row] = await db
    .select({ micros: exchangeRates.cadPerUsdMicros, setAt: exchangeRates.createdAt })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.createdAt))
    .limit(1);
  if (!row) return { cadPerUsdMicros: DEFAULT_USD_RATE.cadPerUsdMicros, setAt: new Date(DEFAULT_USD_RATE.setAt) };
  return { cadPerUsdMicros: row.micros, setAt: row.setAt };
}

/** A new rate in force from `at`, with its audit entry, in one transaction. */
export async function setUsdRate(
  db: Db,
  input: { cadPerUsdMicros: number; note: string; adminId: string; ipAddress: string | null; at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await usdRateInForce(tx);
    await tx.insert(exchangeRates).values({
      id: randomUUID(),
      cadPerUsdMicros: input.cadPerUsdMicros,
      setBy: input.adminId,
      note: input.note,
      createdAt: input.at,
    });
    await audit(tx, {
      userId: input.adminId,
      action: 'exchange_rate.set',
      resourceType: 'exchange_rate',
      oldValue: { cadPerUsdMicros: before.cadPerUsdMicros },
      newValue: { cadPerUsdMicros: input.cadPerUsdMicros, note: input.note },
      ipAddress: input.ipAddress,
      at: input.at,
    });
  });
}
