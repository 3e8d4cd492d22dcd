import { useCallback, useEffect, useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Check, CircleCheck, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** Spec §4 order placement progress: the steps, their values and their texts. */
export const ORDER_STEPS = ['processing', 'label', 'tracking', 'finalizing', 'completed'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

const STEP_VALUE: Record<OrderStep, number> = {
  processing: 25,
  label: 50,
  tracking: 75,
  finalizing: 95,
  completed: 100,
};
/** While the call runs the bar creeps up by 2 every 400 ms, never past 95 %. */
const CREEP = { every: 400, by: 2, cap: 95 } as const;
/** The simulated steps: label after 1 s, tracking 1.5 s later. */
const STEP_DELAYS = { label: 1000, tracking: 1500 } as const;
/** Once the call succeeded, 'getting tracking number' and then 'finalizing' each stay one creep tick. */
const SETTLE_MS = CREEP.every;

export type OrderProgressState = { open: boolean; step: OrderStep; value: number; orderCode: string | null };

const CLOSED: OrderProgressState = { open: false, step: 'processing', value: 0, orderCode: null };

/**
 * The overlay's state while an order is placed: `start` when the call starts, `complete` with the
 * order code once it succeeded (it waits for the simulated steps so each is seen), `close` on error.
 */
export function useOrderProgress() {
  const [state, setState] = useState<OrderProgressState>(CLOSED);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const creep = useRef<ReturnType<typeof setInterval> | null>(null);
  const stepsDone = useRef<Promise<void>>(Promise.resolve());

  const stopCreep = useCallback(() => {
    if (creep.current !== null) clearInterval(creep.current);
    creep.current = null;
  }, []);

  const clearAll = useCallback(() => {
    stopCreep();
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  }, [stopCreep]);

  useEffect(() => clearAll, [clearAll]);

  const wait = useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        timers.current.push(setTimeout(resolve, ms));
      }),
    [],
  );

  const advance = useCallback((step: OrderStep) => {
    setState((s) => ({ ...s, step, value: Math.max(s.value, STEP_VALUE[step]) }));
  }, []);

  const start = useCallback(() => {
    clearAll();
    setState({ open: true, step: 'processing', value: STEP_VALUE.processing, orderCode: null });
    creep.current = setInterval(() => {
      setState((s) => (s.open && s.value < CREEP.cap ? { ...s, value: Math.min(s.value + CREEP.by, CREEP.cap) } : s));
    }, CREEP.every);
    stepsDone.current = (async () => {
      await wait(STEP_DELAYS.label);
      advance('label');
      await wait(STEP_DELAYS.tracking);
      advance('tracking');
    })();
  }, [advance, clearAll, wait]);

  const complete = useCallback(
    async (orderCode: string) => {
      await stepsDone.current;
      await wait(SETTLE_MS);
      stopCreep();
      setState((s) => ({ ...s, orderCode, step: 'finalizing', value: Math.max(s.value, STEP_VALUE.finalizing) }));
      await wait(SETTLE_MS);
      setState((s) => ({ ...s, step: 'completed', value: STEP_VALUE.completed }));
    },
    [stopCreep, wait],
  );

  const close = useCallback(() => {
    clearAll();
    setState(CLOSED);
  }, [clearAll]);

  return { state, start, complete, close };
}

/**
 * The modal overlay while an order is placed: it cannot be dismissed (the order runs on the server
 * whatever the page does); focus stays inside; the bar is a progressbar with the step as its text.
 */
export function OrderProgress({ state, onViewShipments }: { state: OrderProgressState; onViewShipments: () => void }) {
  const { t } = useTranslation();
  const done = state.step === 'completed';
  const viewButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) viewButton.current?.focus();
  }, [done]);
  const stepText = t(`order.progress.steps.${state.step}`);
  const listed = ORDER_STEPS.filter((s) => s !== 'completed');
  const currentIndex = ORDER_STEPS.indexOf(state.step);

  return (
    <Dialog.Root open={state.open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          aria-describedby="order-progress-step"
          aria-modal="true"
          data-testid="order-progress"
          data-step={state.step}
        >
          <div className="flex items-start gap-3">
            {done ? (
              <CircleCheck className="size-7 shrink-0 text-emerald-600" aria-hidden="true" />
            ) : (
              <Loader2 className="size-7 shrink-0 animate-spin text-indigo-600" aria-hidden="true" />
            )}
            <div className="grid gap-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                {done ? t('order.progress.doneTitle') : t('order.progress.title')}
              </Dialog.Title>
              <p id="order-progress-step" role="status" className="text-sm text-slate-700" data-testid="order-step">
                {stepText}
              </p>
            </div>
          </div>

          <div className="grid gap-1.5">
            <div
              role="progressbar"
              aria-label={t('order.progress.label')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.value}
              aria-valuetext={`${state.value}% · ${stepText}`}
              className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
              data-testid="order-progressbar"
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-300',
                  done ? 'bg-emerald-600' : 'bg-indigo-600',
                )}
                style={{ width: `${state.value}%` }}
              />
            </div>
            <p className="text-right text-xs tabular-nums text-slate-600" aria-hidden="true">
              {state.value}%
            </p>
          </div>

          <ol className="grid gap-2 text-sm">
            {listed.map((step, index) => {
              const finished = index < currentIndex;
              const current = index === currentIndex;
              return (
                <li
                  key={step}
                  className={cn(
                    'flex items-center gap-2',
                    finished ? 'text-slate-900' : current ? 'font-medium text-indigo-700' : 'text-slate-500',
                  )}
                  aria-current={current ? 'step' : undefined}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex size-5 items-center justify-center rounded-full border',
                      finished
                        ? 'border-emerald-600 bg-emerald-600 text-white'
                        : current
                          ? 'border-indigo-600'
                          : 'border-slate-300',
                    )}
                  >
                    {finished ? (
                      <Check className="size-3.5" />
                    ) : current ? (
                      <span className="size-2 rounded-full bg-indigo-600" />
                    ) : null}
                  </span>
                  {t(`order.progress.steps.${step}`)}
                </li>
              );
            })}
          </ol>

          {done && state.orderCode ? (
            <div
              className="grid gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
              data-testid="order-success"
            >
              <p className="text-sm text-emerald-900">
                {t('order.progress.orderCode')}{' '}
                <span className="font-mono text-base font-semibold" data-testid="order-code">
                  {state.orderCode}
                </span>
              </p>
              <p className="text-sm text-emerald-900">{t('order.progress.redirecting')}</p>
              <button
                ref={viewButton}
                type="button"
                className={buttonClass('secondary')}
                onClick={onViewShipments}
                data-testid="order-view-shipments"
              >
                {t('order.progress.viewShipments')}
              </button>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t('order.progress.keepOpen')}</p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
