import { describe, expect, it } from 'vitest';
import { formatCad, renderNotification, type MailModel } from './templates';

const LINKS = {
  unsubscribeUrl: 'https://voyageur.example/api/notifications/unsubscribe?token=u.receipt.sig',
  settingsUrl: 'https://voyageur.example/settings?tab=notifications',
};
const AT = new Date('2026-03-02T04:30:00Z'); // 1 March in Toronto

const receipt: MailModel = {
  kind: 'receipt',
  number: 'R-000042',
  orderCode: 'VY-ABCD1234',
  carrier: 'Canada Post',
  service: 'Expedited Parcel',
  destination: 'Vancouver, BC',
  totalCents: 123456,
  taxCents: 13226,
  issuedAt: AT,
  shipmentUrl: 'https://voyageur.example/shipments?shipment=1',
};

describe('notification mails', () => {
  it('formats CAD from integer cents in each language', () => {
    expect(formatCad(123456, 'en')).toBe('$1,234.56');
    expect(formatCad(5, 'en')).toBe('$0.05');
    expect(formatCad(2000, 'zh')).toBe('20.00 加元');
    expect(formatCad(-150, 'en')).toBe('-$1.50');
  });

  it('renders the receipt in English with its figures, the Toronto date and the unsubscribe footer', () => {
    const m = renderNotification('en', receipt, LINKS);
    expect(m.subject).toBe('Your receipt R-000042 for order VY-ABCD1234');
    expect(m.text).toContain('$1,234.56');
    expect(m.text).toContain('$132.26');
    expect(m.text).toContain('March 1, 2026');
    expect(m.text).toContain(`Unsubscribe from order receipts: ${LINKS.unsubscribeUrl}`);
    expect(m.html).toContain('lang="en"');
    expect(m.html).toContain(`href="${LINKS.unsubscribeUrl}"`);
  });

  it('renders the receipt in Chinese', () => {
    const m = renderNotification('zh', receipt, LINKS);
    expect(m.subject).toBe('订单 VY-ABCD1234 的收据 R-000042');
    expect(m.text).toContain('合计（含税）：1,234.56 加元');
    expect(m.text).toContain('2026年3月1日');
    expect(m.text).toContain('您收到此邮件，是因为您在通知设置中开启了订单收据。');
    // Links after a full-width colon, as the rows.
    expect(m.text).toMatch(/^查看订单：https:\/\//m);
    expect(m.text).toContain(`通知设置：${LINKS.settingsUrl}`);
    expect(m.text).not.toMatch(/[\u4e00-\u9fff]: /);
    expect(m.html).toContain('lang="zh-CN"');
  });

  it('a DDP receipt shows the duties on their own line and a total that includes them, and names DHL once', () => {
    const ddp: MailModel = {
      ...receipt,
      carrier: 'DHL',
      service: 'DHL Express Worldwide',
      destination: 'Seattle, WA, 98101 US',
      totalCents: 13245,
      taxCents: 0,
      dutiesCents: 2200,
    };
    const en = renderNotification('en', ddp, LINKS);
    expect(en.text).toMatch(/Service: +DHL Express Worldwide\n/);
    expect(en.text).not.toContain('DHL DHL');
    expect(en.text).toMatch(/Duties and taxes at destination \(estimate, DDP\): +\$22\.00\n/);
    expect(en.text).toMatch(/Total \(taxes and duties included\): +\$132\.45\n/);
    expect(en.html).toContain('$132.45');
    const zh = renderNotification('zh', ddp, LINKS);
    expect(zh.text).toContain('服务：DHL Express Worldwide');
    expect(zh.text).toContain('目的地关税及税费（估算，DDP）：22.00 加元');
    expect(zh.text).toContain('合计（含税费及关税）：132.45 加元');
    // Without duties the total keeps its plain label; a service named without the carrier keeps it.
    const plain = renderNotification('en', receipt, LINKS);
    expect(plain.text).toMatch(/Service: +Canada Post Expedited Parcel\n/);
    expect(plain.text).toMatch(/Total \(taxes included\): +\$1,234\.56\n/);
    expect(plain.text).not.toContain('Duties');
  });

  it('a DDP credit note credits the duties refunded with the label', () => {
    const note: MailModel = {
      kind: 'credit_note',
      number: 'CN-000008',
      receiptNumber: 'R-000043',
      orderCode: 'VY-NWGVBWZ9',
      totalCents: 13245,
      dutiesCents: 2200,
      issuedAt: AT,
      shipmentUrl: 'https://x/s',
    };
    const en = renderNotification('en', note, LINKS);
    expect(en.text).toContain('$132.45 credited');
    expect(en.text).toMatch(/Duties and taxes at destination \(estimate, DDP\): +\$22\.00\n/);
    expect(en.text).toMatch(/Credited \(taxes and duties included\): +\$132\.45\n/);
    expect(renderNotification('zh', note, LINKS).text).toContain('贷记金额（含税费及关税）：132.45 加元');
  });

  it('gives every kind a subject in both languages', () => {
    const models: MailModel[] = [
      receipt,
      {
        kind: 'credit_note',
        number: 'CN-000007',
        receiptNumber: 'R-000042',
        orderCode: 'VY-ABCD1234',
        totalCents: 1130,
        issuedAt: AT,
        shipmentUrl: 'https://x/s',
      },
      { kind: 'topup_receipt', number: 'P-000003', amountCents: 5000, issuedAt: AT, walletUrl: 'https://x/wallet' },
      { kind: 'low_balance', balanceCents: 1999, thresholdCents: 2000, walletUrl: 'https://x/wallet' },
      {
        kind: 'tracking',
        milestone: 'exception',
        orderCode: 'VY-ABCD1234',
        carrier: 'UPS',
        trackingNumber: '1Z999',
        destination: 'Halifax, NS',
        shipmentUrl: 'https://x/s',
      },
    ];
    const subjects = models.flatMap((m) => [renderNotification('en', m, LINKS), renderNotification('zh', m, LINKS)]);
    expect(subjects.map((s) => s.subject)).toEqual([
      'Your receipt R-000042 for order VY-ABCD1234',
      '订单 VY-ABCD1234 的收据 R-000042',
      'Credit note CN-000007: order VY-ABCD1234 voided',
      '贷记单 CN-000007：订单 VY-ABCD1234 已作废',
      'Receipt P-000003 for your wallet top-up',
      '钱包充值收据 P-000003',
      'Your Voyageur balance is below $20.00',
      '您的 Voyageur 余额已低于 20.00 加元',
      'A delivery problem with order VY-ABCD1234',
      '订单 VY-ABCD1234 配送异常',
    ]);
  });

  it('never turns a typed destination into a link or markup', () => {
    const m = renderNotification('en', { ...receipt, destination: '<b>Visit</b> http://evil.example/login' }, LINKS);
    expect(m.html).not.toContain('<b>Visit');
    expect(m.html).not.toContain('http://evil');
    expect(m.text).not.toContain('http://evil');
  });
});
