import type { MailMessage } from '../../providers/mail/index';
import type { TLocale } from '../../../shared/contracts/user';

type Rendered = Omit<MailMessage, 'to'>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const bigCode = (code: string) =>
  `<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:8px 0 16px">${escapeHtml(code)}</p>`;

/** One block of a mail: its plain-text form and, when it differs, its HTML (else a <p> of the text). */
type Block = { text: string; html?: string };

/**
 * Every Voyageur mail: greeting, blocks, signature; plain text and HTML in the user's language. The
 * greeting never carries a name: names are what users typed, so a mail quotes them where they matter
 * rather than opening with them (a "name" like "Your account is locked, call …" must not read as ours).
 */
function compose(locale: TLocale, subject: string, blocks: Block[]): Rendered {
  const zh = locale === 'zh';
  const greeting = zh ? '您好：' : 'Hello,';
  const signature = zh ? 'Voyageur 团队' : 'The Voyageur team';
  return {
    subject,
    text: [greeting, '', ...blocks.flatMap((b) => [b.text, '']), signature].join('\n'),
    html: [
      `<!doctype html><html lang="${zh ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"></head>`,
      '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
      '<div style="max-width:520px;margin:0 auto;padding:24px">',
      '<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">Voyageur</p>',
      paragraph(greeting),
      ...blocks.map((b) => b.html ?? paragraph(b.text)),
      paragraph(signature),
      '</div></body></html>',
    ].join(''),
  };
}

/** The longest user-given name a mail quotes, in characters (the cut one ends with '…'). */
export const MAIL_NAME_MAX = 60;

/**
 * A user-given name made safe to print in a mail: one line, no invisible characters, and nothing a mail
 * client would turn into a link. A stranger chooses the name of a sign-up, and the code mail goes to
 * someone else's mailbox, so "Bob http://evil.example/login" must not arrive as a link that looks like
 * ours: schemes are removed and every dot inside a word is spaced out ("evil . example", "www . x"),
 * which no linkifier reads as a domain. Cut at MAIL_NAME_MAX characters.
 */
export function mailSafeName(text: string): string {
  const safe = text
    // Full-width letters and dots become plain ones first, so they are caught below.
    .normalize('NFKC')
    // Control and format characters (zero-width spaces, direction overrides) would hide what follows.
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    // Schemes ("http://", "https:", "mailto:", "ftp://"), with any slashes after them.
    .replace(/\b(?:https?|ftp|file|mailto|javascript|data)\s*:\s*\/*/giu, '')
    .replace(/\b[a-z][a-z0-9+.-]{1,30}:\/\/+/giu, '')
    // A dot inside a word (evil.com, www.x, 10.0.0.1; the ideographic and half-width dots too).
    .replace(/(?<=[^\s.。｡])[.。｡](?=[^\s.。｡])/gu, ' . ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(safe);
  return chars.length > MAIL_NAME_MAX
    ? `${chars
        .slice(0, MAIL_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : safe;
}

/** A user-given name set in quotation marks, made mail-safe and cut (mailSafeName): never read as our words. */
export function quoted(text: string, locale: TLocale): string {
  const cut = mailSafeName(text);
  return locale === 'zh' ? `“${cut}”` : `“${cut}”`;
}

/** When, in Toronto time, for a mail: "November 23, 2026, 2:05 p.m. (Toronto time)". */
export function torontoTime(at: Date, locale: TLocale): string {
  const text = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-CA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Toronto',
  }).format(at);
  return locale === 'zh' ? `${text}（多伦多时间）` : `${text} (Toronto time)`;
}

/** "Chrome on Windows" from a User-Agent header; enough for an owner to recognise their own device. */
export function describeBrowser(userAgent: string | undefined, locale: TLocale): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (locale === 'zh') {
    if (!browser && !os) return '未知浏览器';
    return [os, browser].filter(Boolean).join(' 上的 ');
  }
  if (!browser && !os) return 'an unknown browser';
  return browser && os ? `${browser} on ${os}` : (browser ?? os)!;
}

/** A code block: "intro code" in text; the intro then the code set large in HTML. */
const codeBlock = (intro: string, code: string): Block => ({
  text: `${intro}${code}`,
  html: paragraph(intro.trim()) + bigCode(code),
});

