import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { AI_DESCRIPTION_MAX, AI_TEXT_MAX, ZParseShipmentRequest } from '../../shared/contracts/ai';
import { ApiError } from '../lib/api-client';
import { errorMessage, renderText } from '../lib/error-message';
import { i18n } from '../lib/i18n';
import { aiTextError } from './ai-assist-box';

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
  it('accepts text up to the limit (a long order e-mail) and refuses one character more', () => {
    expect(AI_TEXT_MAX).toBe(5000);
    expect(aiTextError('x'.repeat(AI_TEXT_MAX))).toBeUndefined();
    expect(aiTextError(`  ${'x'.repeat(AI_TEXT_MAX)}\n`)).toBeUndefined();
    expect(aiTextError('x'.repeat(AI_TEXT_MAX + 1))).toMatchObject({ key: 'aiAssist.tooLong' });
  });

  it('states the limit and the length in the language of the page', async () => {
    const ref = aiTextError('x'.repeat(6200))!;
    expect(renderText(ref, await inLanguage('en'))).toBe(
      'The text is too long: the assistant reads at most 5,000 characters (this is 6,200). Keep the part with the name and address.',
    );
    expect(renderText(ref, await inLanguage('zh'))).toBe(
      '文字过长：AI 助手最多读取 5,000 个字符（当前 6,200 个）。请只保留包含姓名和地址的部分。',
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
