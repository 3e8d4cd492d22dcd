import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CarrierError, type QuoteRequest } from '../index';
import {
  addBusinessDays,
  billableGrams,
  domesticZone,
  limitProblem,
  rateCarrier,
  sandboxCarrier,
  weightStepGrams,
  type CarrierDef,
} from './engine';
import { CANADA_POST } from './canada-post';
import { PUROLATOR } from './purolator';
import { UPS } from './ups';
import { FEDEX } from './fedex';
import { DHL } from './dhl';

const DOMESTIC: CarrierDef[] = [CANADA_POST, PUROLATOR, UPS, FEDEX];

const TORONTO = 'M5V 3L9';
const MONTREAL = 'H2X 1Y4';
const HALIFAX = 'B3H 1A1';
const VANCOUVER = 'V6B 1A1';
const WHITEHORSE = 'Y1A 1A1';

type Pkg = QuoteRequest['package'];
const box = (weightKg: number, l = 20, w = 15, h = 10, type: Pkg['type'] = 'package'): Pkg => ({
  weightKg,
  lengthCm: l,
  widthCm: w,
  heightCm: h,
  type,
});

function request(from: string, to: string, pkg: Pkg, shipDate = '2026-03-04'): QuoteRequest {
  return {
    from: { postalCode: from, province: '', country: 'CA', city: 'From' },
    to: { postalCode: to, province: '', country: 'CA', city: 'To' },
    package: pkg,
    shipDate,
  };
}

/** serviceCode → price in cents. */
function prices(def: CarrierDef, req: QuoteRequest): Map<string, number> {
  return new Map(rateCarrier(def, req).map((q) => [q.serviceCode, q.priceCents]));
}

/** The services within Canada (issue 25 added services leaving Canada). */
const domesticOf = (def: CarrierDef) => def.services.filter((s) => (s.lane ?? 'domestic') === 'domestic');

function expectAllHigher(def: CarrierDef, cheap: QuoteRequest, dear: QuoteRequest): void {
  const a = prices(def, cheap);
  const b = prices(def, dear);
  // Within Canada, every domestic service (issue 25 added services leaving Canada).
  expect(a.size).toBe(domesticOf(def).length);
  for (const [code, price] of a) expect(b.get(code), `${code}`).toBeGreaterThan(price);
}

describe('zones', () => {
  it('grow with distance and put the territories in the remote zone', () => {
    expect(domesticZone(TORONTO, 'M4C 1A1')).toBe(1);
    expect(domesticZone(TORONTO, 'L8P 4R5')).toBe(1);
    expect(domesticZone(TORONTO, MONTREAL)).toBe(2);
    expect(domesticZone(TORONTO, 'G1R 4P5')).toBe(3);
    expect(domesticZone(TORONTO, HALIFAX)).toBe(4);
    expect(domesticZone(TORONTO, VANCOUVER)).toBe(5);
    expect(domesticZone(VANCOUVER, WHITEHORSE)).toBe(6);
    expect(domesticZone('X1A 2P5', TORONTO)).toBe(6);
  });
});

