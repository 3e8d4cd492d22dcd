import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, AUTH_FORM_MESSAGES as M } from '../../../../shared/contracts/limits';
import { hasControlCharacters } from '../../../../shared/contracts/fields';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { describeError, fieldErrorRef, formErrorText, packTextRef } from '../../../lib/error-message';
import { currentLanguage } from '../../../lib/i18n';
import { userQueryKey } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCountdown } from '../../../lib/use-countdown';
import { CODE_RESEND_GAP_SECONDS } from '../../../../shared/contracts/auth';
import { authApi } from '../api';
import { clearAuthFlow, saveAuthFlow } from '../auth-flow';
import type { AuthFormProps } from './auth-types';
import { LinkButton } from './link-button';
import { ResendWait } from './resend-wait';

const tooLong = (max: number) => packTextRef({ key: 'errors.validation.tooLong', values: { max } });
const oneLine = (schema: z.ZodString) =>
  schema.refine((v) => !hasControlCharacters(v), 'errors.validation.controlCharacters');

const schema = z.object({
  organizationName: oneLine(z.string())
    .transform((v) => v.trim())
    .pipe(z.string().max(LIMITS.organizationNameMax, tooLong(LIMITS.organizationNameMax))),
  firstName: oneLine(z.string())
    .transform((v) => v.trim())
    .pipe(z.string().min(1, M.firstNameRequired).max(LIMITS.personNameMax, tooLong(LIMITS.personNameMax))),
  lastName: oneLine(z.string())
    .transform((v) => v.trim())
    .pipe(z.string().min(1, M.lastNameRequired).max(LIMITS.personNameMax, tooLong(LIMITS.personNameMax))),
  email: z.string().trim().min(1, M.emailRequired).email(M.emailInvalid),
  password: z.string().min(LIMITS.passwordMin, M.passwordMin).max(LIMITS.passwordMax, M.passwordMax),
  code: z.string(),
});
type Values = z.input<typeof schema>;

/** The fields Send Code needs, in the order they appear. */
const REQUIRED = [
  ['firstName', 'auth.validation.firstNameRequired'],
  ['lastName', 'auth.validation.lastNameRequired'],
  ['email', 'auth.validation.emailRequired'],
  ['password', 'auth.validation.passwordRequired'],
] as const;

