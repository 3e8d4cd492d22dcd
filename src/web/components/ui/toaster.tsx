import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { renderText } from '../../lib/error-message';
import { dismissToast, useToasts } from '../../lib/toast';
import { cn } from '../../lib/cn';

const variants = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  destructive: 'border-red-200 bg-red-50 text-red-900',
};

/** Radix toaster: duration 5000 ms, swipe right with a 50 px threshold, viewport hotkey F8. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('common.notifications')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition-opacity',
            variants[item.variant],
          )}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{renderText(item.title, t)}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">{renderText(item.description, t)}</Toast.Description>
            ) : null}
            {item.action ? (
              <Toast.Action
                altText={renderText(item.action.label, t)}
                onClick={item.action.onClick}
                className="mt-1 w-fit rounded-md border border-current px-3 py-1.5 text-sm font-medium hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                data-testid={item.action.testId ?? 'toast-action'}
              >
                {renderText(item.action.label, t)}
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            aria-label={t('common.close')}
            className="absolute right-1 top-1 rounded-md p-3 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* While the phone drawer is open, toasts go to the top so its sign-out button stays reachable. */}
      <Toast.Viewport
        hotkey={['F8']}
        // The region's name for screen readers, in the interface language ("{hotkey}" is Radix's: F8).
        label={`${t('common.notifications')} ({hotkey})`}
        className="pointer-events-none fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none [body[data-drawer-open]_&]:bottom-auto [body[data-drawer-open]_&]:top-0"
        data-testid="toast-viewport"
      />
    </Toast.Provider>
  );
}
