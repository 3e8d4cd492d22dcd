import type { App, AppDeps } from './app';
import { registerAuth } from './modules/auth/routes';

export type RegisterModule = (app: App, deps: AppDeps) => void | Promise<void>;

/** Every domain module, in registration order. Add one line per module. */
export const moduleRegistry: RegisterModule[] = [registerAuth];
