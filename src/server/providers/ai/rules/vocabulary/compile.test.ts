import { describe, expect, it } from 'vitest';
import { anyOf, anyWord, compile } from './compile';

describe('vocabulary compile', () => {
  it('joins a table as written, in its order, inside the pattern around it', () => {
    const re = compile('iu', String.raw`^(?:`, ['remove[ds]?', 'skip'], String.raw`)\b`);
    expect(re.source).toBe(String.raw`^(?:remove[ds]?|skip)\b`);
    expect(re.flags).toBe('iu');
    expect(re.test('Removed it')).toBe(true);
    expect(anyOf(['b', 'a'])).toBe('b|a');
  });

  it('escapes plain words, longest first, a space matching any run of blanks, without sorting the table', () => {
    const words = ['ship to', 'shipping address', 'dest.'] as const;
    expect(anyWord(words)).toBe(String.raw`shipping[ \t]+address|ship[ \t]+to|dest\.`);
    expect(words[0]).toBe('ship to');
    expect(new RegExp(`^(?:${anyWord(words)})$`).test('ship \t to')).toBe(true);
  });
});
