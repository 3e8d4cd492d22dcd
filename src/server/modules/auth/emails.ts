import type { MailMessage } from '../../providers/mail/index';
import type { TLocale } from '../../../shared/contracts/user';

type Rendered = Omit<MailMessage, 'to'>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(lang: TLocale, paragraphs: string[]): string {
  return [
    `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    '<div style="max-width:520px;margin:0 auto;padding:24px">',
    '<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">Voyageur</p>',
    ...paragraphs,
    '</div></body></html>',
  ].join('');
}

/**
 * The 6-digit sign-up code. The code is the only run of six digits in the text, so tests and
 * mail readers can pick it out with /\b(\d{6})\b/.
 */
export function verificationCodeEmail(opts: { code: string; firstName: string; locale: TLocale }): Rendered {
  const { code, locale } = opts;
  const name = opts.firstName.trim();
  if (locale === 'zh') {
    const greeting = name ? `${name}，您好：` : '您好：';
    return {
      subject: 'Voyageur 验证码',
      text: [
        greeting,
        '',
        `您的 Voyageur 验证码是：${code}`,
        '',
        '验证码十分钟内有效，且只能使用一次。如果这不是您本人的操作，请忽略此邮件。',
        '',
        'Voyageur 团队',
      ].join('\n'),
      html: layout('zh', [
        `<p>${escapeHtml(greeting)}</p>`,
        '<p>您的 Voyageur 验证码是：</p>',
        `<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:8px 0 16px">${code}</p>`,
        '<p>验证码十分钟内有效，且只能使用一次。如果这不是您本人的操作，请忽略此邮件。</p>',
        '<p>Voyageur 团队</p>',
      ]),
    };
  }
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    subject: 'Your Voyageur verification code',
    text: [
      greeting,
      '',
      `Your Voyageur verification code is: ${code}`,
      '',
      'The code expires in ten minutes and can be used once. If you did not try to sign up, you can ignore this email.',
      '',
      'The Voyageur team',
    ].join('\n'),
    html: layout('en', [
      `<p>${escapeHtml(greeting)}</p>`,
      '<p>Your Voyageur verification code is:</p>',
      `<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:8px 0 16px">${code}</p>`,
      '<p>The code expires in ten minutes and can be used once. If you did not try to sign up, you can ignore this email.</p>',
      '<p>The Voyageur team</p>',
    ]),
  };
}

/** The password reset link (`APP_URL/auth?token=…`, one hour, single use). */
export function passwordResetEmail(opts: { link: string; firstName: string; locale: TLocale }): Rendered {
  const { link, locale } = opts;
  const name = opts.firstName.trim();
  const href = escapeHtml(link);
  const button = `<p style="margin:16px 0"><a href="${href}" style="background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">`;
  if (locale === 'zh') {
    const greeting = name ? `${name}，您好：` : '您好：';
    return {
      subject: '重置您的 Voyageur 密码',
      text: [
        greeting,
        '',
        '我们收到了重置您 Voyageur 账户密码的请求。请打开以下链接设置新密码：',
        link,
        '',
        '该链接一小时内有效，且只能使用一次。如果您没有提出此请求，请忽略此邮件，您的密码不会改变。',
        '',
        'Voyageur 团队',
      ].join('\n'),
      html: layout('zh', [
        `<p>${escapeHtml(greeting)}</p>`,
        '<p>我们收到了重置您 Voyageur 账户密码的请求。请点击下方按钮设置新密码：</p>',
        `${button}重置密码</a></p>`,
        `<p style="font-size:12px;color:#6b7280">如果按钮无法使用，请复制此链接到浏览器：<br>${href}</p>`,
        '<p>该链接一小时内有效，且只能使用一次。如果您没有提出此请求，请忽略此邮件，您的密码不会改变。</p>',
        '<p>Voyageur 团队</p>',
      ]),
    };
  }
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    subject: 'Reset your Voyageur password',
    text: [
      greeting,
      '',
      'We received a request to reset the password of your Voyageur account. Open this link to choose a new password:',
      link,
      '',
      'The link works for one hour and only once. If you did not ask for this, ignore this email and your password stays the same.',
      '',
      'The Voyageur team',
    ].join('\n'),
    html: layout('en', [
      `<p>${escapeHtml(greeting)}</p>`,
      '<p>We received a request to reset the password of your Voyageur account.</p>',
      `${button}Choose a new password</a></p>`,
      `<p style="font-size:12px;color:#6b7280">If the button does not work, copy this link into your browser:<br>${href}</p>`,
      '<p>The link works for one hour and only once. If you did not ask for this, ignore this email and your password stays the same.</p>',
      '<p>The Voyageur team</p>',
    ]),
  };
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
export function emailChangeCodeEmail(opts: { code: string; firstName: string; locale: TLocale }): Rendered {
  const { code, locale } = opts;
  const name = opts.firstName.trim();
  const big = `<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:8px 0 16px">${code}</p>`;
  if (locale === 'zh') {
    const greeting = name ? `${name}，您好：` : '您好：';
    const note = '验证码十分钟内有效，且只能使用一次。如果您没有要求更改 Voyageur 账户的邮箱，请忽略此邮件。';
    return {
      subject: '确认您的 Voyageur 新邮箱',
      text: [
        greeting,
        '',
        `请在 Voyageur 中输入以下验证码，确认这是您的新邮箱：${code}`,
        '',
        note,
        '',
        'Voyageur 团队',
      ].join('\n'),
      html: layout('zh', [
        `<p>${escapeHtml(greeting)}</p>`,
        '<p>请在 Voyageur 中输入以下验证码，确认这是您的新邮箱：</p>',
        big,
        `<p>${note}</p>`,
        '<p>Voyageur 团队</p>',
      ]),
    };
  }
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const note =
    'The code expires in ten minutes and can be used once. If you did not ask to change the email of a Voyageur account, you can ignore this email.';
  return {
    subject: 'Confirm your new Voyageur email address',
    text: [
      greeting,
      '',
      `Enter this code in Voyageur to confirm your new email address: ${code}`,
      '',
      note,
      '',
      'The Voyageur team',
    ].join('\n'),
    html: layout('en', [
      `<p>${escapeHtml(greeting)}</p>`,
      '<p>Enter this code in Voyageur to confirm your new email address:</p>',
      big,
      `<p>${escapeHtml(note)}</p>`,
      '<p>The Voyageur team</p>',
    ]),
  };
}

