import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CreditCard, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button';
import { CardBrandIcon } from '../../../components/card-brand-icon';
import { brandNameKey } from '../../../lib/card-format';
import { paymentMethodsQuery } from '../cards-api';
import { expiryLabel, maskedNumber, summarizeCards } from '../topup';

/**
 * Payment methods (spec §2 Wallet): the default card masked with brand, expiry MM/YY and a default
 * badge; a warning with the count when cards exist but none is default; an empty message; Manage cards.
 */
export function PaymentMethods() {
  const { t } = useTranslation();
  const cards = useQuery(paymentMethodsQuery);
  const summary = cards.data ? summarizeCards(cards.data.paymentMethods) : null;
  return (
    <section
      aria-labelledby="payment-methods-title"
      aria-busy={cards.isPending || undefined}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="payment-methods"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-6 py-4">
        <h2 id="payment-methods-title" className="text-base font-semibold text-slate-900">
          {t('wallet.methods.title')}
        </h2>
        <Link to="/manage-cards" className={buttonClass('secondary', 'sm')} data-testid="manage-cards-link">
          {t('wallet.methods.manage')}
        </Link>
      </div>
      <div className="px-6 py-5 text-sm">
        {cards.isPending ? (
          <div className="flex animate-pulse items-center gap-3" data-testid="payment-methods-loading">
            <span className="h-7 w-11 rounded bg-slate-200" aria-hidden="true" />
            <span className="h-4 w-40 rounded bg-slate-200" aria-hidden="true" />
            <span role="status" className="sr-only">
              {t('wallet.methods.loading')}
            </span>
          </div>
        ) : cards.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 text-red-800"
            data-testid="payment-methods-error"
          >
            <p>{t('wallet.methods.failed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void cards.refetch()} disabled={cards.isFetching}>
              <RefreshCw className={cards.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
              {t('wallet.retry')}
            </Button>
          </div>
        ) : summary?.kind === 'default' ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="payment-methods-default">
            <CardBrandIcon brand={summary.card.brand} />
            <div className="grid min-w-0 gap-0.5">
              <p className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
                {t(brandNameKey(summary.card.brand))}
                <span className="font-mono tabular-nums" data-testid="default-card-number">
                  {maskedNumber(summary.card.last4)}
                </span>
              </p>
              <p className="text-slate-600" data-testid="default-card-expiry">
                {t('wallet.methods.expires', { date: expiryLabel(summary.card.exp_month, summary.card.exp_year) })}
              </p>
            </div>
            <span
              className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800"
              data-testid="default-card-badge"
            >
              {t('wallet.methods.default')}
            </span>
            {summary.count > 1 ? (
              <p className="w-full text-slate-600 sm:ml-auto sm:w-auto" data-testid="payment-methods-count">
                {t('wallet.methods.others', { count: summary.count - 1 })}
              </p>
            ) : null}
          </div>
        ) : summary?.kind === 'noDefault' ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900"
            data-testid="payment-methods-no-default"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>{t('wallet.methods.noDefault', { count: summary.count })}</p>
          </div>
        ) : (
          <div className="flex items-center gap-3 text-slate-600" data-testid="payment-methods-empty">
            <CreditCard className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <p>{t('wallet.methods.empty')}</p>
          </div>
        )}
      </div>
    </section>
  );
}
