/**
 * The sandbox's webhook events, in the card provider's format: the event JSON, the signature header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, and its verification (constant
 * time, at most WEBHOOK_TOLERANCE_SECONDS away from now either way).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError, type WebhookEvent, type WebhookEventType } from './index';

export type StripeLikeEvent = {
  id: string;
  object: 'event';
  type: string;
  /** Unix seconds. */
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> & { id: string; object: string } };
};

const KNOWN_TYPES: readonly WebhookEventType[] = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
];

const hmacHex = (secret: string, t: number, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');

export function signatureHeader(secret: string, rawBody: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`;
}

function parseHeader(header: string): { t: number; v1: string[] } | null {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^[0-9]{1,12}$/.test(value)) t = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

/** Checks the header against the raw body and answers the event; throws WebhookSignatureError otherwise. */
export function verifySignedEvent(
  secret: string,
  rawBody: Buffer | string,
  header: string | undefined,
  now: Date,
): WebhookEvent {
  if (!header) throw new WebhookSignatureError('No signature header');
  const parsed = parseHeader(header);
  if (!parsed) throw new WebhookSignatureError('Unable to read the signature header');
  const expected = Buffer.from(hmacHex(secret, parsed.t, rawBody), 'hex');
  const matches = parsed.v1.some((sig) => {
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('No signature matches the payload');
  if (Math.abs(now.getTime() / 1000 - parsed.t) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
  let event: Partial<StripeLikeEvent>;
  try {
    event = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody) as Partial<StripeLikeEvent>;
  } catch {
    throw new WebhookSignatureError('The payload is not JSON');
  }
  const object = event?.data?.object as Record<string, unknown> | undefined;
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number' || !object) {
    throw new WebhookSignatureError('The payload is not an event');
  }
  const type = (KNOWN_TYPES as readonly string[]).includes(event.type) ? (event.type as WebhookEventType) : 'other';
  const intentId =
    object.object === 'payment_intent' && typeof object.id === 'string'
      ? object.id
      : typeof object.payment_intent === 'string'
        ? object.payment_intent
        : null;
  return {
    id: event.id,
    providerType: event.type,
    type,
    paymentIntentId: intentId,
    createdAt: new Date(event.created * 1000),
  };
}