/** Who asked for a sign-up code, and when: shown in the code mail so the owner can tell a stranger's attempt. */
export type SignUpRequest = { name: string; at: Date; ip: string; userAgent?: string };

/**
 * The 6-digit sign-up code, with who asked for it and when. The code is the only run of six digits in
 * the text, so tests and mail readers can pick it out with /\b(\d{6})\b/.
 */
export function verificationCodeEmail(opts: { code: string; locale: TLocale; request: SignUpRequest }): Rendered {
  const { code, locale, request } = opts;
  const when = torontoTime(request.at, locale);
  const browser = describeBrowser(request.userAgent, locale);
  if (locale === 'zh') {
    return compose(locale, 'Voyageur 验证码', [
      codeBlock('您的 Voyageur 验证码是：', code),
      {
        text: `有人于 ${when} 通过 ${browser}（IP 地址 ${request.ip}）申请用此邮箱注册 Voyageur 账户，填写的姓名为 ${quoted(request.name, locale)}。`,
      },
      {
        text: '验证码十分钟内有效，只能使用一次，且只能在提出申请的浏览器中使用。如果这不是您本人的操作，请忽略此邮件：没有验证码，任何人都无法用此邮箱创建账户。',
      },
    ]);
  }
  return compose(locale, 'Your Voyageur verification code', [
    codeBlock('Your Voyageur verification code is: ', code),
    {
      text: `Someone asked to create a Voyageur account with this email address on ${when}, from ${browser} (IP address ${request.ip}), giving the name ${quoted(request.name, locale)}.`,
    },
    {
      text: 'The code expires in ten minutes, can be used once, and only in the browser that asked for it. If you did not try to sign up, ignore this email: nobody can create an account with this address without the code.',
    },
  ]);
}

/**
 * Sent to the owner of an address that already has an account when someone signs up with it, instead
 * of a code: what happened and that nothing changed, with the sign-in and reset-password links. It
 * carries no code and never the name the stranger typed.
 */
export function accountExistsEmail(opts: {
  locale: TLocale;
  request: Omit<SignUpRequest, 'name'>;
  signInLink: string;
  resetLink: string;
}): Rendered {
  const { locale, request, signInLink, resetLink } = opts;
  const when = torontoTime(request.at, locale);
  const browser = describeBrowser(request.userAgent, locale);
  const link = (intro: string, href: string, label: string): Block => ({
    text: `${intro}\n${href}`,
    html: `${paragraph(intro)}<p style="margin:8px 0 16px"><a href="${escapeHtml(href)}">${escapeHtml(label)}</a><br><span style="font-size:12px;color:#6b7280">${escapeHtml(href)}</span></p>`,
  });
  if (locale === 'zh') {
    return compose(locale, '有人尝试用您的邮箱注册 Voyageur', [
      {
        text: `有人于 ${when} 通过 ${browser}（IP 地址 ${request.ip}）尝试用此邮箱注册新的 Voyageur 账户。此邮箱已有账户，因此没有创建新账户，您的账户也没有任何变化。`,
      },
      link('如果是您本人，请直接登录：', signInLink, '登录 Voyageur'),
      link('如果忘记了密码，可以在这里设置新密码：', resetLink, '重置密码'),
      { text: '如果这不是您本人的操作，请忽略此邮件：没有您的密码，任何人都无法登录您的账户。' },
    ]);
  }
  return compose(locale, 'Someone tried to sign up with your email address', [
    {
      text: `Someone tried to create a new Voyageur account with this email address on ${when}, from ${browser} (IP address ${request.ip}). This address already has an account, so no new account was created and nothing about your account changed.`,
    },
    link('If it was you, sign in instead:', signInLink, 'Sign in to Voyageur'),
    link('If you forgot your password, choose a new one here:', resetLink, 'Reset your password'),
    {
      text: "If it wasn't you, you can ignore this email: nobody can sign in to your account without your password.",
    },
  ]);
}

