import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './token';

const KEY = 'k'.repeat(43);
const USER = '0b6f1c2e-8d4a-4f3b-9a1e-2c3d4e5f6a7b';

describe('unsubscribe tokens', () => {
  it('name the user and the kind they were made for', () => {
    const token = unsubscribeToken(KEY, USER, 'receipt');
    expect(readUnsubscribeToken(KEY, token)).toEqual({ userId: USER, kind: 'receipt' });
  });

  it('refuse another kind, another user, another key and a changed signature', () => {
    const token = unsubscribeToken(KEY, USER, 'receipt');
    const [, , sig] = token.split('.');
    expect(readUnsubscribeToken(KEY, `${USER}.tracking.${sig}`)).toBeNull();
    expect(readUnsubscribeToken(KEY, `1b6f1c2e-8d4a-4f3b-9a1e-2c3d4e5f6a7b.receipt.${sig}`)).toBeNull();
    expect(readUnsubscribeToken('other-key', token)).toBeNull();
    expect(readUnsubscribeToken(KEY, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  });

  it('refuse malformed text', () => {
    for (const bad of ['', 'abc', `${USER}.receipt`, `${USER}.nope.sig`, `x.receipt.sig`, `${USER}.receipt.a.b`]) {
      expect(readUnsubscribeToken(KEY, bad)).toBeNull();
    }
  });
});
