import type { TextRef } from '../../../lib/error-message';

export type AuthMode = 'login' | 'register' | 'forgot-password' | 'reset-password' | 'verify-email';

/** What the code entry says about the code: just mailed, mailed anew at sign-in, or mailed before. */
export type VerifyNotice = 'sent' | 'sent-new' | 'sent-earlier';

export type VerifyState = { email: string; notice: VerifyNotice; resendAt: number };

/** A banner's text: a translation (follows a language switch) or a final string. */
export type BannerText = TextRef | string;

export type AuthFormProps = {
  switchMode: (mode: AuthMode, opts?: { email?: string; notice?: VerifyNotice; retryAfter?: number }) => void;
  showError: (message: BannerText) => void;
  showSuccess: (message: BannerText) => void;
  clearBanners: () => void;
};

export const REMEMBERED_EMAIL_KEY = 'voyageur.rememberedEmail';
