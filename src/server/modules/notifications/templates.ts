/**
 * The notification mails (issue 27, decision 026) in the user's language: plain text and HTML, and
 * a footer saying why the mail came with its one-click unsubscribe link and the settings link.
 * Amounts are integer cents, shown in CAD; dates are Toronto's (the operator's, as on receipts).
 */
import type { TLocale } from '../../../shared/contracts/user';
import type { MailMessage } from '../../providers/mail/index';
import { sentence } from '../../../shared/sentence';
import { mailSafeName } from '../auth/emails';
import { carrierAndService } from '../../../shared/carriers';
import type { MailKind } from './kinds';

export type TrackingMilestone = 'picked_up' | 'out_for_delivery' | 'delivered' | 'exception';

export type MailModel =
  | {
      kind: 'receipt';
      number: string;
      orderCode: string;
      carrier: string;
      service: string;
      /** Destination city and province or country, as the user typed it. */
      destination: string;
      /** What the wallet paid: the receipt's total and, for a DDP export, the duties paid at origin. */
      totalCents: number;
      taxCents: number;
      /** The duties and taxes at destination paid at origin (DDP, their own line); 0 or absent otherwise. */
      dutiesCents?: number;
      issuedAt: Date;
      shipmentUrl: string;
    }
  | {
      kind: 'credit_note';
      number: string;
      receiptNumber: string;
      orderCode: string;
      /** What went back to the wallet: the credit note's total and the DDP duties refunded with it. */
      totalCents: number;
      /** The DDP duties refunded with the label (their own line); 0 or absent otherwise. */
      dutiesCents?: number;
      issuedAt: Date;
      shipmentUrl: string;
    }
  | { kind: 'topup_receipt'; number: string; amountCents: number; issuedAt: Date; walletUrl: string }
  | { kind: 'low_balance'; balanceCents: number; thresholdCents: number; walletUrl: string }
  | {
      kind: 'tracking';
      milestone: TrackingMilestone;
      orderCode: string;
      carrier: string;
      trackingNumber: string;
      destination: string;
      shipmentUrl: string;
    };

export type MailLinks = { unsubscribeUrl: string; settingsUrl: string };

type Rendered = Pick<MailMessage, 'subject' | 'text' | 'html'>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WHOLE_DOLLARS = new Intl.NumberFormat('en-CA');

