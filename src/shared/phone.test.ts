import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPhone, isValidPhone, normalizePhone, parsePhone, phoneLineDigits, toE164 } from './phone';

describe('normalizePhone: digits, the extension apart', () => {
  it.each([
    ['+1 (416) 555-0100 ext. 12', '4165550100x12'],
    ['(416) 555 0100', '4165550100'],
    ['416.555.0100', '4165550100'],
    ['1-416-555-0100', '4165550100'],
    ['+1 416 555 0100', '4165550100'],
    ['416-555-0100 x 7', '4165550100x7'],
    ['416-555-0100x7', '4165550100x7'],
    ['416 555 0100, extension 1234', '4165550100x1234'],
    ['514-555-0101 poste 22', '5145550101x22'],
    ['416-555-0100 #3', '4165550100x3'],
    ['416-555-0100 分机 88', '4165550100x88'],
    ['（４１６）５５５－０１００', '4165550100'],
    ['555 0100', '5550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['(+44) 20 7946 0958', '+442079460958'],
    ['0044 20 7946 0958', '+442079460958'],
    ['011 44 20 7946 0958', '+442079460958'],
    ['+86 138 1234 5678 ext 9', '+8613812345678x9'],
    ['4165550100x12', '4165550100x12'],
    ['+442079460958', '+442079460958'],
  ])('%s → %s', (input, stored) => {
    expect(normalizePhone(input)).toBe(stored);
    // The stored form reads back to itself.
    expect(normalizePhone(stored)).toBe(stored);
  });

  it('refuses what is not a phone number', () => {
    for (const bad of [
      '',
      '   ',
      'abc',
      '555 010',
      '1'.repeat(21),
      '416-CALL-NOW',
      '416+555-0100',
      '416-555-0100 ext.',
    ]) {
      expect(parsePhone(bad), bad).toBeNull();
      expect(isValidPhone(bad), bad).toBe(false);
      expect(normalizePhone(bad), bad).toBeNull();
    }
    expect(isValidPhone('1'.repeat(20))).toBe(true);
  });

  it('reads the dashes and spaces other keyboards type: Unicode hyphens, dashes, minus, wide spaces, fullwidth brackets', () => {
    const separators = {
      'hyphen U+2010': '\u2010',
      'non-breaking hyphen U+2011': '\u2011',
      'figure dash U+2012': '\u2012',
      'en dash U+2013': '\u2013',
      'em dash U+2014': '\u2014',
      'horizontal bar U+2015': '\u2015',
      'minus sign U+2212': '\u2212',
      'small em dash U+FE58': '\ufe58',
      'fullwidth hyphen-minus U+FF0D': '\uff0d',
      'no-break space U+00A0': '\u00a0',
      'narrow no-break space U+202F': '\u202f',
      'ideographic space U+3000': '\u3000',
    };
    for (const [name, sep] of Object.entries(separators)) {
      expect(normalizePhone(`416${sep}555${sep}0100`), name).toBe('4165550100');
      expect(normalizePhone(`+44${sep}20${sep}7946${sep}0958`), name).toBe('+442079460958');
    }
    expect(normalizePhone('（416）\u3000555\u20100100')).toBe('4165550100');
    expect(normalizePhone('\uff0b1\u00a0(416)\u00a0555\u22120100 ext. 12')).toBe('4165550100x12');
    expect(formatPhone('416\u2013555\u20130100')).toBe('416-555-0100');
    // Still refused: dashes are not digits (six digits are too few), and letters stay letters.
    expect(isValidPhone('416\u2014555')).toBe(false);
    expect(isValidPhone('416\u2010CALL\u2010NOW')).toBe(false);
  });

  it('keeps the line apart from the extension', () => {
    expect(parsePhone('+1 (416) 555-0100 ext. 12')).toEqual({ digits: '4165550100', ext: '12', international: false });
    expect(phoneLineDigits('4165550100x12')).toBe('4165550100');
    expect(phoneLineDigits('+442079460958')).toBe('442079460958');
    expect(phoneLineDigits('nope')).toBe('');
  });
});

describe('formatPhone', () => {
  it.each([
    ['4165550100', '416-555-0100'],
    ['(416) 555 0100', '416-555-0100'],
    ['4165550100x12', '416-555-0100 ext. 12'],
    ['5550100', '555-0100'],
    ['+442079460958', '+44 20 7946 0958'],
    ['+8613812345678x9', '+86 138 1234 5678 ext. 9'],
    ['+33612345678', '+33 6 12 34 56 78'],
    // Countries whose grouping is not known here: the national number unbroken, nothing invented.
    ['+35312345678', '+353 12345678'],
    ['12345678', '1234 5678'],
  ])('%s → %s', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
    // What is shown is accepted again and stores the same number.
    expect(normalizePhone(shown)).toBe(normalizePhone(input));
  });

  it.each([
    ['France, Paris', '+33 1 42 60 00 00', '+33 1 42 60 00 00'],
    ['France, mobile', '+33612345678', '+33 6 12 34 56 78'],
    ['UK, London', '+442079460958', '+44 20 7946 0958'],
    ['UK, Birmingham', '+441214960123', '+44 121 496 0123'],
    ['UK, mobile', '+447700900123', '+44 7700 900123'],
    ['Germany, Berlin', '+493012345678', '+49 30 12345678'],
    ['Germany, Cologne', '+492211234567', '+49 221 1234567'],
    ['Germany, mobile', '+4915123456789', '+49 151 23456789'],
    ['Germany, unknown area code', '+49 6221 123456', '+49 6221123456'],
    ['China, mobile', '+86 138 0013 8000', '+86 138 0013 8000'],
    ['China, Beijing', '+861012345678', '+86 10 1234 5678'],
    ['China, Shenzhen', '+8675512345678', '+86 755 1234 5678'],
    ['Japan, Tokyo', '+81312345678', '+81 3 1234 5678'],
    ['Japan, mobile', '+819012345678', '+81 90 1234 5678'],
    ['Australia, Sydney', '+61291234567', '+61 2 9123 4567'],
    ['Australia, mobile', '+61412345678', '+61 412 345 678'],
    ['France, too long for its plan', '+3314260000012', '+33 14260000012'],
  ])('%s: %s is shown as %s', (_, input, shown) => {
    expect(formatPhone(input)).toBe(shown);
    expect(normalizePhone(shown)).toBe(normalizePhone(input));
  });

  it("names the extension in the reader's language; what is shown in Chinese is read back the same", () => {
    expect(formatPhone('4165550100x22', '分机')).toBe('416-555-0100 分机 22');
    expect(formatPhone('+8613812345678x9', '分机')).toBe('+86 138 1234 5678 分机 9');
    expect(normalizePhone(formatPhone('4165550100x22', '分机'))).toBe('4165550100x22');
    // Without a label (labels, other Latin-only text) it stays 'ext.'; no extension, no label.
    expect(formatPhone('4165550100x22')).toBe('416-555-0100 ext. 22');
    expect(formatPhone('4165550100x22', ' ')).toBe('416-555-0100 ext. 22');
    expect(formatPhone('4165550100', '分机')).toBe('416-555-0100');
  });

  it('shows text that is not a phone number as it is', () => {
    expect(formatPhone(' call me ')).toBe('call me');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });

  it('round-trips any accepted number: stored → shown → stored (property)', () => {
    const number = fc
      .tuple(
        fc.constantFrom('', '+', '+1 ', '1-', '00', '011 '),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 20 }),
        fc.constantFrom('', ' ext. 5', 'x12', ' #7'),
      )
      .map(([prefix, digits, ext]) => `${prefix}${digits.join('')}${ext}`);
    fc.assert(
      fc.property(number, (input) => {
        const stored = normalizePhone(input);
        if (stored === null) return;
        expect(normalizePhone(formatPhone(stored))).toBe(stored);
        expect(stored).toMatch(/^\+?\d{7,20}(x\d+)?$/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('toE164', () => {
  it('gives +1 and the 10 digits for North American numbers, however written', async () => {
    expect(toE164('416-555-0199')).toBe('+14165550199');
    expect(toE164('+1 (416) 555 0199')).toBe('+14165550199');
    expect(toE164('1 416 555 0199')).toBe('+14165550199');
    expect(toE164('４１６－５５５－０１９９')).toBe('+14165550199');
  });
  it('keeps international numbers written with + or 00 / 011', async () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('0086 138 0013 8000')).toBe('+8613800138000');
  });
  it('refuses what cannot take a text: extensions, local numbers, bad area codes, too many digits', async () => {
    expect(toE164('416-555-0199 ext. 12')).toBeNull();
    expect(toE164('555-0199')).toBeNull();
    expect(toE164('016-555-0199')).toBeNull();
    expect(toE164('416-155-0199')).toBeNull();
    expect(toE164('+1234567890123456')).toBeNull();
    expect(toE164('not a number')).toBeNull();
  });
});
