import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** Two figures a row on phones, four on wide screens (the dashboard's and the admin panel's cards). */
export const statGridClass = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';

/** One figure: its label and icon, the value, and a line (or a link) under it. A list item of a `ul`. */
export function StatCard({
  icon,
  tone,
  label,
  value,
  hint,
  testId,
}: {
  icon: ReactNode;
  /** The icon chip's colours, e.g. 'bg-indigo-50 text-indigo-600'. */
  tone: string;
  label: string;
  value: string;
  hint: ReactNode;
  testId: string;
}) {
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-9', tone)}>
          {icon}
        </span>
      </div>
      <p
        className="mt-2 text-xl font-semibold tracking-tight break-words text-slate-900 tabular-nums sm:text-2xl"
        data-testid="stat-value"
      >
        {value}
      </p>
      <div className="mt-1 text-sm text-slate-600">{hint}</div>
    </li>
  );
}

/** Four pulsing cards while the figures load, with the loading text for screen readers. */
export function StatGridSkeleton({ loadingText, testId }: { loadingText: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <p role="status" className="sr-only">
        {loadingText}
      </p>
      <ul className={statGridClass} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="animate-pulse rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <div className="flex items-center justify-between">
              <div className="h-4 w-24 rounded bg-slate-200" />
              <div className="size-9 rounded-lg bg-slate-100" />
            </div>
            <div className="mt-3 h-7 w-28 rounded bg-slate-200" />
            <div className="mt-2 h-4 w-32 rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
