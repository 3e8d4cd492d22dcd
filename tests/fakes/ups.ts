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
 * A fake UPS (developer.ups.com REST APIs) on loopback: OAuth client credentials, Rating Shop, Shipping
 * ship and void, Tracking by number and by reference. It answers the documented bodies of
 * src/server/providers/carriers/ups/fixtures/ with each shipment's own numbers.
 */

export type FakeUpsOptions = FakeOptions & {
  clientId?: string;
  clientSecret?: string;
  accountNumber?: string;
  /** The Rating and Shipping API version expected in the path. */
  apiVersion?: string;
};

export const FAKE_UPS_DEFAULTS = {
  clientId: 'fake-ups-client',
  clientSecret: 'fake-ups-secret',
  accountNumber: 'A1B2C3',
  apiVersion: 'v2409',
};

const f = fixtureReader('ups');
const FIXTURE_NUMBER = '1ZA1B2C32034567890';
const JSON_TYPE = 'application/json';
/** A 1×1 PNG: what a PNG label's bytes stand for here (the fixtures hold a GIF, UPS's default). */
const PNG_LABEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
type UpsPackage = { ShippingLabel: { ImageFormat: { Code: string; Description: string }; GraphicImage: string } };

const json = (status: number, body: string): Answer => ({ status, contentType: JSON_TYPE, body });
const upsErrors = (status: number, code: string, message: string): Answer =>
  json(status, JSON.stringify({ response: { errors: [{ code, message }] } }));

