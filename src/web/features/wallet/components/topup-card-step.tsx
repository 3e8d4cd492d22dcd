import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AlertCircle, FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TCreateIntentResponse, TPaymentMethod } from '../../../../shared/contracts/payments';
import { parseCents } from '../../../../shared/money';
import { CardBrandIcon } from '../../../components/card-brand-icon';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { brandNameKey } from '../../../lib/card-format';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { createSandboxClient, type PaymentClient, type PayWith } from '../payment-client';
import {
  checkNewCard,
  digitsOf,
  EMPTY_CARD_FORM,
  expiryLabel,
  maskedNumber,
  preselectedCard,
  topupCards,
  sandboxCard,
  type CardField,
  type CardFormErrors,
  type NewCardForm,
} from '../topup';
import { CardForm } from './card-form';
import type { StripeKit } from './stripe-card-form';

const StripeCardScope = lazy(() => import('./stripe-card-form'));

const sandboxClient = createSandboxClient();

const NEW_CARD = 'new';

/**
 * What the dialog shows of a failed payment: in the user's language, on a field when one is named,
 * else under its title ('Payment failed', or 'Payment error' for the unexpected).
 */
export type PayFailure = { title: string; message: string; field: CardField | null };

export type PayRequest = { client: PaymentClient; payWith: PayWith; cardLabel: string | null };

/**
 * The card chosen and the new card as typed. The dialog keeps them, so that they outlive the
 * authentication step (a failed authentication comes back to the card as it was); it forgets them
 * when it closes.
 */
export type CardEntry = { picked: string | null; form: NewCardForm };
export const EMPTY_CARD_ENTRY: CardEntry = { picked: null, form: EMPTY_CARD_FORM };

type Methods = { status: 'pending' } | { status: 'error' } | { status: 'success'; methods: TPaymentMethod[] };

/**
 * Spec §4, the card form: a saved card (the default preselected) or a new one, then Pay. With the
 * sandbox the new card's fields are ours and a note lists the test numbers; with Stripe the card
 * field is Stripe's own.
 */
export function TopupCardStep(props: {
  intent: TCreateIntentResponse;
  methods: Methods;
  paying: boolean;
  failure: PayFailure | null;
  entry: CardEntry;
  onEntryChange: (entry: CardEntry) => void;
  onEdit: () => void;
  onPay: (request: PayRequest) => void;
  onChangeAmount: () => void;
}) {
  const { t } = useTranslation();
  const { intent } = props;
  if (intent.provider === 'stripe') {
    if (!intent.publishableKey) {
      return (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t('wallet.topup.card.stripeFailed')}
        </p>
      );
    }
    return (
      <Suspense fallback={<Spinner className="size-6" label={t('wallet.topup.card.stripeLoading')} />}>
        <StripeCardScope publishableKey={intent.publishableKey}>
          {(kit) => <CardStepBody {...props} stripe={kit} />}
        </StripeCardScope>
      </Suspense>
    );
  }
  return <CardStepBody {...props} stripe={null} />;
}

