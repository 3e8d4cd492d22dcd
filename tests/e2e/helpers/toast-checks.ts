import type { Page } from 'playwright-core';

/**
 * The form controls an open toast covers (newcomer review, LOW 27): every visible button, field,
 * switch or link outside the toasts and the page header whose box meets a toast's box, named as a
 * user reads it.
 */
export function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-testid="toast"]')].map((t) =>
      t.getBoundingClientRect(),
    );
    const region = document.querySelector('[data-testid="toast-viewport"]');
    const selector =
      'input:not([type=hidden]), select, textarea, button, a[href], [role=switch], [role=checkbox], [role=radio], [role=combobox], [role=tab]';
    const header = document.querySelector('header')?.getBoundingClientRect();
    const headerBottom = header && header.top <= 0 ? Math.max(0, header.bottom) : 0;
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      // The header's menu, language and new-shipment buttons are no form controls (a toast may sit over them).
      if (region?.contains(el) || el.closest('header')) continue;
      // Not seen by the user: hidden from them, or scrolled under the sticky header.
      if (el.closest('[aria-hidden="true"], [hidden], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= headerBottom) continue;
      const meets = toasts.some((t) => r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom);
      if (!meets) continue;
      const label = el.getAttribute('aria-label') || el.textContent?.trim() || el.getAttribute('name') || el.id;
      covered.push(label || el.tagName.toLowerCase());
    }
    return covered;
  });
}
