import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../app';
import { AppError } from '../../lib/errors';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';
import { ErrorCode } from '../../../shared/errors';
import { ZParseShipmentRequest, ZParseShipmentResponse } from '../../../shared/contracts/ai';
import { requireUser, signedIn } from '../auth/session';
import type { ParseResult } from '../../providers/ai/index';

const NOTHING_FOUND = 'Could not find address details in the text';

/** With AI configured every call is billed by the provider: 60 per user per 10 minutes is ample for a form. */
export const AI_PER_USER: RateRule = { name: 'ai-user', limit: 60, windowMs: 10 * 60_000 };

export function registerAi(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/ai/parse-shipment',
    { ...signedIn, schema: { body: ZParseShipmentRequest, response: { 200: ZParseShipmentResponse } } },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimits(deps.database.db, deps.clock.now(), [{ rule: AI_PER_USER, subject: user.id }]);
      const result = await deps.providers.ai.parse(request.body.description);
      const found = pickFound(result);
      if (!found) {
        throw new AppError(422, NOTHING_FOUND, ErrorCode.VALIDATION_ERROR, { description: [NOTHING_FOUND] });
      }
      return found;
    },
  );
}

/** The one role object with its non-empty fields, or null when nothing was recognised. */
function pickFound(result: ParseResult): ParseResult | null {
  for (const role of ['sender', 'receiver', 'address'] as const) {
    const address = result[role];
    if (!address) continue;
    const fields = Object.entries(address).filter(([, v]) => typeof v === 'string' && v.trim() !== '');
    if (fields.length) return { [role]: Object.fromEntries(fields) };
  }
  return null;
}
