import { describe, expect, it } from 'vitest';
import {
  checkPhoneCode,
  hashPhoneCode,
  phoneCodeText,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  resendWait,
  type StoredPhoneCode,
} from './codes';

const sent = new Date('2026-03-02T15:00:00Z');
const stored = (over: Partial<StoredPhoneCode> = {}): StoredPhoneCode => ({
  id: '7b0f5c7e-0000-4000-8000-000000000001',
  codeHash: hashPhoneCode('7b0f5c7e-0000-4000-8000-000000000001', '123456'),
  attempts: 0,
  expiresAt: new Date(sent.getTime() + PHONE_CODE_TTL_MS),
  consumedAt: null,
  createdAt: sent,
  ...over,
});
const at = (ms: number) => new Date(sent.getTime() + ms);

describe('phone verification codes', () => {
  it('stores a hash, never the code, and hashes the same code apart per row', () => {
    const a = hashPhoneCode('row-a', '123456');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain('123456');
    expect(hashPhoneCode('row-b', '123456')).not.toBe(a);
  });

  it('accepts the right code until ten minutes have passed, then calls it expired', () => {
    expect(checkPhoneCode(stored(), '123456', at(PHONE_CODE_TTL_MS - 1000))).toEqual({ kind: 'ok' });
    expect(checkPhoneCode(stored(), '123456', at(PHONE_CODE_TTL_MS))).toEqual({ kind: 'expired' });
  });

  it('counts wrong tries and locks on the fifth, even for the right code after it', () => {
    expect(checkPhoneCode(stored(), '000000', at(1000))).toEqual({ kind: 'invalid', attempts: 1, left: 4 });
    expect(checkPhoneCode(stored({ attempts: 3 }), '000000', at(1000))).toEqual({
      kind: 'invalid',
      attempts: 4,
      left: 1,
    });
    expect(checkPhoneCode(stored({ attempts: 4 }), '000000', at(1000))).toEqual({ kind: 'too-many', attempts: 5 });
    expect(checkPhoneCode(stored({ attempts: PHONE_CODE_MAX_ATTEMPTS }), '123456', at(1000)).kind).toBe('too-many');
  });

  it('has nothing to check without a code, or once it was used', () => {
    expect(checkPhoneCode(null, '123456', at(0))).toEqual({ kind: 'none' });
    expect(checkPhoneCode(stored({ consumedAt: at(10) }), '123456', at(20))).toEqual({ kind: 'none' });
  });

  it('waits 60 seconds between codes', () => {
    expect(resendWait(null, at(0))).toBe(0);
    expect(resendWait(sent, at(1))).toBe(60);
    expect(resendWait(sent, at(59_001))).toBe(1);
    expect(resendWait(sent, at(60_000))).toBe(0);
  });

  it('writes the code text short enough for one message in each language', () => {
    const en = phoneCodeText('123456', 'en');
    expect(en).toContain('123456');
    expect(en.length).toBeLessThanOrEqual(160);
    const zh = phoneCodeText('123456', 'zh');
    expect(zh).toContain('123456');
    expect(zh.length).toBeLessThanOrEqual(70);
  });
});
