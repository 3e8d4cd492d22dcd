import type { AppDeps } from '../../deps';
import { systemResolve, type ResolveHost } from './sender';
import { createWebhooksService, type WebhooksService } from './service';

type Log = { info(o: object, m: string): void; error(o: object, m: string): void };

/** The DNS resolver deliveries use, per database (tests set their own to point a name at an address). */
const resolvers = new WeakMap<object, ResolveHost>();
export function setWebhookResolver(database: AppDeps['database'], resolve: ResolveHost): void {
  resolvers.set(database, resolve);
}

/** The webhooks service over the app's dependencies (routes, the v1 table, the worker). */
export function webhooksServiceFor(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'providers'>,
  log: Log,
): WebhooksService {
  return createWebhooksService({
    db: deps.database.db,
    clock: deps.clock,
    mail: deps.providers.mail,
    log,
    allowPrivate: deps.config.webhooksAllowPrivate,
    resolve: (host) => (resolvers.get(deps.database) ?? systemResolve)(host),
    appUrl: deps.config.appUrl,
  });
}
