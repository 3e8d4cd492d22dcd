import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import { ZCreateWebhookRequest } from '../../../shared/contracts/webhooks';
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { webhookErrorText, webhookReasonText } from './webhook-messages';

let t: TFunction;
async function use(lang: 'en' | 'zh') {
  await i18n.changeLanguage(lang);
  t = i18n.t.bind(i18n) as TFunction;
}

beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

/**
 * The server's own texts (modules/webhooks/address-check.ts refusedUrl, sender.ts REASON; the web may not
 * import them), as its unit tests pin them.
 */
const refusedUrl = (url: string, _allowPrivate: false): string | null =>
  ({
    'http://hooks.example.com/x': 'The endpoint URL must start with https://',
    'https://10.0.0.7/hook':
      'The endpoint URL must point at a public address: 10.0.0.7 is a private, loopback, link-local or reserved address',
    'https://localhost/x': 'The endpoint URL must not point at this server (localhost)',
    'https://a:b@hooks.example.com/x': 'The endpoint URL must not contain a user name or password',
    'https://hooks.example.com:0/x': 'The endpoint URL must have a port from 1 to 65535',
  })[url] ?? null;
const REASON = {
  notAllowed: 'Refused: address not allowed',
  hostNotFound: 'Host not found',
  refused: 'Connection refused',
  tls: 'TLS error',
  failed: 'Could not connect',
};

/** The 400 the server answers for a refused webhook URL (or events), as the card receives it. */
function refusal(field: 'url' | 'events', message: string): ApiError {
  const body = { message: 'Invalid body', code: 'VALIDATION_ERROR', fieldErrors: { [field]: [message] } };
  return new ApiError(400, JSON.stringify(body), body as never);
}
const contractMessage = (body: unknown) => {
  const parsed = ZCreateWebhookRequest.safeParse(body);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues[0]!.message;
};

describe('webhook URL errors', () => {
  it('are sentences in English and in Chinese, never "请检查此项"', async () => {
    const cases: [ApiError, string, string][] = [
      [
        refusal('url', refusedUrl('http://hooks.example.com/x', false)!),
        'The endpoint URL must start with https://.',
        '端点 URL 必须以 https:// 开头。',
      ],
      [
        refusal('url', refusedUrl('https://10.0.0.7/hook', false)!),
        'The endpoint URL must point at a public address: 10.0.0.7 is a private, loopback, link-local or reserved address.',
        '端点 URL 必须指向公网地址：10.0.0.7 是私有、回环、链路本地或保留地址。',
      ],
      [
        refusal('url', refusedUrl('https://localhost/x', false)!),
        'The endpoint URL must not point at this server (localhost).',
        '端点 URL 不能指向本服务器（localhost）。',
      ],
      [
        refusal('url', refusedUrl('https://a:b@hooks.example.com/x', false)!),
        'The endpoint URL must not contain a user name or password.',
        '端点 URL 不能包含用户名或密码。',
      ],
      [
        refusal('url', refusedUrl('https://hooks.example.com:0/x', false)!),
        "The endpoint URL's port must be from 1 to 65535.",
        '端点 URL 的端口必须在 1 到 65535 之间。',
      ],
      [
        refusal('url', contractMessage({ url: 'hooks', events: ['shipment.created'] })),
        'Enter a full URL, such as https://example.com/webhooks.',
        '请输入完整的 URL，例如 https://example.com/webhooks。',
      ],
      [
        refusal('url', contractMessage({ url: '  ', events: ['shipment.created'] })),
        'Enter the endpoint URL.',
        '请输入端点 URL。',
      ],
      [
        refusal('url', contractMessage({ url: `https://a.example/${'x'.repeat(2000)}`, events: ['shipment.created'] })),
        'The endpoint URL is too long: at most 2000 characters.',
        '端点 URL 太长：最多 2000 个字符。',
      ],
      [
        refusal('events', contractMessage({ url: 'https://a.example/x', events: [] })),
        'Choose at least one event.',
        '请至少选择一个事件。',
      ],
    ];
    for (const [error, english, chinese] of cases) {
      await use('en');
      expect(webhookErrorText(error, t)).toBe(english);
      await use('zh');
      expect(webhookErrorText(error, t)).toBe(chinese);
    }
  });

  it('words the 409 refusals (ten endpoints, turned off) in both languages', async () => {
    const conflict = (message: string) => {
      const body = { message, code: 'CONFLICT' };
      return new ApiError(409, JSON.stringify(body), body as never);
    };
    await use('zh');
    expect(webhookErrorText(conflict('You can have at most 10 webhook endpoints; delete one first'), t)).toBe(
      '最多只能有 10 个 Webhook 端点。请先删除一个。',
    );
    expect(webhookErrorText(conflict('This webhook is turned off; turn it on first'), t)).toBe(
      '此 Webhook 已停用。请先启用。',
    );
    await use('en');
    expect(webhookErrorText(conflict('This webhook is turned off; turn it on first'), t)).toBe(
      'This webhook is turned off. Turn it on first.',
    );
  });
});

describe('delivery-log reasons', () => {
  it('translates every neutral reason the sender writes', async () => {
    await use('zh');
    expect(webhookReasonText(REASON.notAllowed, t)).toBe('已拒绝：不允许的地址');
    expect(webhookReasonText(REASON.hostNotFound, t)).toBe('找不到主机');
    expect(webhookReasonText(REASON.refused, t)).toBe('连接被拒绝');
    expect(webhookReasonText(REASON.tls, t)).toBe('TLS 错误（证书或安全连接）');
    expect(webhookReasonText(REASON.failed, t)).toBe('无法连接');
    expect(webhookReasonText('Timed out after 10 s', t)).toBe('10 秒后超时');
    expect(webhookReasonText('Answered 500', t)).toBe('返回 500');
    expect(webhookReasonText('Answered 302 (redirects are not followed)', t)).toBe('返回 302（不跟随重定向）');
    expect(webhookReasonText('Refused: the URL must be https', t)).toBe('已拒绝：URL 必须使用 https');
    expect(webhookReasonText('Deliveries failed for a day', t)).toBe('连续一天发送失败');
    // A log line written before the neutral reasons.
    expect(webhookReasonText('Could not resolve nonexistent.invalid: getaddrinfo ENOTFOUND', t)).toBe('找不到主机');
    await use('en');
    expect(webhookReasonText('Timed out after 10 s', t)).toBe('Timed out after 10 s');
    expect(webhookReasonText(REASON.notAllowed, t)).toBe('Refused: address not allowed');
    expect(webhookReasonText('Something new', t)).toBe('Something new');
  });
});
