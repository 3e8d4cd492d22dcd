/**
 * The webhook delivery worker (decision 034), after the pattern of ops/jobs.ts: a timer on each
 * instance, its passes tracked by the lifecycle (a clean shutdown lets a pass finish) and stopped
 * when draining. Unlike a job_runs job it runs on every instance at once: the claim (repo.claimDue)
 * locks endpoints FOR UPDATE SKIP LOCKED, so each delivery is sent by one instance, and the rows of
 * one endpoint in order. A pass that found work is followed by another at once; an idle worker looks
 * every second, which bounds the lag of an event. Settled deliveries are pruned after 30 days by a
 * job_runs job.
 */
import type { Job } from '../../ops/jobs';
import type { Lifecycle } from '../../ops/lifecycle';
import { pruneDeliveries } from './repo';
import type { WebhooksService } from './service';

type Log = { error(o: object, m: string): void };

export const WEBHOOK_POLL_MS = 1000;
const KEEP_LOG_MS = 30 * 24 * 3_600_000;

export function startWebhookDelivery(opts: {
  webhooks: WebhooksService;
  log: Log;
  lifecycle?: Lifecycle;
  pollMs?: number;
}): { stop(): void; kick(): void } {
  const pollMs = opts.pollMs ?? WEBHOOK_POLL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const pass = async () => {
    if (stopped || running || opts.lifecycle?.draining) return;
    running = true;
    clearTimeout(timer);
    let busy = false;
    try {
      const work = () => opts.webhooks.deliverDue();
      const counts = opts.lifecycle ? await opts.lifecycle.track('webhooks', work) : await work();
      busy = counts.claimed > 0;
    } catch (err) {
      opts.log.error({ err }, 'webhook delivery pass failed');
    } finally {
      running = false;
    }
    if (!stopped) schedule(busy ? 0 : pollMs);
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void pass(), ms);
    timer.unref();
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  opts.lifecycle?.onDrain(stop);
  schedule(pollMs);
  return { stop, kick: () => void pass() };
}

/** Hourly: settled deliveries older than 30 days leave the log. */
export const pruneWebhookDeliveriesJob: Job = {
  name: 'prune-webhook-deliveries',
  everyMs: 3_600_000,
  async run({ db, now }) {
    return { deliveries: await pruneDeliveries(db, new Date(now.getTime() - KEEP_LOG_MS)) };
  },
};