/** $1,234.56 (en) or 1,234.56 加元 (zh); negative amounts keep their sign. */
export function formatCad(cents: number, locale: TLocale): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const amount = `${WHOLE_DOLLARS.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return locale === 'zh' ? `${sign}${amount} 加元` : `${sign}$${amount}`;
}

/** Made once each: building an Intl formatter costs far more than formatting with one (issue 26). */
const TORONTO_DATE = {
  en: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'long' }),
  zh: new Intl.DateTimeFormat('zh-CN', { timeZone: 'America/Toronto', dateStyle: 'long' }),
};

export function formatTorontoDate(at: Date, locale: TLocale): string {
  return (locale === 'zh' ? TORONTO_DATE.zh : TORONTO_DATE.en).format(at);
}

/** What each kind is called in the footer ("…because {label} are on"). */
export const KIND_LABEL: Record<MailKind, { en: string; zh: string }> = {
  receipt: { en: 'order receipts', zh: '订单收据' },
  credit_note: { en: 'void credit notes', zh: '作废贷记单' },
  topup_receipt: { en: 'top-up receipts', zh: '充值收据' },
  low_balance: { en: 'low-balance alerts', zh: '余额不足提醒' },
  tracking: { en: 'tracking updates', zh: '物流动态' },
};

type Row = [label: string, value: string];

/** The DDP duties' own line, as the receipt PDF names it (documents/compose.ts DUTIES_LINE). */
const DUTIES_ROW = {
  en: 'Duties and taxes at destination (estimate, DDP)',
  zh: '目的地关税及税费（估算，DDP）',
} as const;

type Content = { subject: string; heading: string; intro: string[]; rows: Row[]; button?: [string, string] };

function content(locale: TLocale, m: MailModel): Content {
  const zh = locale === 'zh';
  const cad = (c: number) => formatCad(c, locale);
  const date = (d: Date) => formatTorontoDate(d, locale);
  switch (m.kind) {
    case 'receipt': {
      const duties = m.dutiesCents ?? 0;
      const service = carrierAndService(m.carrier, m.service);
      return zh
        ? {
            subject: `订单 ${m.orderCode} 的收据 ${m.number}`,
            heading: '感谢您的订单',
            intro: ['运单已生成，费用已从您的钱包余额中扣除。收据（PDF）附在本邮件中，可直接交给您的会计。'],
            rows: [
              ['收据编号', m.number],
              ['订单', m.orderCode],
              ['日期', date(m.issuedAt)],
              ['服务', service],
              ['寄往', m.destination],
              ['税额', cad(m.taxCents)],
              ...(duties > 0
                ? ([
                    [DUTIES_ROW.zh, cad(duties)],
                    ['合计（含税费及关税）', cad(m.totalCents)],
                  ] satisfies Row[])
                : ([['合计（含税）', cad(m.totalCents)]] satisfies Row[])),
              ['支付方式', '钱包余额'],
            ],
            button: ['查看订单', m.shipmentUrl],
          }
        : {
            subject: `Your receipt ${m.number} for order ${m.orderCode}`,
            heading: 'Thank you for your order',
            intro: [
              'Your label is ready and the order was paid from your wallet. The receipt is attached as a PDF, ready for your accountant.',
            ],
            rows: [
              ['Receipt', m.number],
              ['Order', m.orderCode],
              ['Date', date(m.issuedAt)],
              ['Service', service],
              ['To', m.destination],
              ['Taxes', cad(m.taxCents)],
              ...(duties > 0
                ? ([
                    [DUTIES_ROW.en, cad(duties)],
                    ['Total (taxes and duties included)', cad(m.totalCents)],
                  ] satisfies Row[])
                : ([['Total (taxes included)', cad(m.totalCents)]] satisfies Row[])),
              ['Paid from', 'Wallet balance'],
            ],
            button: ['View the order', m.shipmentUrl],
          };
    }
    case 'credit_note': {
      const duties = m.dutiesCents ?? 0;
      return zh
        ? {
            subject: `贷记单 ${m.number}：订单 ${m.orderCode} 已作废`,
            heading: '运单已作废',
            intro: [
              `订单 ${m.orderCode} 的运单已作废。随附的贷记单（PDF）冲销收据 ${m.receiptNumber}，贷记金额为 ${cad(m.totalCents)}。`,
            ],
            rows: [
              ['贷记单编号', m.number],
              ['对应收据', m.receiptNumber],
              ['订单', m.orderCode],
              ['日期', date(m.issuedAt)],
              ...(duties > 0
                ? ([
                    [DUTIES_ROW.zh, cad(duties)],
                    ['贷记金额（含税费及关税）', cad(m.totalCents)],
                  ] satisfies Row[])
                : ([['贷记金额（含税）', cad(m.totalCents)]] satisfies Row[])),
            ],
            button: ['查看订单', m.shipmentUrl],
          }
        : {
            subject: `Credit note ${m.number}: order ${m.orderCode} voided`,
            heading: 'Your label was voided',
            intro: [
              `The label of order ${m.orderCode} was voided. The credit note attached (PDF) reverses receipt ${m.receiptNumber}: ${cad(m.totalCents)} credited.`,
            ],
            rows: [
              ['Credit note', m.number],
              ['Reverses receipt', m.receiptNumber],
              ['Order', m.orderCode],
              ['Date', date(m.issuedAt)],
              ...(duties > 0
                ? ([
                    [DUTIES_ROW.en, cad(duties)],
                    ['Credited (taxes and duties included)', cad(m.totalCents)],
                  ] satisfies Row[])
                : ([['Credited (taxes included)', cad(m.totalCents)]] satisfies Row[])),
            ],
            button: ['View the order', m.shipmentUrl],
          };
    }
    case 'topup_receipt':
      return zh
        ? {
            subject: `钱包充值收据 ${m.number}`,
            heading: '充值已到账',
            intro: [
              `我们已收到您的充值 ${cad(m.amountCents)}，金额已计入钱包余额。收据（PDF）见附件。`,
              '充值属于预付款，并非应税供应；相应税款会列在由这笔余额支付的每张订单收据上。',
            ],
            rows: [
              ['收据编号', m.number],
              ['日期', date(m.issuedAt)],
              ['金额', cad(m.amountCents)],
            ],
            button: ['查看钱包', m.walletUrl],
          }
        : {
            subject: `Receipt ${m.number} for your wallet top-up`,
            heading: 'Your top-up is in your wallet',
            intro: [
              `We received your top-up of ${cad(m.amountCents)}; it is in your wallet balance. The receipt is attached as a PDF.`,
              'A top-up is a prepayment, not a taxable supply: the taxes appear on the receipt of each order it pays for.',
            ],
            rows: [
              ['Receipt', m.number],
              ['Date', date(m.issuedAt)],
              ['Amount', cad(m.amountCents)],
            ],
            button: ['Open the wallet', m.walletUrl],
          };
    case 'low_balance':
      return zh
        ? {
            subject: `您的 Voyageur 余额已低于 ${cad(m.thresholdCents)}`,
            heading: '余额不足提醒',
            intro: [
              `您的钱包余额现为 ${cad(m.balanceCents)}，已低于您设定的提醒金额 ${cad(m.thresholdCents)}。请及时充值，以免影响下单。`,
            ],
            rows: [
              ['当前余额', cad(m.balanceCents)],
              ['提醒金额', cad(m.thresholdCents)],
            ],
            button: ['去充值', m.walletUrl],
          }
        : {
            subject: `Your Voyageur balance is below ${cad(m.thresholdCents)}`,
            heading: 'Your balance is running low',
            intro: [
              `Your wallet balance is now ${cad(m.balanceCents)}, below the ${cad(m.thresholdCents)} you asked us to warn you at. Top up to keep ordering labels without interruption.`,
            ],
            rows: [
              ['Balance', cad(m.balanceCents)],
              ['Alert below', cad(m.thresholdCents)],
            ],
            button: ['Top up', m.walletUrl],
          };
    case 'tracking': {
      const to = m.destination;
      const en: Record<TrackingMilestone, [string, string, string]> = {
        picked_up: [
          `Order ${m.orderCode} was picked up by ${m.carrier}`,
          'Picked up',
          sentence(`${m.carrier} has picked up your parcel to ${to}`),
        ],
        out_for_delivery: [
          `Order ${m.orderCode} is out for delivery`,
          'Out for delivery',
          `Your parcel to ${to} is out for delivery today.`,
        ],
        delivered: [`Order ${m.orderCode} was delivered`, 'Delivered', `Your parcel to ${to} was delivered.`],
        exception: [
          `A delivery problem with order ${m.orderCode}`,
          'Delivery problem',
          `${m.carrier} reports a problem delivering your parcel to ${to}. See the tracking for what happens next.`,
        ],
      };
      const cn: Record<TrackingMilestone, [string, string, string]> = {
        picked_up: [`订单 ${m.orderCode} 已由 ${m.carrier} 揽收`, '已揽收', `${m.carrier} 已揽收您寄往 ${to} 的包裹。`],
        out_for_delivery: [`订单 ${m.orderCode} 正在派送`, '派送中', `您寄往 ${to} 的包裹今天正在派送。`],
        delivered: [`订单 ${m.orderCode} 已送达`, '已送达', `您寄往 ${to} 的包裹已送达。`],
        exception: [
          `订单 ${m.orderCode} 配送异常`,
          '配送异常',
          `${m.carrier} 报告您寄往 ${to} 的包裹在配送中遇到问题，后续处理请查看物流详情。`,
        ],
      };
      const [subject, heading, line] = (zh ? cn : en)[m.milestone];
      return {
        subject,
        heading,
        intro: [line],
        rows: zh
          ? [
              ['订单', m.orderCode],
              ['承运商', m.carrier],
              ['运单号', m.trackingNumber],
            ]
          : [
              ['Order', m.orderCode],
              ['Carrier', m.carrier],
              ['Tracking number', m.trackingNumber],
            ],
        button: [zh ? '查看物流详情' : 'See the tracking', m.shipmentUrl],
      };
    }
  }
}

/** The mail for `model` in `locale`, with the footer's unsubscribe and settings links. */
export function renderNotification(locale: TLocale, model: MailModel, links: MailLinks): Rendered {
  const zh = locale === 'zh';
  const safe: MailModel =
    'destination' in model ? { ...model, destination: mailSafeName(model.destination) || '—' } : model;
  const c = content(locale, safe);
  const label = KIND_LABEL[model.kind][locale];
  const why = zh
    ? `您收到此邮件，是因为您在通知设置中开启了${label}。`
    : `You receive this mail because ${label} are on in your notification settings.`;
  const unsubscribe = zh ? `退订${label}` : `Unsubscribe from ${label}`;
  const settings = zh ? '通知设置' : 'Notification settings';
  const greeting = zh ? '您好：' : 'Hello,';
  const signature = zh ? 'Voyageur 团队' : 'The Voyageur team';

  const width = Math.max(...c.rows.map(([l]) => l.length));
  // A label and its link: the full-width colon in Chinese, as the rows have.
  const link = (label: string, url: string) => (zh ? `${label}：${url}` : `${label}: ${url}`);
  const text = [
    greeting,
    '',
    ...c.intro.flatMap((p) => [p, '']),
    ...c.rows.map(([l, v]) => `${zh ? `${l}：` : `${l}:`.padEnd(width + 2)}${v}`),
    '',
    ...(c.button ? [link(c.button[0], c.button[1]), ''] : []),
    signature,
    '',
    '--',
    why,
    link(unsubscribe, links.unsubscribeUrl),
    link(settings, links.settingsUrl),
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e5e7eb;vertical-align:top';
  const html = [
    `<!doctype html><html lang="${zh ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1"></head>',
    '<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px">',
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    '<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">Voyageur</p>',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(c.heading)}</h1>`,
    `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
    ...c.intro.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`),
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px;font-size:14px">',
    ...c.rows.map(
      ([l, v]) =>
        `<tr><td style="${cell};color:#6b7280;padding-right:12px">${escapeHtml(l)}</td><td style="${cell};text-align:right;font-weight:bold">${escapeHtml(v)}</td></tr>`,
    ),
    '</table>',
    c.button
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(c.button[1])}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(c.button[0])}</a></p>`
      : '',
    `<p style="margin:0">${escapeHtml(signature)}</p>`,
    '</div>',
    `<p style="font-size:12px;color:#6b7280;margin:16px 8px 0">${escapeHtml(why)} `,
    `<a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#4b5563">${escapeHtml(unsubscribe)}</a> · `,
    `<a href="${escapeHtml(links.settingsUrl)}" style="color:#4b5563">${escapeHtml(settings)}</a></p>`,
    '</div></body></html>',
  ].join('');
  return { subject: c.subject, text, html };
}
