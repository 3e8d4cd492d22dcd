import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { cellMessage, listOf, rowOutcomeMessage } from './bulk-messages';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';

const tFor = (dict: Record<string, unknown>) =>
  ((key: string, values: Record<string, string> = {}) => {
    const found = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], dict);
    if (typeof found !== 'string') return `MISSING ${key}`;
    return found.replace(/\{\{(\w+)\}\}/g, (_, v: string) => values[v] ?? '');
  }) as unknown as TFunction;

describe('bulk import messages', () => {
  const messages = [
    'Phone is required',
    'Postal code M5H 1A1 is not in NS',
    'Enter a Canadian postal code like A1A 1A1',
    'Choose one of the 13 province or territory codes',
    'Enter a phone number with 7 to 20 digits',
    'Enter a valid email address',
    'Weight must be a number',
    'Weight must be greater than 0',
    'Weight must be at most 1000',
    'City must be at most 100 characters',
    'Only addresses in Canada (CA) can be shipped to for now',
    'Shipments leaving Canada need a customs declaration: create them one by one in the shipment form',
    'Description must be at most 500 characters',
    'City must be written in Latin letters (English or French): carriers print labels in those',
    'Choose which column holds each field',
  ];
  it('says every cell message of the shipment form in both languages', () => {
    for (const dict of [en, zh]) {
      for (const m of messages) expect(cellMessage(m, tFor(dict), 'zh'), m).not.toMatch(/MISSING|^$/);
    }
    expect(cellMessage('Postal code M5H 1A1 is not in NS', tFor(zh), 'zh')).toContain('M5H 1A1');
    expect(cellMessage('Something new', tFor(en), 'en')).toBe('Something new');
    expect(
      cellMessage(
        'Shipments leaving Canada need a customs declaration: create them one by one in the shipment form',
        tFor(zh),
        'zh',
      ),
    ).toContain('海关申报');
  });
  it('says why a row was not bought in both languages', () => {
    for (const dict of [en, zh]) {
      for (const code of ['INSUFFICIENT_BALANCE', 'CANCELLED', 'NO_PARCEL', 'NO_RATE', 'ORDER_CREATION_FAILED']) {
        expect(rowOutcomeMessage(code, 'refused', tFor(dict), 'zh')).not.toMatch(/MISSING|^$/);
      }
    }
  });
});

describe('listOf', () => {
  it("joins with ', ' in English and '、' in Chinese", () => {
    expect(listOf(['First name', 'Address', 'Postal code'], 'en')).toBe('First name, Address, Postal code');
    expect(listOf(['名字', '地址', '邮政编码'], 'zh')).toBe('名字、地址、邮政编码');
  });
});
