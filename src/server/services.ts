/**
 * The services more than one module (or a module and a job) use, built once per app by buildApp and
 * handed to each module's register function (decision 031). A route file builds only what it alone
 * uses; no route file caches services, and no service imports a route file.
 */
import type { AppDeps } from './deps';
import { createOrdersService, type OrdersService } from './modules/orders/service';
import { createPaymentsService, type PaymentsService } from './modules/payments/service';
import { createRatesService } from './modules/rates/service';

type Log = { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };

export type Services = {
  orders: OrdersService;
  payments: PaymentsService;
};

/** An orders service over these dependencies (the app's, or a job's or test's own). */
export function ordersServiceFor(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'providers' | 'lifecycle'>,
  log: Pick<Log, 'warn' | 'error'>,
): OrdersService {
  return createOrdersService({
    db: deps.database.db,
    clock: deps.clock,
    carriers: deps.providers.carriers,
    rates: createRatesService({
      db: deps.database.db,
      clock: deps.clock,
      carriers: deps.providers.carriers,
      timeoutMs: deps.config.carrierTimeoutMs,
      log,
    }),
    log,
    purchaseTimeoutMs: deps.config.carrierPurchaseTimeoutMs,
    track: deps.lifecycle ? (what, work) => deps.lifecycle!.track(what, work) : undefined,
  });
}

export function createServices(deps: AppDeps, log: Log): Services {
  return {
    orders: ordersServiceFor(deps, log),
    payments: createPaymentsService({
      db: deps.database.db,
      clock: deps.clock,
      provider: deps.providers.payments,
      log,
    }),
  };
}