/** The password reset link (`APP_URL/auth?token=…`, one hour, single use). */
export function passwordResetEmail(opts: { link: string; locale: TLocale }): Rendered {
  const { link, locale } = opts;
  const href = escapeHtml(link);
  const linkBlock = (intro: string, htmlIntro: string, label: string, fallback: string): Block => ({
    text: `${intro}\n${link}`,
    html: [
      paragraph(htmlIntro),
      `<p style="margin:16px 0"><a href="${href}" style="background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`,
      `<p style="font-size:12px;color:#6b7280">${escapeHtml(fallback)}<br>${href}</p>`,
    ].join(''),
  });
  if (locale === 'zh') {
    return compose(locale, '重置您的 Voyageur 密码', [
      linkBlock(
        '我们收到了重置您 Voyageur 账户密码的请求。请打开以下链接设置新密码：',
        '我们收到了重置您 Voyageur 账户密码的请求。请点击下方按钮设置新密码：',
        '重置密码',
        '如果按钮无法使用，请复制此链接到浏览器：',
      ),
      { text: '该链接一小时内有效，且只能使用一次。如果您没有提出此请求，请忽略此邮件，您的密码不会改变。' },
    ]);
  }
  return compose(locale, 'Reset your Voyageur password', [
    linkBlock(
      'We received a request to reset the password of your Voyageur account. Open this link to choose a new password:',
      'We received a request to reset the password of your Voyageur account.',
      'Choose a new password',
      'If the button does not work, copy this link into your browser:',
    ),
    {
      text: 'The link works for one hour and only once. If you did not ask for this, ignore this email and your password stays the same.',
    },
  ]);
}

/** `n***@example.com`: enough for the owner to recognise an address without spelling it out. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * The 6-digit code that confirms a new account email, sent to the new address. As with the sign-up
 * code, it is the only run of six digits in the text.
 */
export function emailChangeCodeEmail(opts: { code: string; locale: TLocale }): Rendered {
  const { code, locale } = opts;
  if (locale === 'zh') {
    return compose(locale, '确认您的 Voyageur 新邮箱', [
      codeBlock('请在 Voyageur 中输入以下验证码，确认这是您的新邮箱：', code),
      { text: '验证码十分钟内有效，且只能使用一次。如果您没有要求更改 Voyageur 账户的邮箱，请忽略此邮件。' },
    ]);
  }
  return compose(locale, 'Confirm your new Voyageur email address', [
    codeBlock('Enter this code in Voyageur to confirm your new email address: ', code),
    {
      text: 'The code expires in ten minutes and can be used once. If you did not ask to change the email of a Voyageur account, you can ignore this email.',
    },
  ]);
}

/** Sent to the current address when someone asks to move the account to another one. */
export function emailChangeRequestedEmail(opts: { newEmail: string; locale: TLocale }): Rendered {
  const masked = maskEmail(opts.newEmail);
  if (opts.locale === 'zh') {
    return compose('zh', '有人请求更改您的 Voyageur 邮箱', [
      {
        text: `有人请求将您的 Voyageur 账户邮箱更改为 ${masked}。新邮箱需输入发送到该地址的验证码确认后才会生效。`,
      },
      { text: '如果这不是您本人的操作，请立即登录并修改密码，这会让其他设备上的登录全部失效。' },
    ]);
  }
  return compose('en', 'Someone asked to change your Voyageur email', [
    {
      text: `Someone asked to change your Voyageur email to ${masked}. The change takes effect only after a code sent to that address is entered.`,
    },
    { text: "If it wasn't you, sign in and change your password now; that signs out every other device." },
  ]);
}

/** Sent to the old address once the change is confirmed. */
export function emailChangedEmail(opts: { newEmail: string; locale: TLocale }): Rendered {
  const masked = maskEmail(opts.newEmail);
  if (opts.locale === 'zh') {
    return compose('zh', '您的 Voyageur 邮箱已更改', [
      {
        text: `您的 Voyageur 账户邮箱已更改为 ${masked}。今后登录和接收通知请使用新邮箱，此地址将不再收到账户邮件。`,
      },
      { text: '如果这不是您本人的操作，请立即联系 Voyageur 客服。' },
    ]);
  }
  return compose('en', 'Your Voyageur email address was changed', [
    {
      text: `The email address of your Voyageur account was changed to ${masked}. Sign in with the new address from now on; this one will no longer receive account mail.`,
    },
    { text: "If it wasn't you, contact Voyageur support right away." },
  ]);
}
