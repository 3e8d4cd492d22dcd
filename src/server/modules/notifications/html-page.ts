/** The small HTML pages the notification links open (unsubscribe confirm, recipient tracking). */
import type { TLocale } from '../../../shared/contracts/user';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(locale: TLocale, title: string, paragraphs: string[], form?: { action: string; button: string }) {
  return [
    `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)} · Voyageur</title></head>`,
    '<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    '<main style="max-width:480px;margin:0 auto;padding:32px 16px">',
    '<div style="background:#fff;border-radius:8px;padding:24px">',
    '<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">Voyageur</p>',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`),
    form
      ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit" style="min-height:44px;background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:16px;font-weight:bold;cursor:pointer">${escapeHtml(form.button)}</button></form>`
      : '',
    '</div></main></body></html>',
  ].join('');
}
