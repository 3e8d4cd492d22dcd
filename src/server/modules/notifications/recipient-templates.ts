/**
 * The mails to a shipment's recipient (issue 27): "shipped" when the label is bought and "delivered"
 * when tracking says so, in the language chosen for the recipient (English or Chinese). They name
 * the sender, the carrier, the tracking number and our public tracking page — never a price, a tax,
 * the shipper's wallet or account: the recipient is not our customer and did not pay.
 */
import type { MailMessage } from '../../providers/mail/index';
import type { TRecipientLanguage } from '../../../shared/contracts/addresses';
import { sentence } from '../../../shared/sentence';
import { mailSafeName } from '../auth/emails';

export const RECIPIENT_KINDS = ['recipient_shipped', 'recipient_delivered'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
export const isRecipientKind = (value: unknown): value is RecipientKind =>
  (RECIPIENT_KINDS as readonly unknown[]).includes(value);
export const RECIPIENT_QUEUE = 'mail.recipient';

export type RecipientMailModel = {
  kind: RecipientKind;
  /** The sender as on the label: company, else first and last name. */
  senderName: string;
  carrier: string;
  trackingNumber: string;
  /** Destination city and province or country. */
  destination: string;
  /** Our public tracking page for this parcel. */
  trackingUrl: string;
};

type Rendered = Pick<MailMessage, 'subject' | 'text' | 'html'>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail for `model` in `language`, with the footer's unsubscribe link. */
export function renderRecipientMail(
  language: TRecipientLanguage,
  model: RecipientMailModel,
  links: { unsubscribeUrl: string },
): Rendered {
  const zh = language === 'zh';
  // The sender's name is the shipper's text: no link or domain can ride in it (mailSafeName).
  const sender = mailSafeName(model.senderName) || (zh ? '寄件人' : 'Someone');
  const to = mailSafeName(model.destination) || '—';
  const shipped = model.kind === 'recipient_shipped';
  const subject = zh
    ? shipped
      ? `${sender} 给您寄了一个包裹`
      : `您来自 ${sender} 的包裹已送达`
    : shipped
      ? `${sender} sent you a parcel`
      : `Your parcel from ${sender} was delivered`;
  const heading = zh
    ? shipped
      ? '您的包裹已寄出'
      : '您的包裹已送达'
    : shipped
      ? 'A parcel is on its way to you'
      : 'Your parcel was delivered';
  const intro = zh
    ? shipped
      ? `${sender} 已通过 ${model.carrier} 给您寄出一个包裹，寄往 ${to}。您可以随时通过下面的运单号查看物流。`
      : `${sender} 寄给您的包裹已由 ${model.carrier} 送达 ${to}。`
    : shipped
      ? `${sender} sent you a parcel with ${model.carrier}, on its way to ${to}. Follow it with the tracking number below.`
      : sentence(`The parcel ${sender} sent you was delivered by ${model.carrier} in ${to}`);
  const rows: [string, string][] = zh
    ? [
        ['寄件人', sender],
        ['承运商', model.carrier],
        ['运单号', model.trackingNumber],
      ]
    : [
        ['From', sender],
        ['Carrier', model.carrier],
        ['Tracking number', model.trackingNumber],
      ];
  const button = zh ? '查看物流' : 'Track the parcel';
  const why = zh
    ? `您收到此邮件，是因为 ${sender} 在通过 Voyageur 寄件时填写了您的邮箱，并选择通知您。`
    : `You receive this mail because ${sender} gave your email address when shipping with Voyageur and asked us to tell you.`;
  const unsubscribe = zh ? '不再接收此类邮件' : 'Stop these mails';
  const greeting = zh ? '您好：' : 'Hello,';
  const signature = zh ? 'Voyageur 团队' : 'The Voyageur team';

  const width = Math.max(...rows.map(([l]) => l.length));
  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(([l, v]) => `${zh ? `${l}：` : `${l}:`.padEnd(width + 2)}${v}`),
    '',
    `${button}: ${model.trackingUrl}`,
    '',
    signature,
    '',
    '--',
    why,
    `${unsubscribe}: ${links.unsubscribeUrl}`,
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e5e7eb;vertical-align:top';
  const html = [
    `<!doctype html><html lang="${zh ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1"></head>',
    '<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px">',
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    '<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">Voyageur</p>',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>`,
    `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
    `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`,
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px;font-size:14px">',
    ...rows.map(
      ([l, v]) =>
        `<tr><td style="${cell};color:#6b7280;padding-right:12px">${escapeHtml(l)}</td><td style="${cell};text-align:right;font-weight:bold">${escapeHtml(v)}</td></tr>`,
    ),
    '</table>',
    `<p style="margin:0 0 16px"><a href="${escapeHtml(model.trackingUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(button)}</a></p>`,
    `<p style="margin:0">${escapeHtml(signature)}</p>`,
    '</div>',
    `<p style="font-size:12px;color:#6b7280;margin:16px 8px 0">${escapeHtml(why)} `,
    `<a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#4b5563">${escapeHtml(unsubscribe)}</a></p>`,
    '</div></body></html>',
  ].join('');
  return { subject, text, html };
}
