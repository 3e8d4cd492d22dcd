/**
 * Where a sign-up or sign-in stands while a code is awaited, kept in sessionStorage (this tab only) so a
 * reload returns to the code entry. Never the password: the server ties the pending registration to this
 * browser with a cookie.
 */
export type AuthFlow = {
  mode: 'verify-email';
  email: string;
  /** Epoch ms before which a new code cannot be requested (0: now). */
  resendAt: number;
};

const KEY = 'voyageur.authFlow';

export function loadAuthFlow(): AuthFlow | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<AuthFlow>;
    if (value.mode !== 'verify-email' || typeof value.email !== 'string' || !value.email) return null;
    const resendAt = typeof value.resendAt === 'number' && Number.isFinite(value.resendAt) ? value.resendAt : 0;
    return { mode: 'verify-email', email: value.email, resendAt };
  } catch {
    return null;
  }
}

export function saveAuthFlow(flow: AuthFlow): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ mode: flow.mode, email: flow.email, resendAt: flow.resendAt }));
  } catch {
    /* storage unavailable: a reload starts over */
  }
}

export function clearAuthFlow(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable */
  }
}
