import { describe, expect, it } from 'vitest';
import { renderRecipientMail, type RecipientMailModel } from './recipient-templates';

const model = (kind: RecipientMailModel['kind'], extra: Partial<RecipientMailModel> = {}): RecipientMailModel => ({
  kind,
  senderName: 'Maple Goods',
  carrier: 'Canada Post',
  trackingNumber: 'CP123456789CA',
  destination: 'Vancouver, BC',
  trackingUrl: 'https://voyageur.example/api/track/abc.def?lang=en',
  ...extra,
});
const links = { unsubscribeUrl: 'https://voyageur.example/api/notifications/recipient-unsubscribe?token=x' };

describe('recipient mails', () => {
  it('shipped, in English: the sender, carrier, tracking number and link, and the unsubscribe', () => {
    const m = renderRecipientMail('en', model('recipient_shipped'), links);
    expect(m.subject).toBe('Maple Goods sent you a parcel');
    expect(m.text).toMatch(/Tracking number: +CP123456789CA/);
    expect(m.text).toContain('Track the parcel: https://voyageur.example/api/track/abc.def?lang=en');
    expect(m.text).toContain(`Stop these mails: ${links.unsubscribeUrl}`);
    expect(m.html).toContain('lang="en"');
    expect(m.html).toContain('href="https://voyageur.example/api/track/abc.def?lang=en"');
  });

  it('delivered, in Chinese', () => {
    const m = renderRecipientMail('zh', model('recipient_delivered'), links);
    expect(m.subject).toBe('您来自 Maple Goods 的包裹已送达');
    expect(m.text).toContain('运单号：CP123456789CA');
    expect(m.text).toContain('承运商：Canada Post');
    expect(m.text).toContain('不再接收此类邮件');
    expect(m.html).toContain('lang="zh-CN"');
  });

  it('shows no amount, price or wallet in either language', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const kind of ['recipient_shipped', 'recipient_delivered'] as const) {
        const m = renderRecipientMail(lang, model(kind), links);
        const all = `${m.subject}\n${m.text}\n${m.html}`;
        expect(all).not.toMatch(/\$|CAD|加元|price|价格|wallet|钱包|tax|税/i);
      }
    }
  });

  it("makes the sender's name safe: no link rides in it, and HTML is escaped", () => {
    const m = renderRecipientMail('en', model('recipient_shipped', { senderName: '<b>Win</b> at evil.com' }), links);
    expect(m.subject).not.toContain('evil.com');
    expect(m.html).not.toContain('<b>Win</b>');
    expect(m.text).not.toContain('evil.com');
  });
});
