import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { AI_DESCRIPTION_MAX, AI_TEXT_MAX, ZParseShipmentRequest } from '../../shared/contracts/ai';
import { ApiError } from '../lib/api-client';
import { errorMessage, renderText } from '../lib/error-message';
import { i18n } from '../lib/i18n';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import {
  aiCheckNote,
  aiChecks,
  aiTextError,
  countryName,
  isWholeFill,
  refusalText,
  toFilledFields,
  toReview,
} from './ai-assist-box';

beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

async function inLanguage(lang: 'en' | 'zh'): Promise<TFunction> {
  await i18n.changeLanguage(lang);
  return i18n.t.bind(i18n) as TFunction;
}

describe('AI assistant box: the length limit', () => {
  it('accepts text up to the limit (a paste of several hundred lines) and refuses one character more', () => {
    expect(AI_TEXT_MAX).toBe(20000);
    const lines = Array.from({ length: 400 }, (_, i) => `Line ${i + 1}: item, quantity, price, notes`).join('\n');
    expect(lines.length).toBeLessThan(AI_TEXT_MAX);
    expect(aiTextError(lines)).toBeUndefined();
    expect(aiTextError('x'.repeat(AI_TEXT_MAX))).toBeUndefined();
    expect(aiTextError(`  ${'x'.repeat(AI_TEXT_MAX)}\n`)).toBeUndefined();
    expect(aiTextError('x'.repeat(AI_TEXT_MAX + 1))).toMatchObject({ key: 'aiAssist.tooLong' });
  });

  it('states the limit and the length in the language of the page', async () => {
    const ref = aiTextError('x'.repeat(21200))!;
    expect(renderText(ref, await inLanguage('en'))).toBe(
      'The text is too long: the assistant reads at most 20,000 characters (this is 21,200). Keep the part with the name and address.',
    );
    expect(renderText(ref, await inLanguage('zh'))).toBe(
      '文字过长：AI 助手最多读取 20,000 个字符（当前 21,200 个）。请只保留包含姓名和地址的部分。',
    );
  });

  it('leaves room for the prefix the box sends, and the server answer for a longer one reads in Chinese too', async () => {
    const longest = 'Extract the address fields from this text: ';
    expect(ZParseShipmentRequest.safeParse({ description: longest + 'x'.repeat(AI_TEXT_MAX) }).success).toBe(true);
    const parsed = ZParseShipmentRequest.safeParse({ description: 'x'.repeat(AI_DESCRIPTION_MAX + 1) });
    expect(parsed.success).toBe(false);
    const message = parsed.error!.issues[0].message;
    expect(message).toBe(`Description must be at most ${AI_DESCRIPTION_MAX} characters`);
    const error = new ApiError(400, '', { message, code: 'VALIDATION_ERROR', fieldErrors: { description: [message] } });
    expect(errorMessage(error, await inLanguage('zh'))).toBe(`最多 ${AI_DESCRIPTION_MAX} 个字符`);
  });
});

