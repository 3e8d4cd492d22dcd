import { describe, expect, it } from 'vitest';
import {
  hasControlCharacters,
  hasControlCharactersBesidesLineBreaks,
  optionalText,
  requiredText,
  toOneLine,
} from './fields';
import { ZUpdateOrganizationRequest } from './settings';

describe('one-line text fields', () => {
  const refused = {
    CR: 'a\rb',
    LF: 'a\nb',
    tab: 'a\tb',
    NUL: 'a\u0000b',
    ESC: 'a\u001bb',
    DEL: 'a\u007fb',
    NEL: 'a\u0085b',
    'line separator': 'a\u2028b',
    RLO: 'a\u202eb',
    RLI: 'a\u2067b',
    LRM: 'a\u200eb',
    ALM: 'a\u061cb',
    'zero-width space': 'a\u200bb',
    BOM: '\ufeffab',
    'trailing LF': 'ab\n',
  };
  for (const [name, value] of Object.entries(refused)) {
    it(`refuses ${name}, naming the field`, () => {
      const r = requiredText('Company', 100).safeParse(value);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0].message).toBe('Company must not contain line breaks or control characters');
    });
  }

  it('keeps real names: accents, Chinese, Persian (zero-width non-joiner), hyphens and apostrophes', () => {
    for (const name of ['Élise Tremblay-Côté', '歐陽 娜娜', 'می\u200cخواهم', "O'Brien", 'Zoë & Co.']) {
      expect(hasControlCharacters(name), name).toBe(false);
      expect(requiredText('Name', 100).safeParse(name).success).toBe(true);
    }
  });

  it('lets an organization address span lines but refuses other control characters', () => {
    expect(ZUpdateOrganizationRequest.safeParse({ name: 'Acme', address: '1 Main St\nToronto ON' }).success).toBe(true);
    expect(hasControlCharactersBesidesLineBreaks('1 Main\r\nSt')).toBe(false);
    const bad = ZUpdateOrganizationRequest.safeParse({ name: 'Acme', address: '1 Main\u202eSt' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(['address']);
  });

  it('says a value that is not text is not text; absent or null is still required', () => {
    const message = (value: unknown) => requiredText('Phone', 30).safeParse(value).error?.issues[0]?.message;
    for (const value of [12345678, 0, true, {}, [1]])
      expect(message(value), JSON.stringify(value)).toBe('Phone must be text');
    expect(message(undefined)).toBe('Phone is required');
    expect(message(null)).toBe('Phone is required');
    expect(message('  ')).toBe('Phone is required');
    expect(optionalText('Company', 100).safeParse(5).error?.issues[0]?.message).toBe('Company must be text');
    expect(optionalText('Company', 100).parse(null)).toBe('');
  });

  it('turns runs of control characters into one space', () => {
    expect(toOneLine('Ada\r\n\tLovelace\u202e')).toBe('Ada Lovelace ');
  });
});
