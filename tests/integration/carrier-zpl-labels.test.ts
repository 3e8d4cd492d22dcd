/**
 * Real carriers' labels as ZPL II (decisions 038 and 040), on the local fakes. UPS recovers a bought
 * label as ZPL (Label Recovery) and Purolator hands its thermal bill of lading over again as ZPL
 * (GetDocuments OutputType ZPL), whatever the buyer's default. Canada Post (contract), FedEx and DHL
 * Express choose the format when the label is bought: a buyer whose default label format is ZPL buys
 * the carrier's ZPL, answered for `?format=zpl` byte for byte as the carrier sent it and drawn on a
 * 4×6 PDF page (203 dpi, on the worker pool) for print; a PDF buyer's label stays the carrier's PDF
 * and `?format=zpl` answers 409 with the carrier's reason.
 */
import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, fund, orderBody, PARCEL, quote, quoteBody } from './helpers/orders';
import { startFakeCarriers, type FakeCarrierName, type FakeCarriers } from '../fakes/index';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

/** A carrier's documented ZPL label (its fixture), as the fake sends it: its number replaced by the shipment's. */
const zplFixture = (carrier: string, fixtureNumber: string, trackingNumber: string) =>
  Buffer.from(
    readFileSync(
      new URL(`../../src/server/providers/carriers/${carrier}/fixtures/label.zpl`, import.meta.url),
      'utf8',
    ).replaceAll(fixtureNumber, trackingNumber),
    'utf8',
  );

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
      quantity: 1,
      unitValue: 45,
      weightKg: 0.6,
    },
  ],
};

/** Each carrier that chooses the label format when it is bought: its fake, fixture folder and number, and what its request says for ZPL. */
const AT_PURCHASE = [
  {
    carrier: 'CA-CP',
    fake: 'canada-post' as FakeCarrierName,
    fixtures: 'canada-post',
    number: '7023210039414604',
    asksZpl: (body: string) =>
      /<print-preferences>\s*<output-format>4x6<\/output-format>\s*<encoding>ZPL<\/encoding>/.test(body),
  },
  {
    carrier: 'CA-Fedex',
    fake: 'fedex' as FakeCarrierName,
    fixtures: 'fedex',
    number: '794953535000',
    asksZpl: (body: string) => {
      const spec = (JSON.parse(body) as { requestedShipment: { labelSpecification: Record<string, string> } })
        .requestedShipment.labelSpecification;
      return spec['imageType'] === 'ZPLII' && spec['labelStockType'] === 'STOCK_4X6';
    },
  },
  {
    carrier: 'CA-DHL',
    fake: 'dhl' as FakeCarrierName,
    fixtures: 'dhl',
    number: '1234567890',
    asksZpl: (body: string) => {
      const out = (JSON.parse(body) as { outputImageProperties: Record<string, unknown> }).outputImageProperties;
      return out['encodingFormat'] === 'zpl' && out['printerDPI'] === 200;
    },
  },
];

