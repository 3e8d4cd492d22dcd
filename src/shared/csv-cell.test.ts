import { describe, expect, it } from 'vitest';
import { csvCell, defuseCsvCell } from './csv-cell';

describe('CSV cells a spreadsheet would run as formulas', () => {
  it.each(['-2+3', '@SUM(1)', '=1+1', '+1', '\t=1+1', '\r=1+1', '-1e3', '-A1', '=HYPERLINK("http://evil","x")'])(
    'defuses %j with a leading apostrophe',
    (value) => {
      expect(defuseCsvCell(value)).toBe(`'${value}`);
    },
  );

  it.each(['-12.50', '-3', '12.50', 'plain', 'a-b', 'x=1', ''])('keeps %j as it is', (value) => {
    expect(defuseCsvCell(value)).toBe(value);
  });

  it('quotes a written cell after defusing it: commas, quotes, line breaks', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('-7.25')).toBe('-7.25');
  });
});
