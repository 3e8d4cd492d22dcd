import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';

/**
 * Saved cards arrive with card payments (their own issue): until then the section shows its empty
 * state and the way to the card screen; it asks the server nothing.
 */
export function PaymentMethods() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="payment-methods-title"
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
      <div className="flex items-center gap-3 px-6 py-5 text-sm text-slate-600" data-testid="payment-methods-empty">
        <CreditCard className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <p>{t('wallet.methods.empty')}</p>
      </div>
    </section>
  );
}
