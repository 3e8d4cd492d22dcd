import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import { ApiError } from '../../lib/api-client';
import { renderText } from '../../lib/error-message';
import { i18n } from '../../lib/i18n';
import { adminErrorDescription } from './admin-toasts';

const apiError = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, JSON.stringify(body), body, '', null);

beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

async function say(lang: 'en' | 'zh', error: unknown): Promise<string> {
  await i18n.changeLanguage(lang);
  return renderText(adminErrorDescription(error), i18n.t.bind(i18n) as TFunction);
}

describe('adminErrorDescription', () => {
  it("shows the server's message in English and its code's text in Chinese", async () => {
    const error = apiError(409, {
      message: 'The last active admin cannot be demoted: make another user an admin first',
      code: 'CONFLICT',
    });
    expect(await say('en', error)).toBe('The last active admin cannot be demoted: make another user an admin first');
    expect(await say('zh', error)).toBe(zh.errors.codes.CONFLICT);
  });

  it('says what a validation failure is about, translated where a key says it', async () => {
    const error = apiError(400, {
      message: 'Invalid amount: Amount must be between $1.00 and $50,000.00',
      code: 'VALIDATION_ERROR',
      fieldErrors: { amount: ['Amount must be between $1.00 and $50,000.00'] },
    });
    expect(await say('en', error)).toBe('Amount must be between $1.00 and $50,000.00');
    expect(await say('zh', error)).toBe(zh.errors.validation.invalid);
  });

  it('falls back to the generic text without an answer (a network failure)', async () => {
    expect(await say('en', new TypeError('Failed to fetch'))).toBe(en.errors.generic);
    expect(await say('zh', new TypeError('Failed to fetch'))).toBe(zh.errors.generic);
  });
});
