import { forwardRef, type InputHTMLAttributes } from 'react';

/** Native checkbox with its label; native keeps it out of Radix and fully keyboard-usable. */
export const Checkbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: string }>(
  function Checkbox({ label, id, ...props }, ref) {
    return (
      <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          {...props}
        />
        {label}
      </label>
    );
  },
);
