import { describe, expect, it } from 'vitest';
import {
  emailChangeCodeEmail,
  emailChangedEmail,
  emailChangeRequestedEmail,
  maskEmail,
  passwordResetEmail,
  verificationCodeEmail,
} from './emails';

const asked = {
  name: 'Ada Lovelace',
  at: new Date('2026-11-23T19:05:00Z'),
  ip: '203.0.113.9',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36',
};

describe('verification code email', () => {
  for (const locale of ['en', 'zh'] as const) {
    it(`holds the code as the only 6-digit number (${locale})`, () => {
      const m = verificationCodeEmail({ code: '042917', locale, request: { ...asked, name: 'Ada' } });
      expect([...m.text.matchAll(/\b(\d{6})\b/g)].map((x) => x[1])).toEqual(['042917']);
      expect(/\b(\d{6})\b/.exec(m.text)?.[1]).toBe('042917');
      expect(m.html).toContain('042917');
    });
  }

  it('uses the language of the user', () => {
    expect(verificationCodeEmail({ code: '123456', locale: 'en', request: { ...asked, name: 'Ada' } }).subject).toBe(
      'Your Voyageur verification code',
    );
    const zh = verificationCodeEmail({ code: '123456', locale: 'zh', request: { ...asked, name: '小明' } });
    expect(zh.subject).toBe('Voyageur 验证码');
    expect(zh.text).toContain('您的 Voyageur 验证码是：123456');
  });

  it('says who asked and when, in Toronto time, in the user’s language', () => {
    const en = verificationCodeEmail({ code: '123456', locale: 'en', request: asked });
    expect(en.text).toContain('November 23, 2026');
    expect(en.text).toMatch(/2:05\sp\.m\..*\(Toronto time\)/);
    expect(en.text).toContain('Chrome on Windows');
    expect(en.text).toContain('203.0.113.9');
    expect(en.text).toContain('“Ada Lovelace”');
    const zh = verificationCodeEmail({ code: '123456', locale: 'zh', request: asked });
    expect(zh.text).toContain('2026年11月23日');
    expect(zh.text).toContain('多伦多时间');
    expect(zh.text).toContain('Windows 上的 Chrome');
  });

  it('quotes the user-given name instead of opening with it', () => {
    const name = 'Your account is locked Call 1-800-555-0199';
    for (const locale of ['en', 'zh'] as const) {
      const m = verificationCodeEmail({ code: '123456', locale, request: { ...asked, name } });
      const firstLine = m.text.split('\n')[0];
      expect(firstLine).not.toContain('locked');
      expect(m.text).toContain(`“${name}”`);
    }
  });

  it('escapes the name in HTML', () => {
    const m = verificationCodeEmail({ code: '123456', locale: 'en', request: { ...asked, name: '<b>x</b>' } });
    expect(m.html).not.toContain('<b>x</b>');
    expect(m.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('password reset email', () => {
  const link = 'http://localhost:5000/auth?token=abc_DEF-123';
  it('carries the link in text and HTML (en, zh)', () => {
    for (const locale of ['en', 'zh'] as const) {
      const m = passwordResetEmail({ link, locale });
      expect(m.text).toContain(link);
      expect(m.html).toContain(link);
    }
    expect(passwordResetEmail({ link, locale: 'zh' }).subject).toBe('重置您的 Voyageur 密码');
  });
});

describe('email change mails', () => {
  it('masks the new address', () => {
    expect(maskEmail('nadia.ross@example.com')).toBe('n***@example.com');
    expect(maskEmail('odd')).toBe('***');
  });

  for (const locale of ['en', 'zh'] as const) {
    it(`holds the code as the only 6-digit number and never spells out the new address (${locale})`, () => {
      const m = emailChangeCodeEmail({ code: '042917', locale });
      expect([...m.text.matchAll(/\b(\d{6})\b/g)].map((x) => x[1])).toEqual(['042917']);
      expect(m.html).toContain('042917');
      for (const notice of [
        emailChangeRequestedEmail({ newEmail: 'nadia123456@example.com', locale }),
        emailChangedEmail({ newEmail: 'nadia123456@example.com', locale }),
      ]) {
        expect(notice.text).toContain('n***@example.com');
        expect(notice.text + notice.html).not.toContain('nadia123456');
        expect(notice.html).not.toContain('<b>,');
      }
    });
  }

  it('uses the language of the user', () => {
    expect(emailChangeRequestedEmail({ newEmail: 'n@x.co', locale: 'en' }).text).toContain(
      "If it wasn't you, sign in and change your password now",
    );
    expect(emailChangeRequestedEmail({ newEmail: 'n@x.co', locale: 'zh' }).subject).toBe(
      '有人请求更改您的 Voyageur 邮箱',
    );
    expect(emailChangedEmail({ newEmail: 'n@x.co', locale: 'zh' }).subject).toBe('您的 Voyageur 邮箱已更改');
  });
});
