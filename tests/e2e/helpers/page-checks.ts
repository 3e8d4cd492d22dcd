import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/screenshots');

/** Axe violations with impact serious or critical. Every rule runs, color contrast included (never disabled here). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
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
