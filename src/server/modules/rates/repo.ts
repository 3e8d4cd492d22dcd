import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateQuoteOptions, rateQuotes, type RateQuoteOptionRow } from '../../db/schema/rates';

export type NewQuote = typeof rateQuotes.$inferInsert;
export type NewQuoteOption = typeof rateQuoteOptions.$inferInsert;

/** The quote and all its options, in one transaction. */
export async function insertQuote(db: Db, quote: NewQuote, options: NewQuoteOption[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(rateQuotes).values(quote);
    if (options.length > 0) await tx.insert(rateQuoteOptions).values(options);
  });
}

/** One stored option of this user (another user's id finds nothing). */
export async function findQuoteOption(db: Db, userId: string, optionId: string): Promise<RateQuoteOptionRow | null> {
  const rows = await db
    .select()
    .from(rateQuoteOptions)
    .where(and(eq(rateQuoteOptions.userId, userId), eq(rateQuoteOptions.id, optionId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listQuoteOptions(db: Db, userId: string, quoteId: string): Promise<RateQuoteOptionRow[]> {
  return db
    .select()
    .from(rateQuoteOptions)
    .where(and(eq(rateQuoteOptions.userId, userId), eq(rateQuoteOptions.quoteId, quoteId)));
}
