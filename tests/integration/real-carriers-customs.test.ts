/**
 * Issue 25 with the real carrier adapters: the five carriers on local fakes (tests/fakes/<carrier>.ts,
 * which check what each carrier's documentation asks of a parcel leaving Canada). A Toronto → New York
 * parcel, duties paid at origin: every carrier quotes it zero-rated with the duties estimate; an order
 * sends the customs declaration in the carrier's own shape, charges label and duties, and a void
 * refunds both; a carrier that refuses an HS code makes the order a 422 VALIDATION_ERROR naming the
 * customs declaration, refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { balanceOf, fund, FROM, orderBody, PARCEL, quoteBody } from './helpers/orders';
import { startFakeCarriers, type FakeCarrierName, type FakeCarriers } from '../fakes/index';
import { ZQuoteResponse, type TRateOption } from '../../src/shared/contracts/rates';
import { parseCents } from '../../src/shared/money';

const cents = (s: string) => parseCents(s)!;
type Headers = Record<string, string>;

const NEW_YORK = {
  firstName: 'Sam',
  lastName: 'Rivera',
  company: '',
  address: '350 Fifth Avenue',
  city: 'New York',
  province: 'NY',
  postalCode: '10001',
  country: 'US',
  phone: '212-555-0147',
  email: 'sam@example.com',
};

const US_CUSTOMS = {
  contentsType: 'merchandise',
  currency: 'USD',
  incoterm: 'DDP',
  items: [
    {
      description: 'Wool sweater',
      hsCode: '6110.11.1010',
      originCountry: 'CA',
      quantity: 2,
      unitValue: 45,
      weightKg: 0.6,
      cusmaQualifying: true,
    },
    {
      description: 'Ceramic mug',
      hsCode: '6912004400',
      originCountry: 'CN',
      quantity: 1,
      unitValue: 12.5,
      weightKg: 0.4,
    },
  ],
};

const FAKE_OF: Record<string, FakeCarrierName> = {
  'CA-CP': 'canada-post',
  'CA-UPS': 'ups',
  'CA-Fedex': 'fedex',
  'CA-PUROLATOR': 'purolator',
  'CA-DHL': 'dhl',
};

describe(`real carriers leaving Canada, on local fakes (${testDbKind})`, () => {
  let fakes: FakeCarriers;
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    fakes = await startFakeCarriers(['canada-post', 'ups', 'fedex', 'purolator', 'dhl']);
    ctx = await createTestApp({
      env: {
        ...fakes.env,
        CARRIERS_SANDBOX: 'off',
        // Generous: the machine is shared and PGlite runs on this thread with the five fakes.
        CARRIER_TIMEOUT_MS: '15000',
        CARRIER_PURCHASE_TIMEOUT_MS: '15000',
        QUOTES_PER_MINUTE: '1000',
      },
    });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fakes?.close();
  });

  async function fundedUser() {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '800.00');
    return u;
  }

  async function usRates(headers: Headers): Promise<TRateOption[]> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/rates/quote',
      headers,
      payload: { ...quoteBody(FROM, NEW_YORK, PARCEL), customs: US_CUSTOMS } as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZQuoteResponse.parse(res.json());
  }

  async function order(headers: Headers, option: TRateOption) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers,
      payload: { ...orderBody(option, FROM, NEW_YORK, PARCEL), customs: US_CUSTOMS } as object,
    });
  }

  /** The last purchase request the carrier's fake received, as it received it. */
  const lastShip = (carrier: string) => {
    const fake = fakes.fakes[FAKE_OF[carrier]!]!;
    const ship = fake.requests.filter((r) => r.op === 'ship').at(-1);
    expect(ship, `a ${carrier} purchase`).toBeDefined();
    expect(ship!.problems).toEqual([]);
    return ship!.body;
  };

  it('every carrier quotes New York, zero-rated, DDP with the duties estimate; each fake was asked as documented', async () => {
    const u = await createSignedInUser(ctx);
    const rates = await usRates(u.headers);
    expect([...new Set(rates.map((r) => r.carrier))].sort()).toEqual([
      'CA-CP',
      'CA-DHL',
      'CA-Fedex',
      'CA-PUROLATOR',
      'CA-UPS',
    ]);
    expect(rates.map((r) => r.serviceCode)).toEqual(
      expect.arrayContaining([
        'USA.EP',
        'USA.TP',
        'UPS.11.US',
        'UPS.08',
        'FDX.INTERNATIONAL_GROUND',
        'FDX.INTERNATIONAL_PRIORITY',
        'PUR.GROUND_US',
        'PUR.EXPRESS_US',
      ]),
    );
    for (const r of rates) {
      expect(r.mode).toBe('test');
      expect(r.taxes.total).toBe('0.00');
      expect(r.duties).toMatchObject({ currency: 'CAD', estimate: true, incoterm: 'DDP' });
      expect(cents(r.total)).toBe(cents(r.price) + cents(r.duties!.amount));
    }
    for (const fake of Object.values(fakes.fakes)) expect(fake.requests.flatMap((r) => r.problems)).toEqual([]);
    // The quote hands the declaration on: FedEx rates the commodities, UPS takes the goods' total.
    const fedexRate = JSON.parse(fakes.fakes.fedex!.requests.filter((r) => r.op === 'rate').at(-1)!.body);
    expect(fedexRate.requestedShipment.customsClearanceDetail.totalCustomsValue).toEqual({
      amount: 102.5,
      currency: 'USD',
    });
    const upsRate = JSON.parse(fakes.fakes.ups!.requests.filter((r) => r.op === 'rate').at(-1)!.body);
    expect(upsRate.RateRequest.Shipment.InvoiceLineTotal).toEqual({ CurrencyCode: 'USD', MonetaryValue: '102.50' });
  });

  it.each([
    [
      'CA-UPS',
      'UPS.11.US',
      (body: string) => {
        const shipment = JSON.parse(body).ShipmentRequest.Shipment;
        expect(shipment.PaymentInformation.ShipmentCharge).toContainEqual(expect.objectContaining({ Type: '02' }));
        expect(shipment.InvoiceLineTotal).toEqual({ CurrencyCode: 'USD', MonetaryValue: '102.50' });
        const forms = shipment.ShipmentServiceOptions.InternationalForms;
        expect(forms).toMatchObject({ FormType: '01', CurrencyCode: 'USD', TermsOfShipment: 'DDP' });
        expect(forms.Product[0]).toMatchObject({ CommodityCode: '6110111010', OriginCountryCode: 'CA' });
      },
    ],
    [
      'CA-Fedex',
      'FDX.INTERNATIONAL_GROUND',
      (body: string) => {
        const shipment = JSON.parse(body).requestedShipment;
        expect(shipment.serviceType).toBe('FEDEX_GROUND');
        expect(shipment.customsClearanceDetail.dutiesPayment.paymentType).toBe('SENDER');
        expect(shipment.customsClearanceDetail.commodities[1]).toMatchObject({
          harmonizedCode: '6912004400',
          countryOfManufacture: 'CN',
          customsValue: { amount: 12.5, currency: 'USD' },
        });
      },
    ],
    [
      'CA-PUROLATOR',
      'PUR.GROUND_US',
      (body: string) => {
        expect(body).toContain('<v2:BillDutiesToParty>Sender</v2:BillDutiesToParty>');
        expect(body).toMatch(/<v2:HarmonizedCode>6110111010<\/v2:HarmonizedCode>\s*<v2:CountryOfManufacture>CA</);
        expect(body).toContain('<v2:NAFTADocumentIndicator>true</v2:NAFTADocumentIndicator>');
      },
    ],
    [
      'CA-CP',
      'USA.EP',
      (body: string) => {
        expect(body).toMatch(/<currency>USD<\/currency>\s*<conversion-from-cad>0\.\d{6}<\/conversion-from-cad>/);
        expect(body).toContain('<hs-tariff-code>6110.11.10.10</hs-tariff-code>');
        expect(body).toContain('<option-code>RASE</option-code>');
        // DDP: the duties charged with the label, in the declaration's currency (USD), so the door asks nothing.
        const prepaid = /<duties-and-taxes-prepaid>(\d+\.\d{2})<\/duties-and-taxes-prepaid>/.exec(body);
        expect(Number(prepaid?.[1])).toBeGreaterThan(0);
      },
    ],
    [
      'CA-DHL',
      'DHL.P',
      (body: string) => {
        const payload = JSON.parse(body);
        expect(payload.content).toMatchObject({ incoterm: 'DDP', declaredValue: 102.5, declaredValueCurrency: 'USD' });
        expect(payload.valueAddedServices).toContainEqual({ serviceCode: 'DD' });
        expect(payload.content.exportDeclaration.lineItems[0].commodityCodes).toEqual([
          { typeCode: 'outbound', value: '611011' },
          { typeCode: 'inbound', value: '6110111010' },
        ]);
      },
    ],
  ])(
    '%s: a CA → US DDP order sends the customs declaration in its shape, charges label and duties; a void refunds both (DHL: refused once scanned)',
    async (carrier, serviceCode, check) => {
      const u = await fundedUser();
      const before = cents(await balanceOf(ctx, u.headers));
      const option = (await usRates(u.headers)).find((r) => r.carrier === carrier && r.serviceCode === serviceCode);
      expect(option, `${carrier} ${serviceCode}`).toBeDefined();
      const res = await order(u.headers, option!);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as { id: string; totalCost: string };
      expect(created.totalCost).toBe(option!.total);
      expect(cents(await balanceOf(ctx, u.headers))).toBe(before - cents(option!.total));
      check(lastShip(carrier));

      const voided = await ctx.app.inject({
        method: 'POST',
        url: `/api/shipments/${created.id}/void`,
        headers: u.headers,
      });
      if (carrier === 'CA-DHL') {
        // MyDHL has no void call: the fake's tracking shows the pickup scan, so the waybill stays (decision 023).
        expect(voided.statusCode, voided.body).toBe(409);
        expect((voided.json() as { code: string }).code).toBe('VOID_REFUSED');
        expect(cents(await balanceOf(ctx, u.headers))).toBe(before - cents(option!.total));
        return;
      }
      expect(voided.statusCode, voided.body).toBe(200);
      expect((voided.json() as { refundedAmount: string }).refundedAmount).toBe(option!.total);
      expect(cents(await balanceOf(ctx, u.headers))).toBe(before);
    },
    120_000,
  );

  it.each([
    ['CA-UPS', 'UPS.11.US', 'UPS: 120433 Invalid Commodity Code for Product 1 of InternationalForms'],
    ['CA-Fedex', 'FDX.INTERNATIONAL_PRIORITY', 'FedEx: COMMODITY.HARMONIZEDCODE.INVALID Harmonized code is invalid'],
    ['CA-PUROLATOR', 'PUR.EXPRESS_US', 'Purolator: 1100935: Invalid Harmonized Code for ContentDetail 1.'],
    ['CA-CP', 'USA.TP', 'Canada Post: 8589: The hs-tariff-code 6110.11 is not valid'],
    ['CA-DHL', 'DHL.P', 'exportDeclaration.lineItems[0].commodityCodes: Commodity code 61 is invalid'],
  ])(
    '%s refusing an HS code: 422 VALIDATION_ERROR naming the customs declaration with its words, label and duties refunded',
    async (carrier, serviceCode, words) => {
      const u = await fundedUser();
      const before = await balanceOf(ctx, u.headers);
      const option = (await usRates(u.headers)).find((r) => r.carrier === carrier && r.serviceCode === serviceCode);
      expect(option, `${carrier} ${serviceCode}`).toBeDefined();
      fakes.set({ refusePurchase: 'customs' }, [FAKE_OF[carrier]!]);
      try {
        const res = await order(u.headers, option!);
        expect(res.statusCode, res.body).toBe(422);
        const body = res.json() as { code: string; message: string; refunded?: string };
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(body.message).toMatch(/ refused the customs declaration \(/);
        expect(body.message).toContain(words);
        // The label and the duties both came back, and the answer says so.
        expect(body.refunded).toBe(option!.total);
        expect(JSON.stringify(body)).toContain(`The full $${option!.total} was refunded`);
        expect(await balanceOf(ctx, u.headers)).toBe(before);
      } finally {
        fakes.set({ refusePurchase: undefined }, [FAKE_OF[carrier]!]);
      }
    },
    120_000,
  );
});
