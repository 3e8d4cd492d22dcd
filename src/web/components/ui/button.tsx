import type { ButtonHTMLAttributes } from 'react';
import { clsx } from 'clsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link' | 'inverse';
type Size = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:pointer-events-none disabled:opacity-60 cursor-pointer';

const variants: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  link: 'text-indigo-700 underline-offset-4 hover:underline px-0',
  inverse: 'bg-white text-slate-900 shadow-sm hover:bg-slate-100 focus-visible:outline-white',
};

const sizes: Record<Size, string> = {
  // 40px tall on phones (tap target), compact from the sm breakpoint up.
  sm: 'h-10 px-3 text-sm sm:h-8',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
};

// clsx only (no tailwind-merge) keeps this usable on the landing page; pass no conflicting classes.
export function buttonClass(variant: Variant = 'primary', size: Size = 'md', className?: string): string {
  return clsx(base, variants[variant], variant === 'link' ? 'h-auto' : sizes[size], className);
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
}) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
