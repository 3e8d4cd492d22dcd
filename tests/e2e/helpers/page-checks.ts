import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';

const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/screenshots');

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every axe violation on the page (all rules, or only `rules`). axe runs in the page itself, loaded
 * once per document: @axe-core/playwright's builder injects its ~570 kB again on every check and then
 * opens a new blank page to put the frames' parts together (for cross-origin frames, which the app has
 * none of): ~1.4 s a check on a 2-core machine against ~0.4 s here, on the same rules with the same
 * findings. Only the violations are collected: nothing here reads the passing nodes.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<axe.Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (only) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations'],
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      }),
    rules ?? null,
  );
  return results.violations;
}

/** Axe violations with impact serious or critical. Every rule runs, color contrast included (never disabled here). */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page is wider than the viewport (0: no sideways scrolling on a phone). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * A screenshot writer for one test file: `.tmp/screenshots/<prefix>-<name>.png` (git-ignored), to look
 * at. Written only when E2E_SCREENSHOTS=1: they are for people, not assertions, and a full-page PNG
 * costs CI a second of CPU each.
 */
export function screenshots(prefix: string) {
  return async (page: Page, name: string, fullPage = true): Promise<void> => {
    if (process.env.E2E_SCREENSHOTS !== '1') return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${prefix}-${name}.png`), fullPage });
  };
}
