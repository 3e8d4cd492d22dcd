import { useState } from 'react';
import { CreditCard, Star } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCustomerWithPayments } from '../../../../shared/contracts/admin';
import { parseCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { customersWithPaymentsQuery } from '../pricing-api';
import { expiryMonthYear } from '../pricing-format';
import { ChargeDialog, type ChargeTarget } from './charge-dialog';
import { Badge, ListState, useLang } from './pricing-ui';

function CustomerCard({
  customer,
  onCharge,
}: {
  customer: TCustomerWithPayments;
  onCharge: (card: TCustomerWithPayments['paymentMethods'][number]) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li
      className="grid gap-4 rounded-lg border border-slate-200 p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      data-testid="charge-customer"
      data-user-id={customer.userId}
    >
      <div className="grid min-w-0 content-start gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="break-words font-semibold text-slate-900" data-testid="charge-customer-name">
            {customer.name}
          </p>
          {customer.isActive ? null : <Badge tone="slate">{t('admin.charges.inactive')}</Badge>}
        </div>
        <p className="wrap-anywhere text-sm text-slate-600">{customer.email}</p>
        <p className="text-sm text-slate-600">{customer.organization?.name ?? t('admin.charges.noOrganization')}</p>
        <p className="mt-1 text-sm text-slate-700">
          {t('admin.charges.walletBalance')}{' '}
          <span className="font-semibold tabular-nums text-slate-900" data-testid="charge-customer-balance">
            {formatMoney(parseCents(customer.wallet.balance) ?? 0, lang)}
          </span>
        </p>
        {customer.isActive ? null : <p className="text-xs text-slate-600">{t('admin.charges.inactiveHint')}</p>}
      </div>
      <ul className="grid content-start gap-2" aria-label={t('admin.charges.cardsOf', { name: customer.name })}>
        {customer.paymentMethods.map((method) => (
          <li
            key={method.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2"
            data-testid="charge-card-row"
          >
            <span className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
              <CreditCard className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>
                {t('admin.charges.cardLine', {
                  brand: t(`admin.charges.brands.${method.card.brand}`),
                  last4: method.card.last4,
                  expiry: expiryMonthYear(method.card.exp_month, method.card.exp_year),
                })}
              </span>
              {method.isDefault ? (
                <span className="inline-flex items-center gap-1 text-xs text-slate-600">
                  <Star className="size-3" aria-hidden="true" />
                  {t('admin.charges.default')}
                </span>
              ) : null}
            </span>
            <Button
              size="sm"
              onClick={() => onCharge(method)}
              disabled={!customer.isActive}
              aria-label={t('admin.charges.chargeCard', {
                name: customer.name,
                brand: t(`admin.charges.brands.${method.card.brand}`),
                last4: method.card.last4,
              })}
              data-testid="charge-button"
            >
              {t('admin.charges.charge')}
            </Button>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Customer charges (spec §2 Charges tab): customers with saved cards, each with name, email,
 * organization, wallet balance and cards; a Charge button per card opens the charge dialog.
 */
export function ChargesTab() {
  const { t } = useTranslation();
  const customers = useQuery(customersWithPaymentsQuery);
  const [target, setTarget] = useState<ChargeTarget | null>(null);
  const list = customers.data ?? [];

  return (
    <section
      aria-labelledby="admin-charges-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="admin-charges"
    >
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id="admin-charges-title" className="text-base font-semibold text-slate-900">
          {t('admin.charges.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('admin.charges.subtitle')}</p>
      </div>
      {customers.isPending ? (
        <ListState state="loading" testId="charges" />
      ) : customers.isError ? (
        <ListState
          state="error"
          error={customers.error}
          onRetry={() => void customers.refetch()}
          retrying={customers.isFetching}
          testId="charges"
        />
      ) : list.length === 0 ? (
        <ListState state="empty" emptyText={t('admin.charges.empty')} testId="charges" />
      ) : (
        <ul className="grid gap-3 p-4 sm:p-6">
          {list.map((customer) => (
            <CustomerCard
              key={customer.userId}
              customer={customer}
              onCharge={(card) => setTarget({ customer, card })}
            />
          ))}
        </ul>
      )}
      <ChargeDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
