import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from './index';
import { signatureHeader, verifySignedEvent } from './sandbox-webhooks';

const SECRET = 'whsec_sbx_test_secret';
const AT = new Date('2026-03-15T12:00:00Z');
const body = JSON.stringify({
  id: 'evt_sbx_1',
  object: 'event',
  type: 'payment_intent.succeeded',
  created: Math.floor(AT.getTime() / 1000),
  livemode: false,
  data: { object: { id: 'pi_sbx_1', object: 'payment_intent', amount: 5000, currency: 'cad', status: 'succeeded' } },
});
const later = (s: number) => new Date(AT.getTime() + s * 1000);
const refused = (fn: () => unknown) => expect(fn).toThrow(WebhookSignatureError);

describe('sandbox webhook signatures', () => {
  it("writes the provider's header: t=<unix>,v1=<hex hmac of `${t}.${body}`>", () => {
    const t = Math.floor(AT.getTime() / 1000);
    const hex = createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex');
    expect(signatureHeader(SECRET, body, AT)).toBe(`t=${t},v1=${hex}`);
  });

  it('accepts a good signature and maps the event', () => {
    const event = verifySignedEvent(SECRET, Buffer.from(body), signatureHeader(SECRET, body, AT), later(10));
    expect(event).toEqual({
      id: 'evt_sbx_1',
      providerType: 'payment_intent.succeeded',
      type: 'payment_intent.succeeded',
      paymentIntentId: 'pi_sbx_1',
      createdAt: AT,
    });
  });

  it('refuses a tampered body', () => {
    const header = signatureHeader(SECRET, body, AT);
    refused(() => verifySignedEvent(SECRET, body.replace('5000', '500000'), header, AT));
    refused(() => verifySignedEvent(SECRET, `${body} `, header, AT));
  });

  it('refuses a signature made with another secret', () => {
    refused(() => verifySignedEvent(SECRET, body, signatureHeader('whsec_sbx_other', body, AT), AT));
  });

  it(`refuses one older or further ahead than ${WEBHOOK_TOLERANCE_SECONDS} s, accepts the edge`, () => {
    const header = signatureHeader(SECRET, body, AT);
    refused(() => verifySignedEvent(SECRET, body, header, later(301)));
    refused(() => verifySignedEvent(SECRET, body, header, later(-301)));
    expect(verifySignedEvent(SECRET, body, header, later(300)).id).toBe('evt_sbx_1');
    expect(verifySignedEvent(SECRET, body, header, later(-300)).id).toBe('evt_sbx_1');
  });

  it('refuses a missing or unreadable header, and a timestamp changed after signing', () => {
    const header = signatureHeader(SECRET, body, AT);
    refused(() => verifySignedEvent(SECRET, body, undefined, AT));
    refused(() => verifySignedEvent(SECRET, body, '', AT));
    refused(() => verifySignedEvent(SECRET, body, 'garbage', AT));
    refused(() => verifySignedEvent(SECRET, body, header.replace(/^t=\d+/, 't=1773576001'), AT));
    refused(() => verifySignedEvent(SECRET, body, header.replace(/v1=/, 'v0='), AT));
  });

  it('accepts any matching v1 among several (secret rotation)', () => {
    const good = signatureHeader(SECRET, body, AT);
    const t = good.split(',')[0];
    const wrong = signatureHeader('whsec_sbx_other', body, AT).split(',')[1];
    expect(verifySignedEvent(SECRET, body, `${t},${wrong},${good.split(',')[1]}`, AT).id).toBe('evt_sbx_1');
  });

  it('maps refunds and disputes to their intent, anything else to other', () => {
    const eventOf = (type: string, object: object) => {
      const raw = JSON.stringify({ id: 'evt_sbx_2', object: 'event', type, created: 1, data: { object } });
      return verifySignedEvent(SECRET, raw, signatureHeader(SECRET, raw, AT), AT);
    };
    expect(eventOf('charge.refunded', { id: 'ch_sbx_1', object: 'charge', payment_intent: 'pi_sbx_1' })).toMatchObject({
      type: 'charge.refunded',
      paymentIntentId: 'pi_sbx_1',
    });
    expect(
      eventOf('charge.dispute.created', { id: 'dp_sbx_1', object: 'dispute', payment_intent: 'pi_sbx_1' }),
    ).toMatchObject({ type: 'charge.dispute.created', paymentIntentId: 'pi_sbx_1' });
    expect(eventOf('customer.created', { id: 'cus_sbx_1', object: 'customer' })).toMatchObject({
      type: 'other',
      providerType: 'customer.created',
      paymentIntentId: null,
    });
  });

  it('refuses a signed body that is not an event', () => {
    for (const raw of ['not json', '{"id":"evt_1"}', '[]']) {
      refused(() => verifySignedEvent(SECRET, raw, signatureHeader(SECRET, raw, AT), AT));
    }
  });
});
