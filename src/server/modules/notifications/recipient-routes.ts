/**
 * The recipient's links (issue 27, migration 0032): the public tracking page of one parcel and the
 * unsubscribe that stops every mail to that address. Both take a token signed by the server (see
 * recipient.ts), so neither names nor reveals anything else; neither needs an account.
 *
 * GET  /api/track/{shipmentId}.{sig}?lang=en|zh     the parcel's status and events (no price, no address)
 * GET  /api/notifications/recipient-unsubscribe?token=…   confirm page (a link scanner changes nothing)
 * POST /api/notifications/recipient-unsubscribe?token=…   one click (RFC 8058): the address is suppressed
 */
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { carrierName } from '../../../shared/carriers';
import { readRecipientUnsubscribeToken, readTrackingPageToken, senderName } from './recipient';
import { shipmentById, shipmentEvents, suppress } from './recipient-repo';
import { mailSafeName } from '../auth/emails';
import { page } from './html-page';

const ZToken = z.strictObject({
  token: z.string().min(1, 'The unsubscribe link is incomplete').max(200, 'The unsubscribe link is not valid'),
});
const ZTrackParams = z.object({ token: z.string().max(200) });
const ZTrackQuery = z.strictObject({ lang: z.enum(['en', 'zh'], { error: 'lang must be en or zh' }).optional() });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATUS: Record<string, { en: string; zh: string }> = {
  purchasing: { en: 'Label being created', zh: '正在生成运单' },
  label_created: { en: 'Label created', zh: '运单已生成' },
  picked_up: { en: 'Picked up', zh: '已揽收' },
  in_transit: { en: 'In transit', zh: '运输中' },
  out_for_delivery: { en: 'Out for delivery', zh: '派送中' },
  delivered: { en: 'Delivered', zh: '已送达' },
  exception: { en: 'Delivery problem', zh: '配送异常' },
  cancelled: { en: 'Cancelled', zh: '已取消' },
  failed: { en: 'Not shipped', zh: '未寄出' },
};
const statusText = (status: string, lang: 'en' | 'zh') => STATUS[status]?.[lang] ?? status.replace(/_/g, ' ');

const torontoTime = (at: Date, lang: 'en' | 'zh') =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', {
    timeZone: 'America/Toronto',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);

export function registerRecipientRoutes(root: App, deps: AppDeps, signingKey: () => Promise<string>): void {
  const db = deps.database.db;
  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

  async function holder(token: string) {
    const found = readRecipientUnsubscribeToken(await signingKey(), token);
    if (!found) {
      const message = 'This unsubscribe link is not valid';
      throw new AppError(400, message, ErrorCode.VALIDATION_ERROR, { token: [message] });
    }
    return found;
  }

  void root.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, typeof body === 'string' ? body : body.toString('utf8')),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/track/:token',
      { schema: { params: ZTrackParams, querystring: ZTrackQuery } },
      async (request, reply) => {
        const lang = request.query.lang ?? 'en';
        const zh = lang === 'zh';
        const id = readTrackingPageToken(await signingKey(), request.params.token);
        const shipment = id ? await shipmentById(db, id) : null;
        if (!shipment || !shipment.trackingNumber) throw notFound('Parcel not found');
        const events = (await shipmentEvents(db, shipment.id)).reverse();
        const sender = escapeHtml(mailSafeName(senderName(shipment.fromAddress)));
        const carrier = escapeHtml(carrierName(shipment.carrier));
        const rows: [string, string][] = [
          [zh ? '运单号' : 'Tracking number', escapeHtml(shipment.trackingNumber)],
          [zh ? '承运商' : 'Carrier', carrier],
          [zh ? '寄件人' : 'From', sender],
          [zh ? '状态' : 'Status', `<strong>${escapeHtml(statusText(shipment.status, lang))}</strong>`],
          ...(shipment.estimatedDelivery && shipment.status !== 'delivered'
            ? [[zh ? '预计送达' : 'Expected', escapeHtml(shipment.estimatedDelivery)] as [string, string]]
            : []),
        ];
        const list = events
          .map(
            (e) =>
              `<li style="margin:0 0 8px"><strong>${escapeHtml(statusText(e.status, lang))}</strong>` +
              `${!zh && e.description ? ` — ${escapeHtml(e.description)}` : ''}<br>` +
              `<span style="color:#6b7280;font-size:14px">${escapeHtml(torontoTime(e.occurredAt, lang))}${e.location ? ` · ${escapeHtml(e.location)}` : ''}</span></li>`,
          )
          .join('');
        // Search engines keep out; the page shows no address and no price.
        void reply.header('x-robots-tag', 'noindex');
        return html(
          reply,
          page(lang, zh ? `包裹 ${shipment.trackingNumber}` : `Parcel ${shipment.trackingNumber}`, [
            rows.map(([l, v]) => `<span style="color:#6b7280">${l}${zh ? '：' : ': '}</span>${v}`).join('<br>'),
            `<span style="font-weight:bold">${zh ? '物流记录（多伦多时间）' : 'Tracking history (Toronto time)'}</span>`,
            list
              ? `</p><ol style="padding-left:20px;margin:0 0 12px">${list}</ol><p style="margin:0">`
              : zh
                ? '暂无记录。'
                : 'No events yet.',
            `<a href="?lang=${zh ? 'en' : 'zh'}">${zh ? 'English' : '中文'}</a>`,
          ]),
        );
      },
    );

    app.get('/api/notifications/recipient-unsubscribe', { schema: { querystring: ZToken } }, async (request, reply) => {
      const { lang } = await holder(request.query.token);
      const action = `/api/notifications/recipient-unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      void reply.header('referrer-policy', 'same-origin');
      return lang === 'zh'
        ? html(
            reply,
            page(lang, '不再接收包裹通知？', ['确认后，Voyageur 将不再向您的邮箱发送任何包裹通知，无论寄件人是谁。'], {
              action,
              button: '确认退订',
            }),
          )
        : html(
            reply,
            page(
              lang,
              'Stop parcel mails?',
              ['Voyageur will send no more parcel mails to your address, whoever the sender.'],
              { action, button: 'Stop these mails' },
            ),
          );
    });

    app.post(
      '/api/notifications/recipient-unsubscribe',
      { schema: { querystring: ZToken } },
      async (request, reply) => {
        const { hash, lang } = await holder(request.query.token);
        await suppress(db, hash, deps.clock.now());
        return lang === 'zh'
          ? html(reply, page(lang, '已退订', ['Voyageur 将不再向您的邮箱发送包裹通知。']))
          : html(
              reply,
              page(lang, 'You are unsubscribed', ['Voyageur will send no more parcel mails to your address.']),
            );
      },
    );
  });
}
