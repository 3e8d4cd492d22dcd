import type { App, AppDeps } from '../../app';
import { ZUser } from '../../../shared/contracts/user';
import { requireUser } from './session';

export function registerAuth(app: App, _deps: AppDeps): void {
  app.get('/api/user', { schema: { response: { 200: ZUser } } }, async (request) => {
    const { sessionId: _s, ...user } = requireUser(request);
    return user;
  });
}
