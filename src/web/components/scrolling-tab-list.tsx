import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';
import { TabsList } from './ui/tabs';

/** Width of the fades (Tailwind w-12). */
const FADE_PX = 48;

/**
 * A tab list that scrolls sideways when the tabs do not fit (a phone; the settings and admin pages): the
 * hidden side fades out behind a chevron, so it is plain that there are more tabs; the chevron scrolls
 * there (arrow keys do too), and the selected tab is kept in view.
 */
export function ScrollingTabList({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children: ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  }, []);

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    measure();
    // The list's width (rotation, resize) and the tabs' widths (fonts, a language switch) both matter.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [measure]);

  // Keep the selected tab in view (a deep link to ?tab=billing on a phone, or arrow keys).
  useEffect(() => {
    const el = listRef.current;
    const active = el?.querySelector<HTMLElement>('[data-state="active"]');
    if (!el || !active) return;
    // Clear of the fades (48 px) too, not just inside the list.
    const left = active.offsetLeft - el.offsetLeft;
    const right = left + active.offsetWidth;
    if (left - FADE_PX < el.scrollLeft) el.scrollTo({ left: Math.max(0, left - FADE_PX) });
    else if (right + FADE_PX > el.scrollLeft + el.clientWidth) el.scrollTo({ left: right + FADE_PX - el.clientWidth });
    measure();
  }, [value, measure]);

  const scrollBy = (direction: 1 | -1) => {
    const el = listRef.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.6, behavior: 'smooth' });
  };

  const edge = 'absolute bottom-px top-0 flex w-12 items-center text-slate-500 hover:text-slate-900';
  return (
    <div className="relative" data-testid={testId} data-more-start={more.start} data-more-end={more.end}>
      <TabsList ref={listRef} aria-label={label} onScroll={measure} className="[scrollbar-width:none]">
        {children}
      </TabsList>
      {/* Pointer helpers only: keyboard users move with the arrow keys, screen readers list every tab. */}
      {more.start ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => scrollBy(-1)}
          className={cn(edge, 'left-0 justify-start bg-linear-to-r from-slate-50 from-40% to-transparent')}
          data-testid="tabs-more-start"
        >
          <ChevronLeft className="size-5" />
        </button>
      ) : null}
      {more.end ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => scrollBy(1)}
          className={cn(edge, 'right-0 justify-end bg-linear-to-l from-slate-50 from-40% to-transparent')}
          data-testid="tabs-more-end"
        >
          <ChevronRight className="size-5" />
        </button>
      ) : null}
    </div>
  );
}
