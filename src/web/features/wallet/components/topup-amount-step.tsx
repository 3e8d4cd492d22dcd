import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TOPUP_QUICK_AMOUNTS } from '../../../../shared/contracts/payments';
import { parseCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { quickAmountText, TOPUP_CENTS } from '../topup';

/** Spec §4: the amount, with the quick amounts 50, 100, 200, 500 and a field stepping by 0.01. */
export function TopupAmountStep({
  amount,
  onAmountChange,
  error,
  failure,
  creating,
  onSubmit,
  onCancel,
}: {
  amount: string;
  onAmountChange: (amount: string) => void;
  /** The amount's problem, already in the user's language. */
  error: string | undefined;
  /** Preparing the payment failed for another reason (the server, the network), in the user's language. */
  failure?: string;
  /** The payment intent is being created. */
  creating: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const typed = parseCents(amount.trim());
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!creating) onSubmit();
      }}
      data-testid="topup-amount-step"
    >
      {failure ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="topup-prepare-error"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">{t('wallet.topup.errors.paymentError')}</span> {failure}
          </p>
        </div>
      ) : null}
      <fieldset className="grid gap-2" disabled={creating}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('wallet.topup.amount.quick')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {TOPUP_QUICK_AMOUNTS.map((dollars) => {
            const selected = typed === dollars * 100;
            return (
              <button
                key={dollars}
                type="button"
                aria-pressed={selected}
                onClick={() => onAmountChange(quickAmountText(dollars))}
                className={cn(
                  'h-11 cursor-pointer rounded-md border text-sm font-semibold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60',
                  selected
                    ? 'border-indigo-600 bg-indigo-50 text-indigo-800'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                )}
                data-testid={`topup-quick-${dollars}`}
              >
                {formatMoney(dollars * 100, lang)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <Field
        label={t('wallet.topup.amount.label')}
        hint={t('wallet.topup.amount.hint', {
          min: formatMoney(TOPUP_CENTS.min, lang),
          max: formatMoney(TOPUP_CENTS.max, lang),
        })}
        error={error}
      >
        <Input
          id="topup-amount"
          type="number"
          inputMode="decimal"
          min={TOPUP_CENTS.min / 100}
          max={TOPUP_CENTS.max / 100}
          step={0.01}
          placeholder="0.00"
          autoComplete="off"
          value={amount}
          onChange={(event) => onAmountChange(event.target.value)}
          readOnly={creating}
          data-testid="topup-amount"
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={creating}>
          {t('wallet.topup.cancel')}
        </Button>
        <Button type="submit" disabled={creating} aria-busy={creating || undefined} data-testid="topup-continue">
          {creating ? (
            <>
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
              {t('wallet.topup.amount.creating')}
            </>
          ) : (
            t('wallet.topup.amount.continue')
          )}
        </Button>
      </div>
    </form>
  );
}
