import { describe, expect, it } from 'vitest';
import { localeSync } from './locale-sync';

describe('interface language and account language after sign-in', () => {
  it('a browser that remembers 中文 saves Chinese on an English account, so the mails come in Chinese', () => {
    expect(localeSync('zh', 'zh', 'en')).toEqual({ save: 'zh' });
  });

  it('a browser with no choice shows the language saved on the account', () => {
    expect(localeSync(null, 'en', 'zh')).toEqual({ show: 'zh' });
  });

  it('does nothing when they already agree', () => {
    expect(localeSync('en', 'en', 'en')).toEqual({});
    expect(localeSync(null, 'zh', 'zh')).toEqual({});
    expect(localeSync('zh', 'zh', 'zh')).toEqual({});
  });
});
