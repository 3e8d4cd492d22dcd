import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { encodeMessage, formMessageText } from './form-message';

// A stand-in for i18next: the key and its values, so the test sees exactly what is passed.
const t = ((key: string, params?: Record<string, string>) => `${key} ${JSON.stringify(params ?? {})}`) as TFunction;

describe('formMessageText', () => {
  it('translates an encoded key with its values, numbers and province names in the interface language', () => {
    const message = encodeMessage('shipment.validation.postalProvince', {
      code: 'B3H 1A1',
      province: 'ON',
      max: 1234.5,
    });
    expect(formMessageText(message, t, 'en')).toBe(
      'shipment.validation.postalProvince {"code":"B3H 1A1","province":"Ontario","max":"1,234.5"}',
    );
    expect(formMessageText(message, t, 'zh')).toBe(
      'shipment.validation.postalProvince {"code":"B3H 1A1","province":"安大略省","max":"1,234.5"}',
    );
  });

  it('passes plain text through and gives nothing for no message', () => {
    expect(formMessageText('Already in words', t, 'en')).toBe('Already in words');
    expect(formMessageText('{not json', t, 'en')).toBe('{not json');
    expect(formMessageText(undefined, t, 'en')).toBeUndefined();
  });
});
