import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { batchSummary, cellMessage, listOf, quoteName, rowOutcomeMessage, senderProblem } from './bulk-messages';
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

describe('bulk batch defaults and header', () => {
  const home = { id: 'a1', isDefault: true };
  const shop = { id: 'a2', isDefault: false };

  it('an empty address book is said at the sender, in English and Chinese', () => {
    const problem = senderProblem([], '');
    expect(problem).toBe('senderEmpty');
    expect(tFor(en)(`bulkImport.defaults.${problem}`)).toContain('address book is empty');
    expect(tFor(zh)(`bulkImport.defaults.${problem}`)).toContain('地址簿是空的');
    expect(tFor(zh)('bulkImport.defaults.addSender')).toBe('打开地址簿');
  });

  it('the address book default needs a default address; a chosen sender does not', () => {
    expect(senderProblem([shop], '')).toBe('senderNoDefault');
    expect(senderProblem([shop], 'a2')).toBeNull();
    expect(senderProblem([home, shop], '')).toBeNull();
    expect(senderProblem(undefined, '')).toBeNull();
  });

  const batch = (status: 'quoted' | 'purchasing' | 'completed' | 'cancelled', items: string[]) => ({
    status,
    rows: items.length,
    counts: {
      invalid: items.filter((s) => s === 'invalid').length,
      dropped: 0,
      bought: items.filter((s) => s === 'bought').length,
      failed: items.filter((s) => s === 'failed').length,
      pending: status === 'purchasing' ? items.filter((s) => s === 'quoted').length : 0,
      cancelled: items.filter((s) => s === 'cancelled').length,
    },
    items: items.map((status) => ({ status })),
  });
  const header = (b: ReturnType<typeof batch>, dict: Record<string, unknown>) => {
    const [key, values] = batchSummary(b);
    return tFor(dict)(key, values as unknown as Record<string, string>);
  };

  it('the header counts follow the batch: ready before buying, bought after', () => {
    expect(header(batch('quoted', ['quoted', 'quoted', 'invalid']), en)).toBe('3 rows · 2 ready · 1 with problems');
    expect(header(batch('completed', ['bought', 'bought']), en)).toBe('2 rows · 2 bought · 0 not bought');
    expect(header(batch('completed', ['bought', 'bought']), en)).not.toContain('ready');
    expect(header(batch('purchasing', ['bought', 'quoted']), en)).toBe('2 rows · 1 bought · 0 not bought · 1 waiting');
    expect(header(batch('completed', ['bought', 'failed']), zh)).toBe('共 2 行 · 已购 1 行 · 1 行未购');
  });

  it('after a cancel, the rows it stopped are counted: the header adds up', () => {
    const stopped = batch('cancelled', ['bought', 'bought', 'cancelled', 'cancelled', 'cancelled']);
    expect(header(stopped, en)).toBe('5 rows · 2 bought · 0 not bought · 3 cancelled');
    expect(header(stopped, zh)).toBe('共 5 行 · 已购 2 行 · 0 行未购 · 3 行已取消');
  });

  it('a quoted row names its carrier as the rate pages do: Canada Post is 加拿大邮政 in Chinese', () => {
    const quote = { carrier: 'CA-CP', serviceCode: 'DOM.EP', serviceName: 'Expedited Parcel' };
    const plain = (dict: Record<string, unknown>) => (key: string, o?: { defaultValue: string }) => {
      const found = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], dict);
      return typeof found === 'string' ? found : (o?.defaultValue ?? key);
    };
    expect(quoteName(quote, plain(en))).toBe('Canada Post Expedited Parcel');
    expect(quoteName(quote, plain(zh))).toMatch(/^加拿大邮政 /);
  });

  it('the parcel units are named in the language: 千克 and 英寸 in Chinese', () => {
    expect(tFor(zh)('bulkImport.units.kg')).toBe('千克');
    expect(tFor(zh)('bulkImport.units.in')).toBe('英寸');
    expect(tFor(en)('bulkImport.units.lb')).toBe('lb');
  });
});
