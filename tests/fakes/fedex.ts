import {
  at,
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
 * A fake FedEx (developer.fedex.com REST APIs) on loopback: OAuth, Rate quotes, Ship (create, cancel)
 * and Track. Answers are the documented bodies of src/server/providers/carriers/fedex/fixtures/ with
 * each shipment's own tracking number. FedEx has no lookup by our reference: none here either.
 */

export type FakeFedexOptions = FakeOptions & {
  clientId?: string;
  clientSecret?: string;
  accountNumber?: string;
};

export const FAKE_FEDEX_DEFAULTS = {
  clientId: 'fake-fedex-client',
  clientSecret: 'fake-fedex-secret',
  accountNumber: '740561073',
};

const f = fixtureReader('fedex');
const FIXTURE_NUMBER = '794953535000';
const JSON_TYPE = 'application/json';
const json = (status: number, body: string): Answer => ({ status, contentType: JSON_TYPE, body });
const fedexErrors = (status: number, code: string, message: string): Answer =>
  json(status, JSON.stringify({ transactionId: 'fake-fedex-transaction', errors: [{ code, message }] }, null, 2));

export async function startFakeFedex(opts: FakeFedexOptions = {}): Promise<FakeCarrier> {
  const cfg = { ...FAKE_FEDEX_DEFAULTS, ...opts };
  const valid = new Set<string>();
  let issued = 0;

  const handler = (ctx: FakeContext) => {
    const { req } = ctx;
    if (ctx.opts.expireTokens) {
      valid.clear();
      ctx.opts.expireTokens = false;
    }

    if (req.method === 'POST' && req.path === '/oauth/token') {
      expectHeader(req, 'content-type', 'application/x-www-form-urlencoded', true);
      const form = new URLSearchParams(req.body);
      if (form.get('grant_type') !== 'client_credentials') req.problems.push('grant_type: expected client_credentials');
      if (form.get('client_id') !== cfg.clientId || form.get('client_secret') !== cfg.clientSecret) {
        req.problems.push('client_id/client_secret: not the account');
      }
      if (req.problems.length) return { op: 'token', answer: json(401, f.text('error-auth.json')) };
      issued += 1;
      const token = `fake-fedex-token-${issued}`;
      valid.add(token);
      const body = JSON.parse(f.text('token-response.json')) as Record<string, unknown>;
      return { op: 'token', answer: json(200, JSON.stringify({ ...body, access_token: token })) };
    }

    const op =
      req.method === 'POST' && req.path === '/rate/v1/rates/quotes'
        ? 'rate'
        : req.method === 'POST' && req.path === '/ship/v1/shipments'
          ? 'ship'
          : req.method === 'PUT' && req.path === '/ship/v1/shipments/cancel'
            ? 'void'
            : req.method === 'POST' && req.path === '/track/v1/trackingnumbers'
              ? 'track'
              : 'unknown';
    if (op === 'unknown') return { op, answer: fedexErrors(404, 'NOT.FOUND.ERROR', 'The resource was not found.') };

    const bearer = header(req, 'authorization').replace(/^Bearer /, '');
    if (!valid.has(bearer)) return { op, answer: json(401, f.text('error-expired-token.json')) };
    expectHeader(req, 'content-type', JSON_TYPE, true);
    if (!header(req, 'x-locale')) req.problems.push('X-locale: expected');
    if (ctx.failing()) return { op, answer: json(503, f.text('error-unavailable.json')) };
    const body = parseJsonBody(req);

    if (op === 'rate') {
      requireFields(req, body, [
        'accountNumber.value',
        'requestedShipment.shipper.address.postalCode',
        'requestedShipment.shipper.address.countryCode',
        'requestedShipment.recipient.address.postalCode',
        'requestedShipment.recipient.address.countryCode',
        'requestedShipment.pickupType',
        'requestedShipment.rateRequestType',
        'requestedShipment.requestedPackageLineItems.0.weight.value',
        'requestedShipment.requestedPackageLineItems.0.weight.units',
      ]);
      if (at(body, 'accountNumber.value') !== cfg.accountNumber) req.problems.push('accountNumber: not the account');
      if (req.problems.length)
        return { op, answer: fedexErrors(400, 'INVALID.INPUT.EXCEPTION', req.problems.join('; ')) };
      // Leaving Canada (issue 25): FedEx's international services for a US destination.
      const abroad = at(body, 'requestedShipment.recipient.address.countryCode') !== 'CA';
      return { op, answer: json(200, f.text(abroad ? 'rate-us-response.json' : 'rate-response.json')) };
    }

    if (op === 'ship') {
      requireFields(req, body, [
        'labelResponseOptions',
        'accountNumber.value',
        'requestedShipment.shipper.contact.phoneNumber',
        'requestedShipment.shipper.address.streetLines.0',
        'requestedShipment.shipper.address.city',
        'requestedShipment.recipients.0.contact.personName',
        'requestedShipment.recipients.0.contact.phoneNumber',
        'requestedShipment.recipients.0.address.streetLines.0',
        'requestedShipment.recipients.0.address.city',
        'requestedShipment.recipients.0.address.postalCode',
        'requestedShipment.recipients.0.address.countryCode',
        'requestedShipment.serviceType',
        'requestedShipment.packagingType',
        'requestedShipment.pickupType',
        'requestedShipment.shippingChargesPayment.paymentType',
        'requestedShipment.labelSpecification.imageType',
        'requestedShipment.labelSpecification.labelStockType',
        'requestedShipment.requestedPackageLineItems.0.weight.value',
      ]);
      if (
        at(body, 'requestedShipment.recipients.0.address.countryCode') !==
        at(body, 'requestedShipment.shipper.address.countryCode')
      ) {
        // International: who pays duties, and each commodity as the commercial invoice lists it.
        const customs = 'requestedShipment.customsClearanceDetail';
        requireFields(req, body, [
          `${customs}.dutiesPayment.paymentType`,
          `${customs}.commercialInvoice.termsOfSale`,
          `${customs}.commodities.0.description`,
          `${customs}.commodities.0.countryOfManufacture`,
          `${customs}.commodities.0.quantity`,
          `${customs}.commodities.0.quantityUnits`,
          `${customs}.commodities.0.customsValue.amount`,
          `${customs}.commodities.0.customsValue.currency`,
          `${customs}.commodities.0.weight.value`,
          `${customs}.totalCustomsValue.amount`,
        ]);
        if (at(body, `${customs}.dutiesPayment.paymentType`) === 'SENDER') {
          requireFields(req, body, [`${customs}.dutiesPayment.payor.responsibleParty.accountNumber.value`]);
        }
      }
      // The label's format is chosen here (decision 040): imageType PDF, PNG, EPL2 or ZPLII; a thermal
      // format (ZPLII, EPL2) prints on thermal stock (STOCK_*), not on paper (PAPER_*).
      const imageType = at(body, 'requestedShipment.labelSpecification.imageType');
      const stock = String(at(body, 'requestedShipment.labelSpecification.labelStockType') ?? '');
      if (imageType !== undefined && !['PDF', 'PNG', 'EPL2', 'ZPLII'].includes(String(imageType))) {
        req.problems.push(`labelSpecification.imageType: ${String(imageType)} is not PDF, PNG, EPL2 or ZPLII`);
      }
      if ((imageType === 'ZPLII' || imageType === 'EPL2') && !stock.startsWith('STOCK_')) {
        req.problems.push(
          `labelSpecification.labelStockType: ${stock} is not a thermal STOCK_ size for ${String(imageType)}`,
        );
      }
      if (req.problems.length) return { op, answer: json(400, f.text('error-ship-address.json')) };
      if (ctx.opts.refusePurchase === 'customs') return { op, answer: json(400, f.text('error-ship-commodity.json')) };
      const trackingNumber = freshNumber('79', 10);
      const reference = at(body, 'requestedShipment.requestedPackageLineItems.0.customerReferences.0.value');
      ctx.shipments.set(trackingNumber, {
        trackingNumber,
        shipmentId: trackingNumber,
        reference: typeof reference === 'string' ? reference : null,
        service: String(at(body, 'requestedShipment.serviceType')),
        status: 'created',
        createdAt: new Date(),
      });
      if (ctx.opts.hangPurchase) return { op, answer: 'hang' as const };
      if (imageType === 'ZPLII') {
        // The documented ZPLII answer, its label (base64 in encodedLabel) carrying this tracking number.
        const zpl = f.text('label.zpl').replaceAll(FIXTURE_NUMBER, trackingNumber);
        const answer = f
          .text('ship-zpl-response.json')
          .replace(/"encodedLabel": "[^"]*"/, `"encodedLabel": "${Buffer.from(zpl, 'utf8').toString('base64')}"`)
          .replaceAll(FIXTURE_NUMBER, trackingNumber);
        return { op, answer: json(200, answer) };
      }
      return { op, answer: json(200, f.text('ship-response.json').replaceAll(FIXTURE_NUMBER, trackingNumber)) };
    }

    if (op === 'void') {
      requireFields(req, body, ['accountNumber.value', 'trackingNumber']);
      if (req.problems.length) return { op, answer: json(400, f.text('cancel-error.json')) };
      const s = ctx.shipments.get(String(at(body, 'trackingNumber')));
      if (ctx.opts.refuseVoid || !s || s.status !== 'created') {
        return { op, answer: json(200, f.text('cancel-refused.json')) };
      }
      s.status = 'voided';
      return { op, answer: json(200, f.text('cancel-response.json')) };
    }

    // track
    requireFields(req, body, ['trackingInfo.0.trackingNumberInfo.trackingNumber']);
    const n = String(at(body, 'trackingInfo.0.trackingNumberInfo.trackingNumber') ?? '');
    if (!ctx.shipments.has(n))
      return { op, answer: json(200, f.text('track-not-found.json').replaceAll('123456789012', n)) };
    return { op, answer: json(200, f.text('track-response.json').replaceAll(FIXTURE_NUMBER, n)) };
  };

  return startFake('FedEx', handler, opts);
}
