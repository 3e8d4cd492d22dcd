/**
 * Webhooks (issue 28, decision 034): a user's endpoints (the secret answered once), the delivery
 * of the outbox rows (repo.ts) signed with the endpoint's secret, retries with exponential backoff
 * for 3 days, in order per endpoint, an endpoint disabled after a day of failures with a mail to
 * its owner, and the log of deliveries with a resend. The same service serves /api/v1/webhooks
 * and the settings screen's /api/webhooks.
 */
import http from 'node:http';
import https from 'node:https';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/client';
import { deliverMail, type Mailer } from '../../providers/mail/index';
import { ErrorCode } from '../../../shared/errors';
import {
  WEBHOOKS_PER_USER,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
  WEBHOOK_URL_MESSAGES,
  type TCreateWebhookRequest,
  type TCreatedWebhook,
  type TUpdateWebhookRequest,
  type TWebhook,
  type TWebhookDelivery,
  type TWebhookEvent,
} from '../../../shared/contracts/webhooks';
import { normalisedUrl, refusedUrl } from './address-check';
import { sendWebhook, type ResolveHost } from './sender';
import * as repo from './repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Retries stop this long after the event (the delivery is then 'failed'). */
export const RETRY_FOR_MS = 3 * DAY;
/** An endpoint failing this long without a success is disabled and its owner mailed. */
export const DISABLE_AFTER_MS = DAY;
/** The first retry waits this long, each next one twice as long, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 6 * HOUR;
/** How long claimed rows are held by the instance delivering them (then due again after a crash). */
const LEASE_MS = 5 * MINUTE;
/** Per pass: endpoints, and deliveries per endpoint (a run stops at half the lease, the rest released). */
const CLAIM_LIMITS = { endpoints: 50, perEndpoint: 100 };
const LOG_LIMIT = 50;
/**
 * Test events and resends each make an outbound request at once (review A): 30 an hour per user,
 * together, on the API and the settings screen, counted in PostgreSQL (decision 004).
 */
export const WEBHOOK_SENDS_PER_USER: RateRule = { name: 'webhook-send-user', limit: 30, windowMs: HOUR };

type Log = { info(o: object, m: string): void; error(o: object, m: string): void };

export type WebhooksDeps = {
  db: Db;
  clock: Clock;
  mail: Mailer;
  log: Log;
  /** WEBHOOKS_ALLOW_PRIVATE: http and loopback receivers (tests, local development). */
  allowPrivate: boolean;
  /** The DNS resolver of deliveries (tests give their own). */
  resolve?: ResolveHost;
  appUrl: string;
};

/** The wait before attempt `attempts + 1`, after `attempts` failed ones (±20 %). */
export function backoffMs(attempts: number, random = Math.random()): number {
  const base = Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
  return Math.round(base * (0.8 + random * 0.4));
}

