import { describe, expect, it } from 'vitest';
import { denseWord, prefixEnd } from './repo';

/** Whether `a` sorts before `b` in code point order, as COLLATE "C" compares UTF-8 text. */
const before = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;

describe('prefixEnd', () => {
  it('raises the last code point by one', () => {
    expect(prefixEnd('wei')).toBe('wej');
    expect(prefixEnd('montréal')).toBe('montréam');
    expect(prefixEnd('张伟')).toBe(`张${String.fromCodePoint('伟'.codePointAt(0)! + 1)}`);
  });

  it('is above every text that begins with the word, U+10FFFF after it included, and below the next word', () => {
    for (const word of ['acme', 'ab\u{10FFFF}', '𠀀𠀁', 'a\uD7FF', 'zz']) {
      const end = prefixEnd(word)!;
      for (const longer of [word, `${word}a`, `${word}\u{10FFFF}`, `${word}\u{10FFFF}\u{10FFFF}z`, `${word}𠀀`]) {
        expect(before(longer, end), `${longer} < ${end}`).toBe(true);
      }
      expect(before(word, end)).toBe(true);
    }
    expect(prefixEnd('ab\u{10FFFF}')).toBe('ac');
  });

  it('steps over the surrogates, which no text holds, and is null past the last code point', () => {
    expect(prefixEnd('a\uD7FF')).toBe('a\uE000');
    expect(prefixEnd('\u{10FFFF}\u{10FFFF}')).toBeNull();
    expect(prefixEnd('')).toBeNull();
  });
});

describe('denseWord', () => {
  it('reads from the newest rows when matches² passes the rows read that way times all the rows', () => {
    // 'w': 4,658 of 20,000; a first page of 25 reads ~107 rows from the newest instead of gathering 4,658.
    expect(denseWord(4_658, 20_000, 25)).toBe(true);
    // 'zh': 532 of 20,000; from the newest would read ~940 rows, the word index gathers 532.
    expect(denseWord(532, 20_000, 25)).toBe(false);
    expect(denseWord(100, 10_000, 100)).toBe(false); // equal costs: the word index
    expect(denseWord(0, 0, 25)).toBe(false);
    // Deeper pages move the line: the same word gathers its matches for a page 4,000 rows down.
    expect(denseWord(4_658, 20_000, 4_025)).toBe(false);
  });
});
