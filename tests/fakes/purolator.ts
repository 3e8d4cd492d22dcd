import {
  basic,
  expectHeader,
  fixtureReader,
  freshNumber,
  header,
  requireXml,
  startFake,
  xmlText,
  type Answer,
  type FakeCarrier,
  type FakeContext,
  type FakeOptions,
  type Recorded,
} from './core';

/*
 * A fake Purolator (SOAP 1.1 web services) on loopback: EstimatingService GetFullEstimate,
 * ShippingService CreateShipment / VoidShipment, ShippingDocumentsService GetDocuments, TrackingService
 * TrackPackagesByPin and TrackPackagesByReference. Each call is checked for its path, SOAPAction, Basic key:password, the envelope
 * and the service's namespace; answers are the documented envelopes of
 * src/server/providers/carriers/purolator/fixtures/ with each shipment's own PIN.
 */

export type FakePurolatorOptions = FakeOptions & {
  key?: string;
  password?: string;
  accountNumber?: string;
  /** GetDocuments answers a URL to fetch (documents-url-response.xml) instead of the PDF inline. */
  labelByUrl?: boolean;
};

export const FAKE_PUROLATOR_DEFAULTS = {
  key: 'fake-purolator-key',
  password: 'fake-purolator-pass',
  accountNumber: '9999999999',
};

const f = fixtureReader('purolator');
const FIXTURE_PIN = '329014521622';
const SOAP = 'text/xml; charset=utf-8';
const ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

const SERVICES: Record<string, { path: string; ns: 'v1' | 'v2'; op: string }> = {
  GetFullEstimate: { path: '/EWS/V2/Estimating/EstimatingService.asmx', ns: 'v2', op: 'rate' },
  CreateShipment: { path: '/EWS/V2/Shipping/ShippingService.asmx', ns: 'v2', op: 'ship' },
  VoidShipment: { path: '/EWS/V2/Shipping/ShippingService.asmx', ns: 'v2', op: 'void' },
  GetDocuments: { path: '/EWS/V1/ShippingDocuments/ShippingDocumentsService.asmx', ns: 'v1', op: 'label' },
  TrackPackagesByPin: { path: '/PWS/V1/Tracking/TrackingService.asmx', ns: 'v1', op: 'track' },
  TrackPackagesByReference: { path: '/PWS/V1/Tracking/TrackingService.asmx', ns: 'v1', op: 'find' },
};

const soap = (status: number, body: string): Answer => ({ status, contentType: SOAP, body });

/** A SOAP fault in the shape of fault.xml (a ValidationFault naming what is wrong). */
/** The ReceiverInformation element of a request (its Country is the receiver's, not the sender's). */
function receiverOf(body: string): string {
  return /<(?:[\w.-]+:)?ReceiverInformation>[\s\S]*?<\/(?:[\w.-]+:)?ReceiverInformation>/.exec(body)?.[0] ?? '';
}

function validationFault(problems: string[]): Answer {
  const details = problems
    .map((p) => `<ValidationDetail><Key>${esc(p.split(':')[0]!)}</Key><Message>${esc(p)}</Message></ValidationDetail>`)
    .join('');
  const doc = f.text('fault.xml').replace(/<Details>[\s\S]*<\/Details>/, `<Details>${details}</Details>`);
  return soap(500, doc);
}

