import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const AlertDialog = RadixAlertDialog.Root;
export const AlertDialogTrigger = RadixAlertDialog.Trigger;
export const AlertDialogCancel = RadixAlertDialog.Cancel;
export const AlertDialogAction = RadixAlertDialog.Action;

/**
 * Modal confirmation (Radix AlertDialog): focus is trapped inside, Escape cancels, and the
 * overlay does not dismiss it by a stray click.
 */
export function AlertDialogContent({
  title,
  description,
  children,
  className,
  ...props
}: Omit<ComponentProps<typeof RadixAlertDialog.Content>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
}) {
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <RadixAlertDialog.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl focus:outline-none',
          className,
        )}
        {...props}
      >
        <div className="grid gap-2">
          <RadixAlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixAlertDialog.Title>
          {description ? (
            <RadixAlertDialog.Description className="text-sm text-slate-600">
              {description}
            </RadixAlertDialog.Description>
          ) : null}
        </div>
        {children}
      </RadixAlertDialog.Content>
    </RadixAlertDialog.Portal>
  );
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
