import type { App, AppDeps } from './deps';
import type { Services } from './services';
import { registerAuth } from './modules/auth/routes';
import { registerSettings } from './modules/settings/routes';
import { registerAudit } from './modules/audit/routes';
import { registerAddresses } from './modules/addresses/routes';
import { registerRates } from './modules/rates/routes';
import { registerExchangeRate } from './modules/rates/exchange-rate-routes';
import { registerCarriers } from './modules/carriers/routes';
import { registerAi } from './modules/ai/routes';
import { registerOrders } from './modules/orders/routes';
import { registerShipments } from './modules/shipments/routes';
import { registerWalletRead } from './modules/wallet/read-routes';
import { registerDashboard } from './modules/dashboard/routes';
import { registerPayments } from './modules/payments/routes';
import { registerBilling } from './modules/payments/billing';
import { registerAdmin } from './modules/admin/routes';
import { registerAdminPricing } from './modules/admin/pricing-routes';
import { registerApiKeys } from './modules/api-keys/routes';
import { registerApiV1 } from './modules/api-v1/routes';
import { registerWebhooks } from './modules/webhooks/routes';
import { registerBulkImports } from './modules/bulk-imports/routes';
import { registerDocuments } from './modules/documents/routes';
import { registerNotifications } from './modules/notifications/routes';
import { registerParcels } from './modules/parcels/routes';
import { registerPhone } from './modules/phone/routes';

/** Each module's routes, given the app, its dependencies and the services built once for it (services.ts). */
export type RegisterModule = (app: App, deps: AppDeps, services: Services) => void | Promise<void>;

/** Every domain module, in registration order. Add one line per module. */
export const moduleRegistry: RegisterModule[] = [
  registerAuth,
  registerSettings,
  registerPhone,
  registerAudit,
  registerAddresses,
  registerRates,
  registerExchangeRate,
  registerCarriers,
  registerAi,
  registerOrders,
  registerShipments,
  registerWalletRead,
  registerDashboard,
  registerPayments,
  registerBilling,
  registerAdmin,
  registerAdminPricing,
  registerApiKeys,
  registerApiV1,
  registerWebhooks,
  registerDocuments,
  registerBulkImports,
  registerParcels,
  registerNotifications,
];
