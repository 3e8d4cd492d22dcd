/**
 * The job queue's place in the app and the one-click unsubscribe (issue 27, decision 026).
 *
 * pg-boss starts when the app is ready and stops (letting the jobs in hand finish) when it closes,
 * before the database does. `app.jobs` is the queue: tests run due jobs through it (runDue).
 *
 * Unsubscribe (RFC 8058): every notification mail carries
 *   List-Unsubscribe: <APP_URL/api/notifications/unsubscribe?token=…>
 *   List-Unsubscribe-Post: List-Unsubscribe=One-Click
 * A POST to that URL (the mail client's one click, or the confirm page's button) turns that kind
 * off. A GET only shows the confirm page, so a link scanner that follows the link changes nothing.
 */
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { createJobQueue, type JobQueue } from '../../ops/job-queue';
import { ErrorCode } from '../../../shared/errors';
import { audit } from '../audit/repo';
import { SWITCH_OF } from './kinds';
import { createNotifications } from './service';
import { KIND_LABEL } from './templates';
import { readUnsubscribeToken } from './token';
import { switchOff, userLocale } from './repo';
import { registerRecipientRoutes } from './recipient-routes';
import { page } from './html-page';

// Declaration merging needs an interface here.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /** The pg-boss job queue (decision 026). */
    jobs: JobQueue;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const ZUnsubscribeQuery = z.strictObject({
  token: z.string().min(1, 'The unsubscribe link is incomplete').max(200, 'The unsubscribe link is not valid'),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** How long after the app is ready the job queue starts (main.ts's first job pass waits as long). */
const JOB_QUEUE_START_DELAY_MS = 1_000;

export function registerNotifications(root: App, deps: AppDeps): void {
  const notifications = createNotifications(deps, root.log);
  const jobs = createJobQueue({
    database: deps.database,
    log: root.log,
    workers: deps.config.jobWorkers,
    queues: notifications.queues,
    pumps: notifications.pumps,
  });
  root.decorate('jobs', jobs);
  // The queue starts a moment after the app is ready, not before it listens: pg-boss's start (its
  // queues, then a first fetch for each) held up the start-up by ~0.3 s on the embedded database,
  // and its statements would queue ahead of the first requests. Nothing is lost meanwhile: work
  // reaches the queue through the outbox (the pumps), and runDue and sendMany start it themselves.
  let startTimer: NodeJS.Timeout | undefined;
  root.addHook('onReady', () => {
    startTimer = setTimeout(() => {
      jobs.start().catch((err: unknown) => root.log.error({ err }, 'starting the job queue failed'));
    }, JOB_QUEUE_START_DELAY_MS);
    startTimer.unref();
  });
  // Draining takes no new jobs (those in hand finish); onClose, which runs before the caller closes
  // the database (main.ts, the tests), waits for that stop.
  deps.lifecycle?.onDrain(() => {
    clearTimeout(startTimer);
    jobs.stop().catch((err: unknown) => root.log.error({ err }, 'stopping the job queue failed'));
  });
  root.addHook('onClose', () => {
    clearTimeout(startTimer);
    return jobs.stop();
  });

  const db = deps.database.db;
  const settingsUrl = `${deps.config.appUrl}/settings?tab=notifications`;

  /** The user and kind of a valid token (and the user's language); a 400 naming the token otherwise. */
  async function holder(token: string) {
    const found = readUnsubscribeToken(await notifications.unsubscribeKey(), token);
    const locale = found ? await userLocale(db, found.userId) : null;
    if (!found || !locale) {
      const message = 'This unsubscribe link is not valid';
      throw new AppError(400, message, ErrorCode.VALIDATION_ERROR, { token: [message] });
    }
    return { ...found, locale };
  }

  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

  // The recipient's public tracking page and unsubscribe (issue 27, migration 0032).
  registerRecipientRoutes(root, deps, notifications.unsubscribeKey);

  void root.register(async (scope) => {
    // The one-click POST is a form (List-Unsubscribe=One-Click), not JSON: only these routes read one.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, typeof body === 'string' ? body : body.toString('utf8')),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/notifications/unsubscribe',
      { schema: { querystring: ZUnsubscribeQuery } },
      async (request, reply) => {
        const { kind, locale } = await holder(request.query.token);
        const label = KIND_LABEL[kind][locale];
        const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
        // With the app's no-referrer policy Chromium sends `Origin: null` with a form POST, which the
        // CSRF check refuses; same-origin lets the confirm button send this origin (and no referrer out).
        void reply.header('referrer-policy', 'same-origin');
        return locale === 'zh'
          ? html(
              reply,
              page(
                locale,
                `退订${label}？`,
                [
                  `确认后，Voyageur 将不再向您发送${escapeHtml(label)}邮件。其他通知不受影响，您也可以随时在<a href="${escapeHtml(settingsUrl)}">通知设置</a>中重新开启。`,
                ],
                { action, button: '确认退订' },
              ),
            )
          : html(
              reply,
              page(
                locale,
                `Unsubscribe from ${label}?`,
                [
                  `Voyageur will stop sending you ${escapeHtml(label)} by mail. Your other notifications stay as they are, and you can turn these back on any time in your <a href="${escapeHtml(settingsUrl)}">notification settings</a>.`,
                ],
                { action, button: 'Unsubscribe' },
              ),
            );
      },
    );

    app.post(
      '/api/notifications/unsubscribe',
      { schema: { querystring: ZUnsubscribeQuery } },
      async (request, reply) => {
        const { userId, kind, locale } = await holder(request.query.token);
        await db.transaction(async (tx) => {
          if (await switchOff(tx, userId, kind, deps.clock.now())) {
            await audit(tx, {
              userId,
              action: 'notification_unsubscribe',
              resourceType: 'user',
              resourceId: userId,
              oldValue: { [SWITCH_OF[kind]]: true },
              newValue: { [SWITCH_OF[kind]]: false },
              ipAddress: request.ip,
              details: 'One-click unsubscribe link of a notification mail',
              at: deps.clock.now(),
            });
          }
        });
        const label = KIND_LABEL[kind][locale];
        return locale === 'zh'
          ? html(
              reply,
              page(locale, '已退订', [
                `Voyageur 将不再向您发送${escapeHtml(label)}邮件。如需重新开启，请前往<a href="${escapeHtml(settingsUrl)}">通知设置</a>。`,
              ]),
            )
          : html(
              reply,
              page(locale, 'You are unsubscribed', [
                `Voyageur will no longer send you ${escapeHtml(label)} by mail. To turn them back on, open your <a href="${escapeHtml(settingsUrl)}">notification settings</a>.`,
              ]),
            );
      },
    );
  });
}
