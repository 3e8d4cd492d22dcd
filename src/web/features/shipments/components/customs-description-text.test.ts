import { describe, expect, it } from 'vitest';
import { ZCustomsItem } from '../../../../shared/contracts/customs';
import en from '../../../locales/en.json';
import zh from '../../../locales/zh.json';

/** The example a placeholder or hint gives, the Latin text after 如 / e.g. or between quotes. */
const example = (text: string) => /(?:如|e\.g\.)\s*"?([A-Za-z][A-Za-z\s-]*[A-Za-z])"?/u.exec(text)?.[1] ?? '';

const item = (description: string) => ({
  description,
  hsCode: '6109.10',
  originCountry: 'CN',
  quantity: 1,
  unitValue: 10,
  weightKg: 0.2,
  cusmaQualifying: false,
});

describe('the customs item description, as a Chinese user reads it (newcomer 28)', () => {
  it('says in Chinese that it must be written in English or French', () => {
    for (const text of [zh.customs.itemDescriptionPlaceholder, zh.customs.itemDescriptionHint]) {
      expect(text).toContain('英文');
      expect(text).toContain('法文');
    }
  });

  it('gives an English example, in both languages, that the form accepts', () => {
    for (const text of [
      zh.customs.itemDescriptionPlaceholder,
      zh.customs.itemDescriptionHint,
      en.customs.itemDescriptionPlaceholder,
    ]) {
      const sample = example(text);
      expect(sample).toBe('Cotton T-shirt');
      expect(ZCustomsItem.safeParse(item(sample)).success).toBe(true);
    }
    // What the hint warns about: a Chinese description is refused.
    expect(ZCustomsItem.safeParse(item('棉T恤')).success).toBe(false);
  });
});