describe.each(DOMESTIC.map((d) => [d.name, d] as const))('%s', (_name, def) => {
  it('charges more for a heavier parcel on every service', () => {
    expectAllHigher(def, request(TORONTO, MONTREAL, box(2)), request(TORONTO, MONTREAL, box(5)));
    expectAllHigher(def, request(TORONTO, MONTREAL, box(10)), request(TORONTO, MONTREAL, box(20)));
  });

  it('charges more the farther it goes', () => {
    const lanes = ['M4C 1A1', MONTREAL, HALIFAX, VANCOUVER];
    for (let i = 1; i < lanes.length; i++) {
      expectAllHigher(def, request(TORONTO, lanes[i - 1]!, box(2)), request(TORONTO, lanes[i]!, box(2)));
    }
  });

  it('bills a bulky light box by its dimensional weight', () => {
    const small = request(TORONTO, VANCOUVER, box(1, 20, 15, 10));
    const bulky = request(TORONTO, VANCOUVER, box(1, 60, 50, 40));
    expectAllHigher(def, small, bulky);
    for (const q of rateCarrier(def, bulky)) expect(q.breakdown.billableWeightKg).toBeGreaterThanOrEqual(20);
  });

  it('adds a rural surcharge and a day to a rural destination', () => {
    const town = rateCarrier(def, request(TORONTO, 'K1A 0B1', box(2)));
    const rural = rateCarrier(def, request(TORONTO, 'K0A 1A0', box(2)));
    rural.forEach((q, i) => {
      expect(q.breakdown.surchargesCents).toContainEqual({ code: 'RURAL', amountCents: def.surcharges.ruralCents });
      expect(q.priceCents - town[i]!.priceCents).toBe(def.surcharges.ruralCents);
      expect(q.transitDays).toBe(town[i]!.transitDays + 1);
    });
  });

  it('adds a remote surcharge for the territories, at either end', () => {
    for (const req of [request(VANCOUVER, WHITEHORSE, box(2)), request('X1A 2P5', VANCOUVER, box(2))]) {
      for (const q of rateCarrier(def, req)) {
        expect(q.breakdown.surchargesCents.map((s) => s.code)).toEqual(['REMOTE']);
      }
    }
  });

  it('refuses a parcel over its weight limit with the reason', () => {
    const req = request(TORONTO, MONTREAL, box(def.limits.maxWeightKg + 0.5));
    expect(() => rateCarrier(def, req)).toThrow(CarrierError);
    try {
      rateCarrier(def, req);
    } catch (e) {
      expect((e as CarrierError).reason).toBe('LIMIT_EXCEEDED');
      expect((e as CarrierError).message).toContain(`${def.limits.maxWeightKg} kg`);
    }
  });

  it('refuses a parcel too long or too big around', () => {
    expect(() => rateCarrier(def, request(TORONTO, MONTREAL, box(5, def.limits.maxLengthCm + 1, 10, 10)))).toThrow(
      /long/,
    );
    expect(() => rateCarrier(def, request(TORONTO, MONTREAL, box(5, 150, 80, 80)))).toThrow(/length plus girth/);
  });

  it('quotes its US services across the border (issue 25), none of its domestic ones', () => {
    const req = request(TORONTO, '10001', box(2));
    req.to.country = 'US';
    req.to.province = 'NY';
    const quotes = rateCarrier(def, req);
    expect(quotes.length).toBeGreaterThan(0);
    const lanes = new Map(def.services.map((s) => [s.code, s.lane ?? 'domestic']));
    for (const q of quotes) expect(['us', 'world']).toContain(lanes.get(q.serviceCode));
  });

  it('is deterministic', () => {
    const req = request(TORONTO, 'T2P 1J9', box(3.3, 31, 22, 17));
    expect(rateCarrier(def, req)).toEqual(rateCarrier(def, structuredClone(req)));
  });

  it('prices are fuel included and the breakdown adds up', () => {
    for (const q of rateCarrier(def, request('K0A 1A0', VANCOUVER, box(12, 130, 40, 30, 'tube')))) {
      const surcharges = q.breakdown.surchargesCents.reduce((s, x) => s + x.amountCents, 0);
      expect(q.priceCents).toBe(q.breakdown.baseCents + q.breakdown.fuelCents + surcharges);
      expect(q.breakdown.fuelCents).toBeGreaterThan(0);
    }
  });

  it('is monotone in weight and size (property)', () => {
    const dim = fc.double({ min: 1, max: 60, noNaN: true });
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 8, noNaN: true }),
        dim,
        dim,
        dim,
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.constantFrom('package', 'envelope', 'tube') as fc.Arbitrary<Pkg['type']>,
        fc.constantFrom(MONTREAL, HALIFAX, VANCOUVER, 'K0A 1A0', WHITEHORSE),
        (w, dw, l, wd, h, dl, type, to) => {
          // A parcel grown past the carrier's limits is refused, not priced: nothing to compare.
          const bigger = [box(w + dw, l, wd, h, type), box(w, l + dl, wd, h, type)].filter(
            (b) => !limitProblem(def, b),
          );
          const base = prices(def, request(TORONTO, to, box(w, l, wd, h, type)));
          for (const b of bigger) {
            const grown = prices(def, request(TORONTO, to, b));
            for (const [code, p] of base) expect(grown.get(code)!).toBeGreaterThanOrEqual(p);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('Canada Post', () => {
  it('uses its real service codes', () => {
    expect(CANADA_POST.services.map((s) => s.code)).toEqual([
      'DOM.RP',
      'DOM.EP',
      'DOM.XP',
      'DOM.PC',
      'USA.TP',
      'USA.EP',
      'USA.XP',
      'USA.PW.PARCEL',
      'INT.IP.AIR',
      'INT.PW.PARCEL',
    ]);
  });

  it('steps 0.5, 0.75, 1.0 kg then every 0.5 kg', () => {
    expect(weightStepGrams(100, 'canada-post')).toBe(500);
    expect(weightStepGrams(600, 'canada-post')).toBe(750);
    expect(weightStepGrams(800, 'canada-post')).toBe(1000);
    expect(weightStepGrams(1001, 'canada-post')).toBe(1500);
    expect(weightStepGrams(2300, 'canada-post')).toBe(2500);
    expect(weightStepGrams(600, 'half-kg')).toBe(1000);
  });

  it('uses 6000 cm³/kg for Regular Parcel and 5000 for the faster services', () => {
    const p = box(1, 50, 40, 30); // 60 000 cm³: 10 kg at 6000, 12 kg at 5000
    const [rp, ep] = CANADA_POST.services;
    expect(billableGrams(CANADA_POST, rp!, p)).toBe(10_000);
    expect(billableGrams(CANADA_POST, ep!, p)).toBe(12_000);
  });

  it('matches the 2021 guide × 1.15 plus fuel on a calibration lane', () => {
    // Toronto → Toronto Regular Parcel 2 kg: 12.17 × 1.15 = 14.00, + 17.5 % fuel = 16.45.
    const [rp] = rateCarrier(CANADA_POST, request(TORONTO, 'M4C 1A1', box(2)));
    expect(rp!.breakdown.baseCents).toBe(1400);
    expect(rp!.priceCents).toBe(1645);
  });

  it('adds the non-standard surcharge for tubes and bills them at least 1 kg', () => {
    const [rp] = rateCarrier(CANADA_POST, request(TORONTO, MONTREAL, box(0.3, 90, 8, 8, 'tube')));
    expect(rp!.breakdown.surchargesCents).toContainEqual({ code: 'NON_STANDARD', amountCents: 480 });
    expect(rp!.breakdown.billableWeightKg).toBe(1);
  });

  it('rates a light flat envelope below the same package', () => {
    const env = prices(CANADA_POST, request(TORONTO, MONTREAL, box(0.2, 30, 22, 1, 'envelope')));
    const pkg = prices(CANADA_POST, request(TORONTO, MONTREAL, box(0.2, 30, 22, 1, 'package')));
    for (const [code, p] of env) expect(p).toBeLessThan(pkg.get(code)!);
  });

  it('refuses 200 cm + and over 300 cm length plus girth', () => {
    expect(() => rateCarrier(CANADA_POST, request(TORONTO, MONTREAL, box(5, 201, 10, 10)))).toThrow(/200 cm long/);
    expect(() => rateCarrier(CANADA_POST, request(TORONTO, MONTREAL, box(5, 150, 40, 40)))).toThrow(/300 cm/);
    expect(() => rateCarrier(CANADA_POST, request(TORONTO, MONTREAL, box(30, 150, 30, 30)))).not.toThrow();
  });
});

describe('DHL Express', () => {
  it('answers nothing inside Canada, even for a parcel over its limits', () => {
    expect(rateCarrier(DHL, request(TORONTO, VANCOUVER, box(2)))).toEqual([]);
    expect(rateCarrier(DHL, request(TORONTO, VANCOUVER, box(200)))).toEqual([]);
  });

  it('quotes a shipment leaving Canada', () => {
    const req = request(TORONTO, '10001', box(2));
    req.to.country = 'US';
    const [q] = rateCarrier(DHL, req);
    expect(q).toMatchObject({ carrier: 'CA-DHL', serviceCode: 'DHL.P', transitDays: 2 });
    expect(() => rateCarrier(DHL, { ...req, package: box(2, 130, 10, 10) })).toThrow(/120 cm long/);
    expect(() => rateCarrier(DHL, { ...req, package: box(2, 100, 90, 10) })).toThrow(/120 × 80 × 80/);
  });
});

describe('calibration: 2 kg box Toronto → Vancouver, fuel included, before tax', () => {
  const req = request(TORONTO, VANCOUVER, box(2));
  const all = new Map(DOMESTIC.flatMap((d) => rateCarrier(d, req)).map((q) => [q.serviceCode, q.priceCents / 100]));
  const ranges: [string[], number, number][] = [
    [['DOM.RP', 'DOM.EP'], 15, 31],
    [['DOM.XP'], 28, 56],
    [['DOM.PC'], 45, 87],
    [['UPS.11', 'PUR.GROUND', 'FDX.GROUND'], 20, 60],
    [['UPS.02', 'FDX.ECONOMY'], 35, 90],
    [['UPS.01', 'UPS.13', 'PUR.EXPRESS', 'FDX.PRIORITY_OVERNIGHT'], 50, 130],
  ];
  it.each(ranges)('%s within %d–%d', (codes, lo, hi) => {
    for (const code of codes) {
      expect(all.get(code), code).toBeGreaterThanOrEqual(lo);
      expect(all.get(code), code).toBeLessThanOrEqual(hi);
    }
  });

  it('transit days as published', () => {
    const days = new Map(DOMESTIC.flatMap((d) => rateCarrier(d, req)).map((q) => [q.serviceCode, q.transitDays]));
    expect(days.get('DOM.PC')).toBe(1);
    expect(days.get('DOM.XP')).toBe(2);
    expect(days.get('UPS.11')).toBe(6);
    expect(days.get('UPS.02')).toBe(2);
    expect(days.get('PUR.GROUND')).toBe(4);
  });

  it('UPS Standard Vancouver → Moncton at 11.5 kg is near the captured 93.90 before fuel', () => {
    const [std] = rateCarrier(UPS, request(VANCOUVER, 'E1C 4M3', box(11.3)));
    expect(std!.breakdown.baseCents / 100).toBeGreaterThan(85);
    expect(std!.breakdown.baseCents / 100).toBeLessThan(103);
  });
});

describe('business days', () => {
  it('skips weekends', () => {
    expect(addBusinessDays('2026-03-04', 1)).toBe('2026-03-05'); // Wed → Thu
    expect(addBusinessDays('2026-03-06', 1)).toBe('2026-03-09'); // Fri → Mon
    expect(addBusinessDays('2026-03-06', 6)).toBe('2026-03-16');
    expect(addBusinessDays('2026-03-07', 1)).toBe('2026-03-10'); // Sat: handed over Mon, delivered Tue
    expect(addBusinessDays('2026-03-08', 0)).toBe('2026-03-09');
  });

  it('estimated delivery of every quote falls on a weekday', () => {
    for (const shipDate of ['2026-03-05', '2026-03-06', '2026-03-07']) {
      for (const q of DOMESTIC.flatMap((d) => rateCarrier(d, request(TORONTO, VANCOUVER, box(2), shipDate)))) {
        const day = new Date(`${q.estimatedDelivery}T12:00:00Z`).getUTCDay();
        expect(day).not.toBe(0);
        expect(day).not.toBe(6);
        expect(q.estimatedDelivery > shipDate).toBe(true);
      }
    }
  });
});

describe('sandboxCarrier', () => {
  it('applies a fuel override and honours an aborted signal', async () => {
    const carrier = sandboxCarrier(UPS, { fuelBp: 0 });
    const [std] = await carrier.quote(request(TORONTO, MONTREAL, box(2)), { signal: new AbortController().signal });
    expect(std!.breakdown.fuelCents).toBe(0);
    const ac = new AbortController();
    ac.abort();
    await expect(carrier.quote(request(TORONTO, MONTREAL, box(2)), { signal: ac.signal })).rejects.toThrow();
  });
});

describe('fly-in communities (no year-round road)', () => {
  const IQALUIT = 'X0A 0H0';
  const YELLOWKNIFE = 'X1A 2P5'; // same remote zone, on the road
  const ROAD_SERVICES = ['PUR.GROUND', 'UPS.11', 'FDX.GROUND'];

  it.each(DOMESTIC.map((d) => [d.name, d] as const))(
    '%s: no road service to or from Iqaluit; the others fly, a little slower than to Yellowknife',
    (_name, def) => {
      const road = new Map(rateCarrier(def, request(TORONTO, YELLOWKNIFE, box(2))).map((q) => [q.serviceCode, q]));
      expect(road.size).toBe(domesticOf(def).length);
      for (const req of [request(TORONTO, IQALUIT, box(2)), request(IQALUIT, TORONTO, box(2))]) {
        const quotes = rateCarrier(def, req);
        const expected = domesticOf(def).filter((s) => s.flyInExtraDays !== null);
        expect(quotes.map((q) => q.serviceCode)).toEqual(expected.map((s) => s.code));
        expect(quotes.length).toBeGreaterThan(0);
        for (const q of quotes) {
          expect(ROAD_SERVICES).not.toContain(q.serviceCode);
          const service = def.services.find((s) => s.code === q.serviceCode)!;
          expect(q.transitDays).toBe(road.get(q.serviceCode)!.transitDays + service.flyInExtraDays!);
          expect(q.transitDays).toBeGreaterThan(road.get(q.serviceCode)!.transitDays);
          expect(q.breakdown.surchargesCents.map((x) => x.code)).toEqual(['REMOTE']);
        }
      }
    },
  );

  it('leaves the road services to Inuvik (Dempster Highway) and Yellowknife', () => {
    for (const to of ['X0E 0T0', YELLOWKNIFE]) {
      const codes = DOMESTIC.flatMap((d) => rateCarrier(d, request(TORONTO, to, box(2)))).map((q) => q.serviceCode);
      for (const code of ROAD_SERVICES) expect(codes, to).toContain(code);
    }
  });

  it('prices a fly-in community of a province as remote (Kuujjuaq from Montréal)', () => {
    const kuujjuaq = rateCarrier(UPS, request(MONTREAL, 'J0M 1C0', box(2)));
    const laval = rateCarrier(UPS, request(MONTREAL, 'H7N 1A1', box(2)));
    expect(domesticZone(MONTREAL, 'J0M 1C0')).toBe(6);
    expect(kuujjuaq.map((q) => q.serviceCode)).toEqual(['UPS.02', 'UPS.13', 'UPS.01']);
    for (const q of kuujjuaq) {
      expect(q.breakdown.surchargesCents).toContainEqual({ code: 'REMOTE', amountCents: UPS.surcharges.remoteCents });
      const near = laval.find((x) => x.serviceCode === q.serviceCode)!;
      expect(q.priceCents).toBeGreaterThan(near.priceCents);
      expect(q.transitDays).toBeGreaterThan(near.transitDays);
    }
  });

  it('answers a carrier with road services only with the reason instead of options', () => {
    const roadOnly: CarrierDef = {
      ...PUROLATOR,
      services: PUROLATOR.services.map((s) => ({ ...s, flyInExtraDays: null })),
    };
    expect(rateCarrier(roadOnly, request(TORONTO, MONTREAL, box(2)))).toHaveLength(domesticOf(PUROLATOR).length);
    try {
      rateCarrier(roadOnly, request(TORONTO, IQALUIT, box(2)));
      expect.unreachable('a road-only carrier quoted a fly-in community');
    } catch (e) {
      expect(e).toBeInstanceOf(CarrierError);
      expect((e as CarrierError).reason).toBe('NO_AIR_SERVICE');
      expect((e as CarrierError).message).toMatch(/no air service/);
    }
  });
});
