import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exchangeRates } from '../../db/schema/rates';
import type { UsdRate } from '../../../shared/customs';

/** The CAD/USD rate in force: the newest an admin set (migration 0020 writes the first). */
export async function usdRateInForce(db: Db): Promise<UsdRate & { setAt: Date }> {
  const [row] = await db
    .select({ micros: exchangeRates.cadPerUsdMicros, setAt: exchangeRates.createdAt })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.createdAt))
    .limit(1);
  if (!row) throw new Error('no CAD/USD rate: migration 0020 writes the first one');
  return { cadPerUsdMicros: row.micros, setAt: row.setAt };
}
