import { describe, expect, it } from 'vitest';
import {
  emailChangeCodeEmail,
  emailChangedEmail,
  emailChangeRequestedEmail,
  maskEmail,
  passwordResetEmail,
  verificationCodeEmail,
} from './emails';

describe('verification code email', () => {
  for (const locale of ['en', 'zh'] as const) {
    it(`holds the code as the only 6-digit number (${locale})`, () => {
      const m = verificationCodeEmail({ code: '042917', firstName: 'Ada', locale });
      expect([...m.text.matchAll(/\b(\d{6})\b/g)].map((x) => x[1])).toEqual(['042917']);
      expect(/\b(\d{6})\b/.exec(m.text)?.[1]).toBe('042917');
      expect(m.html).toContain('042917');
    });
  }

  it('uses the language of the user', () => {
    expect(verificationCodeEmail({ code: '123456', firstName: 'Ada', locale: 'en' }).subject).toBe(
      'Your Voyageur verification code',
    );
    const zh = verificationCodeEmail({ code: '123456', firstName: '小明', locale: 'zh' });
    expect(zh.subject).toBe('Voyageur 验证码');
    expect(zh.text).toContain('您的 Voyageur 验证码是：123456');
  });

  it('escapes the name in HTML', () => {
    const m = verificationCodeEmail({ code: '123456', firstName: '<b>x</b>', locale: 'en' });
    expect(m.html).not.toContain('<b>x</b>');
    expect(m.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('password reset email', () => {
  const link = 'http://localhost:5000/auth?token=abc_DEF-123';
  it('carries the link in text and HTML (en, zh)', () => {
    for (const locale of ['en', 'zh'] as const) {
      const m = passwordResetEmail({ link, firstName: 'Ada', locale });
      expect(m.text).toContain(link);
      expect(m.html).toContain(link);
    }
    expect(passwordResetEmail({ link, firstName: 'A', locale: 'zh' }).subject).toBe('重置您的 Voyageur 密码');
  });
});

describe('email change mails', () => {
  it('masks the new address', () => {
    expect(maskEmail('nadia.ross@example.com')).toBe('n***@example.com');
    expect(maskEmail('odd')).toBe('***');
  });

  for (const locale of ['en', 'zh'] as const) {
    it(`holds the code as the only 6-digit number and never spells out the new address (${locale})`, () => {
      const m = emailChangeCodeEmail({ code: '042917', firstName: 'Ada', locale });
      expect([...m.text.matchAll(/\b(\d{6})\b/g)].map((x) => x[1])).toEqual(['042917']);
      expect(m.html).toContain('042917');
      for (const notice of [
        emailChangeRequestedEmail({ newEmail: 'nadia123456@example.com', firstName: '<b>', locale }),
        emailChangedEmail({ newEmail: 'nadia123456@example.com', firstName: '<b>', locale }),
      ]) {
        expect(notice.text).toContain('n***@example.com');
        expect(notice.text + notice.html).not.toContain('nadia123456');
        expect(notice.html).not.toContain('<b>,');
      }
    });
  }

  it('uses the language of the user', () => {
    expect(emailChangeRequestedEmail({ newEmail: 'n@x.co', firstName: 'A', locale: 'en' }).text).toContain(
      "If it wasn't you, sign in and change your password now",
    );
    expect(emailChangeRequestedEmail({ newEmail: 'n@x.co', firstName: '小明', locale: 'zh' }).subject).toBe(
      '有人请求更改您的 Voyageur 邮箱',
    );
    expect(emailChangedEmail({ newEmail: 'n@x.co', firstName: '小明', locale: 'zh' }).subject).toBe(
      '您的 Voyageur 邮箱已更改',
    );
  });
});