export function RegisterForm({ switchMode, showError, showSuccess, clearBanners }: AuthFormProps) {
  const { t, i18n } = useTranslation();
  // A Chinese name is written family name first (王小明), so the Chinese form asks 姓氏 first.
  const familyNameFirst = i18n.language === 'zh';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [resending, setResending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  // Until the server allows another code (Send Code again or Resend), from its retryAfter.
  const wait = useCountdown();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    trigger,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      organizationName: '',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      code: '',
    },
  });

  // A field's error goes as soon as the field is edited.
  const field = (name: keyof Values) => register(name, { onChange: () => clearErrors(name) });

  async function sendCode() {
    clearBanners();
    const v = getValues();
    const missing = REQUIRED.filter(([name]) => !String(v[name] ?? '').trim());
    if (missing.length > 0) {
      for (const [name, key] of missing) setError(name, { type: 'required', message: key });
      // The first empty field as the form shows them (姓氏 before 名字 in Chinese).
      const first =
        familyNameFirst && missing[1]?.[0] === 'lastName' && missing[0][0] === 'firstName' ? 'lastName' : missing[0][0];
      setFocus(first);
      showError({ key: 'auth.register.fillRequiredFirst' });
      return;
    }
    const names = familyNameFirst ? (['lastName', 'firstName'] as const) : (['firstName', 'lastName'] as const);
    if (!(await trigger(['organizationName', ...names, 'email', 'password'], { shouldFocus: true }))) return;
    setSending(true);
    try {
      const email = v.email.trim();
      const answer = await authApi.register({
        email,
        password: v.password,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        organizationName: v.organizationName.trim() || undefined,
        locale: currentLanguage(),
      });
      const to = answer?.email ?? email;
      setSentTo(to);
      setValue('code', '');
      clearErrors('code');
      // The next code may be asked for in 30 s: count down from now. A reload returns to this code entry.
      saveAuthFlow({ mode: 'verify-email', email: to, resendAt: wait.start(CODE_RESEND_GAP_SECONDS) });
      showSuccess({ key: 'auth.codeSent' });
    } catch (error) {
      let first: keyof Values | null = null;
      if (isApiError(error) && error.fieldErrors) {
        for (const name of Object.keys(error.fieldErrors)) {
          const ref = fieldErrorRef(error, name);
          if (name in schema.shape && ref) {
            setError(name as keyof Values, { type: 'server', message: packTextRef(ref) });
            first ??= name as keyof Values;
          }
        }
      }
      if (first) setFocus(first);
      // Asked too soon: the live countdown says how long to wait (no banner with a number that goes stale).
      if (isApiError(error) && error.status === 429 && error.retryAfter) wait.start(error.retryAfter);
      else showError(describeError(error));
    } finally {
      setSending(false);
    }
  }

  async function resend() {
    if (!sentTo) return;
    clearBanners();
    // The complaint about the last code typed no longer applies once a new one is asked for.
    clearErrors('code');
    setResending(true);
    try {
      await authApi.sendOtp(sentTo);
      saveAuthFlow({ mode: 'verify-email', email: sentTo, resendAt: wait.start(CODE_RESEND_GAP_SECONDS) });
      // The old code no longer works.
      setValue('code', '');
      showSuccess({ key: 'auth.codeSent' });
    } catch (error) {
      if (isApiError(error) && error.status === 429 && error.retryAfter) {
        const until = wait.start(error.retryAfter);
        saveAuthFlow({ mode: 'verify-email', email: sentTo, resendAt: until });
      } else {
        showError(
          isApiError(error) ? describeError(error, 'auth.verify.resendFailed') : { key: 'auth.verify.resendFailed' },
        );
      }
    } finally {
      setResending(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    clearBanners();
    if (!sentTo) {
      showError({ key: 'auth.register.sendCodeFirst' });
      return;
    }
    const code = values.code.trim();
    if (!/^\d{6}$/.test(code)) {
      setError('code', { message: 'auth.validation.codeInvalid' }, { shouldFocus: true });
      showError({ key: 'auth.validation.codeInvalid' });
      return;
    }
    setVerifying(true);
    try {
      const { user } = await authApi.verifyOtp({ email: sentTo, code });
      clearAuthFlow();
      queryClient.setQueryData(userQueryKey, user ?? null);
      toast({ title: { key: 'auth.toast.welcomeNew' }, variant: 'success' });
      void navigate(user ? '/dashboard' : '/', { replace: true });
    } catch (error) {
      setVerifying(false);
      if (isApiError(error) && error.code === 'TOO_MANY_ATTEMPTS' && error.retryAfter) wait.start(error.retryAfter);
      showError(isApiError(error) ? describeError(error, 'auth.verify.failed') : { key: 'auth.verify.networkFailed' });
    }
  });

  const fieldError = (key: keyof Values) => formErrorText(errors[key]?.message, t);
  const firstNameField = (
    <Field key="firstName" label={t('auth.fields.firstName')} error={fieldError('firstName')}>
      <Input id="register-first-name" autoComplete="given-name" required {...field('firstName')} />
    </Field>
  );
  const lastNameField = (
    <Field key="lastName" label={t('auth.fields.lastName')} error={fieldError('lastName')}>
      <Input id="register-last-name" autoComplete="family-name" required {...field('lastName')} />
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label={t('auth.fields.company')} optional={t('common.optional')} error={fieldError('organizationName')}>
        <Input id="register-company" autoComplete="organization" {...field('organizationName')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {familyNameFirst ? [lastNameField, firstNameField] : [firstNameField, lastNameField]}
      </div>
      <Field label={t('auth.fields.email')} error={fieldError('email')}>
        <Input id="register-email" type="email" autoComplete="email" required {...field('email')} />
      </Field>
      <Field label={t('auth.fields.password')} error={fieldError('password')} hint={t('auth.register.passwordHint')}>
        <PasswordInput id="register-password" autoComplete="new-password" required {...field('password')} />
      </Field>
      <div className="grid gap-1.5">
        <Field label={t('auth.fields.code')} error={fieldError('code')}>
          <Input
            id="register-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder="000000"
            className="tracking-[0.3em]"
            {...field('code')}
          />
        </Field>
        <Button
          variant="secondary"
          onClick={() => void sendCode()}
          disabled={sending || wait.seconds > 0}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {sending
            ? t('auth.register.sending')
            : sentTo
              ? t('auth.register.sent')
              : wait.seconds > 0
                ? t('auth.register.sendCodeIn', { seconds: wait.seconds })
                : t('auth.register.sendCode')}
        </Button>
        {sentTo ? (
          <p className="text-sm text-slate-600" data-testid="code-sent-to">
            {t('auth.register.codeSentTo', { email: sentTo })}{' '}
            <LinkButton onClick={() => void resend()} disabled={resending || wait.seconds > 0}>
              {wait.seconds > 0 ? t('auth.register.resendIn', { seconds: wait.seconds }) : t('auth.register.resend')}
            </LinkButton>
          </p>
        ) : null}
        {/* Once sent, the Resend link counts down itself: the wait is not shown twice. */}
        <ResendWait seconds={wait.seconds} total={wait.total} showLine={!sentTo} />
      </div>
      <Button type="submit" size="lg" disabled={!sentTo || verifying} className="w-full">
        {verifying ? t('auth.register.creating') : t('auth.register.createAccount')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.register.haveAccount')}{' '}
        <LinkButton onClick={() => switchMode('login')}>{t('auth.register.signIn')}</LinkButton>
      </p>
    </form>
  );
}
