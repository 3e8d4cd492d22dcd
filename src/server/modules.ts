import type { App, AppDeps } from './app';
import { registerAuth } from './modules/auth/routes';
import { registerSettings } from './modules/settings/routes';
import { registerAudit } from './modules/audit/routes';
import { registerAddresses } from './modules/addresses/routes';
import { registerRates } from './modules/rates/routes';
import { registerAi } from './modules/ai/routes';

export type RegisterModule = (app: App, deps: AppDeps) => void | Promise<void>;

/** Every domain module, in registration order. Add one line per module. */
export const moduleRegistry: RegisterModule[] = [
  registerAuth,
  registerSettings,
  registerAudit,
  registerAddresses,
  registerRates,
  registerAi,
];
