import type { TestContext } from './test-app';
import { BROWSER_COOKIE, DEVICE_COOKIE, SESSION_COOKIE } from '../../../src/server/modules/auth/session';
import { backgroundIdle } from '../../../src/server/lib/background';

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

const jars = new WeakMap<TestContext, Map<string, Map<string, string>>>();

/**
 * `call` as one browser per client IP: the sign-up browser and device cookies the server sets are sent
 * back on that IP's later calls (the session cookie stays explicit, through `opts.cookie`).
 */
export async function browserCall(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  opts: CallOpts = {},
) {
  const byIp = jars.get(ctx) ?? new Map<string, Map<string, string>>();
  jars.set(ctx, byIp);
  const ip = opts.ip ?? '127.0.0.1';
  const jar = byIp.get(ip) ?? new Map<string, string>();
  byIp.set(ip, jar);
  const kept = [...jar].map(([k, v]) => `${k}=${v}`);
  const cookie = [opts.cookie, ...kept].filter(Boolean).join('; ');
  const res = await call(ctx, method, url, body, { ...opts, ip, cookie: cookie || undefined });
  for (const c of res.cookies) {
    if (c.name === BROWSER_COOKIE || c.name === DEVICE_COOKIE) jar.set(c.name, c.value);
  }
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

/** `name=value` of the sign-up browser cookie the response set, or null. */
export function browserCookieOf(res: { cookies: { name: string; value: string }[] }): string | null {
  const c = res.cookies.find((x) => x.name === BROWSER_COOKIE);
  return c && c.value ? `${BROWSER_COOKIE}=${c.value}` : null;
}

/** The newest reset link's token mailed to `to`, once forgot-password's after-answer work is done. */
export async function lastResetToken(ctx: TestContext, to: string): Promise<string> {
  await backgroundIdle();
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
  const browser = browserCookieOf(reg)!;
  const res = await call(
    ctx,
    'POST',
    '/api/auth/verify-otp',
    { email, code: lastCode(ctx, email) },
    { ip, cookie: browser },
  );
  if (res.statusCode !== 200) throw new Error(`verify answered ${res.statusCode}: ${res.body}`);
  const cookie = sessionCookieOf(res)!;
  return { email, password, cookie, user: res.json().user as { id: string; organizationId: string } };
}
