import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { LIMITS, SETTINGS_FORM_MESSAGES as M } from '../../../../shared/contracts/limits';
import { hasControlCharacters } from '../../../../shared/contracts/fields';
import type { TUser } from '../../../../shared/contracts/user';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { describeError, formErrorText, packTextRef } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api';
import { applyFieldErrors } from './apply-field-errors';
import { EmailChangePanel } from './email-change-panel';

const TAG = 'settings.profile.save';
const tooLong = (max: number) => packTextRef({ key: 'errors.validation.tooLong', values: { max } });

const personName = z
  .string()
  .refine((v) => !hasControlCharacters(v), 'errors.validation.controlCharacters')
  .transform((v) => v.trim())
  .pipe(z.string().min(1, M.required).max(LIMITS.personNameMax, tooLong(LIMITS.personNameMax)));

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The form's rules; a different email needs the current password (checked again by the server). */
function profileSchema(currentEmail: string) {
  return z
    .object({
      firstName: personName,
      lastName: personName,
      email: z.string().trim().min(1, M.required).email(M.email).max(LIMITS.emailMax, tooLong(LIMITS.emailMax)),
      currentPassword: z.string().max(LIMITS.passwordMax, M.passwordMax),
    })
    .refine((v) => sameEmail(v.email, currentEmail) || v.currentPassword.length > 0, {
      path: ['currentPassword'],
      message: 'errors.validation.currentPasswordForEmail',
    });
}
type Values = z.input<ReturnType<typeof profileSchema>>;

export function ProfileTab({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const schema = useMemo(() => profileSchema(user.email), [user.email]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      currentPassword: '',
    },
  });
  const emailChanging = !sameEmail(watch('email') ?? '', user.email);

  const onSubmit = handleSubmit(async (values) => {
    dismissToasts(TAG);
    const email = values.email.trim();
    try {
      const updated = await update.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        // Only sent with a new email: a names-only save needs no password.
        ...(sameEmail(email, user.email) ? {} : { currentPassword: values.currentPassword }),
      });
      reset({
        firstName: updated.firstName,
        lastName: updated.lastName,
        email: updated.email,
        currentPassword: '',
      });
      // A new email only becomes pending; the panel above asks for the code mailed to it. A names-only save
      // (even with a change pending) just says it saved.
      if (updated.pendingEmail && !sameEmail(email, user.email)) {
        toast({
          title: { key: 'settings.emailChange.codeSent', values: { email: updated.pendingEmail } },
          variant: 'success',
          tag: TAG,
        });
      } else {
        toast({ title: { key: 'settings.profile.saved' }, variant: 'success', tag: TAG });
      }
    } catch (error) {
      applyFieldErrors<Values>(error, ['firstName', 'lastName', 'email', 'currentPassword'], setError);
      toast({
        title: { key: 'settings.profile.failed' },
        description: describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  });

  const err = (key: keyof Values) => formErrorText(errors[key]?.message, t);

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
        {emailChanging ? (
          <div
            className="grid gap-5 rounded-md border border-slate-200 bg-slate-50 p-4"
            data-testid="email-change-password"
          >
            <Field
              label={t('settings.profile.currentPassword')}
              hint={t('settings.profile.currentPasswordHint')}
              error={err('currentPassword')}
            >
              <PasswordInput
                id="profile-current-password"
                autoComplete="current-password"
                {...register('currentPassword')}
              />
            </Field>
          </div>
        ) : null}
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
