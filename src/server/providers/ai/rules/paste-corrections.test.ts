import { describe, expect, it } from 'vitest';
import { readCorrection } from './paste-corrections';
import type { PasteReading } from './types';

const read = (line: string) => {
  const c: PasteReading['corrections'] = { swaps: [] };
  readCorrection(line, c);
  return c;
};

describe('paste corrections', () => {
  it('reads a corrected postal code', () => {
    expect(read('sorry, postal code is M5V 3L9').postal).toBe('M5V 3L9');
  });

  it('reads a number swapped for another ("unit 5 not 4": 4 becomes 5)', () => {
    expect(read('oops unit 5 not 4').swaps).toEqual([['4', '5']]);
  });
});
