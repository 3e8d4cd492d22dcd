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
  it("says the refusals it knows in the page's language", async () => {
    const cases = [
      ['The last active admin cannot be demoted: make another user an admin first', 'lastAdminRole'],
      ['The last active admin cannot be deactivated: make another user an admin first', 'lastAdminStatus'],
      ['You cannot deactivate your own account', 'selfDeactivate'],
    ] as const;
    for (const [message, key] of cases) {
      const error = apiError(409, { message, code: 'CONFLICT', fieldErrors: { role: [message] } });
      expect(await say('en', error)).toBe(en.admin.errors[key]);
      expect(await say('zh', error)).toBe(zh.admin.errors[key]);
    }
    expect(zh.admin.errors.lastAdminRole).not.toBe(zh.errors.codes.CONFLICT);
  });

  it("shows any other 409 or 400 server message rather than the generic 'reload' text", async () => {
    const message = 'This user already has an active discount from 2026-01-01; end it first';
    const error = apiError(409, { message, code: 'CONFLICT' });
    expect(await say('en', error)).toBe(message);
    expect(await say('zh', error)).toContain(message);
    expect(await say('zh', error)).not.toBe(zh.errors.codes.CONFLICT);
    const bad = apiError(400, { message: 'Card has no customer', code: 'CARD_ERROR' });
    expect(await say('en', bad)).toBe('Card has no customer');
  });

  it('says what a validation failure is about, translated where a key says it', async () => {
    const error = apiError(400, {
      message: 'Invalid amount: Amount must be between $1.00 and $50,000.00',
      code: 'VALIDATION_ERROR',
      fieldErrors: { amount: ['Amount must be between $1.00 and $50,000.00'] },
    });
    expect(await say('en', error)).toBe('Amount must be between $1.00 and $50,000.00');
    expect(await say('zh', error)).toContain('Amount must be between $1.00 and $50,000.00');
  });

  it('falls back to the generic text without an answer (a network failure)', async () => {
    expect(await say('en', new TypeError('Failed to fetch'))).toBe(en.errors.generic);
    expect(await say('zh', new TypeError('Failed to fetch'))).toBe(zh.errors.generic);
  });
});
