import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PACKAGE_TYPES } from '../../../../shared/contracts/rates';
import type { TSavedParcel } from '../../../../shared/contracts/parcels';
import { cmToIn, kgToLb } from '../../../../shared/units';
import { SavedParcelPicker } from '../../../components/saved-parcel-picker';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { parseDecimal, type ShipmentForm } from '../shipment-draft';
import { fieldErrorText } from './form-error';

/** A saved parcel (kg, cm) into the form's pounds and inches (decision 038). */
function fillFromSavedParcel(form: UseFormReturn<ShipmentForm>, parcel: TSavedParcel) {
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  form.setValue('package.weight', String(kgToLb(parcel.weight)), options);
  form.setValue('package.length', String(cmToIn(parcel.length)), options);
  form.setValue('package.width', String(cmToIn(parcel.width)), options);
  form.setValue('package.height', String(cmToIn(parcel.height)), options);
  form.setValue('package.type', parcel.type, options);
}

/** One package: weight in lb, sides in inches (converted to kg and cm for the quote). */
export function PackageFields({ form }: { form: UseFormReturn<ShipmentForm> }) {
  const { t, i18n } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  const err = errors.package;
  const error = (field: keyof ShipmentForm['package']) => fieldErrorText(err?.[field], t, i18n.language);
  const number = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;
  // Blank or 0 declares no value: the parcel goes uninsured, which the line under the field says (issue 22).
  const declared = form.watch('package.insuranceValue') ?? '';
  const uncovered = declared.trim() === '' || parseDecimal(declared) === 0;

  return (
    <Card data-testid="package-form">
      <CardHeader title={t('shipment.package.title')} description={t('shipment.package.description')} />
      <div className="grid items-start gap-4 p-6 sm:grid-cols-2 lg:grid-cols-4">
        <SavedParcelPicker className="sm:col-span-2" onPick={(parcel) => fillFromSavedParcel(form, parcel)} />
        <Field label={t('shipment.package.weight')} error={error('weight')}>
          <Input id="package-weight" {...number} {...register('package.weight')} />
        </Field>
        <Field label={t('shipment.package.length')} error={error('length')}>
          <Input id="package-length" {...number} {...register('package.length')} />
        </Field>
        <Field label={t('shipment.package.width')} error={error('width')}>
          <Input id="package-width" {...number} {...register('package.width')} />
        </Field>
        <Field label={t('shipment.package.height')} error={error('height')}>
          <Input id="package-height" {...number} {...register('package.height')} />
        </Field>
        <Field label={t('shipment.package.type')} error={error('type')}>
          <select id="package-type" className={cn(inputClass, 'h-10')} {...register('package.type')}>
            {PACKAGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`shipment.packageTypes.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('shipment.package.insuranceValue')}
          hint={uncovered ? t('coverage.none') : t('coverage.hint')}
          error={error('insuranceValue')}
        >
          <Input id="package-value" {...number} {...register('package.insuranceValue')} />
        </Field>
        <Field
          label={t('shipment.package.contents')}
          optional={t('common.optional')}
          error={error('description')}
          className="sm:col-span-2"
        >
          <Input id="package-description" maxLength={500} {...register('package.description')} />
        </Field>
      </div>
    </Card>
  );
}
