import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { carrierName } from '../../../../shared/carriers';
import { CANADA_POST } from './canada-post';
import { DHL } from './dhl';
import { FEDEX } from './fedex';
import { PUROLATOR } from './purolator';
import { UPS } from './ups';

// The interface's texts (read as data: the server does not import web code).
const services = (lang: 'en' | 'zh'): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../../../web/locales/${lang}.json`, import.meta.url), 'utf8')).rates.services;

describe("every sandbox service's names in the interface", () => {
  const en = services('en');
  const zh = services('zh');
  const all = [CANADA_POST, PUROLATOR, UPS, FEDEX, DHL].flatMap((def) =>
    def.services.map((s) => ({ carrier: carrierName(def.code), code: s.code, name: s.name })),
  );

  it.each(all)(
    "$code: the carrier's brand name in English, and first in Chinese with a gloss",
    ({ carrier, code, name }) => {
      const key = code.replace(/[^A-Za-z0-9]/g, '_');
      // The cards name the carrier already: the English text is the service's name without it.
      const brand = name.startsWith(`${carrier} `) ? name.slice(carrier.length + 1) : name;
      expect(en[key]).toBe(brand);
      expect(zh[key], `${code} in Chinese`).toContain(brand);
      expect(zh[key]!.startsWith(`${brand} `)).toBe(true);
      expect(zh[key]!.slice(brand.length)).toMatch(/\p{Script=Han}/u);
    },
  );
});
