import fc from 'fast-check';

/**
 * Generated text for the rules: tokens of digits, words, separators, newlines, Chinese, labels and
 * address pieces, joined into a fragment (a short one of 1-8 tokens or one long random mix). The
 * linear-time property test repeats fragments up to the cap; the parity snapshot keeps a seeded
 * sample of them with the reading of each.
 */
const digits = fc.oneof(
  fc.constantFrom('1', '12', '123', '4567', '10118', '1203-88', '#305', '4B', '½'),
  fc.stringMatching(/^\d{1,7}$/),
);
const words = fc.constantFrom(
  'Main',
  'St',
  'St.',
  'Ave',
  'rue',
  'boul.',
  'Saint-Jean',
  'E',
  'N',
  'Toronto',
  'New York',
  'Québec',
  'ON',
  'qc',
  'NY',
  'Canada',
  'USA',
  'apt',
  'Suite',
  'unit',
  'box',
  'PO Box',
  'C.P.',
  'RR',
  'site',
  'comp',
  'General Delivery',
  'ext',
  'x',
  'Inc.',
  'Bakery',
  'Mr.',
  'Rachel',
  'Green',
  'ship',
  'to',
  'please',
  'in',
  'a',
  'A',
  'province',
  'of',
);
const pieces = fc.constantFrom(
  'M5V 3L9',
  'm5v3l9',
  'H2X-1Y4',
  '416-555-0134',
  '(604) 555 0198',
  '+1 ',
  'a@b.co',
  'x.y@example.com',
  '@',
  'Name:',
  'Phone:',
  'City:',
  'c/o ',
  'Attn:',
  'Sender information: ',
  'Extract the address fields from this text: ',
);
const separators = fc.constantFrom(
  ' ',
  ' ',
  '  ',
  ', ',
  ',',
  '\n',
  '\n\n',
  '\t',
  ' - ',
  '-',
  ';',
  '|',
  '.',
  '. ',
  ':',
  '!',
  '?',
  '(',
  ')',
  "'",
  '"',
  '、',
  '。',
);
const chinese = fc.oneof(
  fc.constantFrom(
    '多伦多',
    '温哥华',
    '加拿大',
    '安大略省',
    '省',
    '市',
    '王小明',
    '欧阳娜娜',
    '先生',
    '收件人：',
    '电话：',
    '地址：',
    '邮编：',
    '有限公司',
  ),
  fc.string({
    unit: fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c)),
    minLength: 1,
    maxLength: 4,
  }),
);
const token = fc.oneof(digits, words, pieces, separators, chinese);

/** A fragment that is repeated up to the cap: a short one (2-8 tokens) or one long random mix. */
export const fragment = fc
  .oneof(
    fc.array(token, { minLength: 1, maxLength: 8 }).map((t) => t.join('')),
    fc.array(token, { minLength: 100, maxLength: 600 }).map((t) => t.join('')),
  )
  .filter((f) => f.length > 0);

export const upTo = (f: string, length: number) => f.repeat(Math.ceil(length / f.length)).slice(0, length);
