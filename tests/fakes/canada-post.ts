import {
  basic,
  expectHeader,
  fixtureReader,
  freshNumber,
  header,
  requireXml,
  startFake,
  xmlHas,
  xmlText,
  type Answer,
  type FakeCarrier,
  type FakeContext,
  type FakeOptions,
  type Recorded,
} from './core';

/*
 * A fake Canada Post (REST + XML web services) on loopback: rating, contract and non-contract
 * shipments, the label artifact, void (DELETE of a shipment not yet transmitted) and refund requests,
 * tracking by PIN. Answers are the documented bodies of src/server/providers/carriers/canada-post/
 * fixtures/ with each shipment's own id, PIN and links on this server.
 */

export type FakeCanadaPostOptions = FakeOptions & {
  username?: string;
  password?: string;
  customerNumber?: string;
};

export const FAKE_CANADA_POST_DEFAULTS = {
  username: 'fake-cp-user',
  password: 'fake-cp-pass',
  customerNumber: '0002004381',
};

const MEDIA = {
  rate: 'application/vnd.cpc.ship.rate-v4+xml',
  shipment: 'application/vnd.cpc.shipment-v8+xml',
  ncshipment: 'application/vnd.cpc.ncshipment-v4+xml',
  track: 'application/vnd.cpc.track-v2+xml',
  pdf: 'application/pdf',
  zpl: 'application/zpl',
};
const NS = {
  rate: 'http://www.canadapost.ca/ws/ship/rate-v4',
  shipment: 'http://www.canadapost.ca/ws/shipment-v8',
  ncshipment: 'http://www.canadapost.ca/ws/ncshipment-v4',
};
const TEST_HOST = 'https://ct.soa-gw.canadapost.ca';
const FIXTURE = {
  contract: {
    id: '545021584835957806',
    pin: '7023210039414604',
    artifact: '/rs/artifact/6e93d53968881714/10001782951/0',
  },
  nc: { id: '406951321983787352', pin: '7023210039414611', artifact: '/ers/artifact/76108cb5192002d5/21238/0' },
};

const f = fixtureReader('canada-post');
const MESSAGES = 'application/vnd.cpc.messages+xml';

const xml = (status: number, contentType: string, body: string): Answer => ({ status, contentType, body });

/** Canada Post's messages document (its documented error shape). */
function messages(status: number, description: string, code = ''): Answer {
  const codeXml = code ? `<code>${code}</code>` : '';
  return xml(
    status,
    MESSAGES,
    `<?xml version="1.0" encoding="UTF-8"?>\n<messages xmlns="http://www.canadapost.ca/ws/messages"><message>${codeXml}<description>${escapeXml(description)}</description></message></messages>`,
  );
}