/** Sent to the current address when someone asks to move the account to another one. */
export function emailChangeRequestedEmail(opts: { newEmail: string; firstName: string; locale: TLocale }): Rendered {
  const masked = maskEmail(opts.newEmail);
  const name = opts.firstName.trim();
  if (opts.locale === 'zh') {
    const greeting = name ? `${name}，您好：` : '您好：';
    const lines = [
      `有人请求将您的 Voyageur 账户邮箱更改为 ${masked}。新邮箱需输入发送到该地址的验证码确认后才会生效。`,
      '如果这不是您本人的操作，请立即登录并修改密码，这会让其他设备上的登录全部失效。',
    ];
    return {
      subject: '有人请求更改您的 Voyageur 邮箱',
      text: [greeting, '', ...lines.flatMap((l) => [l, '']), 'Voyageur 团队'].join('\n'),
      html: layout('zh', [
        `<p>${escapeHtml(greeting)}</p>`,
        ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
        '<p>Voyageur 团队</p>',
      ]),
    };
  }
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const lines = [
    `Someone asked to change your Voyageur email to ${masked}. The change takes effect only after a code sent to that address is entered.`,
    "If it wasn't you, sign in and change your password now; that signs out every other device.",
  ];
  return {
    subject: 'Someone asked to change your Voyageur email',
    text: [greeting, '', ...lines.flatMap((l) => [l, '']), 'The Voyageur team'].join('\n'),
    html: layout('en', [
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      '<p>The Voyageur team</p>',
    ]),
  };
}

/** Sent to the old address once the change is confirmed. */
export function emailChangedEmail(opts: { newEmail: string; firstName: string; locale: TLocale }): Rendered {
  const masked = maskEmail(opts.newEmail);
  const name = opts.firstName.trim();
  if (opts.locale === 'zh') {
    const greeting = name ? `${name}，您好：` : '您好：';
    const lines = [
      `您的 Voyageur 账户邮箱已更改为 ${masked}。今后登录和接收通知请使用新邮箱，此地址将不再收到账户邮件。`,
      '如果这不是您本人的操作，请立即联系 Voyageur 客服。',
    ];
    return {
      subject: '您的 Voyageur 邮箱已更改',
      text: [greeting, '', ...lines.flatMap((l) => [l, '']), 'Voyageur 团队'].join('\n'),
      html: layout('zh', [
        `<p>${escapeHtml(greeting)}</p>`,
        ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
        '<p>Voyageur 团队</p>',
      ]),
    };
  }
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const lines = [
    `The email address of your Voyageur account was changed to ${masked}. Sign in with the new address from now on; this one will no longer receive account mail.`,
    "If it wasn't you, contact Voyageur support right away.",
  ];
  return {
    subject: 'Your Voyageur email address was changed',
    text: [greeting, '', ...lines.flatMap((l) => [l, '']), 'The Voyageur team'].join('\n'),
    html: layout('en', [
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      '<p>The Voyageur team</p>',
    ]),
  };
}