describe(`real carriers' labels as ZPL (${testDbKind})`, () => {
  let fakes: FakeCarriers;
  let ctx: TestContext;
  let user: User;
  /** A buyer whose default label format is ZPL (users.label_format). */
  let zplUser: User;

  beforeAll(async () => {
    fakes = await startFakeCarriers(['canada-post', 'ups', 'fedex', 'purolator', 'dhl']);
    ctx = await createTestApp({
      env: {
        ...fakes.env,
        CARRIERS_SANDBOX: 'off',
        CARRIER_TIMEOUT_MS: '15000',
        CARRIER_PURCHASE_TIMEOUT_MS: '15000',
        QUOTES_PER_MINUTE: '1000',
      },
    });
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    user = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, user.id, '500.00');
    zplUser = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, zplUser.id, '500.00');
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/label-preferences',
      headers: zplUser.headers,
      payload: { labelFormat: 'zpl' },
    });
    expect(set.statusCode, set.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fakes?.close();
  });

  /** An order from this carrier (DHL Express serves parcels leaving Canada only: to New York). */
  async function order(carrier: string, who: User = user): Promise<{ orderCode: string; trackingNumber: string }> {
    const abroad = carrier === 'CA-DHL';
    const options = await quote(
      ctx,
      who.headers,
      abroad
        ? ({ ...quoteBody(FROM, NEW_YORK, PARCEL), customs: US_CUSTOMS } as ReturnType<typeof quoteBody>)
        : undefined,
    );
    const option = options.find((o) => o.carrier === carrier);
    expect(option, `a ${carrier} rate`).toBeDefined();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: who.headers,
      payload: abroad
        ? ({ ...orderBody(option!, FROM, NEW_YORK, PARCEL), customs: US_CUSTOMS } as object)
        : orderBody(option!),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const printLabel = (ref: string, query = '', who: User = user) =>
    ctx.app.inject({ method: 'POST', url: `/api/shipments/print-label/${ref}${query}`, headers: who.headers });

  /** A print-label answer's document, decoded. */
  const bytesOf = (res: { json(): unknown }) => Buffer.from((res.json() as { base64: string }).base64, 'base64');

  /** The PDF print: one 4×6 page carrying the label as an image (the ZPL drawn at 203 dpi). */
  async function expectDrawnPdfPage(res: Awaited<ReturnType<typeof printLabel>>) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, mimeType: 'application/pdf' });
    const pdf = bytesOf(res);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  }

  it("UPS's label comes as ZPL from UPS's label recovery; without ?format it stays the PDF", async () => {
    const created = await order('CA-UPS');
    const zpl = await printLabel(created.orderCode, '?format=zpl');
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.json()).toMatchObject({
      success: true,
      mimeType: 'application/zpl',
      trackingNumber: created.trackingNumber,
    });
    const text = Buffer.from(zpl.json().base64 as string, 'base64').toString('utf8');
    expect(text.startsWith('^XA')).toBe(true);
    expect(text).toContain(`^FD${created.trackingNumber}^FS`);
    const asked = fakes.fakes.ups!.requests.filter((r) => r.op === 'recover');
    expect(asked).toHaveLength(1);
    expect(fakes.fakes.ups!.requests.flatMap((r) => r.problems)).toEqual([]);

    const pdf = await printLabel(created.orderCode);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().mimeType).toBe('application/pdf');
  });

  for (const c of AT_PURCHASE) {
    it(`${c.carrier}: a ZPL buyer's label is bought as ZPL, answered byte for byte, printed as a 4×6 PDF page`, async () => {
      const fake = fakes.fakes[c.fake]!;
      const created = await order(c.carrier, zplUser);
      const ship = fake.requests.filter((r) => r.op === 'ship').at(-1)!;
      expect(ship.problems).toEqual([]);
      expect(c.asksZpl(ship.body), ship.body).toBe(true);
      const asked = fake.requests.length;

      const zpl = await printLabel(created.orderCode, '?format=zpl', zplUser);
      expect(zpl.statusCode, zpl.body).toBe(200);
      expect(zpl.json()).toMatchObject({
        success: true,
        mimeType: 'application/zpl',
        trackingNumber: created.trackingNumber,
      });
      expect(bytesOf(zpl).equals(zplFixture(c.fixtures, c.number, created.trackingNumber))).toBe(true);

      await expectDrawnPdfPage(await printLabel(created.orderCode, '', zplUser));
      // Both came from the label kept at purchase: the carrier was not asked again.
      expect(fake.requests.length).toBe(asked);
      expect(fake.requests.flatMap((r) => r.problems)).toEqual([]);
    }, 120_000);

    it(`${c.carrier}: a PDF buyer's label stays the carrier's PDF; ?format=zpl answers 409 with ${c.carrier}'s reason`, async () => {
      const fake = fakes.fakes[c.fake]!;
      const created = await order(c.carrier);
      const ship = fake.requests.filter((r) => r.op === 'ship').at(-1)!;
      expect(c.asksZpl(ship.body)).toBe(false);
      const res = await printLabel(created.orderCode, '?format=zpl');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
      expect(res.json().message).toMatch(/bought as a PDF, so it is not available as ZPL/);
      const pdf = await printLabel(created.orderCode);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.json().mimeType).toBe('application/pdf');
      expect(bytesOf(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(fake.requests.flatMap((r) => r.problems)).toEqual([]);
    }, 60_000);
  }

  it('Purolator hands a bought label over again as ZPL (GetDocuments OutputType ZPL), for a PDF or a ZPL buyer', async () => {
    const fake = fakes.fakes.purolator!;
    for (const who of [user, zplUser]) {
      const created = await order('CA-PUROLATOR', who);
      const zpl = await printLabel(created.orderCode, '?format=zpl', who);
      expect(zpl.statusCode, zpl.body).toBe(200);
      expect(zpl.json()).toMatchObject({ mimeType: 'application/zpl', trackingNumber: created.trackingNumber });
      expect(bytesOf(zpl).equals(zplFixture('purolator', '329014521622', created.trackingNumber))).toBe(true);
      const asked = fake.requests.filter((r) => r.op === 'label-zpl').at(-1)!;
      expect(asked.body).toMatch(/<v1:OutputType>ZPL<\/v1:OutputType>/);
      expect(asked.body).toMatch(/<v1:DocumentType>DomesticBillOfLadingThermal<\/v1:DocumentType>/);
      expect(asked.body).toContain(`<v1:Value>${created.trackingNumber}</v1:Value>`);
      // The purchase kept Purolator's PDF, which print answers byte for byte.
      const pdf = await printLabel(created.orderCode, '', who);
      expect(pdf.json().mimeType).toBe('application/pdf');
      expect(bytesOf(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    expect(fake.requests.filter((r) => r.op === 'label-zpl')).toHaveLength(2);
    expect(fake.requests.flatMap((r) => r.problems)).toEqual([]);
  }, 60_000);
});
