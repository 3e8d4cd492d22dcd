import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RECIPIENT_LANGUAGES } from '../../../../shared/contracts/addresses';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { ShipmentForm } from '../shipment-draft';

/**
 * "Email the recipient" (issue 27): off by default; when on, the receiver gets a mail when the label
 * is bought (with the tracking number and link) and when it is delivered, in the language chosen here
 * — never a price. The receiver's email above is then required.
 */
export function RecipientMailFields({ form }: { form: UseFormReturn<ShipmentForm> }) {
  const { t } = useTranslation();
  const on = form.watch('recipientMail.notify');
  return (
    <div className="grid gap-3 border-t border-slate-200 px-6 py-4" data-testid="recipient-mail">
      <Checkbox
        id="receiver-notify"
        label={t('shipment.recipientMail.notify')}
        aria-describedby="receiver-notify-hint"
        {...form.register('recipientMail.notify', {
          // The email's own "required" shows (or goes) as the switch changes, once the form was sent.
          onChange: () => {
            if (form.formState.isSubmitted) void form.trigger('receiver.email');
          },
        })}
      />
      <p id="receiver-notify-hint" className="text-xs text-slate-500">
        {t('shipment.recipientMail.hint')}
      </p>
      {on ? (
        <div className="max-w-xs">
          <Field label={t('shipment.recipientMail.language')}>
            <select
              id="receiver-notify-language"
              className={cn(inputClass, 'h-10 pr-8')}
              {...form.register('recipientMail.language')}
            >
              {RECIPIENT_LANGUAGES.map((lang) => (
                <option key={lang} value={lang}>
                  {t(`shipment.recipientMail.languages.${lang}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
    </div>
  );
}
