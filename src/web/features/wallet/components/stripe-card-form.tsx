/**
 * Stripe's side of the card step, loaded (with Stripe.js) only when the server's provider is Stripe:
 * Elements around the step, Stripe's own card field, and a payment client on Stripe.js. Cannot run
 * here without the internet; the client it builds is unit-tested in payment-client.test.ts.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { createStripeClient, type PaymentClient } from '../payment-client';

export type StripeCardState = { complete: boolean; empty: boolean; error: string | null };

export type StripeKit = {
  client: PaymentClient;
  /** Stripe's card field (number, expiry, CVC, postal code) with its label and error. */
  cardField: (error: string | undefined) => ReactNode;
  card: StripeCardState;
};

// One Stripe.js per publishable key for the page's life (Stripe asks not to load it per render).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = import('@stripe/stripe-js').then((m) => m.loadStripe(publishableKey));
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function StripeInner({ children }: { children: (kit: StripeKit) => ReactNode }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [card, setCard] = useState<StripeCardState>({ complete: false, empty: true, error: null });
  const client = useMemo(
    () => (stripe && elements ? createStripeClient(stripe, () => elements.getElement(CardElement)) : null),
    [stripe, elements],
  );
  if (!client) return <Spinner className="size-6" label={t('wallet.topup.card.stripeLoading')} />;
  const cardField = (error: string | undefined) => (
    <div className="grid gap-1.5">
      <span id="topup-stripe-card-label" className="text-sm font-medium text-slate-800">
        {t('wallet.topup.card.details')}
      </span>
      <div
        className="rounded-md border border-slate-300 bg-white px-3 py-3 shadow-sm focus-within:border-indigo-600 focus-within:outline-2 focus-within:outline-indigo-600"
        aria-labelledby="topup-stripe-card-label"
        data-testid="topup-stripe-card"
      >
        <CardElement
          options={{ style: { base: { fontSize: '15px', color: '#0f172a', '::placeholder': { color: '#94a3b8' } } } }}
          onChange={(event: StripeCardElementChangeEvent) =>
            setCard({ complete: event.complete, empty: event.empty, error: event.error?.message ?? null })
          }
        />
      </div>
      {error || card.error ? (
        <p role="alert" className="text-sm text-red-700">
          {error ?? card.error}
        </p>
      ) : null}
    </div>
  );
  return <>{children({ client, cardField, card })}</>;
}

export default function StripeCardScope({
  publishableKey,
  children,
}: {
  publishableKey: string;
  children: (kit: StripeKit) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<{ stripe: Stripe } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let alive = true;
    stripeFor(publishableKey).then(
      (stripe) => alive && setState(stripe ? { stripe } : 'failed'),
      () => alive && setState('failed'),
    );
    return () => {
      alive = false;
    };
  }, [publishableKey]);
  if (state === 'loading') return <Spinner className="size-6" label={t('wallet.topup.card.stripeLoading')} />;
  if (state === 'failed') {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {t('wallet.topup.card.stripeFailed')}
      </p>
    );
  }
  return (
    <Elements stripe={state.stripe} options={{ locale: i18n.language === 'zh' ? 'zh' : 'en' }}>
      <StripeInner>{children}</StripeInner>
    </Elements>
  );
}
