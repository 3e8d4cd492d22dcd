import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { cn } from '../../lib/cn';

/** ' (optional)', or full-width brackets (which carry their own space) around Chinese text: '（选填）'. */
function Optional({ text }: { text: string }) {
  const chinese = /[\u3400-\u9fff]/.test(text);
  return (
    <span className={cn('font-normal text-slate-500', !chinese && 'ml-1')}>
      {chinese ? `（${text}）` : `(${text})`}
    </span>
  );
}

type ControlProps = {
  id?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** The amber mark of a field to check (an error's red border still wins: its selector is stronger). */
const CHECK_CLASS = 'border-amber-600 ring-1 ring-amber-600';

/**
 * A labelled form control with its hint or error. The control gets id, aria-invalid and
 * aria-describedby so screen readers announce the error with the field. While there is an error
 * it takes the hint's place (one line under the field, not a hint and an error that repeat each
 * other). Content sits at the top of the cell, so when a neighbour in the same grid row grows by an
 * error line, this field's label and control do not move.
 *
 * `check` marks a value to look at (e.g. one the address assistant chose among several): an amber
 * border and the line under the field, in place of the hint; an error still shows above it. The
 * control must take `className` (merged with its own) for the border.
 */
export function Field({
  label,
  error,
  hint,
  check,
  className,
  optional,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  check?: ReactNode;
  className?: string;
  optional?: string;
  children: ReactElement<ControlProps>;
}) {
  const autoId = useId();
  const id = children.props.id ?? autoId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const checkId = `${id}-check`;
  const showHint = Boolean(hint) && !error && !check;
  const describedBy = [error && errorId, check && checkId, showHint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)} data-check={check ? 'true' : undefined}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional ? <Optional text={optional} /> : null}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        ...(check ? { className: cn(children.props.className, CHECK_CLASS) } : {}),
      })}
      {showHint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {check ? (
        <p id={checkId} className="flex min-w-0 items-start gap-1.5 text-xs text-amber-900" data-testid="field-check">
          <TriangleAlert className="mt-px size-3.5 shrink-0 text-amber-700" aria-hidden="true" />
          <span className="min-w-0 break-words">{check}</span>
        </p>
      ) : null}
    </div>
  );
}