describe('AI assistant box: the answer and its review', () => {
  const receiver = {
    firstName: 'Julie',
    lastName: 'Nguyen',
    address1: '155 Yonge St',
    address2: 'Unit 2201',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5C 1S1',
    country: 'CA',
    phone: '647-555-0101',
  };

  it('keeps the guessed fields that were filled, without the chosen value among the others', () => {
    const body = {
      receiver,
      review: {
        guessed: [
          { field: 'phone', others: [' 416-555-0199 ', '647-555-0101', '416-555-0199', ''] },
          { field: 'email', others: ['a@example.com'] },
          { field: 'nonsense', others: ['x'] },
        ],
        block: { heading: ' Shipping address ', text: 'Julie Nguyen\n2201-155 Yonge St\n' },
      },
    };
    const fields = toFilledFields(body, 'receiver');
    expect(toReview(body, fields, 'the pasted text')).toEqual({
      guessed: [{ field: 'phone', others: ['416-555-0199'] }],
      block: { heading: 'Shipping address', text: 'Julie Nguyen\n2201-155 Yonge St' },
    });
  });

  it('shows the text that was sent when the answer names no block (an older server, or a model)', () => {
    const fields = toFilledFields({ receiver }, 'receiver');
    expect(toReview({ receiver }, fields, 'Julie Nguyen, 155 Yonge St')).toEqual({
      guessed: [],
      block: { text: 'Julie Nguyen, 155 Yonge St' },
    });
  });

  it('places guessed fields on the form fields that show them', () => {
    const review = {
      guessed: [
        { field: 'name' as const, others: ['Marc Tremblay'] },
        { field: 'firstName' as const, others: ['Marc'] },
        { field: 'country' as const, others: [] },
      ],
      block: { text: '' },
    };
    const shipment = aiChecks(review, (f) => (f === 'name' ? ['firstName', 'lastName'] : f === 'country' ? [] : [f]));
    expect(shipment).toEqual({ firstName: ['Marc Tremblay', 'Marc'], lastName: ['Marc Tremblay'] });
  });

  it('takes an answer without a country but with a US state or ZIP as American (the form then refuses it)', () => {
    expect(toFilledFields({ city: 'Seattle', province: 'WA', postalCode: '98101-2334' }, 'receiver').country).toBe(
      'US',
    );
    expect(toFilledFields({ city: 'Seattle', province: 'Washington' }, 'receiver')).toMatchObject({
      province: 'WA',
      country: 'US',
    });
    expect(toFilledFields({ city: 'Toronto', province: 'ON', postalCode: 'M5C 1S1' }, 'receiver').country).toBe(
      undefined,
    );
    expect(toFilledFields({ city: 'Halifax', province: 'NS' }, 'receiver').country).toBe(undefined);
  });

  it('words a refusal with the country name in the interface language', async () => {
    expect(countryName('US', 'en')).toBe('the United States');
    expect(countryName('FR', 'en')).toBe('France');
    expect(countryName('US', 'zh')).toBe('美国');
    expect(refusalText({ country: 'GB', mode: 'receiver' }, await inLanguage('en'), 'en')).toBe(
      'This address is in the United Kingdom. The assistant fills receivers in Canada and the United States only, so nothing was filled: choose the country and type the address in.',
    );
    expect(refusalText({ country: 'GB', mode: 'address' }, await inLanguage('en'), 'en')).toBe(
      'This address is in the United Kingdom. The address book takes Canadian and US addresses only, so nothing was filled.',
    );
    expect(refusalText({ country: 'US', mode: 'sender' }, await inLanguage('zh'), 'zh')).toBe(
      '该地址位于美国。寄件人必须在加拿大境内，因此未填写任何内容。',
    );
  });

  it('counts the fields to check in the toast, in both languages', async () => {
    const en = await inLanguage('en');
    expect(en('aiAssist.filledWithChecks', { count: 1 })).toBe('Fields filled: 1 needs a check');
    expect(en('aiAssist.filledWithChecks', { count: 2 })).toBe('Fields filled: 2 need a check');
    const zh = await inLanguage('zh');
    expect(zh('aiAssist.filledWithChecks', { count: 2 })).toBe('已自动填写，有 2 项需要核对');
    expect(
      zh('aiAssist.check', { others: ['647-555-0101', '416-555-0199'].join(zh('aiAssist.othersSeparator')) }),
    ).toBe('请核对——文字中还有：647-555-0101、416-555-0199');
  });

  it('writes the check line with short values kept on one line', async () => {
    const note = (others: string[] | undefined, t: TFunction) =>
      renderToStaticMarkup(aiCheckNote(others, t) as ReactElement);
    const en = await inLanguage('en');
    expect(aiCheckNote(undefined, en)).toBeUndefined();
    expect(aiCheckNote([], en)).toBe('Check this — the assistant was not sure.');
    expect(note(['416-555-0199', '1200 rue Sherbrooke Ouest, bureau 410'], en)).toBe(
      'Check this — the text also has: <span class="whitespace-nowrap">416-555-0199</span>, <span>1200 rue Sherbrooke Ouest, bureau 410</span>',
    );
    expect(note(['416-555-0199'], await inLanguage('zh'))).toBe(
      '请核对——文字中还有：<span class="whitespace-nowrap">416-555-0199</span>',
    );
  });
});

describe('isWholeFill', () => {
  it('a name, a company or a street replaces the last fill; a correction alone (a postal code, a phone) amends it', () => {
    expect(isWholeFill({ firstName: 'Sophie', postalCode: 'T5B 1G4' })).toBe(true);
    expect(isWholeFill({ address1: '7803 Yellowhead Trail NW' })).toBe(true);
    expect(isWholeFill({ company: 'Prairie Hydro Supply Ltd.' })).toBe(true);
    expect(isWholeFill({ postalCode: 'T5B 1G4', province: 'AB', country: 'CA' })).toBe(false);
    expect(isWholeFill({ phone: '650-555-0199' })).toBe(false);
  });
});
