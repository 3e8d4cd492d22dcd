export type AuthMode = 'login' | 'register' | 'forgot-password' | 'reset-password' | 'verify-email';

export type AuthFormProps = {
  switchMode: (mode: AuthMode, opts?: { email?: string }) => void;
  showError: (message: string) => void;
  showSuccess: (message: string) => void;
  clearBanners: () => void;
};

export const REMEMBERED_EMAIL_KEY = 'voyageur.rememberedEmail';
