import type { Config } from '../config';
import type { AddressParser } from './ai/index';
import { createAddressParser } from './ai/create';
import type { Mailer } from './mail/index';
import type { Carrier } from './carriers/index';
import { createCarriers } from './carriers/registry';
import { createIdentityProviders, type IdentityProviders } from './identity/index';
import { createOutboxMailer } from './mail/outbox';
import { createSmtpMailer } from './mail/smtp';

type Log = { info(obj: object, msg: string): void };

/** Adapters to the outside world. Each has an embedded default and a real one behind configuration. */
export type Providers = {
  mail: Mailer;
  identity: IdentityProviders;
  carriers: Carrier[];
  ai: AddressParser;
};

export function createProviders(config: Config, log: Log): Providers {
  return {
    mail: config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
      : createOutboxMailer({ dir: config.mail.outboxDir, from: config.mail.from, log }),
    identity: createIdentityProviders(config),
    carriers: createCarriers(config),
    ai: createAddressParser(config.ai, log),
  };
}
