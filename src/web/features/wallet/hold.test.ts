import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import { holdTextRef, walletHoldOf } from './hold';

describe('what a wallet on hold says (decision 021)', () => {
  it('the same variant for the order error and the wallet page, chosen from kind, owed and reason', () => {
    const cases = [
      [{ kind: 'uncovered_debit', owed: '30.00' }, 'owed', { amount: '30.00' }],
      [{ kind: 'admin', owed: '0.00' }, 'description', undefined],
      [{ kind: 'admin', owed: '5.00' }, 'adminOwed', { amount: '5.00' }],
      [{ kind: 'admin', owed: '0.00', reason: ' Review ' }, 'reason', { reason: 'Review' }],
      [{ kind: 'admin', owed: '5.00', reason: 'Review' }, 'reasonOwed', { reason: 'Review', amount: '5.00' }],
    ] as const;
    for (const [hold, variant, values] of cases) {
      for (const prefix of ['order.errors.held', 'wallet.hold'] as const) {
        const ref = holdTextRef(hold, prefix);
        expect(ref.key).toBe(`${prefix}.${variant}`);
        expect(ref.values).toEqual(values);
        expect(ref.raw).toBeUndefined();
      }
    }
    expect(holdTextRef(undefined, 'wallet.hold').key).toBe('wallet.hold.description');
  });

  it('every variant exists in both languages, with its placeholders', () => {
    for (const dict of [en, zh]) {
      const notice: Record<string, string> = dict.wallet.hold;
      for (const variant of ['title', 'description', 'owed', 'adminOwed', 'reason', 'reasonOwed']) {
        expect(notice[variant], variant).toBeTruthy();
      }
      expect(notice.owed).toContain('{{amount}}');
      expect(notice.reasonOwed).toMatch(/\{\{reason\}\}.*\{\{amount\}\}/);
    }
  });

  it('reads the wallet answer: a hold, or none', () => {
    expect(walletHoldOf({ hold: { kind: 'admin', owed: '0.00' } })).toEqual({ kind: 'admin', owed: '0.00' });
    expect(walletHoldOf({})).toBeNull();
    expect(walletHoldOf(undefined)).toBeNull();
  });
});
