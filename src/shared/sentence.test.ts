import { describe, expect, it } from 'vitest';
import { collapseDoubledPeriod, sentence } from './sentence';

describe('sentence', () => {
  it('adds the period a name lacks', () => {
    expect(sentence('Certifier, exporter and producer: Maple Goods')).toBe(
      'Certifier, exporter and producer: Maple Goods.',
    );
  });

  it('does not double the period of a name ending with an abbreviation', () => {
    expect(sentence('Certifier, exporter and producer: Maple Goods Inc.')).toBe(
      'Certifier, exporter and producer: Maple Goods Inc.',
    );
    expect(sentence('Your parcel to Washington, D.C. ')).toBe('Your parcel to Washington, D.C.');
  });

  it('keeps other final marks, also behind a closing quote or bracket', () => {
    expect(sentence('Yahoo!')).toBe('Yahoo!');
    expect(sentence('Made by "Acme Co."')).toBe('Made by "Acme Co."');
    expect(sentence('寄往北京。')).toBe('寄往北京。');
    expect(sentence('Sold by Acme (Canada)')).toBe('Sold by Acme (Canada).');
  });
});

describe('collapseDoubledPeriod', () => {
  it('makes the period a template adds after "Inc." single, and leaves an ellipsis', () => {
    expect(collapseDoubledPeriod('A 10% discount was created for Maple Goods Inc..')).toBe(
      'A 10% discount was created for Maple Goods Inc.',
    );
    expect(collapseDoubledPeriod('Loading...')).toBe('Loading...');
    expect(collapseDoubledPeriod('Price rule created for UPS, Standard, Acme Co..')).toBe(
      'Price rule created for UPS, Standard, Acme Co.',
    );
    expect(collapseDoubledPeriod('Saved.')).toBe('Saved.');
  });
});
