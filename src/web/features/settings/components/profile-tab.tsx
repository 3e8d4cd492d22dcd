import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { TUser } from '../../../../shared/contracts/user';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api';
import { applyFieldErrors } from './apply-field-errors';
import { EmailChangePanel } from './email-change-panel';

const schema = z.object({
  firstName: z.string().trim().min(1, 'settings.validation.required').max(100, 'settings.validation.tooLong'),
  lastName: z.string().trim().min(1, 'settings.validation.required').max(100, 'settings.validation.tooLong'),
  email: z
    .string()
    .trim()
    .min(1, 'settings.validation.required')
    .email('settings.validation.email')
    .max(254, 'settings.validation.tooLong'),
});
type Values = z.infer<typeof schema>;

export function ProfileTab({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await update.mutateAsync(values);
      reset({
        firstName: updated.firstName,
        lastName: updated.lastName,
        email: updated.email,
      });
      // A new email only becomes pending; the panel below asks for the code mailed to it.
      if (updated.pendingEmail) {
        toast({ title: t('settings.emailChange.codeSent', { email: updated.pendingEmail }), variant: 'success' });
      } else {
        toast({ title: t('settings.profile.saved'), variant: 'success' });
      }
    } catch (error) {
      applyFieldErrors<Values>(error, ['firstName', 'lastName', 'email'], setError);
      if (isApiError(error) && error.code === 'EMAIL_TAKEN') setError('email', { message: errorMessage(error, t) });
      toast({
        title: t('settings.profile.failed'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    }
  });

  const err = (key: keyof Values) => (errors[key]?.message ? t(errors[key]!.message!) : undefined);

  return (
    <Card>
      <CardHeader title={t('settings.profile.title')} description={t('settings.profile.description')} />
      {user.pendingEmail ? (
        <div className="px-6 pt-6">
          <EmailChangePanel key={user.pendingEmail} user={user} pendingEmail={user.pendingEmail} />
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-5 p-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('settings.profile.firstName')} error={err('firstName')}>
            <Input id="profile-first-name" autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field label={t('settings.profile.lastName')} error={err('lastName')}>
            <Input id="profile-last-name" autoComplete="family-name" {...register('lastName')} />
          </Field>
        </div>
        <Field label={t('settings.profile.email')} error={err('email')}>
          <Input id="profile-email" type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field label={t('settings.profile.role')} hint={t('settings.profile.roleHint')}>
          <Input id="profile-role" readOnly value={t(`roles.${user.role}`)} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending || !isDirty}>
            {update.isPending ? t('common.saving') : t('common.saveChanges')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
