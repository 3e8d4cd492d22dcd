import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { dismissToasts, getToasts, toast } from './toast';

const open = () => getToasts().filter((t) => t.open);

beforeAll(async () => {
  await i18n.init({ resources: { en: { translation: {} }, zh: { translation: {} } }, lng: 'en' });
});
afterEach(() => dismissToasts());

describe('toasts', () => {
  it('shows one toast at a time', () => {
    toast({ title: { key: 'a' } });
    toast({ title: { key: 'b' } });
    expect(open().map((t) => t.title)).toEqual([{ key: 'b' }]);
  });

  it("closes an action's failure toast when the action is tried again, and leaves others", () => {
    toast({ title: { key: 'save.failed' }, variant: 'destructive', tag: 'save' });
    dismissToasts('other');
    expect(open()).toHaveLength(1);
    dismissToasts('save');
    expect(open()).toHaveLength(0);
  });

  it('keeps a keyed toast across a language switch and closes a plain-text one', async () => {
    toast({ title: 'Profile updated' });
    await i18n.changeLanguage('zh');
    expect(open()).toHaveLength(0);
    toast({ title: { key: 'settings.profile.saved' }, description: { key: 'x', values: { n: 1 } } });
    await i18n.changeLanguage('en');
    expect(open().map((t) => t.title)).toEqual([{ key: 'settings.profile.saved' }]);
  });
});