function CardStepBody({
  intent,
  methods,
  paying,
  failure,
  entry,
  onEntryChange,
  onEdit,
  onPay,
  onChangeAmount,
  stripe,
}: Parameters<typeof TopupCardStep>[0] & { stripe: StripeKit | null }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const groupName = useId();
  // A disputed card is not offered (decision 021): the wallet's card list says why.
  const saved = methods.status === 'success' ? topupCards(methods.methods) : [];
  const { picked, form } = entry;
  const setPicked = (id: string) => onEntryChange({ ...entry, picked: id });
  // The default card until the user picks; a card that disappeared falls back the same way.
  const choice =
    picked === NEW_CARD || (picked && saved.some((m) => m.id === picked))
      ? picked
      : (preselectedCard(saved) ?? NEW_CARD);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const amount = formatMoney(parseCents(intent.amount) ?? 0, lang);
  const newCard = choice === NEW_CARD;
  const formRef = useRef<HTMLFormElement>(null);

  // Focus starts where the step asks first, once the saved cards are known: the chosen card, else the number.
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || methods.status === 'pending') return;
    focused.current = true;
    const target = newCard
      ? document.getElementById(stripe ? 'topup-card-name' : 'topup-card-number')
      : formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    target?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the cards are known
  }, [methods.status]);

  const fieldErrors: Partial<Record<CardField, string>> = {};
  for (const [field, key] of Object.entries(errors) as [CardField, string][]) fieldErrors[field] = t(key);
  if (newCard && failure?.field && !fieldErrors[failure.field]) fieldErrors[failure.field] = failure.message;
  // With Stripe, number, expiry and CVC are one field of Stripe's.
  const stripeCardError = stripe && newCard ? (fieldErrors.number ?? fieldErrors.expiry ?? fieldErrors.cvc) : undefined;
  const failureOnField = newCard && failure?.field != null;

  const submit = () => {
    if (paying) return;
    if (!newCard) {
      const card = saved.find((m) => m.id === choice);
      onPay({
        client: stripe?.client ?? sandboxClient,
        payWith: { kind: 'saved', paymentMethodId: choice },
        cardLabel: card ? maskedNumber(card.last4) : null,
      });
      return;
    }
    if (stripe) {
      const found: CardFormErrors = {};
      if (form.name.trim() === '') found.name = 'wallet.topup.card.errors.nameRequired';
      if (!stripe.card.complete) found.number = 'wallet.topup.card.errors.stripeIncomplete';
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      onPay({ client: stripe.client, payWith: { kind: 'element', name: form.name.trim() }, cardLabel: null });
      return;
    }
    const found = checkNewCard(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['number', 'name', 'expiry', 'cvc'] as const).find((f) => found[f]);
      if (first) document.getElementById(`topup-card-${first}`)?.focus();
      return;
    }
    onPay({
      client: sandboxClient,
      payWith: { kind: 'card', card: sandboxCard(form) },
      cardLabel: maskedNumber(digitsOf(form.number).slice(-4)),
    });
  };

  const editForm = (next: NewCardForm) => {
    const changed = (Object.keys(next) as (keyof NewCardForm)[]).filter((k) => next[k] !== form[k]);
    onEntryChange({ ...entry, form: next });
    if (changed.some((k) => errors[k])) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !changed.includes(k as CardField))));
    }
    if (failure) onEdit();
  };

  return (
    <form
      ref={formRef}
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-busy={paying || undefined}
      data-testid="topup-card-step"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-4 py-3">
        <div>
          <p className="text-sm text-slate-600">{t('wallet.topup.card.amountLabel')}</p>
          <p className="text-lg font-semibold tabular-nums text-slate-900" data-testid="topup-card-amount">
            {amount}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={onChangeAmount}
          disabled={paying}
          data-testid="topup-change-amount"
        >
          {t('wallet.topup.card.changeAmount')}
        </Button>
      </div>

      {failure && !failureOnField ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="topup-pay-error"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">{failure.title}</span> {failure.message}
          </p>
        </div>
      ) : null}

      {methods.status === 'pending' ? <Spinner className="size-6" label={t('wallet.topup.card.loadingCards')} /> : null}
      {methods.status === 'error' ? (
        <p className="text-sm text-slate-600" data-testid="topup-cards-failed">
          {t('wallet.topup.card.cardsFailed')}
        </p>
      ) : null}

      {saved.length > 0 ? (
        <fieldset className="grid gap-2" disabled={paying}>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('wallet.topup.card.payWith')}</legend>
          {saved.map((m) => (
            <Choice
              key={m.id}
              name={groupName}
              value={m.id}
              checked={choice === m.id}
              onSelect={setPicked}
              testId="topup-saved-card"
            >
              <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
                <CardBrandIcon brand={m.brand} className="h-6 w-9" />
                <span className="font-medium text-slate-900">{t(brandNameKey(m.brand))}</span>
                <span className="font-mono tabular-nums text-slate-800">{maskedNumber(m.last4)}</span>
                <span className="text-sm text-slate-600">
                  {t('wallet.methods.expires', { date: expiryLabel(m.exp_month, m.exp_year) })}
                </span>
                {m.isDefault ? (
                  <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800">
                    {t('wallet.methods.default')}
                  </span>
                ) : null}
              </span>
            </Choice>
          ))}
          <Choice name={groupName} value={NEW_CARD} checked={newCard} onSelect={setPicked} testId="topup-new-card">
            <span className="font-medium text-slate-900">{t('wallet.topup.card.useNew')}</span>
          </Choice>
        </fieldset>
      ) : null}

      {newCard ? (
        <div className="grid gap-4">
          <CardForm
            value={form}
            onChange={editForm}
            errors={stripe ? { name: fieldErrors.name } : fieldErrors}
            disabled={paying}
            cardSlot={stripe ? stripe.cardField(stripeCardError) : undefined}
          />
          <p className="text-xs text-slate-600">{t('wallet.topup.card.saveNote')}</p>
          {stripe ? null : <SandboxNote />}
        </div>
      ) : null}

      {/*
        Pinned to the bottom of the dialog's scrolling body, so Pay stays in reach below a long form. A
        sticky box stops at the scroller's padding; -bottom-5 undoes the body's bottom padding (py-5), so
        the bar is flush with the dialog's bottom and nothing scrolls by under it.
      */}
      <div
        data-testid="topup-pay-bar"
        className="sticky -bottom-5 z-10 -mx-4 -mb-5 flex flex-col rounded-b-xl border-t border-slate-200 bg-white px-4 py-3 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6"
      >
        <Button type="submit" disabled={paying} aria-busy={paying || undefined} data-testid="topup-pay">
          {paying ? (
            <>
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
              {t('wallet.topup.card.paying')}
            </>
          ) : (
            t('wallet.topup.card.pay', { amount })
          )}
        </Button>
      </div>
    </form>
  );
}

function Choice({
  name,
  value,
  checked,
  onSelect,
  testId,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
        checked ? 'border-indigo-600 bg-indigo-50' : 'border-slate-300 bg-white hover:bg-slate-50',
      )}
      data-testid={testId}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="size-4 shrink-0 accent-indigo-600"
      />
      {children}
    </label>
  );
}

/** Test mode: no real card is charged, and these numbers show each outcome. */
function SandboxNote() {
  const { t } = useTranslation();
  const cards: [string, string][] = [
    ['4242 4242 4242 4242', 'wallet.topup.sandbox.succeeds'],
    ['4000 0000 0000 0002', 'wallet.topup.sandbox.declined'],
    ['4000 0027 6000 3184', 'wallet.topup.sandbox.authentication'],
  ];
  return (
    <aside
      aria-labelledby="topup-sandbox-title"
      className="grid gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
      data-testid="topup-sandbox-note"
    >
      <p id="topup-sandbox-title" className="flex items-center gap-2 font-semibold">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        {t('wallet.topup.sandbox.title')}
      </p>
      <p>{t('wallet.topup.sandbox.description')}</p>
      <ul className="grid gap-1">
        {cards.map(([number, key]) => (
          <li key={number} className="flex flex-wrap gap-x-2">
            <span className="font-mono tabular-nums">{number}</span>
            <span className="text-sky-900">{t(key)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
