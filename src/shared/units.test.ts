import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IN_TO_CM, KG_TO_LB_DISPLAY, LB_TO_KG, cmToIn, inToCm, kgToLb, lbToKg, roundTo } from './units';

describe('units', () => {
  it('uses the spec constants', () => {
    expect(LB_TO_KG).toBe(0.453592);
    expect(IN_TO_CM).toBe(2.54);
    expect(KG_TO_LB_DISPLAY).toBe(2.20462);
  });

  it('converts pounds to kilograms with 3 decimals', () => {
    expect(lbToKg(1)).toBe(0.454);
    expect(lbToKg(10)).toBe(4.536);
    expect(lbToKg(2.5)).toBe(1.134);
    expect(lbToKg(0.1)).toBe(0.045);
    expect(lbToKg(66.1)).toBe(29.982);
    expect(lbToKg(0)).toBe(0);
  });

  it('converts kilograms to pounds with the display factor', () => {
    expect(kgToLb(1)).toBe(2.2);
    expect(kgToLb(30)).toBe(66.14);
    expect(kgToLb(4.536)).toBe(10);
  });

  it('converts inches and centimetres with 2 decimals', () => {
    expect(inToCm(1)).toBe(2.54);
    expect(inToCm(12)).toBe(30.48);
    expect(inToCm(10.5)).toBe(26.67);
    expect(inToCm(0.333)).toBe(0.85);
    expect(cmToIn(2.54)).toBe(1);
    expect(cmToIn(30)).toBe(11.81);
    expect(cmToIn(100)).toBe(39.37);
  });

  it('rounds half away from zero without float noise', () => {
    expect(roundTo(1.0005, 3)).toBe(1.001);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(Number.NaN, 2)).toBeNaN();
  });

  it('round-trips inches through centimetres within a hundredth (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (hundredths) => {
        const inches = hundredths / 100;
        expect(Math.abs(cmToIn(inToCm(inches)) - inches)).toBeLessThanOrEqual(0.01 + 1e-9);
      }),
    );
  });
});

describe('roundTo on tiny and huge values', () => {
  it('never answers NaN for a finite number', () => {
    expect(roundTo(1e-7, 3)).toBe(0);
    expect(roundTo(0.0004999, 3)).toBe(0);
    expect(roundTo(0.0005, 3)).toBe(0.001);
    expect(roundTo(1.23e21, 2)).toBe(1.23e21);
    expect(roundTo(-2.5e-8, 3)).toBe(-0);
  });
});
