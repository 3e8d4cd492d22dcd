import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TRateOption } from '../../../shared/contracts/rates';
import { formatHsCode } from '../../../shared/customs';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import {
  businessDateInstant,
  carrierLabel,
  dutyBreakdown,
  optionTotal,
  inShownOrder,
  rateView,
  repriced,
  serviceKey,
  serviceLabel,
  serviceWithoutCarrier,
  sortCheapestFirst,
  taxLines,
} from './rate-display';

function option(id: string, price: string, taxes: Partial<TRateOption['taxes']>): TRateOption {
  const t = { gst: '0.00', hst: '0.00', qst: '0.00', total: '0.00', ...taxes };
  return {
    id,
    quoteId: '00000000-0000-4000-8000-000000000000',
    expiresAt: '2026-03-02T15:15:00.000Z',
    carrier: 'CA-CP',
    carrierName: 'Canada Post',
    serviceName: 'Regular Parcel',
    serviceCode: 'DOM.RP',
    price,
    taxes: t,
    total: price,
    transitDays: 3,
    estimatedDelivery: '2026-03-05',
    mode: 'sandbox',
  };
}

describe('rate display', () => {
  it('sorts by price plus taxes, keeping ties in server order', () => {
    const a = option('a', '20.00', { hst: '2.60', total: '2.60' });
    const b = option('b', '21.00', { gst: '1.05', total: '1.05' });
    const c = option('c', '22.00', { total: '0.00' });
    const d = option('d', '21.00', { gst: '1.05', total: '1.05' });
    expect(optionTotal(a)).toBe(2260);
    expect(sortCheapestFirst([a, b, c, d]).map((o) => o.id)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('leaving Canada the total includes the duties estimate (issue 25): zero-rated, price + duties', () => {
    const us: TRateOption = {
      ...option('us', '30.00', {}),
      duties: {
        amount: '25.75',
        currency: 'CAD',
        estimate: true,
        incoterm: 'DDP',
        usdRate: '1.3800',
        tariffDate: '2025-12-01',
        lines: [],
      },
    };
    expect(optionTotal(us)).toBe(5575);
    expect(en.rates.zeroRated).toBe('Zero-rated export');
    expect(en.rates.duties).toBe('Duties and taxes at destination (estimate)');
    expect(zh.rates.duties).toContain('估算');
  });

  it('lists only the taxes above zero', () => {
    expect(taxLines(option('x', '10.00', { gst: '0.50', qst: '1.00', total: '1.50' }))).toEqual([
      { code: 'gst', cents: 50 },
      { code: 'qst', cents: 100 },
    ]);
    expect(taxLines(option('y', '10.00', {}))).toEqual([]);
  });

  it('keeps the business date in Toronto', () => {
    const d = businessDateInstant('2026-03-05')!;
    const toronto = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'short' }).format(d);
    expect(toronto).toBe('2026-03-05');
    expect(businessDateInstant('soon')).toBeNull();
  });
});

describe('carrier and service names', () => {
  const translator = (texts: Record<string, unknown>) => (key: string, options?: { defaultValue: string }) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
    return typeof found === 'string' ? found : (options?.defaultValue ?? key);
  };
  const enT = translator(en);
  const zhT = translator(zh);
  const ups = { carrier: 'CA-UPS', serviceCode: 'UPS.11', serviceName: 'UPS Standard' };

  it('names the carrier once: the service name loses the carrier in front', () => {
    expect(serviceWithoutCarrier('UPS Standard', 'UPS')).toBe('Standard');
    expect(serviceWithoutCarrier('FedEx FedEx Ground', 'FedEx')).toBe('FedEx Ground');
    expect(serviceWithoutCarrier('Xpresspost', 'Canada Post')).toBe('Xpresspost');
    expect(serviceLabel(ups, enT)).toBe('Standard');
    expect(`${carrierLabel('CA-UPS', enT)} ${serviceLabel(ups, enT)}`).toBe('UPS Standard');
    expect(serviceLabel({ carrier: 'CA-Fedex', serviceCode: 'FDX.GROUND', serviceName: 'FedEx Ground' }, enT)).toBe(
      'Ground',
    );
  });

  it('translates known services and Canada Post in Chinese; an unknown service keeps its own name', () => {
    expect(serviceLabel(ups, zhT)).toBe('Standard 标准');
    expect(serviceLabel({ carrier: 'CA-CP', serviceCode: 'DOM.XP', serviceName: 'Xpresspost' }, zhT)).toBe(
      'Xpresspost 快递',
    );
    expect(carrierLabel('CA-CP', zhT)).toBe('加拿大邮政');
    expect(carrierLabel('CA-FEDEX', zhT)).toBe('FedEx');
    expect(carrierLabel('Acme', zhT)).toBe('Acme');
    expect(serviceLabel({ carrier: 'CA-UPS', serviceCode: 'UPS.99', serviceName: 'UPS Saver Plus' }, zhT)).toBe(
      'Saver Plus',
    );
  });

  it('has a name in both languages for every sandbox service code', () => {
    const codes = ['DOM.RP', 'DOM.EP', 'DOM.XP', 'DOM.PC', 'PUR.GROUND', 'PUR.EXPRESS', 'PUR.EXPRESS1030'];
    codes.push('PUR.EXPRESS9AM', 'UPS.11', 'UPS.02', 'UPS.13', 'UPS.01', 'FDX.GROUND', 'FDX.ECONOMY');
    codes.push('FDX.PRIORITY_OVERNIGHT', 'DHL.P');
    for (const code of codes) {
      const option = { carrier: 'CA-UPS', serviceCode: code, serviceName: '?' };
      expect(serviceLabel(option, enT), code).not.toBe('?');
      expect(serviceLabel(option, zhT), code).not.toBe('?');
    }
  });

  it('glosses services of different names differently in Chinese, in words a reader uses', () => {
    const english = (en.rates as { services: Record<string, string> }).services;
    const chinese = (zh.rates as { services: Record<string, string> }).services;
    const gloss = (key: string) => chinese[key]!.slice(english[key]!.length).trim();
    const keys = Object.keys(english);
    const clashes = keys.flatMap((a) =>
      keys
        .filter((b) => a < b && english[a] !== english[b] && gloss(a) === gloss(b))
        .map((b) => `${a}/${b}: ${gloss(a)}`),
    );
    expect(clashes).toEqual([]);
    expect(gloss('DOM_XP')).not.toBe(gloss('PUR_EXPRESS'));
    expect(gloss('UPS_13')).not.toBe('速快');
  });

  it("keeps the carrier's brand name in Chinese, as written, with a Chinese gloss after it", () => {
    const names = (texts: Record<string, unknown>) => (texts.rates as { services: Record<string, string> }).services;
    const english = names(en);
    const chinese = names(zh);
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    for (const [key, brand] of Object.entries(english)) {
      expect(chinese[key]!.startsWith(`${brand} `), `${key}: ${chinese[key]}`).toBe(true);
      expect(chinese[key]!.slice(brand.length), key).toMatch(/\p{Script=Han}/u);
    }
  });
});

