import { useEffect, useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TConfirmPaymentResponse, TCreateIntentResponse } from '../../../../shared/contracts/payments';
import { centsToDecimal, parseCents } from '../../../../shared/money';
import { api } from '../../../lib/api-client';
import { renderText, type TextRef } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { afterTopupKeys } from '../../../lib/queries/keys';
import { userQueryKey } from '../../../lib/session';
import { dismissToasts, toast } from '../../../lib/toast';
import { paymentMethodsQuery } from '../cards-api';
import type { IntentRef, PaymentClient, PaymentOutcome } from '../payment-client';
import {
  amountProblemRef,
  asPaymentFailure,
  checkTopupAmount,
  classifyTopupFailure,
  isNetworkFailure,
  TOPUP_CENTS,
  type CardField,
  type TopupFailure,
} from '../topup';
import { SandboxAuthStep } from './sandbox-auth-step';
import { TopupAmountStep } from './topup-amount-step';
import { EMPTY_CARD_ENTRY, TopupCardStep, type CardEntry, type PayRequest } from './topup-card-step';
import { TopupProcessingStep, TopupSuccessStep } from './topup-result-step';

/** A failure the dialog shows inside itself (never also as a toast: on a phone a toast covers Pay). */
type InlineFailure = { title: 'paymentFailed' | 'paymentError'; message: TextRef; field: CardField | null };

/** What the dialog says when a call got no answer, or an answer it cannot use. */
const unexpectedRef = (error: unknown): TextRef =>
  isNetworkFailure(error) ? { key: 'wallet.topup.errors.network' } : { key: 'wallet.topup.errors.unexpected' };

/** The success step closes the dialog by itself after this long (Done closes it at once). */
export const SUCCESS_CLOSE_MS = 4000;

const TOAST_TAG = 'wallet.topup';

type Step =
  | { name: 'amount' }
  | { name: 'card'; intent: TCreateIntentResponse }
  | { name: 'auth'; intent: TCreateIntentResponse; client: PaymentClient; cardLabel: string | null }
  | { name: 'processing' }
  | { name: 'success'; amountCents: number; balance: string | null };

const intentRef = (intent: TCreateIntentResponse): IntentRef => ({
  paymentIntentId: intent.paymentIntentId,
  clientSecret: intent.clientSecret,
});

/** The coming-soon toast of spec §8 (also shown by the wallet page when card payments are off). */
export function showTopupComingSoon(): void {
  toast({
    title: { key: 'wallet.topUpSoon.title' },
    description: { key: 'wallet.topUpSoon.description' },
    tag: TOAST_TAG,
  });
}

/**
 * The top-up dialog (spec §4): amount → payment intent → card (saved or new; the sandbox's
 * authentication step when the bank asks) → confirm with the server → success, which resets and
 * closes. Changing the amount discards the intent. Failures as spec §8 Wallet and cards.
 */
