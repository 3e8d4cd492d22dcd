import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { ErrorCode } from '../../shared/errors';
import { ApiError } from './api-client';
import {
  ERROR_CODES,
  describeError,
  errorMessage,
  fieldErrorMessage,
  formErrorText,
  packTextRef,
  renderText,
} from './error-message';
import { i18n } from './i18n';

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

function apiError(status: number, body: Record<string, unknown>, retryAfterHeader: string | null = null): ApiError {
  return new ApiError(status, JSON.stringify(body), body, '', retryAfterHeader);
}

let t: TFunction;
async function use(lang: 'en' | 'zh') {
  await i18n.changeLanguage(lang);
  t = i18n.t.bind(i18n) as TFunction;
}

beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

describe('error codes', () => {
  it('lists every ErrorCode', () => {
    expect(ERROR_CODES.sort()).toEqual(Object.keys(ErrorCode).sort());
  });

  it.each(Object.values(ErrorCode))('%s has an English and a Chinese text', (code) => {
    const enText = lookup(en as Tree, `errors.codes.${code}`);
    const zhText = lookup(zh as Tree, `errors.codes.${code}`);
    expect(typeof enText === 'string' && enText.trim()).toBeTruthy();
    expect(typeof zhText === 'string' && zhText.trim()).toBeTruthy();
    expect(zhText).not.toBe(enText);
    expect(String(zhText)).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('errorMessage', () => {
  it("words a bulk-import file's problems in both languages, whatever its field (csv, or file for multipart)", async () => {
    const rows = apiError(400, {
      message: 'Invalid body',
      code: 'VALIDATION_ERROR',
      fieldErrors: { file: ['A file may hold at most 5000 shipments'] },
    });
    const notCsv = apiError(400, {
      message: 'Invalid body',
      code: 'VALIDATION_ERROR',
      fieldErrors: { csv: ['This is not a CSV file'] },
    });
    await use('en');
    expect(errorMessage(rows, t)).toBe('A file may hold at most 5000 shipments: split it into smaller files.');
    expect(errorMessage(notCsv, t)).toBe('This is not a CSV file: export the orders as CSV and try again.');
    await use('zh');
    expect(errorMessage(rows, t)).toBe('每个文件最多 5000 个运单：请拆分为较小的文件。');
    expect(errorMessage(notCsv, t)).toBe('这不是 CSV 文件：请将订单导出为 CSV 后重试。');
    await use('en');
  });

  it('maps a code to its text in both languages, never the server English', async () => {
    const error = apiError(409, {
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
      fieldErrors: { email: ['An account with this email already exists'] },
    });
    await use('en');
    expect(errorMessage(error, t)).toBe('An account with this email already exists');
    expect(fieldErrorMessage(error, 'email', t)).toBe('An account with this email already exists');
    await use('zh');
    expect(errorMessage(error, t)).toBe('该邮箱已被注册');
    expect(fieldErrorMessage(error, 'email', t)).toBe('该邮箱已被注册');
  });

  it('says "current password is incorrect" for WRONG_PASSWORD, not "email or password"', async () => {
    const error = apiError(400, {
      message: 'Current password is incorrect',
      code: 'WRONG_PASSWORD',
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    });
    await use('zh');
    expect(fieldErrorMessage(error, 'currentPassword', t)).toBe('当前密码不正确');
    expect(errorMessage(error, t)).toBe('当前密码不正确');
    await use('en');
    expect(fieldErrorMessage(error, 'currentPassword', t)).toBe('Current password is incorrect');
  });

  it('uses a text of the field for its code when there is one', async () => {
    // i18next writes the added text into the imported zh.json object itself: put that back afterwards, or
    // the locale files' key comparison (same worker, isolate: false) would find the key in zh only.
    const fields = lookup(zh as Tree, 'errors.fields') as Tree;
    const before = fields.currentPassword;
    onTestFinished(() => {
      if (before === undefined) delete fields.currentPassword;
      else if (typeof before === 'object') delete before.PASSWORD_NOT_SET;
      i18n.removeResourceBundle('zh', 'translation');
      i18n.addResourceBundle('zh', 'translation', zh);
    });
    await i18n.addResource('zh', 'translation', 'errors.fields.currentPassword.PASSWORD_NOT_SET', '字段专用');
    const error = apiError(400, {
      message: 'x',
      code: 'PASSWORD_NOT_SET',
      fieldErrors: { currentPassword: ['x'] },
    });
    await use('zh');
    expect(fieldErrorMessage(error, 'currentPassword', t)).toBe('字段专用');
    expect(errorMessage(error, t)).toBe(zh.errors.codes.PASSWORD_NOT_SET);
  });

  it('translates the contract validation messages by what they say', async () => {
    const error = apiError(400, {
      message: 'firstName: Name must not contain line breaks or control characters',
      code: 'VALIDATION_ERROR',
      fieldErrors: {
        firstName: ['Name must not contain line breaks or control characters'],
        lastName: ['Name must be at most 100 characters'],
        currentPassword: ['Enter your current password to change your email'],
        email: ['Enter a valid email address'],
      },
    });
    await use('zh');
    expect(fieldErrorMessage(error, 'firstName', t)).toBe('不能包含换行符或控制字符');
    expect(fieldErrorMessage(error, 'lastName', t)).toBe('最多 100 个字符');
    expect(fieldErrorMessage(error, 'currentPassword', t)).toBe('更改邮箱需要输入当前密码');
    expect(fieldErrorMessage(error, 'email', t)).toBe('请输入有效的电子邮箱地址');
    expect(errorMessage(error, t)).toBe('不能包含换行符或控制字符');
    await use('en');
    expect(fieldErrorMessage(error, 'lastName', t)).toBe('Must be at most 100 characters');
  });

  it('shows an unknown validation message as is in English only', async () => {
    const error = apiError(400, {
      message: 'Something the web does not know',
      code: 'VALIDATION_ERROR',
      fieldErrors: { widget: ['Something the web does not know'] },
    });
    await use('en');
    expect(fieldErrorMessage(error, 'widget', t)).toBe('Something the web does not know');
    await use('zh');
    expect(fieldErrorMessage(error, 'widget', t)).toBe('请检查此项');
    expect(errorMessage(apiError(400, { message: 'Bad thing', code: 'VALIDATION_ERROR' }), t)).toBe(
      '请检查填写的内容后重试。',
    );
  });

  it('says how long to wait on a 429 with retryAfter', async () => {
    await use('en');
    expect(errorMessage(apiError(429, { message: 'Slow down', code: 'RATE_LIMITED', retryAfter: 27 }), t)).toBe(
      'Too many requests. Please try again in 27 s.',
    );
    await use('zh');
    expect(errorMessage(apiError(429, { message: 'Slow down', code: 'RATE_LIMITED' }, '780'), t)).toBe(
      '请求过于频繁，请在 13 分钟后重试。',
    );
  });

  it('falls back by status without a code, and to the given key otherwise', async () => {
    await use('zh');
    expect(errorMessage(new ApiError(404, 'Not Found', null, 'Not Found'), t)).toBe('未找到');
    expect(errorMessage(new ApiError(502, '', null, 'Bad Gateway'), t)).toBe(zh.errors.generic);
    expect(errorMessage(new ApiError(502, '', null), t, 'auth.verify.failed')).toBe('验证失败');
    expect(errorMessage(new TypeError('Failed to fetch'), t)).toBe(zh.errors.generic);
  });

  it('keeps a text as a key so it follows a language switch', async () => {
    const ref = describeError(apiError(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    await use('en');
    expect(renderText(ref, t)).toBe('Invalid email or password');
    await use('zh');
    expect(renderText(ref, t)).toBe('邮箱或密码错误');
  });

  it('packs a text with values into a form error and reads it back', async () => {
    const packed = packTextRef({ key: 'errors.validation.tooLong', values: { max: 200 } });
    await use('en');
    expect(formErrorText(packed, t)).toBe('Must be at most 200 characters');
    expect(formErrorText('auth.validation.emailRequired', t)).toBe('Email is required');
    expect(formErrorText('Plain: text', t)).toBe('Plain: text');
    expect(formErrorText(undefined, t)).toBeUndefined();
    await use('zh');
    expect(formErrorText(packed, t)).toBe('最多 200 个字符');
  });
});
