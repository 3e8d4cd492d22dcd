import type { Config } from '../config';
import type { Db } from '../db/client';
import { systemClock, type Clock } from '../lib/clock';
import { createWorkerPool, type WorkerPool } from '../lib/worker-pool';
import type { AddressParser } from './ai/index';
import { createAddressParser } from './ai/create';
import type { Mailer } from './mail/index';
import type { Carrier } from './carriers/index';
import { createCarriers } from './carriers/registry';
import { createIdentityProviders, type IdentityProviders } from './identity/index';
import { createOutboxMailer } from './mail/outbox';
import { createSmtpMailer } from './mail/smtp';
import type { PaymentsProvider } from './payments/index';
import type { SmsSender } from './sms/index';
import { createOutboxSms } from './sms/outbox';
import { createTwilioSms } from './sms/twilio';
import { createSandboxPayments } from './payments/sandbox';
import { createStripePayments } from './payments/stripe';

type Log = {
  info(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  error?(obj: object, msg: string): void;
};

/** Adapters to the outside world. Each has an embedded default and a real one behind configuration. */
export type Providers = {
  mail: Mailer;
  /** Text messages (issue 27): Twilio when configured, else the SMS outbox. */
  sms: SmsSender;
  identity: IdentityProviders;
  carriers: Carrier[];
  ai: AddressParser;
  /** Card payments; null when PAYMENTS_PROVIDER=none (top-ups answer 501). */
  payments: PaymentsProvider | null;
  /** CPU-heavy work off the request thread (the address parser; label PDFs later). Closed with the app. */
  workers: WorkerPool;
};

/**
 * `db` lets the sandbox carriers keep their own records (orders, tracking, voids); `clock` is the
 * app's clock, on which those records are dated. Without a db the carriers only quote.
 */
export function createProviders(config: Config, log: Log, opts: { db?: Db; clock?: Clock } = {}): Providers {
  const workers = createWorkerPool({
    log: { error: (obj, msg) => (log.error ? log.error(obj, msg) : log.info(obj, msg)) },
  });
  return {
    mail: config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
      : createOutboxMailer({ dir: config.mail.outboxDir, from: config.mail.from, log }),
    sms: config.sms.twilio ? createTwilioSms(config.sms.twilio) : createOutboxSms({ dir: config.sms.outboxDir, log }),
    identity: createIdentityProviders(config),
    carriers: createCarriers(config, {
      ...opts,
      log: { warn: (obj, msg) => (log.warn ? log.warn(obj, msg) : log.info(obj, msg)) },
    }),
    ai: createAddressParser(config.ai, workers, log),
    payments: createPayments(config, opts),
    workers,
  };
}

function createPayments(config: Config, opts: { db?: Db; clock?: Clock }): PaymentsProvider | null {
  const p = config.payments;
  if (p.provider === 'stripe') {
    return createStripePayments({
      secretKey: p.secretKey,
      publishableKey: p.publishableKey,
      webhookSecret: p.webhookSecret,
    });
  }
  // The sandbox keeps its records in the database; without one (quote-only tools) there are no payments.
  if (p.provider === 'none' || !opts.db) return null;
  return createSandboxPayments({ db: opts.db, clock: opts.clock ?? systemClock });
}
