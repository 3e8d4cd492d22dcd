import { describe, expect, it } from 'vitest';
import { FLY_IN_FSAS, FLY_IN_POSTAL_CODES, isFlyInPostalCode } from './fly-in';
import { normalizePostalCode, provincesForPostalCode } from './postal-code';

describe('fly-in communities', () => {
  it('covers all of Nunavut and Nunavik, in any spelling of the postal code', () => {
    for (const code of ['X0A 0H0', 'x0a0h0', 'X0A-0R0', 'X0B 0C0', 'X0C 0G0', 'J0M 1C0']) {
      expect(isFlyInPostalCode(code), code).toBe(true);
    }
  });

  it('lists single communities of mixed districts and leaves their road towns out', () => {
    expect(isFlyInPostalCode('X0E 0K0')).toBe(true); // Tulita
    expect(isFlyInPostalCode('X0E 0V0')).toBe(true); // Norman Wells
    expect(isFlyInPostalCode('Y0B 1N0')).toBe(true); // Old Crow
    expect(isFlyInPostalCode('A0P 1L0')).toBe(true); // Nain
    // Road-accessible: Yellowknife, Inuvik (Dempster), Fort Smith, Whitehorse, Happy Valley-Goose Bay.
    for (const code of ['X1A 2P5', 'X0E 0T0', 'X0E 0P0', 'Y1A 1A1', 'A0P 1E0', 'M5V 3L9', 'R3C 4T3']) {
      expect(isFlyInPostalCode(code), code).toBe(false);
    }
  });

  it('answers false for anything that is not a postal code', () => {
    for (const code of ['', 'X0A', '12345', 'constructor', 'toString']) expect(isFlyInPostalCode(code)).toBe(false);
  });

  it('keeps the table well formed: districts of three characters, normalised codes in their district', () => {
    for (const fsa of Object.keys(FLY_IN_FSAS)) expect(fsa).toMatch(/^[A-Z]\d[A-Z]$/);
    for (const code of Object.keys(FLY_IN_POSTAL_CODES)) {
      expect(normalizePostalCode(code)).toBe(code);
      expect(FLY_IN_FSAS[code.slice(0, 3)], `${code} is already covered by its district`).toBeUndefined();
      expect(provincesForPostalCode(code).length, code).toBeGreaterThan(0);
    }
  });
});
