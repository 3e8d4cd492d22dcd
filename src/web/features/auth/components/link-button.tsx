import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';

/** An inline text action (switches modes, resends codes). */
export function LinkButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={cn(
        '-my-2.5 py-2.5 font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
