/**
 * Issue 22: no road carrier's ground service reaches a fly-in community. A quote to Iqaluit (X0A 0H0)
 * lists air services only, slower than to Yellowknife (same remote zone, on the road); a carrier
 * with nothing that flies answers no options and a NO_AIR_SERVICE warning the rate page shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, TO, quoteBody } from './helpers/orders';
import { CARRIER_WARNINGS_HEADER, ZQuoteResponse, decodeWarningsHeader } from '../../src/shared/contracts/rates';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import { PUROLATOR } from '../../src/server/providers/carriers/sandbox/purolator';
import { sandboxCarrier } from '../../src/server/providers/carriers/sandbox/engine';

const IQALUIT = { ...TO, address: '926 Mivvik St', city: 'Iqaluit', province: 'NU', postalCode: 'X0A 0H0' };
const YELLOWKNIFE = { ...TO, address: '4910 50 Ave', city: 'Yellowknife', province: 'NT', postalCode: 'X1A 2P5' };
const GROUND = ['PUR.GROUND', 'UPS.11', 'FDX.GROUND'];

describe(`rates to a fly-in community (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  async function quoteTo(to: typeof TO, headers: Record<string, string>) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/rates/quote',
      headers,
      payload: quoteBody(FROM, to) as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      options: ZQuoteResponse.parse(res.json()),
      warnings: decodeWarningsHeader(res.headers[CARRIER_WARNINGS_HEADER] as string | undefined),
    };
  }

  it('Toronto → Iqaluit: no ground service; the air services stay, with longer transit than to Yellowknife', async () => {
    const u = await createSignedInUser(ctx);
    const road = await quoteTo(YELLOWKNIFE, u.headers);
    const air = await quoteTo(IQALUIT, u.headers);

    // Yellowknife is on the road: the ground services are there.
    for (const code of GROUND) expect(road.options.map((o) => o.serviceCode)).toContain(code);

    const codes = air.options.map((o) => o.serviceCode);
    for (const code of GROUND) expect(codes).not.toContain(code);
    // The time-definite Purolator services are not offered there either; every domestic carrier still answers.
    expect(codes).not.toContain('PUR.EXPRESS9AM');
    expect(new Set(air.options.map((o) => o.carrier))).toEqual(
      new Set(['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex']),
    );
    expect(codes).toEqual(
      expect.arrayContaining(['DOM.XP', 'DOM.PC', 'PUR.EXPRESS', 'UPS.13', 'FDX.PRIORITY_OVERNIGHT']),
    );
    expect(air.warnings).toEqual([]);
    for (const o of air.options) {
      const sameService = road.options.find((r) => r.serviceCode === o.serviceCode)!;
      expect(o.transitDays, o.serviceCode).toBeGreaterThan(sameService.transitDays);
      expect(o.estimatedDelivery > sameService.estimatedDelivery, o.serviceCode).toBe(true);
    }
  });

  it('each fly-in option says how many days the fly-in added (flyInDays); a road lane says none', async () => {
    const u = await createSignedInUser(ctx);
    const road = await quoteTo(YELLOWKNIFE, u.headers);
    const air = await quoteTo(IQALUIT, u.headers);
    for (const o of road.options) expect(o.flyInDays, o.serviceCode).toBeUndefined();
    for (const o of air.options) {
      const sameService = road.options.find((r) => r.serviceCode === o.serviceCode)!;
      expect(o.flyInDays, o.serviceCode).toBe(o.transitDays - sameService.transitDays);
    }
    // The card the attacker review named: FedEx Priority Overnight, 4 business days to Iqaluit.
    const overnight = air.options.find((o) => o.serviceCode === 'FDX.PRIORITY_OVERNIGHT')!;
    expect(overnight.flyInDays).toBeGreaterThan(0);
  });

  it('a carrier with no air service answers no options and a NO_AIR_SERVICE warning', async () => {
    const roadOnly = sandboxCarrier({
      ...PUROLATOR,
      services: PUROLATOR.services.filter((s) => s.code === 'PUR.GROUND'),
    });
    const carriers = createCarriers(ctx.config).filter((c) => c.code !== 'CA-PUROLATOR');
    const other = await createTestApp({ providers: { carriers: [...carriers, roadOnly] } });
    try {
      const u = await createSignedInUser(other);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/rates/quote',
        headers: u.headers,
        payload: quoteBody(FROM, IQALUIT) as object,
      });
      expect(res.statusCode, res.body).toBe(200);
      const options = ZQuoteResponse.parse(res.json());
      expect(options.some((o) => o.carrier === 'CA-PUROLATOR')).toBe(false);
      expect(decodeWarningsHeader(res.headers[CARRIER_WARNINGS_HEADER] as string)).toEqual([
        {
          carrier: 'CA-PUROLATOR',
          reason: 'NO_AIR_SERVICE',
          message: 'Purolator has no air service to or from fly-in communities',
        },
      ]);
    } finally {
      await other.close();
    }
  });
});
