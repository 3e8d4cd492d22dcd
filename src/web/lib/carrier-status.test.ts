import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import type { TCarrierStatus } from '../../shared/contracts/carriers';
import { carrierStatusDisplay } from './carrier-status';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
    interpolation: { escapeValue: false },
  });
});

function status(sandbox: number, test: number, live: number): TCarrierStatus {
  const present = [sandbox && 'sandbox', test && 'test', live && 'live'].filter(Boolean) as TCarrierStatus['overall'][];
  return {
    overall: present.length === 1 ? present[0]! : present.length === 0 ? 'sandbox' : 'mixed',
    counts: { sandbox, test, live },
    carriers: [],
  };
}

describe('carrierStatusDisplay', () => {
  const en = (s: TCarrierStatus) => carrierStatusDisplay(s, i18n.getFixedT('en'));
  const zh = (s: TCarrierStatus) => carrierStatusDisplay(s, i18n.getFixedT('zh'));

  it("says 'Sandbox' while every carrier is simulated, and does not claim live", () => {
    const d = en(status(5, 0, 0));
    expect(d).toMatchObject({ text: 'Sandbox', live: false });
    expect(d.description).toMatch(/simulated/i);
    expect(zh(status(5, 0, 0)).text).toBe('沙盒');
  });

  it("says 'Live' only when every carrier is live", () => {
    expect(en(status(0, 0, 5))).toMatchObject({ text: 'Live', live: true });
    expect(en(status(0, 5, 0))).toMatchObject({ text: 'Test', live: false });
  });

  it('names the other modes with their counts when they are mixed', () => {
    expect(en(status(0, 2, 3))).toMatchObject({ text: 'Live · 2 test', live: false });
    expect(en(status(1, 2, 2))).toMatchObject({ text: 'Live · 2 test · 1 sandbox', live: false });
    expect(en(status(4, 1, 0))).toMatchObject({ text: 'Test · 4 sandbox', live: false });
    expect(en(status(1, 2, 2)).description).toContain('2 live');
    expect(zh(status(0, 2, 3)).text).toBe('正式 · 2 家测试');
  });
});
