import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useOrganization, useUpdateOrganization } from '../api';
import { applyFieldErrors } from './apply-field-errors';

const schema = z.object({
  name: z.string().trim().min(1, 'settings.validation.orgNameRequired').max(200, 'settings.validation.tooLong'),
  address: z.string().trim().max(500, 'settings.validation.tooLong'),
});
type Values = z.infer<typeof schema>;

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
    try {
      await update.mutateAsync(values);
      toast({ title: t('settings.organization.saved'), variant: 'success' });
    } catch (error) {
      applyFieldErrors<Values>(error, ['name', 'address'], setError);
      toast({
        title: t('settings.organization.failed'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    }
  });

  const err = (key: keyof Values) => (errors[key]?.message ? t(errors[key]!.message!) : undefined);

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
