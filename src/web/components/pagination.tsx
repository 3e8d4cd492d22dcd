import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

export type PageItem = number | 'gap';

/**
 * The numbered pages to show (spec §2; the user's shipments and the admin's orders): the first, the
 * last, the current one and its neighbours, with a gap (an ellipsis) wherever pages are left out.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const shown = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous > 1) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

const itemClass =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:h-9 sm:min-w-9';

export function Pagination({
  page,
  totalPages,
  onPage,
  disabled,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const items = pageItems(page, totalPages);
  const navButton = (target: number, label: string, icon: React.ReactNode, text: string, testId: string) => {
    const off = disabled || target < 1 || target > totalPages;
    return (
      <button
        type="button"
        onClick={() => onPage(target)}
        disabled={off}
        aria-label={label}
        className={cn(
          itemClass,
          'gap-1 border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50',
        )}
        data-testid={testId}
      >
        {icon}
        <span className="max-sm:sr-only">{text}</span>
      </button>
    );
  };
  return (
    <nav aria-label={t('common.pagination.label')} className="flex justify-center" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {navButton(
            page - 1,
            t('common.pagination.previousPage'),
            <ChevronLeft className="size-4" aria-hidden="true" />,
            t('common.pagination.previous'),
            'page-prev',
          )}
        </li>
        {items.map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-sm text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                onClick={() => onPage(item)}
                disabled={disabled && item !== page}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('common.pagination.page', { page: item })}
                className={cn(
                  itemClass,
                  item === page
                    ? 'bg-indigo-600 text-white shadow-sm'
                    : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-50',
                )}
                data-testid="page-number"
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          {navButton(
            page + 1,
            t('common.pagination.nextPage'),
            <ChevronRight className="size-4" aria-hidden="true" />,
            t('common.pagination.next'),
            'page-next',
          )}
        </li>
      </ul>
    </nav>
  );
}
