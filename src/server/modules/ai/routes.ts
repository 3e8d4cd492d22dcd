import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
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
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimits(deps.database.db, deps.clock.now(), [{ rule: AI_PER_USER, subject: user.id }]);
      // A client that goes away (closed tab, dropped connection) no longer holds a worker: its reading,
      // queued or running, is stopped.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) gone.abort();
      };
      request.raw.socket?.once('close', onClose);
      let result: ParseResult;
      try {
        result = await deps.providers.ai.parse(request.body.description, { signal: gone.signal, account: user.id });
      } catch (err) {
        // (Nobody is left to read the answer: a plain client-closed 499, not a server error in the log.)
        if (gone.signal.aborted) throw new AppError(499, 'The client closed the request before the text was read');
        throw err;
      } finally {
        request.raw.socket?.off('close', onClose);
      }
      refuseUnsupported(result);
      const found = pickFound(result);
      if (!found) {
        throw new AppError(422, NOTHING_FOUND, ErrorCode.VALIDATION_ERROR, { description: [NOTHING_FOUND] });
      }
      return found;
    },
  );
}

/** Country names for the refusal message (the web words it in the user's language from `country`). */
const COUNTRY_NAMES: Record<string, string> = {
  US: 'the United States',
  GB: 'the United Kingdom',
  NL: 'the Netherlands',
  PH: 'the Philippines',
};
const countryName = (code: string) =>
  COUNTRY_NAMES[code] ?? new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;

/**
 * A destination the form cannot take is refused with the reason, never filled: the shipment form's
 * sender is Canadian and its receiver Canadian or American (issue 25: the receiver's box fills US
 * addresses); the address book takes Canada and the US. Other countries are never filled (the rules
 * return no fields for them). Only this check changed for issue 25: the rules' output is the same.
 */
function refuseUnsupported(result: ParseResult): void {
  const shipmentForm = Boolean(result.sender ?? result.receiver);
  const other = result.review?.otherCountry;
  const country = other ?? (shipmentForm ? (result.sender ?? result.receiver)?.country : undefined);
  if (!country || country === 'CA') return;
  if (country === 'US' && !result.sender) return;
  const where = countryName(country);
  const message = result.sender
    ? `This address is in ${where}: shipments here leave from Canadian addresses, so nothing was filled`
    : result.receiver
      ? `This address is in ${where}: the assistant fills Canadian and US receivers only, so nothing was filled`
      : `This address is in ${where}: the address book takes Canadian and US addresses only, so nothing was filled`;
  throw new AppError(422, message, ErrorCode.DESTINATION_NOT_SUPPORTED, { description: [message] }, undefined, {
    country,
  });
}

/** The one role object with its non-empty fields (and the review), or null when nothing was recognised. */
function pickFound(result: ParseResult): ParseResult | null {
  for (const role of ['sender', 'receiver', 'address'] as const) {
    const address = result[role];
    if (!address) continue;
    const fields = Object.entries(address).filter(([, v]) => typeof v === 'string' && v.trim() !== '');
    if (fields.length) return { [role]: Object.fromEntries(fields), ...(result.review && { review: result.review }) };
  }
  return null;
}