export function toWireWebhook(row: repo.EndpointRow): TWebhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as TWebhookEvent[],
    enabled: row.enabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toWireDelivery(row: repo.DeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

const uniqueEvents = (events: readonly string[]) => [...new Set(events)];

export function createWebhooksService(deps: WebhooksDeps) {
  const { db, clock, log } = deps;

  /** The URL to store (normalised), or 400 naming `url`. */
  function checkUrl(url: string): string {
    const why = refusedUrl(url, deps.allowPrivate);
    if (why) throw badRequest('url', why);
    const href = normalisedUrl(url);
    // Percent-encoding can lengthen it: the stored form must fit too.
    if (href.length > WEBHOOK_URL_MAX) throw badRequest('url', WEBHOOK_URL_MESSAGES.tooLong);
    return href;
  }

  async function own(userId: string, id: string): Promise<repo.EndpointRow> {
    if (!UUID.test(id)) throw notFound('Webhook not found');
    const row = await repo.findEndpoint(db, userId, id);
    if (!row) throw notFound('Webhook not found');
    return row;
  }

  /** One attempt of a claimed delivery; answers whether it was delivered. */
  async function attempt(
    endpoint: repo.EndpointRow,
    d: repo.DeliveryRow,
    once = false,
    agent?: http.Agent,
  ): Promise<boolean> {
    const outcome = await sendWebhook({
      agent,
      url: endpoint.url,
      body: d.body,
      secret: endpoint.secret,
      eventId: d.eventId,
      eventType: d.type,
      at: clock.now(),
      allowPrivate: deps.allowPrivate,
      resolve: deps.resolve,
    });
    const at = clock.now();
    // The full reason (addresses, resolver texts) stays in the server's log; the delivery log has the neutral one.
    if (!outcome.ok && outcome.detail) {
      log.info({ endpointId: endpoint.id, deliveryId: d.id, detail: outcome.detail }, 'webhook attempt failed');
    }
    if (outcome.ok) {
      await repo.recordSuccess(db, d, outcome, at);
      return true;
    }
    const giveUp = once || at.getTime() - d.createdAt.getTime() >= RETRY_FOR_MS;
    const failingSince = await repo.recordFailure(db, d, outcome, at, {
      nextAt: new Date(at.getTime() + backoffMs(d.attempts + 1)),
      giveUp,
    });
    if (at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      const email = await repo.disableEndpoint(db, endpoint.id, 'Deliveries failed for a day', at);
      if (email) {
        log.info({ endpointId: endpoint.id }, 'webhook endpoint disabled after a day of failures');
        await deliverMail(deps.mail, log, {
          to: email,
          subject: 'Voyageur: a webhook endpoint was turned off / Webhook 端点已停用',
          text: [
            `Deliveries to your webhook endpoint ${endpoint.url} have failed for a day (last: ${outcome.error ?? 'no answer'}), so it was turned off.`,
            `Its events are kept for 3 days: fix the receiver and turn the endpoint back on in Settings → API keys → Webhooks (${deps.appUrl}/settings?tab=api-keys).`,
            '',
            `发送到您的 Webhook 端点 ${endpoint.url} 的事件已连续失败一天，该端点已停用。`,
            `事件会保留 3 天：修复接收端后，请在 设置 → API 密钥 → Webhooks 中重新启用该端点。`,
          ].join('\n'),
        });
      }
    }
    return false;
  }

  /** Delivers claimed rows in order; at the first failure the rest wait behind it. */
  async function deliverClaimed(c: repo.Claimed): Promise<{ delivered: number; failed: number }> {
    let delivered = 0;
    const started = Date.now();
    // One keep-alive connection for the run (each attempt still resolves and checks the host).
    const agent = new (c.endpoint.url.startsWith('https:') ? https.Agent : http.Agent)({
      keepAlive: true,
      maxSockets: 1,
    });
    try {
      for (let i = 0; i < c.deliveries.length; i++) {
        if (Date.now() - started > LEASE_MS / 2) {
          // A slow receiver: what is left goes back before the lease ends (no second sender meanwhile).
          await repo.releaseClaims(
            db,
            c.deliveries.slice(i).map((d) => d.id),
            clock.now(),
          );
          return { delivered, failed: 0 };
        }
        let ok = false;
        try {
          ok = await attempt(c.endpoint, c.deliveries[i]!, false, agent);
        } catch (err) {
          log.error({ err, deliveryId: c.deliveries[i]!.id }, 'webhook delivery could not be recorded');
        }
        if (!ok) {
          await repo.releaseClaims(
            db,
            c.deliveries.slice(i + 1).map((d) => d.id),
            clock.now(),
          );
          return { delivered, failed: 1 };
        }
        delivered++;
      }
      return { delivered, failed: 0 };
    } finally {
      agent.destroy();
    }
  }

  /** Claims and sends the deliveries due now (any endpoint, or one); counts of this pass. */
  async function deliverDue(endpointId?: string): Promise<{ claimed: number; delivered: number; failed: number }> {
    const now = clock.now();
    const claimed = await repo.claimDue(db, now, new Date(now.getTime() + LEASE_MS), CLAIM_LIMITS, endpointId);
    const results = await Promise.all(claimed.map(deliverClaimed));
    return {
      claimed: claimed.reduce((n, c) => n + c.deliveries.length, 0),
      delivered: results.reduce((n, r) => n + r.delivered, 0),
      failed: results.reduce((n, r) => n + r.failed, 0),
    };
  }

  /**
   * Sends a new row at once (a test event, a resend), not behind the endpoint's waiting events: it
   * was inserted leased (the job leaves it alone). A test event is tried once; a resend that fails
   * is retried like any event.
   */
  async function sendNow(endpoint: repo.EndpointRow, row: repo.DeliveryRow, once: boolean): Promise<TWebhookDelivery> {
    try {
      await attempt(endpoint, row, once);
    } catch (err) {
      log.error({ err, deliveryId: row.id }, 'webhook delivery could not be recorded');
    }
    const after = await repo.findDelivery(db, endpoint.id, row.id);
    return toWireDelivery(after ?? row);
  }
  const leased = () => new Date(clock.now().getTime() + LEASE_MS);
  /** Counts one test or resend for the user; 429 with Retry-After past WEBHOOK_SENDS_PER_USER. */
  async function countSend(userId: string): Promise<void> {
    try {
      await enforceRateLimits(db, clock.now(), [{ rule: WEBHOOK_SENDS_PER_USER, subject: userId }]);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429) {
        throw new AppError(
          429,
          `At most ${WEBHOOK_SENDS_PER_USER.limit} test events and resends an hour; try again later`,
          ErrorCode.RATE_LIMITED,
          undefined,
          err.headers,
        );
      }
      throw err;
    }
  }

  return {
    deliverDue,

    async create(userId: string, body: TCreateWebhookRequest): Promise<TCreatedWebhook> {
      const url = checkUrl(body.url.trim());
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        if ((await repo.countEndpoints(tx, userId)) >= WEBHOOKS_PER_USER) {
          throw new AppError(
            409,
            `You can have at most ${WEBHOOKS_PER_USER} webhook endpoints; delete one first`,
            ErrorCode.CONFLICT,
          );
        }
        return repo.insertEndpoint(tx, {
          userId,
          url,
          events: uniqueEvents(body.events),
          secret: repo.newWebhookSecret(),
          now,
        });
      });
      return { ...toWireWebhook(row), secret: row.secret };
    },

    async list(userId: string): Promise<TWebhook[]> {
      return (await repo.listEndpoints(db, userId)).map(toWireWebhook);
    },

    async get(userId: string, id: string): Promise<TWebhook> {
      return toWireWebhook(await own(userId, id));
    },

    async update(userId: string, id: string, body: TUpdateWebhookRequest): Promise<TWebhook> {
      await own(userId, id);
      const typed = body.url?.trim();
      const url = typed === undefined ? undefined : checkUrl(typed);
      const row = await repo.updateEndpoint(
        db,
        userId,
        id,
        { url, events: body.events ? uniqueEvents(body.events) : undefined, enabled: body.enabled },
        clock.now(),
      );
      if (!row) throw notFound('Webhook not found');
      return toWireWebhook(row);
    },

    /** A new signing secret, answered this once; every later attempt (retries too) is signed with it. */
    async rotateSecret(userId: string, id: string): Promise<TCreatedWebhook> {
      await own(userId, id);
      const row = await repo.replaceSecret(db, userId, id, repo.newWebhookSecret(), clock.now());
      if (!row) throw notFound('Webhook not found');
      return { ...toWireWebhook(row), secret: row.secret };
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!UUID.test(id) || !(await repo.deleteEndpoint(db, userId, id))) throw notFound('Webhook not found');
    },

    /** Sends a 'webhook.test' event to this endpoint now; answers its delivery (recorded in the log). */
    async sendTest(userId: string, id: string): Promise<TWebhookDelivery> {
      const endpoint = await own(userId, id);
      if (!endpoint.enabled)
        throw new AppError(409, 'This webhook is turned off; turn it on first', ErrorCode.CONFLICT);
      await countSend(userId);
      const now = clock.now();
      const eventId = repo.newEventId();
      const row = await repo.insertDelivery(db, {
        endpoint,
        eventId,
        type: WEBHOOK_TEST_EVENT,
        body: repo.eventBody(eventId, WEBHOOK_TEST_EVENT, now, {
          webhookId: endpoint.id,
          message: 'A test event from Voyageur',
        }),
        now,
        dueAt: leased(),
      });
      return sendNow(endpoint, row, true);
    },

    async deliveries(userId: string, id: string): Promise<TWebhookDelivery[]> {
      const endpoint = await own(userId, id);
      return (await repo.listDeliveries(db, endpoint.id, LOG_LIMIT)).map(toWireDelivery);
    },

    /**
     * Sends a logged event again (the same event id, so the receiver can drop it if it has it). A
     * failed resend is retried like any event, unless a delivery of the event to this endpoint is
     * already pending (its retries running, or another resend): then it is tried once, so repeated
     * resends never multiply the retries (at most one pending chain per event and endpoint).
     */
    async resend(userId: string, id: string, deliveryId: string): Promise<TWebhookDelivery> {
      const endpoint = await own(userId, id);
      if (!UUID.test(deliveryId)) throw notFound('Delivery not found');
      const earlier = await repo.findDelivery(db, endpoint.id, deliveryId);
      if (!earlier) throw notFound('Delivery not found');
      if (!endpoint.enabled)
        throw new AppError(409, 'This webhook is turned off; turn it on first', ErrorCode.CONFLICT);
      await countSend(userId);
      const { row, once } = await db.transaction(async (tx) => {
        const chained = await repo.lockEventAndHasPending(tx, endpoint.id, earlier.eventId);
        const inserted = await repo.insertDelivery(tx, {
          endpoint,
          eventId: earlier.eventId,
          type: earlier.type,
          body: earlier.body,
          now: clock.now(),
          dueAt: leased(),
        });
        return { row: inserted, once: chained };
      });
      return sendNow(endpoint, row, once);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
