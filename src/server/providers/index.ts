import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { createWorkerPool, type WorkerPool } from '../lib/worker-pool';
import type { AddressParser } from './ai/index';
import { createAddressParser } from './ai/create';
import type { Mailer } from './mail/index';
import type { Carrier } from './carriers/index';
import { createCarriers } from './carriers/registry';
import { createIdentityProviders, type IdentityProviders } from './identity/index';
import { createOutboxMailer } from './mail/outbox';
import { createSmtpMailer } from './mail/smtp';

type Log = { info(obj: object, msg: string): void; error?(obj: object, msg: string): void };

/** Adapters to the outside world. Each has an embedded default and a real one behind configuration. */
export type Providers = {
  mail: Mailer;
  identity: IdentityProviders;
  carriers: Carrier[];
  ai: AddressParser;
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
    identity: createIdentityProviders(config),
    carriers: createCarriers(config, opts),
    ai: createAddressParser(config.ai, workers, log),
    workers,
  };
}