export function TopupDialog({
  open,
  onOpenChange,
  returnFocusId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element focus goes back to when the dialog closes (the Top up button). */
  returnFocusId?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const queryClient = useQueryClient();
  const methods = useQuery({ ...paymentMethodsQuery, enabled: open });

  const [step, setStep] = useState<Step>({ name: 'amount' });
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<TextRef | null>(null);
  // Preparing the payment failed for a reason that is not the amount (the server, the network).
  const [prepareError, setPrepareError] = useState<TextRef | null>(null);
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState(false);
  const [authWorking, setAuthWorking] = useState<'approve' | 'fail' | null>(null);
  const [payFailure, setPayFailure] = useState<InlineFailure | null>(null);
  const [cardEntry, setCardEntry] = useState<CardEntry>(EMPTY_CARD_ENTRY);
  // Answers that arrive after the dialog was closed (or the amount changed) are for an old attempt.
  const attempt = useRef(0);

  const busy = creating || paying || authWorking !== null;
  const limits = { min: formatMoney(TOPUP_CENTS.min, lang), max: formatMoney(TOPUP_CENTS.max, lang) };

  const reset = () => {
    attempt.current += 1;
    setStep({ name: 'amount' });
    setAmount('');
    setAmountError(null);
    setPrepareError(null);
    setCreating(false);
    setPaying(false);
    setAuthWorking(null);
    setPayFailure(null);
    setCardEntry(EMPTY_CARD_ENTRY);
  };

  const close = () => {
    onOpenChange(false);
    reset();
  };

  // Success resets and closes by itself.
  useEffect(() => {
    if (step.name !== 'success') return;
    const timer = setTimeout(close, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per success step
  }, [step.name]);

  const refresh = () => Promise.all(afterTopupKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  /**
   * Spec §8: what a failure shows, wherever in the flow it happened. What the dialog shows inside
   * itself is not toasted as well (a toast would cover Pay on a phone, and take the first Escape).
   */
  const fail = (failure: TopupFailure, error?: unknown) => {
    switch (failure.kind) {
      case 'comingSoon':
        showTopupComingSoon();
        close();
        return;
      case 'signIn':
        toast({
          title: { key: 'wallet.topup.errors.signInTitle' },
          description: { key: 'wallet.topup.errors.signInDescription' },
          variant: 'destructive',
          tag: TOAST_TAG,
        });
        close();
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
        return;
      case 'amount':
        setStep({ name: 'amount' });
        setAmountError(failure.message);
        setTimeout(() => document.getElementById('topup-amount')?.focus(), 0);
        return;
      case 'payment':
        setPayFailure({ title: 'paymentFailed', message: failure.message, field: failure.field });
        return;
      case 'unexpected':
        setPayFailure({ title: 'paymentError', message: unexpectedRef(error), field: null });
        return;
    }
  };

  const submitAmount = async () => {
    const check = checkTopupAmount(amount);
    if (!check.ok) {
      setAmountError(amountProblemRef(check.problem, limits));
      document.getElementById('topup-amount')?.focus();
      return;
    }
    setAmountError(null);
    setPrepareError(null);
    setPayFailure(null);
    dismissToasts(TOAST_TAG);
    const mine = ++attempt.current;
    setCreating(true);
    try {
      const intent = await api.post<TCreateIntentResponse>('/api/create-payment-intent', {
        amount: centsToDecimal(check.cents),
        savePaymentMethod: true,
      });
      if (mine !== attempt.current) return;
      setStep({ name: 'card', intent });
    } catch (error) {
      if (mine !== attempt.current) return;
      const failure = classifyTopupFailure(error);
      // Nothing was paid, and the amount is not the problem: a general error on the amount step.
      if (failure.kind === 'unexpected') {
        setPrepareError(
          isNetworkFailure(error)
            ? { key: 'wallet.topup.errors.network' }
            : { key: 'wallet.topup.errors.prepareFailed' },
        );
      } else fail(failure);
    } finally {
      if (mine === attempt.current) setCreating(false);
    }
  };

  /** The outcome of a confirm or an authentication, for this intent. */
  const settle = async (mine: number, intent: TCreateIntentResponse, outcome: PaymentOutcome, next: Step) => {
    if (mine !== attempt.current) return;
    switch (outcome.kind) {
      case 'succeeded': {
        let balance: string | null = null;
        try {
          const confirmed = await api.post<TConfirmPaymentResponse>('/api/confirm-payment', {
            paymentIntentId: intent.paymentIntentId,
          });
          balance = confirmed.balance;
        } catch (error) {
          // Spec §7: failure is only logged (the provider's webhook credits the payment too).
          console.error('confirm-payment failed', error);
        }
        await refresh();
        if (mine !== attempt.current) return;
        setStep({ name: 'success', amountCents: parseCents(intent.amount) ?? 0, balance });
        return;
      }
      case 'authenticate':
        setStep(next);
        return;
      case 'processing':
        void refresh();
        setStep({ name: 'processing' });
        return;
      case 'declined':
        // The intent can be paid again with another card (as the provider allows).
        setStep({ name: 'card', intent });
        fail(asPaymentFailure(outcome.error));
        return;
    }
  };

  const pay = async (intent: TCreateIntentResponse, { client, payWith, cardLabel }: PayRequest) => {
    const mine = attempt.current;
    setPaying(true);
    setPayFailure(null);
    dismissToasts(TOAST_TAG);
    try {
      const outcome = await client.confirm(intentRef(intent), payWith);
      await settle(mine, intent, outcome, { name: 'auth', intent, client, cardLabel });
    } catch (error) {
      if (mine === attempt.current) fail(classifyTopupFailure(error), error);
    } finally {
      if (mine === attempt.current) setPaying(false);
    }
  };

  const authenticate = async (outcome: 'approve' | 'fail') => {
    if (step.name !== 'auth') return;
    const mine = attempt.current;
    setAuthWorking(outcome);
    try {
      const answer = await step.client.authenticate(intentRef(step.intent), outcome);
      await settle(mine, step.intent, answer, step);
    } catch (error) {
      if (mine !== attempt.current) return;
      setStep({ name: 'card', intent: step.intent });
      fail(classifyTopupFailure(error), error);
    } finally {
      if (mine === attempt.current) setAuthWorking(null);
    }
  };

  const changeAmount = () => {
    // Spec §4: changing the amount after the intent exists discards the intent.
    attempt.current += 1;
    setPayFailure(null);
    setStep({ name: 'amount' });
    setTimeout(() => document.getElementById('topup-amount')?.focus(), 0);
  };

  const title = step.name === 'auth' ? t('wallet.topup.auth.dialogTitle') : t('wallet.topup.title');
  const description =
    step.name === 'amount'
      ? t('wallet.topup.description', limits)
      : step.name === 'card'
        ? t('wallet.topup.card.description')
        : null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!busy) {
          // Escape or × while the bank asks: the payment was not made, say so rather than close silently.
          if (step.name === 'auth') toast({ title: { key: 'wallet.topup.errors.authCancelled' }, tag: TOAST_TAG });
          close();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none"
          aria-describedby={description ? 'topup-dialog-description' : undefined}
          onInteractOutside={(event) => {
            // A click beside the dialog must not throw away a card being typed or a payment under way.
            event.preventDefault();
          }}
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
          onOpenAutoFocus={(event) => {
            // The amount, not the × button: it is what the dialog asks first.
            const field = document.getElementById('topup-amount');
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const back = returnFocusId ? document.getElementById(returnFocusId) : null;
            if (back) {
              event.preventDefault();
              back.focus();
            }
          }}
          data-testid="topup-dialog"
          data-step={step.name}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
            <div className="grid gap-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description id="topup-dialog-description" className="text-sm text-slate-600">
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
          <div className="overflow-y-auto px-4 py-5 sm:px-6">
            {step.name === 'amount' ? (
              <TopupAmountStep
                amount={amount}
                onAmountChange={(value) => {
                  setAmount(value);
                  if (amountError) setAmountError(null);
                }}
                error={amountError ? renderText(amountError, t) : undefined}
                failure={prepareError ? renderText(prepareError, t) : undefined}
                creating={creating}
                onSubmit={() => void submitAmount()}
                onCancel={close}
              />
            ) : step.name === 'card' ? (
              <TopupCardStep
                intent={step.intent}
                methods={
                  methods.isSuccess
                    ? { status: 'success', methods: methods.data.paymentMethods }
                    : methods.isError
                      ? { status: 'error' }
                      : { status: 'pending' }
                }
                paying={paying}
                failure={
                  payFailure
                    ? {
                        title: t(`wallet.topup.errors.${payFailure.title}`),
                        message: renderText(payFailure.message, t),
                        field: payFailure.field,
                      }
                    : null
                }
                entry={cardEntry}
                onEntryChange={setCardEntry}
                onEdit={() => setPayFailure(null)}
                onPay={(request) => void pay(step.intent, request)}
                onChangeAmount={changeAmount}
              />
            ) : step.name === 'auth' ? (
              <SandboxAuthStep
                amount={formatMoney(parseCents(step.intent.amount) ?? 0, lang)}
                card={step.cardLabel}
                working={authWorking}
                onAnswer={(outcome) => void authenticate(outcome)}
              />
            ) : step.name === 'processing' ? (
              <TopupProcessingStep onDone={close} />
            ) : (
              <TopupSuccessStep
                amount={formatMoney(step.amountCents, lang)}
                balance={step.balance !== null ? formatMoney(parseCents(step.balance) ?? 0, lang) : null}
                onDone={close}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
