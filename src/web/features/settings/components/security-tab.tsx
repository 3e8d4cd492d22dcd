import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { LIMITS, SETTINGS_FORM_MESSAGES as M } from '../../../../shared/contracts/limits';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { describeError, formErrorText } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { useChangePassword } from '../api';
import { applyFieldErrors } from './apply-field-errors';

const schema = z
  .object({
    currentPassword: z.string().min(1, M.currentRequired).max(LIMITS.passwordMax, M.passwordMax),
    newPassword: z.string().min(LIMITS.passwordMin, M.passwordMin).max(LIMITS.passwordMax, M.passwordMax),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'settings.validation.passwordsMismatch',
  });
type Values = z.infer<typeof schema>;

const TAG = 'settings.security.save';

export function SecurityTab() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  });

  // Mismatch or too short: the resolver stops here and no call is made.
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    dismissToasts(TAG);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast({ title: { key: 'settings.security.saved' }, variant: 'success', tag: TAG });
    } catch (error) {
      // A wrong current password answers WRONG_PASSWORD with fieldErrors.currentPassword.
      applyFieldErrors<Values>(error, ['currentPassword', 'newPassword'], setError);
      toast({
        title: { key: 'settings.security.failed' },
        description: describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  });

  const err = (key: keyof Values) => formErrorText(errors[key]?.message, t);

  return (
    <Card>
      <CardHeader title={t('settings.security.title')} description={t('settings.security.description')} />
      <form onSubmit={onSubmit} noValidate className="grid max-w-lg gap-5 p-6">
        <Field label={t('settings.security.current')} error={err('currentPassword')}>
          <PasswordInput id="security-current" autoComplete="current-password" {...register('currentPassword')} />
        </Field>
        <Field label={t('settings.security.new')} error={err('newPassword')} hint={t('settings.security.hint')}>
          <PasswordInput id="security-new" autoComplete="new-password" {...register('newPassword')} />
        </Field>
        <Field label={t('settings.security.confirm')} error={err('confirmPassword')}>
          <Input id="security-confirm" type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('settings.security.updating') : t('settings.security.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
