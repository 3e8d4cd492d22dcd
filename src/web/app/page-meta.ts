/**
 * Title key (under `pages.`) of each signed-in screen, by path. The top bar shows
 * `pages.<key>.title` and `pages.<key>.subtitle`; add a line when you add a screen.
 */
export const PAGE_KEYS: Record<string, string> = {
  '/dashboard': 'dashboard',
  '/create-shipment': 'createShipment',
  '/rate-selection': 'rateSelection',
  '/shipments': 'shipments',
  '/tracking': 'tracking',
  '/wallet': 'wallet',
  '/manage-cards': 'manageCards',
  '/address-book': 'addressBook',
  '/bulk-import': 'bulkImport',
  '/settings': 'settings',
  '/admin': 'admin',
};

export function pageKeyFor(pathname: string): string | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_KEYS[clean] ?? null;
}
