/**
 * Where the toast region goes (newcomer review, LOW 27): a toast must not cover the button that was
 * just pressed or the fields it talks about. The region can sit at the bottom (the default), at
 * the top under the sticky header, or over the header itself (its menu and language buttons are no
 * form controls, and the toast leaves them in 5 s or on close), and on wide screens at the right or
 * at the left of the content; the place that covers the fewest form controls wins, and covering the
 * control the user just used (or the focused one) counts most. Ties keep the order: bottom, under
 * the header, over it; right before left.
 */

export type Box = { left: number; top: number; right: number; bottom: number };
export type ToastPlace = { vertical: 'bottom' | 'top' | 'over-header'; horizontal: 'right' | 'left' };
export type ToastPosition = ToastPlace & { box: Box };

export type PlaceInput = {
  /** The window's inner size. */
  viewport: { width: number; height: number };
  /** The region's size with its toasts (its padding included). */
  region: { width: number; height: number };
  /** Where the sticky header ends (0 without one): the top place starts there, over-header at 0. */
  headerBottom: number;
  /** Where the page's content starts on the left (after a sidebar), for the left place. */
  contentLeft: number;
  /** The boxes of the visible form controls (buttons, fields, switches, links), the header's left out. */
  controls: Box[];
  /** The box of the control just used (or focused), if any. */
  focused: Box | null;
  /** The region's padding: the toasts themselves sit this far inside its box (0 when left out). */
  inset?: number;
};

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const shrink = (a: Box, by: number): Box => ({
  left: a.left + by,
  top: a.top + by,
  right: a.right - by,
  bottom: a.bottom - by,
});

/** The candidate places in order of preference, with the box the region would take at each. */
export function toastCandidates(input: PlaceInput): ToastPosition[] {
  const { viewport, region, headerBottom, contentLeft } = input;
  const width = Math.min(region.width, viewport.width);
  const verticals: ToastPosition['vertical'][] =
    headerBottom > 0 ? ['bottom', 'top', 'over-header'] : ['bottom', 'top'];
  // A region as wide as the window has no left or right.
  const horizontals: ToastPosition['horizontal'][] =
    width < viewport.width && contentLeft + width <= viewport.width ? ['right', 'left'] : ['right'];
  const out: ToastPosition[] = [];
  for (const horizontal of horizontals) {
    for (const vertical of verticals) {
      const top =
        vertical === 'bottom' ? viewport.height - region.height : vertical === 'top' ? Math.max(0, headerBottom) : 0;
      const left = horizontal === 'right' ? viewport.width - width : contentLeft;
      out.push({ vertical, horizontal, box: { left, top, right: left + width, bottom: top + region.height } });
    }
  }
  return out;
}

/** The place covering the fewest controls, the focused one weighing most; the default on a tie. */
export function chooseToastPlace(input: PlaceInput): ToastPosition {
  const candidates = toastCandidates(input);
  let best = candidates[0]!;
  let bestScore = Infinity;
  for (const c of candidates) {
    const toasts = shrink(c.box, input.inset ?? 0);
    let score = input.controls.filter((box) => overlaps(toasts, box)).length;
    if (input.focused && overlaps(toasts, input.focused)) score += 1000;
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

/** What a toast must not cover: the controls a user works with. */
export const CONTROLS =
  'input:not([type=hidden]), select, textarea, button, a[href], [role=switch], [role=checkbox], [role=radio], [role=combobox], [role=tab]';

// The control the user pressed or typed in last: a Save button that turns disabled while saving
// loses the focus, yet its toast must not cover it. Watched from the start (lib/toast.ts), since the
// toaster itself loads with the first toast, after the click.
let lastUsed: Element | null = null;
let watching = false;
function noteUse(event: Event) {
  const target = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
  if (target) lastUsed = target;
}

/** Starts noting the control pressed or typed in last (once; nothing without a document). */
export function watchControlUse(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('pointerdown', noteUse, true);
  document.addEventListener('keydown', noteUse, true);
}

/** The control pressed or typed in last, while it is still on the page. */
export const lastUsedControl = (): Element | null => (lastUsed?.isConnected ? lastUsed : null);
