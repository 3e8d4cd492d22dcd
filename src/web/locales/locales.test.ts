import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a nested translation tree, as dotted key → value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of leaves(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const enLeaves = leaves(en as Tree);
const zhLeaves = leaves(zh as Tree);

describe('locales', () => {
  it('en.json and zh.json have the same keys', () => {
    const missingInZh = [...enLeaves.keys()].filter((k) => !zhLeaves.has(k));
    const missingInEn = [...zhLeaves.keys()].filter((k) => !enLeaves.has(k));
    expect({ missingInZh, missingInEn }).toEqual({ missingInZh: [], missingInEn: [] });
  });

  it.each([
    ['en', enLeaves],
    ['zh', zhLeaves],
  ] as const)('%s.json holds only non-empty strings', (_lang, map) => {
    const bad = [...map].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const differing = [...enLeaves.keys()].filter(
      (k) => zhLeaves.has(k) && vars(enLeaves.get(k)).join() !== vars(zhLeaves.get(k)).join(),
    );
    expect(differing).toEqual([]);
  });

  it('writes a label before its value with a full-width colon in Chinese (电话：…), and screens use that text', () => {
    expect(en.common.labelPrefix).toBe('{{label}}: ');
    expect(zh.common.labelPrefix).toBe('{{label}}：');
    const asciiColon = [...zhLeaves].filter(([, v]) => /\p{Script=Han}: /u.test(String(v))).map(([k]) => k);
    expect(asciiColon).toEqual([]);
    // A translated label followed by a hard-coded ': ' reads '电话: ' in Chinese.
    const web = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(web, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    const hardCoded = files.filter((f) => /\{t\([^)]*\)\}: /.test(readFileSync(path.join(web, f), 'utf8')));
    expect(hardCoded).toEqual([]);
  });

  it('names a phone extension in each language', () => {
    expect(en.common.phoneExtension).toBe('ext.');
    expect(zh.common.phoneExtension).toBe('分机');
  });
});