export async function startFakeUps(opts: FakeUpsOptions = {}): Promise<FakeCarrier> {
  const cfg = { ...FAKE_UPS_DEFAULTS, ...opts };
  const valid = new Set<string>();
  let issued = 0;

  const handler = (ctx: FakeContext) => {
    const { req } = ctx;
    const v = cfg.apiVersion;
    if (ctx.opts.expireTokens) {
      valid.clear();
      ctx.opts.expireTokens = false;
    }

    if (req.method === 'POST' && req.path === '/security/v1/oauth/token') {
      expectHeader(req, 'authorization', basic(cfg.clientId, cfg.clientSecret));
      expectHeader(req, 'content-type', 'application/x-www-form-urlencoded', true);
      expectHeader(req, 'x-merchant-id', cfg.accountNumber);
      if (new URLSearchParams(req.body).get('grant_type') !== 'client_credentials') {
        req.problems.push('grant_type: expected client_credentials');
      }
      if (req.problems.length) return { op: 'token', answer: json(401, f.text('error-auth.json')) };
      issued += 1;
      const token = `fake-ups-token-${issued}`;
      valid.add(token);
      const body = JSON.parse(f.text('token-response.json')) as Record<string, unknown>;
      return {
        op: 'token',
        answer: json(200, JSON.stringify({ ...body, client_id: cfg.clientId, access_token: token })),
      };
    }

    const route = routeOf(req.method, req.path, v);
    if (!route)
      return { op: 'unknown', answer: upsErrors(404, '10404', `No such resource: ${req.method} ${req.path}`) };
    const op = route.op;

    const bearer = header(req, 'authorization').replace(/^Bearer /, '');
    if (!valid.has(bearer)) {
      // UPS answers an expired or unknown token with 401 and this error (Authorization API).
      return { op, answer: upsErrors(401, '250002', 'Invalid Authentication Information.') };
    }
    if (!/^[\w-]{1,32}$/.test(header(req, 'transid'))) req.problems.push('transId: required, at most 32 characters');
    if (!header(req, 'transactionsrc')) req.problems.push('transactionSrc: required');
    if (ctx.failing()) return { op, answer: upsErrors(503, '10500', 'The service is temporarily unavailable.') };

    if (op === 'rate') {
      expectHeader(req, 'content-type', JSON_TYPE, true);
      const body = parseJsonBody(req);
      requireFields(req, body, [
        'RateRequest.Request.RequestOption',
        'RateRequest.Shipment.Shipper.ShipperNumber',
        'RateRequest.Shipment.Shipper.Address.CountryCode',
        'RateRequest.Shipment.ShipTo.Address.PostalCode',
        'RateRequest.Shipment.ShipTo.Address.CountryCode',
        'RateRequest.Shipment.ShipFrom.Address.PostalCode',
        'RateRequest.Shipment.Package.0.PackageWeight.Weight',
        'RateRequest.Shipment.Package.0.PackageWeight.UnitOfMeasurement.Code',
      ]);
      if (at(body, 'RateRequest.Shipment.Shipper.ShipperNumber') !== cfg.accountNumber) {
        req.problems.push('ShipperNumber: not the account');
      }
      if (req.problems.length) return { op, answer: upsErrors(400, '111500', req.problems.join('; ')) };
      // Leaving Canada (issue 25): UPS's services for a US destination.
      const abroad = at(body, 'RateRequest.Shipment.ShipTo.Address.CountryCode') !== 'CA';
      return { op, answer: json(200, f.text(abroad ? 'rate-us-response.json' : 'rate-response.json')) };
    }

    if (op === 'ship') {
      expectHeader(req, 'content-type', JSON_TYPE, true);
      const body = parseJsonBody(req);
      requireFields(req, body, [
        'ShipmentRequest.Shipment.Shipper.ShipperNumber',
        'ShipmentRequest.Shipment.Shipper.Name',
        'ShipmentRequest.Shipment.Shipper.Address.PostalCode',
        'ShipmentRequest.Shipment.ShipTo.Name',
        'ShipmentRequest.Shipment.ShipTo.Address.City',
        'ShipmentRequest.Shipment.ShipTo.Address.PostalCode',
        'ShipmentRequest.Shipment.ShipTo.Address.CountryCode',
        'ShipmentRequest.Shipment.PaymentInformation.ShipmentCharge.0.Type',
        'ShipmentRequest.Shipment.Service.Code',
        'ShipmentRequest.Shipment.Package.0.PackageWeight.Weight',
        'ShipmentRequest.LabelSpecification.LabelImageFormat.Code',
      ]);
      const shipTo = at(body, 'ShipmentRequest.Shipment.ShipTo.Address.CountryCode');
      if (shipTo !== at(body, 'ShipmentRequest.Shipment.Shipper.Address.CountryCode')) {
        // Leaving the country: the commercial invoice (InternationalForms), and its total for the US and PR.
        const forms = 'ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms';
        requireFields(req, body, [
          `${forms}.FormType`,
          `${forms}.CurrencyCode`,
          `${forms}.ReasonForExport`,
          `${forms}.Contacts.SoldTo.Name`,
          `${forms}.Product.0.Description`,
          `${forms}.Product.0.CommodityCode`,
          `${forms}.Product.0.OriginCountryCode`,
          `${forms}.Product.0.Unit.Number`,
          `${forms}.Product.0.Unit.Value`,
          `${forms}.Product.0.Unit.UnitOfMeasurement.Code`,
        ]);
        if (shipTo === 'US' || shipTo === 'PR') {
          requireFields(req, body, ['ShipmentRequest.Shipment.InvoiceLineTotal.MonetaryValue']);
        }
      }
      if (req.problems.length || ctx.opts.refusePurchase === 'address') {
        return { op, answer: json(400, f.text('error-ship-address.json')) };
      }
      if (ctx.opts.refusePurchase === 'service') return { op, answer: json(400, f.text('error-rate-route.json')) };
      if (ctx.opts.refusePurchase === 'customs') {
        return { op, answer: json(400, f.text('error-ship-commodity.json')) };
      }
      const trackingNumber = `1Z${cfg.accountNumber}${freshNumber('20', 8)}`.slice(0, 18);
      const reference = at(body, 'ShipmentRequest.Shipment.ReferenceNumber.Value');
      ctx.shipments.set(trackingNumber, {
        trackingNumber,
        shipmentId: trackingNumber,
        reference: typeof reference === 'string' ? reference : null,
        service: String(at(body, 'ShipmentRequest.Shipment.Service.Code')),
        status: 'created',
        createdAt: new Date(),
      });
      if (ctx.opts.hangPurchase) return { op, answer: 'hang' as const };
      let shipped = f.text('ship-response.json').replaceAll(FIXTURE_NUMBER, trackingNumber);
      const format = at(body, 'ShipmentRequest.LabelSpecification.LabelImageFormat.Code');
      if (format === 'PNG') {
        // The fixture's label is the documented default (GIF); a PNG asked for comes back as a PNG.
        const answer = JSON.parse(shipped) as { ShipmentResponse: { ShipmentResults: { PackageResults: UpsPackage } } };
        answer.ShipmentResponse.ShipmentResults.PackageResults.ShippingLabel = {
          ImageFormat: { Code: 'PNG', Description: 'PNG' },
          GraphicImage: PNG_LABEL,
        };
        shipped = JSON.stringify(answer);
      } else if (format !== 'GIF') {
        return {
          op,
          answer: upsErrors(400, '120100', `Unsupported label image format in this fake: ${String(format)}`),
        };
      }
      return { op, answer: json(200, shipped) };
    }

    if (op === 'recover') {
      // Label Recovery (decision 038): the bought label again, as ZPL on 4×6 stock.
      expectHeader(req, 'content-type', JSON_TYPE, true);
      const body = parseJsonBody(req);
      requireFields(req, body, [
        'LabelRecoveryRequest.TrackingNumber',
        'LabelRecoveryRequest.LabelSpecification.LabelImageFormat.Code',
      ]);
      const id = String(at(body, 'LabelRecoveryRequest.TrackingNumber') ?? '');
      if (!ctx.shipments.has(id)) return { op, answer: json(400, f.text('error-label-recovery.json')) };
      if (at(body, 'LabelRecoveryRequest.LabelSpecification.LabelImageFormat.Code') !== 'ZPL') {
        req.problems.push('LabelImageFormat.Code: this fake recovers ZPL only');
      }
      if (req.problems.length) return { op, answer: upsErrors(400, '120100', req.problems.join('; ')) };
      const answer = JSON.parse(f.text('label-recovery-response.json')) as {
        LabelRecoveryResponse: { LabelResults: { LabelImage: { GraphicImage: string } } };
      };
      const image = answer.LabelRecoveryResponse.LabelResults.LabelImage;
      image.GraphicImage = Buffer.from(
        Buffer.from(image.GraphicImage, 'base64').toString('utf8').replaceAll(FIXTURE_NUMBER, id),
      ).toString('base64');
      return { op, answer: json(200, JSON.stringify(answer).replaceAll(FIXTURE_NUMBER, id)) };
    }

    if (op === 'void') {
      const id = decodeURIComponent(req.path.split('/').pop() ?? '');
      const s = ctx.shipments.get(id);
      if (ctx.opts.refuseVoid || !s || s.status !== 'created') {
        return { op, answer: json(400, f.text('void-refused.json')) };
      }
      s.status = 'voided';
      return { op, answer: json(200, f.text('void-response.json').replaceAll(FIXTURE_NUMBER, id)) };
    }

    // Tracking, by number or by our reference.
    const key = decodeURIComponent(req.path.split('/').pop() ?? '');
    if (op === 'track') {
      const s = ctx.shipments.get(key);
      if (!s) return { op, answer: json(200, f.text('track-not-found.json').replaceAll('1ZA1B2C39999999999', key)) };
      return { op, answer: json(200, f.text('track-response.json').replaceAll(FIXTURE_NUMBER, key)) };
    }
    if (req.query.get('shipperNum') !== cfg.accountNumber) req.problems.push('shipperNum: not the account');
    const s = [...ctx.shipments.values()].find((x) => x.reference === key);
    if (!s) return { op, answer: json(404, f.text('track-not-found.json')) };
    return { op, answer: json(200, f.text('track-response.json').replaceAll(FIXTURE_NUMBER, s.trackingNumber)) };
  };

  return startFake('UPS', handler, opts);
}

function routeOf(method: string, path: string, v: string): { op: string } | null {
  if (method === 'POST' && path === `/api/rating/${v}/Shop`) return { op: 'rate' };
  if (method === 'POST' && path === `/api/shipments/${v}/ship`) return { op: 'ship' };
  if (method === 'DELETE' && path.startsWith(`/api/shipments/${v}/void/cancel/`)) return { op: 'void' };
  if (method === 'POST' && path === '/api/labels/v1/recovery') return { op: 'recover' };
  if (method === 'GET' && path.startsWith('/api/track/v1/reference/details/')) return { op: 'find' };
  if (method === 'GET' && path.startsWith('/api/track/v1/details/')) return { op: 'track' };
  return null;
}