describe('repriced (issue 22)', () => {
  const change = {
    rateId: 'a',
    quotedTotal: '0.00',
    price: '20.00',
    taxes: { gst: '0.00', hst: '2.60', qst: '0.00', total: '2.60' },
    total: '22.60',
  };

  it('takes the price a 409 named for that option only, dropping a discount that no longer applies', () => {
    const free = { ...option('a', '0.00', {}), originalPrice: '20.00' };
    const now = repriced(free, change);
    expect(now).toMatchObject({ id: 'a', price: '20.00', total: '22.60', taxes: change.taxes });
    expect(now.originalPrice).toBeUndefined();
    expect(optionTotal(now)).toBe(2260);
    const other = option('b', '5.00', {});
    expect(repriced(other, change)).toBe(other);
    expect(repriced(free, null)).toBe(free);
    expect(repriced(free, { ...change, originalPrice: '25.00' }).originalPrice).toBe('25.00');
  });
});

describe('rateView: the cards after a 409 PRICE_CHANGED (issue 22)', () => {
  const service = (o: TRateOption, carrier: string, serviceCode: string): TRateOption => ({
    ...o,
    carrier,
    serviceCode,
  });
  // Quoted under a 100 % discount: every option $0.00. The user orders the first (ground).
  const free = (id: string, carrier: string, code: string, listed: string) =>
    service({ ...option(id, '0.00', {}), originalPrice: listed }, carrier, code);
  const before = [
    free('a', 'CA-UPS', 'UPS.11', '20.00'),
    free('b', 'CA-Fedex', 'FDX.PRIORITY_OVERNIGHT', '80.73'),
    free('c', 'CA-CP', 'DOM.EP', '25.00'),
  ];
  const change = {
    rateId: 'a',
    quotedTotal: '0.00',
    price: '20.00',
    taxes: { gst: '0.00', hst: '2.60', qst: '0.00', total: '2.60' },
    total: '22.60',
  };
  const shown = rateView(before, null, false).options.map(serviceKey);
  const repricing = {
    choice: { carrier: 'CA-UPS', serviceCode: 'UPS.11' },
    quotedTotal: 0,
    change,
    shown,
    staleDataAt: 1,
  };

  it('while the quote is asked again (or failed): only the option the 409 priced has a price, in its place', () => {
    const view = rateView(before, repricing, false);
    expect(view.options.map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(view.options[0]).toMatchObject({ id: 'a', total: '22.60' });
    expect([...view.stale].sort()).toEqual(['b', 'c']);
    // No card with an old $0.00 is marked the cheapest.
    expect(view.cheapestId).toBeNull();
  });

  it("with today's prices: every card has one, the chosen card stays where it was, the cheapest is the real one", () => {
    // The quote again: new ids, no discount; FedEx Priority Overnight costs most, Canada Post least.
    const now = [
      service(option('c2', '18.00', { hst: '2.34', total: '2.34' }), 'CA-CP', 'DOM.EP'),
      service(option('a2', '20.00', { hst: '2.60', total: '2.60' }), 'CA-UPS', 'UPS.11'),
      service(option('b2', '80.73', { hst: '10.49', total: '10.49' }), 'CA-Fedex', 'FDX.PRIORITY_OVERNIGHT'),
    ];
    const view = rateView(now, repricing, true);
    expect(view.options.map((o) => o.id)).toEqual(['a2', 'b2', 'c2']);
    expect(view.stale.size).toBe(0);
    expect(view.cheapestId).toBe('c2');
    expect(view.options.every((o) => optionTotal(o) > 0)).toBe(true);
  });

  it('without a price change: cheapest first, the first marked', () => {
    const view = rateView([option('x', '9.00', {}), option('y', '3.00', {})], null, false);
    expect(view.options.map((o) => o.id)).toEqual(['y', 'x']);
    expect(view.cheapestId).toBe('y');
  });

  it('a service not shown before comes after the ones shown, cheapest first', () => {
    const a = service(option('a', '9.00', {}), 'CA-UPS', 'UPS.11');
    const n1 = service(option('n1', '7.00', {}), 'CA-CP', 'DOM.XP');
    const n2 = service(option('n2', '5.00', {}), 'CA-CP', 'DOM.PC');
    expect(inShownOrder([n1, a, n2], ['CA-UPS:UPS.11']).map((o) => o.id)).toEqual(['a', 'n2', 'n1']);
  });
});

describe('the duties estimate explained (newcomer 9)', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: en }, zh: { translation: zh } },
      interpolation: { escapeValue: false },
    });
  });
  const duties: NonNullable<TRateOption['duties']> = {
    amount: '16.21',
    currency: 'CAD',
    estimate: true,
    incoterm: 'DDP',
    usdRate: '1.3800',
    tariffDate: '2025-12-01',
    lines: [
      {
        kind: 'duty',
        description: 'Cotton T-shirt',
        hsCode: '6109100012',
        originCountry: 'CN',
        valueUsd: '36.23',
        generalRateBp: 1650,
        extraRateBp: 1000,
        listed: true,
        amount: '13.24',
      },
      {
        kind: 'duty',
        description: 'Maple syrup',
        hsCode: '1702200000',
        originCountry: 'CA',
        valueUsd: '18.12',
        generalRateBp: 0,
        extraRateBp: 0,
        listed: true,
        amount: '0.00',
      },
      {
        kind: 'brokerage',
        description: 'Canada Post duty and tax processing',
        valueUsd: '0.00',
        extraRateBp: 0,
        listed: true,
        amount: '10.00',
      },
    ],
  };

  it('gives each item its duty (HS code, origin, value, rates) and names the carrier’s fee, in English', () => {
    const lines = dutyBreakdown(duties, 'CA-CP', i18n.getFixedT('en'), 'en');
    expect(lines).toEqual([
      {
        kind: 'duty',
        label: 'Duty on “Cotton T-shirt”',
        detail: `HS ${formatHsCode('6109100012')} · made in China · value US$36.23 · duty rate 16.5% · extra duty on this origin 10%`,
        cents: 1324,
      },
      {
        kind: 'duty',
        label: 'Duty on “Maple syrup”',
        detail: `HS ${formatHsCode('1702200000')} · made in Canada · value US$18.12 · duty rate 0%`,
        cents: 0,
      },
      {
        kind: 'brokerage',
        label: 'Canada Post fee for clearing the parcel and paying the duties',
        detail: 'charged by the carrier, whatever the goods',
        cents: 1000,
      },
    ]);
  });

  it('reads in Chinese, the carrier’s name too', () => {
    const lines = dutyBreakdown(duties, 'CA-CP', i18n.getFixedT('zh'), 'zh');
    expect(lines[0]!.label).toBe('“Cotton T-shirt”的关税');
    expect(lines[0]!.detail).toBe(
      `HS 编码 ${formatHsCode('6109100012')} · 原产地：中国 · 价值 36.23 美元 · 关税税率 16.5% · 该原产地的附加关税 10%`,
    );
    expect(lines[2]!.label).toBe('加拿大邮政 代办清关及代付关税的手续费');
  });

  it('says when the heading is not in the tariff table; DDU shows no amount, the receiver pays at the door', () => {
    const unlisted = { ...duties.lines[0]!, generalRateBp: undefined, listed: false };
    const [line] = dutyBreakdown({ ...duties, lines: [unlisted] }, 'CA-UPS', i18n.getFixedT('en'), 'en');
    expect(line!.detail).toContain('HS heading not in our tariff table: extra duty only');
    expect(line!.detail).not.toContain('duty rate');
    expect(en.rates.dutiesReceiver).toBe('Duties and taxes: paid by the receiver at delivery');
    expect(zh.rates.dutiesReceiver).toBe('关税及税费：由收件人在收货时支付');
  });
});
