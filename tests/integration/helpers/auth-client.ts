import type { TestContext } from './test-app';
import { SESSION_COOKIE } from '../../../src/server/modules/auth/session';

let ipSeq = 0;
/** A fresh client IP, so per-IP rate limits of one test do not leak into the next. */
export const nextIp = () => `10.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}.${(ipSeq * 7) % 250}`;

type CallOpts = { cookie?: string; ip?: string; headers?: Record<string, string> };

export async function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  opts: CallOpts = {},
) {
  const res = await ctx.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return res;
}

/** `name=value` of the session cookie the response set, or null. */
export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string | null {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c && c.value ? `${SESSION_COOKIE}=${c.value}` : null;
}

export function lastCode(ctx: TestContext, to: string): string {
  const m = [...ctx.mail].reverse().find((x) => x.to === to);
  if (!m) throw new Error(`no mail to ${to}`);
  const code = /\b(\d{6})\b/.exec(m.text)?.[1];
  if (!code) throw new Error(`no code in mail to ${to}`);
  return code;
}

export function lastResetToken(ctx: TestContext, to: string): string {
  const m = [...ctx.mail].reverse().find((x) => x.to === to);
  const token = m && /\/auth\?token=([\w%-]+)/.exec(m.text)?.[1];
  if (!token) throw new Error(`no reset link to ${to}`);
  return decodeURIComponent(token);
}

let emailSeq = 0;
export const freshEmail = (tag = 'user') => `${tag}${++emailSeq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Registers and verifies through the API; returns the session cookie. */
export async function registerAndVerify(
  ctx: TestContext,
  opts: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    locale?: 'en' | 'zh';
    organizationName?: string;
  } = {},
) {
  const email = opts.email ?? freshEmail();
  const password = opts.password ?? 'a good long password';
  const ip = nextIp();
  const reg = await call(
    ctx,
    'POST',
    '/api/register',
    {
      email,
      password,
      firstName: opts.firstName ?? 'Ada',
      lastName: opts.lastName ?? 'Lovelace',
      ...(opts.locale ? { locale: opts.locale } : {}),
      ...(opts.organizationName ? { organizationName: opts.organizationName } : {}),
    },
    { ip },
  );
  if (reg.statusCode !== 200) throw new Error(`register answered ${reg.statusCode}: ${reg.body}`);
  const res = await call(ctx, 'POST', '/api/auth/verify-otp', { email, code: lastCode(ctx, email) }, { ip });
  if (res.statusCode !== 200) throw new Error(`verify answered ${res.statusCode}: ${res.body}`);
  const cookie = sessionCookieOf(res)!;
  return { email, password, cookie, user: res.json().user as { id: string; organizationId: string } };
}
