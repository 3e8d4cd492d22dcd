import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  POSTAL_CODE_PATTERN_GLOBAL,
  findPostalCodes,
  isRuralPostalCode,
  isValidPostalCode,
  normalizePostalCode,
  normalizeZip,
  postalCodeMatchesProvince,
  provincesForPostalCode,
} from './postal-code';
import { PROVINCE_CODES } from './provinces';

describe('normalizePostalCode', () => {
  it('accepts any case, with or without a space or hyphen', () => {
    for (const input of ['M5V 3L9', 'm5v3l9', 'M5V3L9', 'm5v-3l9', '  M5V   3L9 ', 'M5V - 3L9', 'Ｍ５Ｖ　３Ｌ９']) {
      expect(normalizePostalCode(input), input).toBe('M5V 3L9');
    }
    expect(normalizePostalCode('h0h 0h0')).toBe('H0H 0H0');
    expect(normalizePostalCode('K1A0B1')).toBe('K1A 0B1');
  });

  it('rejects D, F, I, O, Q and U anywhere', () => {
    for (const letter of 'DFIOQU') {
      expect(normalizePostalCode(`${letter}1A 1A1`), `${letter} first`).toBeNull();
      expect(normalizePostalCode(`K1${letter} 1A1`), `${letter} third`).toBeNull();
      expect(normalizePostalCode(`K1A 1${letter}1`), `${letter} fifth`).toBeNull();
    }
  });

  it('rejects W and Z only as the first letter', () => {
    expect(normalizePostalCode('W1A 1A1')).toBeNull();
    expect(normalizePostalCode('Z1A 1A1')).toBeNull();
    expect(normalizePostalCode('K1W 1Z1')).toBe('K1W 1Z1');
    expect(normalizePostalCode('T2Z 1W1')).toBe('T2Z 1W1');
  });

  it('rejects malformed input', () => {
    for (const bad of ['', 'M5V', 'M5V 3L', 'M5V 3L99', '5MV 3L9', 'M5V_3L9', 'M5V--3L9', '12345', 'M5V3L9X']) {
      expect(normalizePostalCode(bad), bad).toBeNull();
      expect(isValidPostalCode(bad)).toBe(false);
    }
    expect(normalizePostalCode(null as unknown as string)).toBeNull();
  });

  it('is idempotent and produces the canonical shape (property)', () => {
    const first = fc.constantFrom(...'ABCEGHJKLMNPRSTVXY');
    const other = fc.constantFrom(...'ABCEGHJKLMNPRSTVWXYZ');
    const digit = fc.integer({ min: 0, max: 9 }).map(String);
    const sep = fc.constantFrom('', ' ', '-');
    fc.assert(
      fc.property(
        fc.tuple(first, digit, other, sep, digit, other, digit, fc.boolean()),
        ([a, b, c, s, d, e, f, lower]) => {
          const raw = `${a}${b}${c}${s}${d}${e}${f}`;
          const out = normalizePostalCode(lower ? raw.toLowerCase() : raw);
          expect(out).toBe(`${a}${b}${c} ${d}${e}${f}`);
          expect(normalizePostalCode(out!)).toBe(out);
        },
      ),
    );
  });
});

describe('findPostalCodes', () => {
  it('finds codes inside free text', () => {
    expect(findPostalCodes('Ship to 123 Main St, Toronto ON m5v3l9, phone 416-555-0101')).toEqual(['M5V 3L9']);
    expect(findPostalCodes('from H2X 1Y4 to V6B-1A1 and again h2x1y4')).toEqual(['H2X 1Y4', 'V6B 1A1']);
    expect(findPostalCodes('邮编：T2P 2M5，电话')).toEqual(['T2P 2M5']);
    expect(findPostalCodes('no code here, 12345 or ABCD1234 or XM5V3L9X')).toEqual([]);
    expect(findPostalCodes('D1A 1A1 W1A 1A1')).toEqual([]);
  });

  it('exports a reusable global pattern', () => {
    const text = 'K1A 0B1 and M5V 3L9';
    expect([...text.matchAll(POSTAL_CODE_PATTERN_GLOBAL)].map((m) => m[0])).toEqual(['K1A 0B1', 'M5V 3L9']);
    expect([...text.matchAll(POSTAL_CODE_PATTERN_GLOBAL)]).toHaveLength(2);
  });
});

describe('postal code and province', () => {
  const table: [string, string[]][] = [
    ['A1C 5M2', ['NL']],
    ['B3H 4R2', ['NS']],
    ['C1A 4P3', ['PE']],
    ['E1C 4M3', ['NB']],
    ['G1R 4P5', ['QC']],
    ['H3B 2Y5', ['QC']],
    ['J4K 5G4', ['QC']],
    ['K1A 0B1', ['ON']],
    ['L5B 3C2', ['ON']],
    ['M5V 3L9', ['ON']],
    ['N2L 3G1', ['ON']],
    ['P3E 5N1', ['ON']],
    ['R3C 4T3', ['MB']],
    ['S4P 3Y2', ['SK']],
    ['T2P 2M5', ['AB']],
    ['V6B 1A1', ['BC']],
    ['X0A 0H0', ['NU']],
    ['X0B 0C0', ['NU']],
    ['X0C 0A0', ['NU']],
    ['X0E 0P0', ['NT']],
    ['X0G 0A0', ['NT']],
    ['X1A 2L9', ['NT']],
    ['Y1A 2C6', ['YT']],
  ];

  it('maps each first letter (and each X district) to its province', () => {
    for (const [code, provinces] of table) expect(provincesForPostalCode(code), code).toEqual(provinces);
    expect(provincesForPostalCode('x1a2l9')).toEqual(['NT']);
    expect(provincesForPostalCode('X2A 1A1')).toEqual(['NT', 'NU']);
    expect(provincesForPostalCode('not a code')).toEqual([]);
  });

  it('matches a postal code to its province only', () => {
    for (const [code, provinces] of table) {
      for (const p of PROVINCE_CODES)
        expect(postalCodeMatchesProvince(code, p), `${code} ${p}`).toBe(provinces.includes(p));
    }
    expect(postalCodeMatchesProvince('X0A 0H0', 'NT')).toBe(false);
    expect(postalCodeMatchesProvince('X1A 2L9', 'NU')).toBe(false);
    expect(postalCodeMatchesProvince('bad', 'ON')).toBe(false);
  });

  it('tells rural codes by the second character', () => {
    expect(isRuralPostalCode('K0A 1A0')).toBe(true);
    expect(isRuralPostalCode('x0a0h0')).toBe(true);
    expect(isRuralPostalCode('K1A 0B1')).toBe(false);
    expect(isRuralPostalCode('nonsense')).toBe(false);
  });
});

describe('normalizeZip', () => {
  it('accepts ZIP and ZIP+4', () => {
    expect(normalizeZip('12345')).toBe('12345');
    expect(normalizeZip(' 02134 ')).toBe('02134');
    expect(normalizeZip('12345-6789')).toBe('12345-6789');
    expect(normalizeZip('123456789')).toBe('12345-6789');
    expect(normalizeZip('12345 6789')).toBe('12345-6789');
  });
  it('rejects anything else', () => {
    for (const bad of ['', '1234', '123456', '12345-678', 'ABCDE', 'M5V 3L9', '12345-67890'])
      expect(normalizeZip(bad), bad).toBeNull();
  });
});
