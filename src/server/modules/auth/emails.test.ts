import { describe, expect, it } from 'vitest';
import {
  accountExistsEmail,
  emailChangeCodeEmail,
  emailChangedEmail,
  emailChangeRequestedEmail,
  mailSafeName,
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

/** What Gmail, Outlook and Apple Mail would turn into a link: a scheme, www., or a word.tld domain. */
const LINKABLE = /https?:|\/\/|www\.|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu;

describe('names in mails', () => {
  it('never carries a link: schemes dropped, dots inside words spaced out', () => {
    for (const [name, safe] of [
      ['Bob http://evil.com/login', 'Bob evil . com/login'],
      ['HTTPS://EVIL.CO/x', 'EVIL . CO/x'],
      ['Visit www.evil.com', 'Visit www . evil . com'],
      ['evil.co/x', 'evil . co/x'],
      ['bob@evil.com', 'bob@evil . com'],
      ['10.0.0.1', '10 . 0 . 0 . 1'],
      ['ｅｖｉｌ．ｃｏｍ', 'evil . com'],
      ['evil。com', 'evil . com'],
      ['evil\u200b.com', 'evil . com'],
      ['mailto:x@y.io', 'x@y . io'],
      ['J. R. R. Tolkien', 'J. R. R. Tolkien'],
      ['王小明', '王小明'],
    ] as const) {
      expect(mailSafeName(name), name).toBe(safe);
      expect(mailSafeName(name), name).not.toMatch(LINKABLE);
    }
  });

  it('cuts at 60 characters with an ellipsis, after making it safe', () => {
    const long = `Ada ${'https://evil.example/'.repeat(10)}${'x'.repeat(200)}`;
    const safe = mailSafeName(long);
    expect(Array.from(safe)).toHaveLength(60);
    expect(safe.endsWith('…')).toBe(true);
    expect(safe).not.toMatch(LINKABLE);
    expect(Array.from(mailSafeName('王'.repeat(100)))).toHaveLength(60);
    expect(mailSafeName('x'.repeat(60))).toBe('x'.repeat(60));
  });

  it('quotes the safe name in the code mail, text and HTML', () => {
    const name = `Support team http://evil.com/reset ${'y'.repeat(200)}`;
    for (const locale of ['en', 'zh'] as const) {
      const m = verificationCodeEmail({ code: '123456', locale, request: { ...asked, name } });
      const quote = /“([^”]*)”/.exec(m.text)![1];
      expect(Array.from(quote).length).toBeLessThanOrEqual(60);
      expect(quote.startsWith('Support team evil . com/reset')).toBe(true);
      expect(m.text).not.toMatch(LINKABLE);
      expect(m.html).not.toMatch(/evil\.com|https?:\/\/evil/);
      expect(m.html).toContain('“Support team evil . com/reset');
    }
  });
});

describe('account exists email', () => {
  const links = {
    signInLink: 'http://localhost:5000/auth',
    resetLink: 'http://localhost:5000/auth?mode=forgot-password',
  };
  for (const locale of ['en', 'zh'] as const) {
    it(`says what happened, that nothing changed, and links to sign in and reset (${locale})`, () => {
      const m = accountExistsEmail({ locale, request: asked, ...links });
      expect(m.text).toContain(links.signInLink);
      expect(m.text).toContain(links.resetLink);
      expect(m.html).toContain(`href="${links.signInLink}"`);
      expect(m.html).toContain(`href="${links.resetLink}"`);
      expect(m.text).toContain('203.0.113.9');
      expect(m.text).not.toMatch(/\b\d{6}\b/);
      expect(m.text.split('\n')[0]).toBe(locale === 'zh' ? '您好：' : 'Hello,');
    });
  }

  it('reads naturally in both languages', () => {
    const en = accountExistsEmail({ locale: 'en', request: asked, ...links });
    expect(en.subject).toBe('Someone tried to sign up with your email address');
    expect(en.text).toContain('no new account was created and nothing about your account changed');
    const zh = accountExistsEmail({ locale: 'zh', request: asked, ...links });
    expect(zh.subject).toBe('有人尝试用您的邮箱注册 Voyageur');
    expect(zh.text).toContain('您的账户也没有任何变化');
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
