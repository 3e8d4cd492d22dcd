import { describe, expect, it } from 'vitest';
import { parseAddressText } from './parse-address';
import { fastestWindows, repeat } from './linear-timing';

/**
 * Inputs that once took quadratic time (each names the path it hit): 2,000 repeated numbers took
 * ~670 ms, 5,000 characters of "1 1 1 …" over a second. Timing on a shared machine is noisy, so
 * the figures are the fastest of interleaved runs and the bounds generous (see fastestWindows).
 */
const WORST_CASES: [string, string][] = [
  ['repeated numbers (street search from every civic number)', '1 '],
  ['repeated five-digit numbers', '12345 '],
  ['repeated unit-civic pairs', '1-2 '],
  ['repeated phone-like groups', '416 555 01 '],
  ['numbers with a letter', '1a '],
  ['one long run of digits (e-mail local part)', '1'],
  ['dotted letters (e-mail local part)', 'a.'],
  ['dashes (e-mail local part)', '-'],
  ['unspaced Chinese (e-mail local part)', '多伦多王'],
  ['repeated 省 (province affixes)', '省'],
  ['repeated 加拿大 (province affixes)', '加拿大'],
  ['initials with periods (sentence split)', 'a. '],
  ['abbreviations with periods (sentence split)', 'St. '],
  ["'attention' lines over a name (attention without a colon)", 'attention Ab Cd\n'],
  ["'attn A' lines without an end (attention without a colon)", 'attn A '],
];

/** A long inner run after a keyword or between words: each regex once retried it from every character. */
const RUN_CASES: [string, (n: number) => string][] = [
  ['spaces inside a segment (segment trim)', (n) => `a${' '.repeat(n - 2)}b`],
  ['quotes inside a segment (segment trim)', (n) => `a${"'".repeat(n - 2)}b`],
  ['spaces after a phone number (extension)', (n) => `416 555 0134${' '.repeat(n - 13)}x`],
  ['spaces after "box" (PO box)', (n) => `box${' '.repeat(n - 4)}x`],
  ['spaces after "box 1" (station)', (n) => `box 1${' '.repeat(n - 6)}x`],
  ['spaces after "apt" (unit)', (n) => `apt${' '.repeat(n - 5)}xx`],
  ['spaces after "rr" (rural route)', (n) => `rr${' '.repeat(n - 3)}x`],
  ['spaces after "site 1" (site/compartment)', (n) => `site 1${' '.repeat(n - 7)}x`],
  ['spaces inside a label value (label trim)', (n) => `Name: a${' '.repeat(n - 8)}b`],
  ['unclosed parentheses in a name label', (n) => `Name: ${'('.repeat(n - 6)}`],
  ['exclamation marks before a word (sentence split)', (n) => `${'!'.repeat(n - 1)}a`],
  ['periods inside a street word', (n) => `1 ${'.'.repeat(n - 7)}x Rd`],
  ['spaces after a role word (role prefix)', (n) => `sender${' '.repeat(n - 7)}x`],
  ['spaces after "attention" (attention without a colon)', (n) => `attention${' '.repeat(n - 11)}Ab`],
];

function expectLinear(make: (n: number) => string): void {
  const small = make(2500);
  const large = make(10_000);
  let { fourSmallMs, largeMs } = fastestWindows(small, large, 5);
  if (largeMs >= 2 * fourSmallMs + 5) ({ fourSmallMs, largeMs } = fastestWindows(small, large, 5)); // measure again once
  expect(
    largeMs,
    `2,500 chars four times: ${fourSmallMs.toFixed(1)} ms; 10,000 chars once: ${largeMs.toFixed(1)} ms`,
  ).toBeLessThan(2 * fourSmallMs + 5);
  expect((largeMs * 1000) / 10_000, 'µs per character at 10,000 characters').toBeLessThan(50);
}

describe('the rule parser reads in linear time', () => {
  it.each(WORST_CASES)('%s', (_name, unit) => expectLinear((n) => repeat(unit, n)));
  it.each(RUN_CASES)('%s', (_name, make) => expectLinear(make));

  it('still finds an e-mail address after a long run of local-part characters', () => {
    expect(parseAddressText(`${'1'.repeat(3000)} x@example.com`).email).toBe('x@example.com');
    expect(parseAddressText(`${'a.'.repeat(1500)}b@example.com`).email).toBe(`${'a.'.repeat(1500)}b@example.com`);
  });
});
