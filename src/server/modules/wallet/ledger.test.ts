import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { applyEntry, recordUncoveredDebit, type LedgerEntry } from './ledger';

/** A database handle that counts statements and answers `rows` to each. */
function fakeDb(rows: Record<string, unknown>[] = []) {
  const sent: unknown[] = [];
  const db = {
    execute: async (statement: unknown) => {
      sent.push(statement);
      return { rows };
    },
  } as unknown as Db;
  return { db, sent };
}

const entry = (amountCents: number): LedgerEntry => ({
  type: 'adjustment',
  direction: 'credit',
  amountCents,
  description: 'test',
});

const at = new Date('2026-01-02T03:04:05.000Z');

describe('ledger: money is positive integer cents', () => {
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
    it(`refuses ${bad} before sending anything`, async () => {
      const { db, sent } = fakeDb();
      await expect(applyEntry(db, 'user', entry(bad), at)).rejects.toThrow(RangeError);
      await expect(recordUncoveredDebit(db, 'user', entry(bad), at)).rejects.toThrow(RangeError);
      expect(sent).toHaveLength(0);
    });
  }

  it('applies an entry in one statement and answers the balance after it in cents', async () => {
    const { db, sent } = fakeDb([{ wallet_id: 'w1', balance_after_cents: '123456' }]);
    const applied = await applyEntry(db, 'user', entry(1_00), at);
    expect(sent).toHaveLength(1);
    expect(applied).toEqual({
      transactionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      walletId: 'w1',
      balanceAfterCents: 123456,
      createdAt: at,
    });
  });

  it('answers null when the statement changed no wallet (a debit the balance cannot cover)', async () => {
    const { db, sent } = fakeDb([]);
    expect(await applyEntry(db, 'user', { ...entry(5_00), direction: 'debit' }, at)).toBeNull();
    expect(sent).toHaveLength(1);
  });
});
