import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatCardNumber, formatExpiry, type CardField, type NewCardForm } from '../topup';

/**
 * A new card (spec §3 Saved card: number, cardholder name, expiry, CVC). With Stripe, `cardSlot` is
 * Stripe's own card field in place of number, expiry and CVC (the number never reaches our page).
 * Errors arrive in the user's language, one per field.
 */
export function CardForm({
  value,
  onChange,
  errors,
  disabled,
  cardSlot,
}: {
  value: NewCardForm;
  onChange: (value: NewCardForm) => void;
  errors: Partial<Record<CardField, string>>;
  disabled: boolean;
  cardSlot?: ReactNode;
}) {
  const { t } = useTranslation();
  const set = (field: keyof NewCardForm) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const next = field === 'number' ? formatCardNumber(raw) : field === 'expiry' ? formatExpiry(raw) : raw;
    onChange({ ...value, [field]: field === 'cvc' ? raw.replace(/\D/g, '').slice(0, 4) : next });
  };
  const name = (
    <Field label={t('wallet.topup.card.name')} error={errors.name} className="sm:col-span-2">
      <Input
        id="topup-card-name"
        autoComplete="cc-name"
        value={value.name}
        onChange={set('name')}
        readOnly={disabled}
        maxLength={100}
        data-testid="topup-card-name"
      />
    </Field>
  );
  if (cardSlot) {
    return (
      <div className="grid gap-4 sm:grid-cols-2" data-testid="topup-card-form">
        {name}
        <div className="sm:col-span-2">{cardSlot}</div>
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="topup-card-form">
      <Field label={t('wallet.topup.card.number')} error={errors.number} className="sm:col-span-2">
        <Input
          id="topup-card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={value.number}
          onChange={set('number')}
          readOnly={disabled}
          maxLength={23}
          className="font-mono tabular-nums"
          data-testid="topup-card-number"
        />
      </Field>
      {name}
      <Field label={t('wallet.topup.card.expiry')} error={errors.expiry}>
        <Input
          id="topup-card-expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('wallet.topup.card.expiryPlaceholder')}
          value={value.expiry}
          onChange={set('expiry')}
          readOnly={disabled}
          maxLength={5}
          className="tabular-nums"
          data-testid="topup-card-expiry"
        />
      </Field>
      <Field label={t('wallet.topup.card.cvc')} error={errors.cvc}>
        <Input
          id="topup-card-cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={value.cvc}
          onChange={set('cvc')}
          readOnly={disabled}
          maxLength={4}
          className="tabular-nums"
          data-testid="topup-card-cvc"
        />
      </Field>
    </div>
  );
}
