import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { LIMITS, SETTINGS_FORM_MESSAGES as M } from '../../../../shared/contracts/limits';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { hasControlCharacters } from '../../../../shared/contracts/fields';
import { describeError, formErrorText, packTextRef } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { useOrganization, useUpdateOrganization } from '../api';
import { applyFieldErrors } from './apply-field-errors';

const TAG = 'settings.organization.save';
const tooLong = (max: number) => packTextRef({ key: 'errors.validation.tooLong', values: { max } });

const schema = z.object({
  name: z
    .string()
    .refine((v) => !hasControlCharacters(v), 'errors.validation.controlCharacters')
    .transform((v) => v.trim())
    .pipe(z.string().min(1, M.orgNameRequired).max(LIMITS.organizationNameMax, tooLong(LIMITS.organizationNameMax))),
  address: z.string().trim().max(LIMITS.organizationAddressMax, tooLong(LIMITS.organizationAddressMax)),
});
type Values = z.input<typeof schema>;

export function OrganizationTab() {
  const { t } = useTranslation();
  const org = useOrganization();
  const update = useUpdateOrganization();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    values: org.data ? { name: org.data.name, address: org.data.address ?? '' } : undefined,
  });

  const onSubmit = handleSubmit(async (values) => {
    dismissToasts(TAG);
    try {
      await update.mutateAsync({ name: values.name.trim(), address: values.address.trim() });
      toast({ title: { key: 'settings.organization.saved' }, variant: 'success', tag: TAG });
    } catch (error) {
      applyFieldErrors<Values>(error, ['name', 'address'], setError);
      toast({
        title: { key: 'settings.organization.failed' },
        description: describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  });

  const err = (key: keyof Values) => formErrorText(errors[key]?.message, t);

  return (
    <Card>
      <CardHeader title={t('settings.organization.title')} description={t('settings.organization.description')} />
      {org.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : org.isError ? (
        <div className="p-6">
          <Banner variant="error">{t('settings.organization.loadFailed')}</Banner>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-5 p-6">
          <Field label={t('settings.organization.name')} error={err('name')}>
            <Input id="org-name" autoComplete="organization" {...register('name')} />
          </Field>
          <Field label={t('settings.organization.address')} error={err('address')}>
            <Textarea id="org-address" autoComplete="street-address" rows={3} {...register('address')} />
          </Field>
          <Field label={t('settings.organization.id')}>
            <Input id="org-id" readOnly value={org.data.id} className="font-mono text-xs" />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending || !isDirty}>
              {update.isPending ? t('common.saving') : t('common.saveChanges')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
