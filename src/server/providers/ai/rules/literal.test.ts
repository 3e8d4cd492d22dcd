import { describe, expect, it } from 'vitest';
import { escapeRegExp } from './lexicon';
import { mayContain } from './literal';

describe('mayContain', () => {
  it('finds a literal as written, and never rules out a text the iu regexp would match', () => {
    expect(mayContain('Ship to Noémie', 'Noémie')).toBe(true);
    expect(mayContain('Ship to noémie', 'Noémie')).toBe(false);
    expect(mayContain('Ship to NOÉMIE', 'Noémie', true)).toBe(true);
    expect(mayContain('Ship to Noemie', 'Noémie', true)).toBe(false);
    // Every letter with a case mapping, against every letter its upper and lower forms reach: where
    // the regexp with the `iu` flags matches, mayContain must not answer false (this Node's Unicode).
    const missed: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const reach = new Set([
        c,
        c.toLowerCase(),
        c.toUpperCase(),
        c.toUpperCase().toLowerCase(),
        c.toLowerCase().toUpperCase(),
      ]);
      if (reach.size === 1) continue;
      const re = new RegExp(escapeRegExp(c), 'iu');
      for (const d of reach) {
        if ([...d].length !== 1) continue;
        if (re.test(d) && !mayContain(`x${d}x`, c, true)) missed.push(`${c} in ${d}`);
        if (new RegExp(escapeRegExp(d), 'iu').test(c) && !mayContain(`x${c}x`, d, true)) missed.push(`${d} in ${c}`);
      }
    }
    expect(missed).toEqual([]);
  });
});
