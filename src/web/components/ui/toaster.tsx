import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { renderText } from '../../lib/error-message';
import { dismissToast, useToasts } from '../../lib/toast';
import { cn } from '../../lib/cn';
import { chooseToastPlace, CONTROLS, lastUsedControl, type Box, type ToastPosition } from '../../lib/toast-place';

const variants = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  destructive: 'border-red-200 bg-red-50 text-red-900',
};

const asBox = (r: DOMRect): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });

/** Seen by the user: not hidden from them (a switch's form input is aria-hidden and transparent). */
function shown(el: HTMLElement): boolean {
  if (el.closest('[aria-hidden="true"], [hidden], [inert]')) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.opacity !== '0';
}

/** Where the region goes now that its toasts are in it (lib/toast-place), read from the page. */
function placeFor(region: HTMLElement): ToastPosition | null {
  if (document.body.dataset.drawerOpen !== undefined) return null; // the drawer's own rule: at the top
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const headerBox = document.querySelector('header')?.getBoundingClientRect();
  const headerBottom = headerBox && headerBox.top <= 0 ? Math.max(0, headerBox.bottom) : 0;
  const controls: Box[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    // The header's menu, language and new-shipment buttons are no form controls: a toast may cover them.
    if (region.contains(el) || el.closest('header') || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    // Controls scrolled under the sticky header or off the screen are not seen anyway.
    if (r.width === 0 || r.height === 0 || r.bottom <= headerBottom || r.top >= viewport.height) continue;
    controls.push(asBox(r));
  }
  const active = document.activeElement;
  const lastUsed = lastUsedControl();
  const used =
    lastUsed && !lastUsed.closest('header')
      ? lastUsed
      : active instanceof HTMLElement && active !== document.body && active.matches(CONTROLS)
        ? active
        : null;
  const focused = used && !region.contains(used) ? asBox(used.getBoundingClientRect()) : null;
  return chooseToastPlace({
    viewport,
    region: { width: region.offsetWidth, height: region.offsetHeight },
    headerBottom,
    contentLeft: Math.max(0, document.getElementById('main')?.getBoundingClientRect().left ?? 0),
    controls,
    focused,
    inset: parseFloat(getComputedStyle(region).paddingTop) || 0,
  });
}

function placeStyle(place: ToastPosition | null): CSSProperties | undefined {
  if (!place || (place.vertical === 'bottom' && place.horizontal === 'right')) return undefined;
  const atTop = place.vertical !== 'bottom';
  return {
    top: atTop ? place.box.top : 'auto',
    bottom: atTop ? 'auto' : 0,
    left: place.horizontal === 'left' ? place.box.left : 'auto',
    right: place.horizontal === 'left' ? 'auto' : 0,
  };
}

/** Radix toaster: duration 5000 ms, swipe right with a 50 px threshold, viewport hotkey F8. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  const region = useRef<HTMLOListElement>(null);
  const [place, setPlace] = useState<ToastPosition | null>(null);
  // A new toast is placed where it covers no control (the one just used first); it stays there while open.
  const shown = toasts
    .filter((item) => item.open)
    .map((item) => item.id)
    .join(' ');
  const showing = useRef(false);
  showing.current = shown !== '';
  useLayoutEffect(() => {
    if (shown === '' || !region.current) return;
    setPlace(placeFor(region.current));
  }, [shown]);
  // The first toast arrives before Radix has the region (the toaster loads with it): placed again
  // once the toast is in and the region has its height.
  useEffect(() => {
    const el = region.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let height = el.offsetHeight;
    const observer = new ResizeObserver(() => {
      if (el.offsetHeight === height) return;
      height = el.offsetHeight;
      if (showing.current) setPlace(placeFor(el));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('common.notifications')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition-opacity',
            variants[item.variant],
          )}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{renderText(item.title, t)}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">{renderText(item.description, t)}</Toast.Description>
            ) : null}
            {item.action ? (
              <Toast.Action
                altText={renderText(item.action.label, t)}
                onClick={item.action.onClick}
                className="mt-1 w-fit rounded-md border border-current px-3 py-1.5 text-sm font-medium hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                data-testid={item.action.testId ?? 'toast-action'}
              >
                {renderText(item.action.label, t)}
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            aria-label={t('common.close')}
            className="absolute right-1 top-1 rounded-md p-3 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* While the phone drawer is open, toasts go to the top so its sign-out button stays reachable;
          otherwise bottom right, or where they cover no control (placeFor). */}
      <Toast.Viewport
        ref={region}
        style={placeStyle(place)}
        data-place={place ? `${place.vertical}-${place.horizontal}` : 'bottom-right'}
        hotkey={['F8']}
        // The region's name for screen readers, in the interface language ("{hotkey}" is Radix's: F8).
        label={`${t('common.notifications')} ({hotkey})`}
        className="pointer-events-none fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none [body[data-drawer-open]_&]:bottom-auto [body[data-drawer-open]_&]:top-0"
        data-testid="toast-viewport"
      />
    </Toast.Provider>
  );
}
