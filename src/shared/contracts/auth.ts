import { z } from 'zod';
import { singleLine } from './fields';
import { ZLocale, ZUser } from './user';
import { LIMITS } from './limits';

/** Trimmed, lower-cased email (the server stores and compares emails this way). */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(LIMITS.emailMax)
  .email('Enter a valid email address');
export const ZPassword = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters long`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters long`);
export const ZPersonName = singleLine('Name')
  .trim()
  .min(1, 'Required')
  .max(LIMITS.personNameMax, `Name must be at most ${LIMITS.personNameMax} characters`);

export const ZRegisterRequest = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  firstName: ZPersonName,
  lastName: ZPersonName,
  organizationName: singleLine('Organization name').trim().max(LIMITS.organizationNameMax).optional(),
  locale: ZLocale.optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** A new sign-up code may be asked for this long after the last one (the web counts it down at once). */
export const CODE_RESEND_GAP_SECONDS = 30;

export const ZRegisterResponse = z.object({ ok: z.literal(true), email: z.string() });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZSendOtpRequest = z.strictObject({ email: ZEmail });
export type TSendOtpRequest = z.infer<typeof ZSendOtpRequest>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
export type TOkResponse = z.infer<typeof ZOkResponse>;

export const ZVerifyOtpRequest = z.strictObject({
  email: ZEmail,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit verification code'),
});
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZVerifyOtpResponse = z.object({ user: ZUser });
export type TVerifyOtpResponse = z.infer<typeof ZVerifyOtpResponse>;

export const ZLoginRequest = z.strictObject({
  email: ZEmail,
  password: z.string().min(1, 'Password is required').max(LIMITS.passwordMax),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZForgotPasswordRequest = z.strictObject({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const FORGOT_PASSWORD_MESSAGE = 'If an account with that email exists, you will receive a password reset link.';
export const ZForgotPasswordResponse = z.object({ message: z.string() });
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

export const ZResetPasswordRequest = z.strictObject({
  token: z.string().trim().min(1, 'Reset token is required').max(200),
  password: ZPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZResetPasswordResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TResetPasswordResponse = z.infer<typeof ZResetPasswordResponse>;

/** Values of `?error=` on /auth after a Google sign-in attempt. */
export const GOOGLE_AUTH_ERRORS = [
  'google_not_configured',
  'google_failed',
  /** The user said no on the provider's consent screen. */
  'google_cancelled',
  /** The provider does not vouch for the email, which is new here or already has an account. */
  'google_email_unverified',
] as const;
export type TGoogleAuthError = (typeof GOOGLE_AUTH_ERRORS)[number];

/** GET /api/auth/providers: which sign-in methods besides email and password this server offers. */
export const ZAuthProvidersResponse = z.object({ google: z.boolean() });
export type TAuthProvidersResponse = z.infer<typeof ZAuthProvidersResponse>;
