import {
  at,
  basic,
  expectHeader,
  fixtureReader,
  freshNumber,
  header,
  parseJsonBody,
  requireFields,
  startFake,
  type Answer,
  type FakeCarrier,
  type FakeContext,
  type FakeOptions,
} from './core';

/*
 * A fake DHL Express (MyDHL API, REST, Basic auth) on loopback: GET /rates, POST /shipments and
 * GET /shipments/{number}/tracking, under any base path (the test host is …/mydhlapi/test). MyDHL has
 * no call that cancels a shipment, so refuseVoid means nothing here. Answers are the documented
 * bodies of src/server/providers/carriers/dhl/fixtures/ (problem+json errors) with each shipment's number.
 */

export type FakeDhlOptions = FakeOptions & { username?: string; password?: string; accountNumber?: string };

export const FAKE_DHL_DEFAULTS = {
  username: 'fake-dhl-user',
  password: 'fake-dhl-pass',
  accountNumber: '123456789',
};

const f = fixtureReader('dhl');
const FIXTURE_NUMBER = '1234567890';
const PROBLEM = 'application/problem+json';
const json = (status: number, body: string): Answer => ({ status, contentType: 'application/json', body });
const problem = (status: number, title: string, detail: string, instance: string, extra: string[] = []): Answer => ({
  status,
  contentType: PROBLEM,
  body: JSON.stringify({
    instance,
    detail,
    title,
    message: title,
    status: String(status),
    ...(extra.length ? { additionalDetails: extra } : {}),
  }),
});