function escapeXml(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

type CpShipmentState = {
  kind: 'contract' | 'non-contract';
  transmitted: boolean;
  refundRequested: boolean;
  /** The label's encoding the shipment was bought with (print-preferences; PDF without them). */
  encoding: 'PDF' | 'ZPL';
};

export async function startFakeCanadaPost(opts: FakeCanadaPostOptions = {}): Promise<FakeCarrier> {
  const cfg = { ...FAKE_CANADA_POST_DEFAULTS, ...opts };
  const extra = new Map<string, CpShipmentState>();
  const byId = (ctx: FakeContext, id: string) => [...ctx.shipments.values()].find((s) => s.shipmentId === id);
  const c = cfg.customerNumber;

  const handler = (ctx: FakeContext) => {
    const { req } = ctx;
    const op = opOf(req, c);
    if (op === 'unknown') return { op, answer: messages(404, `No such resource: ${req.method} ${req.path}`) };
    if (header(req, 'authorization') !== basic(cfg.username, cfg.password)) {
      return { op, answer: xml(401, MESSAGES, f.text('error-auth.xml')) };
    }
    if (ctx.failing()) return { op, answer: { status: 503, contentType: 'text/plain', body: 'Service Unavailable' } };

    if (op === 'rate') {
      expectHeader(req, 'content-type', MEDIA.rate, true);
      expectHeader(req, 'accept', MEDIA.rate);
      namespace(req, NS.rate);
      requireXml(req, ['customer-number', 'weight', 'origin-postal-code']);
      if (xmlText(req.body, 'customer-number') !== c) req.problems.push('customer-number: not the account');
      if (!xmlHas(req.body, 'destination')) req.problems.push('<destination>: required');
      if (req.problems.length) return { op, answer: messages(400, req.problems.join('; ')) };
      // Leaving Canada (issue 25): the USA services for a destination in the United States.
      const toUs = xmlHas(req.body, 'united-states');
      return { op, answer: xml(200, MEDIA.rate, f.text(toUs ? 'rate-us-response.xml' : 'rate-response.xml')) };
    }

    if (op === 'ship' || op === 'ncship') {
      const contract = op === 'ship';
      const media = contract ? MEDIA.shipment : MEDIA.ncshipment;
      expectHeader(req, 'content-type', media, true);
      expectHeader(req, 'accept', media);
      namespace(req, contract ? NS.shipment : NS.ncshipment);
      requireXml(req, ['requested-shipping-point', 'service-code', 'postal-zip-code', 'weight', 'name', 'city']);
      if (!xmlHas(req.body, 'sender') || !xmlHas(req.body, 'destination')) {
        req.problems.push('<sender> and <destination>: required');
      }
      const destination = /<destination>[\s\S]*?<\/destination>/.exec(req.body)?.[0] ?? '';
      if (xmlText(destination, 'country-code') !== 'CA') {
        // Leaving Canada: the customs element, and what to do with an undeliverable parcel.
        if (!xmlHas(req.body, 'customs')) req.problems.push('<customs>: required outside Canada');
        requireXml(req, ['currency', 'reason-for-export', 'customs-number-of-units', 'customs-description']);
        requireXml(req, ['unit-weight', 'customs-value-per-unit']);
        if (xmlText(req.body, 'currency') !== 'CAD') requireXml(req, ['conversion-from-cad']);
        if (!/<option-code>(RASE|RTS|ABAN)<\/option-code>/.test(req.body)) {
          req.problems.push('non-delivery option (RASE, RTS or ABAN): required outside Canada');
        }
      }
      // The label's format is chosen here (decision 040): contract print-preferences take output-format
      // 8.5x11 or 4x6 and encoding PDF or ZPL; ncshipment-v4 has no print-preferences (always a PDF).
      const prefs = /<print-preferences>[\s\S]*?<\/print-preferences>/.exec(req.body)?.[0] ?? null;
      let encoding: 'PDF' | 'ZPL' = 'PDF';
      if (prefs && !contract) req.problems.push('<print-preferences>: not in ncshipment-v4');
      if (prefs && contract) {
        const format = xmlText(prefs, 'output-format');
        const enc = xmlText(prefs, 'encoding');
        if (format !== null && format !== '8.5x11' && format !== '4x6') {
          req.problems.push(`output-format: ${format} is not 8.5x11 or 4x6`);
        }
        if (enc !== null && enc !== 'PDF' && enc !== 'ZPL') req.problems.push(`encoding: ${enc} is not PDF or ZPL`);
        if (enc === 'ZPL' && format !== '4x6') req.problems.push('encoding ZPL: output-format 4x6 required');
        if (enc === 'ZPL') encoding = 'ZPL';
      }
      if (req.problems.length) return { op: 'ship', answer: messages(400, req.problems.join('; ')) };
      if (ctx.opts.refusePurchase === 'customs') {
        return { op: 'ship', answer: xml(400, MESSAGES, f.text('error-customs-refused.xml')) };
      }
      const shipmentId = freshNumber('5', 17);
      const pin = freshNumber('70', 14);
      const transmitted = contract && xmlText(req.body, 'transmit-shipment') === 'true';
      ctx.shipments.set(pin, {
        trackingNumber: pin,
        shipmentId,
        reference: contract ? xmlText(req.body, 'customer-request-id') : null,
        service: xmlText(req.body, 'service-code') ?? '',
        status: 'created',
        createdAt: new Date(),
      });
      extra.set(pin, { kind: contract ? 'contract' : 'non-contract', transmitted, refundRequested: false, encoding });
      if (ctx.opts.hangPurchase) return { op: 'ship', answer: 'hang' as const };
      const fx = contract ? FIXTURE.contract : FIXTURE.nc;
      let body = f
        .text(contract ? 'shipment-response.xml' : 'ncshipment-response.xml')
        .replaceAll(fx.id, shipmentId)
        .replaceAll(fx.pin, pin)
        .replaceAll(fx.artifact, `/rs/artifact/${shipmentId}/label/0`)
        .replaceAll(TEST_HOST, ctx.url);
      if (contract && !transmitted) body = body.replace('>transmitted<', '>created<');
      if (encoding === 'ZPL') body = body.replace(`media-type="${MEDIA.pdf}"`, `media-type="${MEDIA.zpl}"`);
      return { op: 'ship', answer: xml(200, media, body) };
    }

    if (op === 'label') {
      const id = req.path.split('/')[3] ?? '';
      const s = byId(ctx, id);
      if (!s) return { op, answer: messages(404, 'No artifact found', '004') };
      if (extra.get(s.trackingNumber)?.encoding === 'ZPL') {
        // The artifact in the encoding it was bought with: the documented ZPL, with this shipment's PIN.
        expectHeader(req, 'accept', MEDIA.zpl);
        const zpl = f.text('label.zpl').replaceAll(FIXTURE.contract.pin, s.trackingNumber);
        return { op, answer: { status: 200, contentType: MEDIA.zpl, body: Buffer.from(zpl, 'utf8') } };
      }
      expectHeader(req, 'accept', MEDIA.pdf);
      return { op, answer: { status: 200, contentType: MEDIA.pdf, body: f.bytes('label.pdf') } };
    }

    if (op === 'delete') {
      expectHeader(req, 'accept', MEDIA.shipment);
      const s = byId(ctx, req.path.split('/').pop() ?? '');
      const state = s ? extra.get(s.trackingNumber) : undefined;
      if (!s || !state) return { op: 'void', answer: messages(404, 'Shipment not found', '004') };
      if (ctx.opts.refuseVoid || state.transmitted || s.status !== 'created') {
        return {
          op: 'void',
          answer: messages(400, 'The shipment has been transmitted and cannot be voided; request a refund.'),
        };
      }
      s.status = 'voided';
      return { op: 'void', answer: { status: 204, contentType: 'text/plain', body: '' } };
    }

    if (op === 'refund' || op === 'ncrefund') {
      const contract = op === 'refund';
      const media = contract ? MEDIA.shipment : MEDIA.ncshipment;
      expectHeader(req, 'content-type', media, true);
      expectHeader(req, 'accept', media);
      namespace(req, contract ? NS.shipment : NS.ncshipment);
      requireXml(req, ['email']);
      const parts = req.path.split('/');
      const s = byId(ctx, parts[parts.length - 2] ?? '');
      const state = s ? extra.get(s.trackingNumber) : undefined;
      if (req.problems.length) return { op: 'void', answer: messages(400, req.problems.join('; ')) };
      if (!s || !state) return { op: 'void', answer: messages(404, 'Shipment not found', '004') };
      if (ctx.opts.refuseVoid || state.refundRequested) {
        return { op: 'void', answer: xml(400, MESSAGES, f.text('void-refused.xml')) };
      }
      state.refundRequested = true;
      s.status = 'voided';
      let body = f.text('refund-response.xml');
      if (!contract) {
        body = body
          .replaceAll('shipment-refund-request-info', 'non-contract-shipment-refund-request-info')
          .replace(NS.shipment, NS.ncshipment);
      }
      return { op: 'void', answer: xml(200, media, body) };
    }

    // track
    expectHeader(req, 'accept', MEDIA.track);
    const pin = decodeURIComponent(req.path.split('/')[4] ?? '');
    if (!ctx.shipments.has(pin)) return { op, answer: xml(404, MESSAGES, f.text('track-not-found.xml')) };
    return { op, answer: xml(200, MEDIA.track, f.text('track-response.xml').replaceAll(FIXTURE.contract.pin, pin)) };
  };

  return startFake('Canada Post', handler, opts);
}

function namespace(req: Recorded, ns: string): void {
  if (!req.body.includes(`xmlns="${ns}"`)) req.problems.push(`namespace: expected ${ns}`);
}

function opOf(req: Recorded, c: string): string {
  const { method, path } = req;
  if (method === 'POST' && path === '/rs/ship/price') return 'rate';
  if (method === 'POST' && path === `/rs/${c}/${c}/shipment`) return 'ship';
  if (method === 'POST' && path === `/rs/${c}/ncshipment`) return 'ncship';
  if (method === 'GET' && /^\/rs\/artifact\/[^/]+\/label\/0$/.test(path)) return 'label';
  if (method === 'DELETE' && new RegExp(`^/rs/${c}/${c}/shipment/[^/]+$`).test(path)) return 'delete';
  if (method === 'POST' && new RegExp(`^/rs/${c}/${c}/shipment/[^/]+/refund$`).test(path)) return 'refund';
  if (method === 'POST' && new RegExp(`^/rs/${c}/ncshipment/[^/]+/refund$`).test(path)) return 'ncrefund';
  if (method === 'GET' && /^\/vis\/track\/pin\/[^/]+\/detail$/.test(path)) return 'track';
  return 'unknown';
}