function esc(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export async function startFakePurolator(opts: FakePurolatorOptions = {}): Promise<FakeCarrier> {
  const cfg = { ...FAKE_PUROLATOR_DEFAULTS, ...opts };

  const handler = (ctx: FakeContext) => {
    const { req } = ctx;
    const pdfMatch = /^\/PWS\/V1\/Documents\/(\d+)\.pdf$/.exec(req.path);
    if (req.method === 'GET' && pdfMatch) {
      if (header(req, 'authorization') !== basic(cfg.key, cfg.password)) {
        return { op: 'label', answer: { status: 401, contentType: 'text/html', body: '401 - Unauthorized' } };
      }
      if (!ctx.shipments.has(pdfMatch[1]!))
        return { op: 'label', answer: { status: 404, contentType: 'text/html', body: 'Not Found' } };
      return { op: 'label', answer: { status: 200, contentType: 'application/pdf', body: f.bytes('label.pdf') } };
    }

    const action = /^"?http:\/\/purolator\.com\/pws\/service\/v[12]\/(\w+)"?$/.exec(header(req, 'soapaction'))?.[1];
    const service = action ? SERVICES[action] : undefined;
    if (req.method !== 'POST' || !service || service.path !== req.path) {
      return {
        op: 'unknown',
        answer: soap(
          500,
          f.text('fault-server.xml').replace('Service temporarily unavailable.', 'Unknown SOAPAction or path.'),
        ),
      };
    }
    const op = service.op;
    if (header(req, 'authorization') !== basic(cfg.key, cfg.password)) {
      return { op, answer: { status: 401, contentType: 'text/html', body: '401 - Unauthorized: Access is denied' } };
    }
    if (ctx.failing()) return { op, answer: soap(500, f.text('fault-server.xml')) };
    expectHeader(req, 'content-type', 'text/xml', true);
    checkEnvelope(req, service.ns, `${action}Request`);

    if (op === 'rate') {
      requireXml(req, ['PostalCode', 'BillingAccountNumber', 'RegisteredAccountNumber', 'ServiceID', 'Value']);
      account(req, cfg.accountNumber);
      if (req.problems.length) return { op, answer: validationFault(req.problems) };
      // Leaving Canada (issue 25): the U.S. services for a receiver in the United States.
      const toUs = xmlText(receiverOf(req.body), 'Country') === 'US';
      return { op, answer: soap(200, f.text(toUs ? 'rate-us-response.xml' : 'rate-response.xml')) };
    }

    if (op === 'ship') {
      requireXml(req, ['Name', 'StreetNumber', 'StreetName', 'City', 'PostalCode', 'AreaCode', 'ServiceID']);
      requireXml(req, ['BillingAccountNumber', 'RegisteredAccountNumber', 'PrinterType']);
      account(req, cfg.accountNumber);
      if (xmlText(receiverOf(req.body), 'Country') !== 'CA') {
        // Leaving Canada: InternationalInformation with its contents and who pays the duties.
        requireXml(req, ['DocumentsOnlyIndicator', 'BillDutiesToParty', 'BusinessRelationship', 'Currency']);
        if (xmlText(req.body, 'DocumentsOnlyIndicator') !== 'true') {
          requireXml(req, ['HarmonizedCode', 'CountryOfManufacture', 'UnitValue', 'Quantity']);
        }
      }
      if (req.problems.length) return { op, answer: validationFault(req.problems) };
      if (ctx.opts.refusePurchase === 'customs') {
        return { op, answer: soap(200, f.text('shipment-customs-refused.xml')) };
      }
      const pin = freshNumber('3', 11);
      ctx.shipments.set(pin, {
        trackingNumber: pin,
        shipmentId: pin,
        reference: xmlText(req.body, 'Reference1'),
        service: xmlText(req.body, 'ServiceID') ?? '',
        status: 'created',
        createdAt: new Date(),
      });
      if (ctx.opts.hangPurchase) return { op, answer: 'hang' as const };
      return { op, answer: soap(200, f.text('shipment-response.xml').replaceAll(FIXTURE_PIN, pin)) };
    }

    if (op === 'find') {
      requireXml(req, ['Reference', 'ShipmentFromDate', 'ShipmentToDate']);
      account(req, cfg.accountNumber);
      for (const d of ['ShipmentFromDate', 'ShipmentToDate']) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(xmlText(req.body, d) ?? '')) req.problems.push(`${d}: expected YYYY-MM-DD`);
      }
      if (req.problems.length) return { op, answer: validationFault(req.problems) };
      const reference = xmlText(req.body, 'Reference');
      const s = [...ctx.shipments.values()].find((x) => x.reference === reference);
      if (!s) return { op, answer: soap(200, f.text('track-by-reference-none.xml')) };
      return {
        op,
        answer: soap(200, f.text('track-by-reference-response.xml').replaceAll(FIXTURE_PIN, s.trackingNumber)),
      };
    }

    const pin = xmlText(req.body, 'Value') ?? '';
    if (op === 'label') {
      requireXml(req, ['OutputType', 'DocumentType', 'Value']);
      // OutputType PDF or ZPL; ZPL is a thermal printer's, so only the ...Thermal documents have it.
      const output = xmlText(req.body, 'OutputType');
      const documentType = xmlText(req.body, 'DocumentType') ?? '';
      if (output !== null && output !== 'PDF' && output !== 'ZPL') {
        req.problems.push(`OutputType: ${output} is not PDF or ZPL`);
      }
      if (!/^(Domestic|International)BillOfLading(Thermal)?$/.test(documentType)) {
        req.problems.push(`DocumentType: ${documentType} is not a bill of lading`);
      }
      if (output === 'ZPL' && !documentType.endsWith('Thermal')) {
        req.problems.push(`DocumentType: ${documentType} has no ZPL output (a Thermal document has)`);
      }
      if (req.problems.length) return { op, answer: validationFault(req.problems) };
      if (!ctx.shipments.has(pin)) return { op, answer: validationFault([`PIN: ${pin} was not found`]) };
      if (output === 'ZPL') {
        // The documented answer with the thermal bill of lading as ZPL (base64 in Data) for this PIN.
        const zpl = f.text('label.zpl').replaceAll(FIXTURE_PIN, pin);
        const body = f
          .text('documents-zpl-response.xml')
          .replace(/<Data>[^<]*<\/Data>/, `<Data>${Buffer.from(zpl, 'utf8').toString('base64')}</Data>`)
          .replaceAll(FIXTURE_PIN, pin);
        return { op: 'label-zpl', answer: soap(200, body) };
      }
      const body = (ctx.opts as FakePurolatorOptions).labelByUrl
        ? f
            .text('documents-url-response.xml')
            .replaceAll(FIXTURE_PIN, pin)
            .replaceAll('https://devwebservices.purolator.com', ctx.url)
        : f.text('documents-response.xml').replaceAll(FIXTURE_PIN, pin);
      return { op, answer: soap(200, body) };
    }

    if (op === 'void') {
      requireXml(req, ['Value']);
      if (req.problems.length) return { op, answer: validationFault(req.problems) };
      const s = ctx.shipments.get(pin);
      if (ctx.opts.refuseVoid || !s || s.status !== 'created') {
        return { op, answer: soap(200, f.text('void-refused.xml')) };
      }
      s.status = 'voided';
      return { op, answer: soap(200, f.text('void-response.xml')) };
    }

    // track
    if (!ctx.shipments.has(pin)) {
      return { op, answer: soap(200, f.text('track-not-found.xml').replaceAll('329014521699', pin)) };
    }
    return { op, answer: soap(200, f.text('track-response.xml').replaceAll(FIXTURE_PIN, pin)) };
  };

  return startFake('Purolator', handler, opts);
}

function checkEnvelope(req: Recorded, ns: 'v1' | 'v2', request: string): void {
  if (!req.body.includes(ENVELOPE_NS)) req.problems.push('envelope: not a SOAP 1.1 envelope');
  if (!req.body.includes(`http://purolator.com/pws/datatypes/${ns}`)) {
    req.problems.push(`namespace: expected http://purolator.com/pws/datatypes/${ns}`);
  }
  if (!new RegExp(`<(\\w+:)?${request}[\\s>]`).test(req.body)) req.problems.push(`body: expected ${request}`);
  requireXml(req, ['Version', 'Language']);
}

function account(req: Recorded, accountNumber: string): void {
  if (xmlText(req.body, 'BillingAccountNumber') !== accountNumber)
    req.problems.push('BillingAccountNumber: not the account');
}