export async function startFakeDhl(opts: FakeDhlOptions = {}): Promise<FakeCarrier> {
  const cfg = { ...FAKE_DHL_DEFAULTS, ...opts };

  const handler = (ctx: FakeContext) => {
    const { req } = ctx;
    const instance = `/expressapi${req.path.replace(/^.*?(\/rates|\/shipments)/, '$1')}`;
    const trackMatch = /\/shipments\/([^/]+)\/tracking$/.exec(req.path);
    const op =
      req.method === 'GET' && /\/rates$/.test(req.path)
        ? 'rate'
        : req.method === 'POST' && /\/shipments$/.test(req.path)
          ? 'ship'
          : req.method === 'GET' && trackMatch
            ? 'track'
            : 'unknown';
    if (op === 'unknown') return { op, answer: problem(404, 'Not Found', 'No such resource', instance) };
    if (header(req, 'authorization') !== basic(cfg.username, cfg.password)) {
      return { op, answer: problem(401, 'Unauthorized', 'Invalid credentials', instance) };
    }
    if (!header(req, 'x-version')) req.problems.push('x-version: expected');
    expectHeader(req, 'accept', 'application/json');
    if (ctx.failing()) return { op, answer: { status: 500, contentType: PROBLEM, body: f.text('error-500.json') } };

    if (op === 'rate') {
      const q = req.query;
      for (const name of [
        'accountNumber',
        'originCountryCode',
        'originCityName',
        'destinationCountryCode',
        'destinationCityName',
        'weight',
        'length',
        'width',
        'height',
        'plannedShippingDate',
        'isCustomsDeclarable',
        'unitOfMeasurement',
      ]) {
        if (!q.get(name)) req.problems.push(`${name}: required`);
      }
      if (q.get('accountNumber') && q.get('accountNumber') !== cfg.accountNumber) {
        req.problems.push('accountNumber: not the account');
      }
      if (req.problems.length) {
        return { op, answer: problem(400, 'Bad request', 'Validation error', instance, req.problems) };
      }
      return { op, answer: json(200, f.text('rates-response.json')) };
    }

    if (op === 'ship') {
      expectHeader(req, 'content-type', 'application/json', true);
      const body = parseJsonBody(req);
      requireFields(req, body, [
        'plannedShippingDateAndTime',
        'productCode',
        'accounts.0.number',
        'customerDetails.shipperDetails.postalAddress.postalCode',
        'customerDetails.shipperDetails.postalAddress.cityName',
        'customerDetails.shipperDetails.postalAddress.countryCode',
        'customerDetails.shipperDetails.postalAddress.addressLine1',
        'customerDetails.shipperDetails.contactInformation.phone',
        'customerDetails.shipperDetails.contactInformation.companyName',
        'customerDetails.shipperDetails.contactInformation.fullName',
        'customerDetails.receiverDetails.postalAddress.cityName',
        'customerDetails.receiverDetails.postalAddress.countryCode',
        'customerDetails.receiverDetails.postalAddress.addressLine1',
        'customerDetails.receiverDetails.contactInformation.phone',
        'customerDetails.receiverDetails.contactInformation.companyName',
        'customerDetails.receiverDetails.contactInformation.fullName',
        'content.packages.0.weight',
        'content.packages.0.dimensions.length',
        'content.isCustomsDeclarable',
        'content.description',
        'content.incoterm',
        'content.unitOfMeasurement',
      ]);
      if (at(body, 'accounts.0.number') !== cfg.accountNumber) req.problems.push('accounts.0.number: not the account');
      if (at(body, 'content.isCustomsDeclarable') === true) {
        // Dutiable goods (issue 25): their value and the export declaration, line by line.
        const line = 'content.exportDeclaration.lineItems.0';
        requireFields(req, body, [
          'content.declaredValue',
          'content.declaredValueCurrency',
          `${line}.number`,
          `${line}.description`,
          `${line}.price`,
          `${line}.quantity.value`,
          `${line}.quantity.unitOfMeasurement`,
          `${line}.commodityCodes.0.typeCode`,
          `${line}.commodityCodes.0.value`,
          `${line}.manufacturerCountry`,
          `${line}.weight.grossValue`,
          'content.exportDeclaration.invoice.number',
          'content.exportDeclaration.invoice.date',
        ]);
      }
      // The label's format is chosen here (decision 040): encodingFormat pdf, zpl, lp2 or epl (MyDHL 3.1),
      // printerDPI 200 or 300 when sent.
      const encoding = at(body, 'outputImageProperties.encodingFormat') ?? 'pdf';
      if (!['pdf', 'zpl', 'lp2', 'epl'].includes(String(encoding))) {
        req.problems.push(`outputImageProperties.encodingFormat: ${String(encoding)} is not pdf, zpl, lp2 or epl`);
      }
      const dpi = at(body, 'outputImageProperties.printerDPI');
      if (dpi !== undefined && dpi !== 200 && dpi !== 300) {
        req.problems.push(`outputImageProperties.printerDPI: ${String(dpi)} is not 200 or 300`);
      }
      if (!req.problems.length && ctx.opts.refusePurchase === 'customs') {
        return { op, answer: { status: 422, contentType: PROBLEM, body: f.text('error-422-customs.json') } };
      }
      if (req.problems.length) {
        return {
          op,
          answer: problem(
            422,
            'Validation error',
            'Multiple problems found, see Additional Details',
            instance,
            req.problems,
          ),
        };
      }
      const trackingNumber = freshNumber('', 10);
      const reference = at(body, 'customerReferences.0.value');
      ctx.shipments.set(trackingNumber, {
        trackingNumber,
        shipmentId: trackingNumber,
        reference: typeof reference === 'string' ? reference : null,
        service: String(at(body, 'productCode')),
        status: 'created',
        createdAt: new Date(),
      });
      if (ctx.opts.hangPurchase) return { op, answer: 'hang' as const };
      if (encoding === 'zpl') {
        // The documented answer with a ZPL label (imageFormat ZPL) carrying this waybill number.
        const zpl = f.text('label.zpl').replaceAll(FIXTURE_NUMBER, trackingNumber);
        const answer = f
          .text('shipment-zpl-response.json')
          .replace(/"content": "[^"]*"/, `"content": "${Buffer.from(zpl, 'utf8').toString('base64')}"`)
          .replaceAll(FIXTURE_NUMBER, trackingNumber)
          .replaceAll('https://express.api.dhl.com/mydhlapi/test', ctx.url);
        return { op, answer: json(201, answer) };
      }
      return {
        op,
        answer: json(
          201,
          f
            .text('shipment-response.json')
            .replaceAll(FIXTURE_NUMBER, trackingNumber)
            .replaceAll('https://express.api.dhl.com/mydhlapi/test', ctx.url),
        ),
      };
    }

    // track
    const n = decodeURIComponent(trackMatch![1]!);
    if (!ctx.shipments.has(n)) {
      return { op, answer: problem(404, 'Not data found', 'No data found', `/expressapi/shipments/${n}/tracking`) };
    }
    return { op, answer: json(200, f.text('tracking-response.json').replaceAll(FIXTURE_NUMBER, n)) };
  };

  return startFake('DHL Express', handler, opts);
}
