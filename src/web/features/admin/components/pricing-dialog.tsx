import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDialogFocus } from './admin-ui';

/**
 * The frame of the pricing dialogs (charge, discount, price rule): title, description, a close
 * button, a body that scrolls on a short phone screen. While `busy` it cannot be closed, and a click
 * beside it never throws away what was typed.
 */
export function PricingDialog({
  open,
  onClose,
  busy,
  title,
  description,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  title: string;
  description?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const focus = useDialogFocus();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none"
          aria-describedby={description ? `${testId}-description` : undefined}
          data-testid={testId}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onEscapeKeyDown={(event) => {
            // Escape in an open search list closes the list only (the combobox handles it).
            const target = event.target as HTMLElement | null;
            const listOpen =
              target?.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true';
            if (busy || listOpen) event.preventDefault();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-4 sm:px-6">
            <div className="grid gap-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description id={`${testId}-description`} className="text-sm text-slate-600">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={t('common.close')}
              disabled={busy}
              className="-m-1 cursor-pointer rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-4 py-5 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
