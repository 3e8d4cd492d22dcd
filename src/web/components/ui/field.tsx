import { cloneElement, useId, type ReactElement } from 'react';
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
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A labelled form control with its hint or error. The control gets id, aria-invalid and
 * aria-describedby so screen readers announce the error with the field. While there is an error
 * it takes the hint's place (one line under the field, not a hint and an error that repeat each
 * other). Content sits at the top of the cell, so when a neighbour in the same grid row grows by an
 * error line, this field's label and control do not move.
 */
export function Field({
  label,
  error,
  hint,
  className,
  optional,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  optional?: string;
  children: ReactElement<ControlProps>;
}) {
  const autoId = useId();
  const id = children.props.id ?? autoId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? errorId : showHint ? hintId : undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional ? <Optional text={optional} /> : null}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
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
    </div>
  );
}
