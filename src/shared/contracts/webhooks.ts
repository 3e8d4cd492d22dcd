import { z } from 'zod';

/**
 * Webhooks of the public API (issue 28, decision 034): a user's endpoints, the events each receives
 * and each delivery's outcome. The same contracts serve /api/v1/webhooks (API key) and
 * /api/webhooks (the settings screen's session).
 */
export const WEBHOOK_EVENTS = [
  'shipment.created',
  'shipment.voided',
  'tracker.updated',
  'shipment.delivered',
  'wallet.low_balance',
  'topup.succeeded',
] as const;
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS, {
  error: `Each event must be one of ${WEBHOOK_EVENTS.join(', ')}`,
});
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;
/** The type of the event sent by 'send test event' (to any endpoint, whatever it subscribed to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
/** Endpoints one user may have. */
export const WEBHOOKS_PER_USER = 10;

/**
 * The messages are sentences a user reads (the settings card shows them, translated by pattern in
 * src/web/lib/error-message.ts; the server's address checks in modules/webhooks/address-check.ts
 * word theirs the same way).
 */
export const WEBHOOK_URL_MESSAGES = {
  required: 'Enter the endpoint URL',
  text: 'The endpoint URL must be text',
  tooLong: `The endpoint URL must be at most ${WEBHOOK_URL_MAX} characters`,
  notUrl: 'Enter a full URL, such as https://example.com/webhooks',
} as const;

export const ZWebhookUrl = z
  .string({
    error: (i) =>
      i.input === undefined || i.input === null ? WEBHOOK_URL_MESSAGES.required : WEBHOOK_URL_MESSAGES.text,
  })
  .trim()
  .min(1, WEBHOOK_URL_MESSAGES.required)
  .max(WEBHOOK_URL_MAX, WEBHOOK_URL_MESSAGES.tooLong)
  .refine((v) => URL.canParse(v), WEBHOOK_URL_MESSAGES.notUrl)
  .describe('Where the events are POSTed: an https URL');

export const ZWebhookEvents = z
  .array(ZWebhookEvent, { error: 'Events must be a list of event types' })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENTS.length)
  .describe('The event types sent to this endpoint');

export const ZCreateWebhookRequest = z.strictObject({ url: ZWebhookUrl, events: ZWebhookEvents });
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

export const ZUpdateWebhookRequest = z.strictObject({
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  /** false pauses deliveries; true turns a disabled endpoint back on (its waiting events are sent). */
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type TUpdateWebhookRequest = z.input<typeof ZUpdateWebhookRequest>;

export const ZWebhookIdParams = z.object({ id: z.string().describe('The webhook endpoint id (a UUID)') });
export const ZWebhookDeliveryParams = z.object({
  id: z.string().describe('The webhook endpoint id (a UUID)'),
  deliveryId: z.string().describe('The delivery id (a UUID)'),
});

export const ZWebhook = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(ZWebhookEvent),
  enabled: z.boolean(),
  /** When it was turned off (by its owner, or after a day of failed deliveries); null while on. */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;
export const ZWebhookList = z.array(ZWebhook);

/** The answer to create: the signing secret, shown this once. */
export const ZCreatedWebhook = ZWebhook.extend({ secret: z.string() });
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const ZWebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  eventId: z.string(),
  type: z.string(),
  /** pending: waiting for its first or next attempt; delivered: a 2xx answer; failed: given up after 3 days. */
  status: ZWebhookDeliveryStatus,
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null when none answered (refused, timeout). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryList = z.array(ZWebhookDelivery);
