/**
 * The services more than one module (or a module and a job) use, and the money path's services
 * (orders, payments, the admin's balance calls, billing), built once per app by buildApp and handed
 * to each module's register function (decision 031). Each takes only the dependencies it uses, not
 * all of AppDeps. A route file builds only what it alone uses; no route file caches services, and no
 * service imports a route file.
 */
import type { AppDeps } from './deps';
import { createOrdersService, type OrdersService } from './modules/orders/service';
import { createBillingService, type BillingService } from './modules/payments/billing';
import { createPaymentsService, type PaymentsService } from './modules/payments/service';
import { createRatesService } from './modules/rates/service';
import { createSettingsService } from './modules/settings/service';
import { createAdminBalanceService, type AdminBalanceService } from './modules/wallet/admin-balance';

type Log = { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };

export type Services = {
  orders: OrdersService;
  payments: PaymentsService;
  /** The admin's add-balance and edit-balance calls. */
  adminBalance: AdminBalanceService;
  /** Settings → Billing. */
  billing: BillingService;
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

export function createServices(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'providers' | 'lifecycle'>,
  log: Log,
): Services {
  const db = deps.database.db;
  const payments = createPaymentsService({ db, clock: deps.clock, provider: deps.providers.payments, log });
  // Billing asks the settings service for the user's organization (it creates one when missing).
  const settings = createSettingsService({
    db,
    clock: deps.clock,
    mail: deps.providers.mail,
    log,
    passwordHashCost: deps.config.passwordHashCost,
  });
  return {
    orders: ordersServiceFor(deps, log),
    payments,
    adminBalance: createAdminBalanceService({ db, clock: deps.clock }),
    billing: createBillingService({ db, clock: deps.clock, settings, payments }),
  };
}
