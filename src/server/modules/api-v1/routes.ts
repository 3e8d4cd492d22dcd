/**
 * The public REST API under /api/v1 (issue 28, decision 027), in its own Fastify context:
 * - only `Authorization: Bearer <API key>` signs a request in (a session cookie is ignored, so no
 *   CSRF applies); a revoked or unknown key answers 401 at once;
 * - each key has a per-minute budget counted in PostgreSQL (rate_limits), told in RateLimit-Limit,
 *   RateLimit-Remaining and RateLimit-Reset, and 429 with Retry-After past it;
 * - a POST with an Idempotency-Key is answered once per account and key mode (any of the account's
 *   keys of that mode, so a regenerated key too): the same body gets the first answer again
 *   (Idempotent-Replayed: true), another body 409;
 * - every error is `application/problem+json` (problem.ts);
 * - GET /api/v1/openapi.json, the document generated from the route table (openapi.ts), needs no key;
 *   GET /docs/api renders it with Redoc served from our own origin (docs-page.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppDeps } from '../../deps';
import {
  claimIdempotencyKey,
  countKeyRequest,
  keepAnswer,
  keptAnswer,
  releaseIdempotencyKey,
  type IdemRef,
} from './repo';
import { AppError, notFound } from '../../lib/errors';
import { rateLimited, secondsUntilWindowEnds, windowStartOf } from '../../lib/rate-limit';
import { ErrorCode } from '../../../shared/errors';
import { ZIdempotencyKey } from '../../../shared/contracts/shipments';
import { createApiKeysService, type ApiKeyPrincipal } from '../api-keys/service';
import { PROBLEM_TYPE, toProblem } from './problem';
import { v1Routes } from './operations';
import { openApiDocument } from './openapi';
import { registerApiDocsPage } from './docs-page';

export const API_V1_PREFIX = '/api/v1';
const WINDOW_MS = 60_000;
/** How long an Idempotency-Key's answer is kept (and the key cannot be used for another body). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

type IdemState = IdemRef | null;
const principals = new WeakMap<FastifyRequest, ApiKeyPrincipal>();
const idemStates = new WeakMap<FastifyRequest, IdemState>();
const registeredRoutes = new WeakMap<object, { method: string; url: string }[]>();

/** Every route registered under /api/v1 in this app (Fastify form), for the test that checks the document. */
export function registeredV1Routes(app: App): { method: string; url: string }[] {
  return registeredRoutes.get(app) ?? [];
}

/** The API key that signed this request in (set by the plugin's onRequest hook). */
export function principalOf(request: FastifyRequest): ApiKeyPrincipal {
  const p = principals.get(request);
  if (!p) throw unauthorizedKey('Send your API key as Authorization: Bearer <key>');
  return p;
}

function unauthorizedKey(message: string): AppError {
  return new AppError(401, message, ErrorCode.UNAUTHENTICATED, undefined, { 'www-authenticate': 'Bearer' });
}

/** The canonical JSON of a parsed body (keys sorted), for comparing two requests' bodies. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export async function registerApiV1(root: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const keys = createApiKeysService({ db, clock: deps.clock });
  const routes = v1Routes(deps, root.log);
  let document: object | null = null;

  // The human-readable reference (/docs/api), outside /api/v1: no key, rendered in the browser.
  registerApiDocsPage(root);

  const seen: { method: string; url: string }[] = [];
  registeredRoutes.set(root, seen);
  await root.register(
    async (v1) => {
      v1.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) seen.push({ method, url: route.url });
      });
      v1.addHook('onRequest', async (request, reply) => {
        // The key alone signs in here: a browser's session cookie must never act on the API.
        request.user = null;
        if (request.routeOptions.config && (request.routeOptions.config as { public?: boolean }).public) return;
        const header = request.headers.authorization;
        const match = typeof header === 'string' ? /^Bearer +(\S+) *$/i.exec(header) : null;
        if (!match) throw unauthorizedKey('Send your API key as Authorization: Bearer <key>');
        const principal = await keys.authenticate(match[1]!);
        if (!principal) throw unauthorizedKey('This API key is not valid (unknown, revoked or expired)');
        principals.set(request, principal);
        request.user = principal.user;
        await countRequest(request, reply, principal);
      });

      // Every error leaves as a problem document (after the app's error handler wrote its body).
      v1.addHook('onSend', async (request, reply, payload) => {
        if (reply.statusCode < 400) return payload;
        const type = String(reply.getHeader('content-type') ?? '');
        if (!type.startsWith('application/json') || typeof payload !== 'string') return payload;
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(payload) as Record<string, unknown>;
        } catch {
          return payload;
        }
        reply.header('content-type', `${PROBLEM_TYPE}; charset=utf-8`);
        return JSON.stringify(toProblem(reply.statusCode, body, request.id));
      });

      // The first answer to an Idempotency-Key is kept (a server error is not: the key may be tried again).
      v1.addHook('onSend', async (request, reply, payload) => {
        const state = idemStates.get(request);
        if (!state) return payload;
        idemStates.delete(request);
        if (reply.statusCode >= 500 || typeof payload !== 'string') {
          await releaseIdempotencyKey(db, state);
          return payload;
        }
        await keepAnswer(db, state, {
          statusCode: reply.statusCode,
          contentType: String(reply.getHeader('content-type') ?? 'application/json'),
          body: payload,
        });
        return payload;
      });

      v1.setNotFoundHandler(async () => {
        throw notFound('No such route in the API; see /api/v1/openapi.json');
      });

      v1.get('/openapi.json', { config: { public: true } }, async (_request, reply) => {
        document ??= openApiDocument(routes);
        return reply.header('cache-control', 'no-cache').send(document);
      });

      for (const route of routes) {
        v1.route({
          method: route.method,
          url: route.url,
          schema: {
            ...(route.schema.params ? { params: route.schema.params } : {}),
            ...(route.schema.querystring ? { querystring: route.schema.querystring } : {}),
            ...(route.schema.body ? { body: route.schema.body } : {}),
            ...(Object.keys(route.schema.response).length > 0 ? { response: route.schema.response } : {}),
          },
          preHandler: route.method === 'POST' ? idempotent : undefined,
          handler: async (request, reply) => route.handler(request, reply, principalOf(request)),
        });
      }
    },
    { prefix: API_V1_PREFIX },
  );

  /** Counts one request for the key; sets the RateLimit-* headers; 429 past the budget. */
  async function countRequest(_request: FastifyRequest, reply: FastifyReply, p: ApiKeyPrincipal): Promise<void> {
    const limit = deps.config.apiRequestsPerMinute;
    const nowMs = deps.clock.now().getTime();
    const windowStart = new Date(windowStartOf(nowMs, WINDOW_MS));
    const count = await countKeyRequest(db, p.key.id, windowStart);
    const reset = secondsUntilWindowEnds(nowMs, WINDOW_MS);
    reply.header('ratelimit-limit', String(limit));
    reply.header('ratelimit-remaining', String(Math.max(0, limit - count)));
    reply.header('ratelimit-reset', String(reset));
    if (count > limit) throw rateLimited(reset, `This API key made more than ${limit} requests this minute`);
  }

  /** preHandler of every POST: replays the kept answer for a used Idempotency-Key, or claims the key. */
  async function idempotent(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return undefined;
    const parsed = ZIdempotencyKey.safeParse(Array.isArray(raw) ? raw.join(',') : raw);
    if (!parsed.success) {
      throw new AppError(400, parsed.error.issues[0]!.message, ErrorCode.VALIDATION_ERROR, {
        'Idempotency-Key': [parsed.error.issues[0]!.message],
      });
    }
    const p = principalOf(request);
    const path = request.routeOptions.url ?? request.url;
    const hash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${canonical(request.body)}`)
      .digest('hex');
    const now = deps.clock.now();
    // Scoped to the account and the key's mode, not the key: the same request retried with the
    // regenerated key (grace period) or another key of the account gets the first answer.
    const ref: IdemRef = { userId: p.user.id, mode: p.key.mode, idemKey: parsed.data };
    const olderThan = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
    if (
      await claimIdempotencyKey(db, ref, { apiKeyId: p.key.id, method: request.method, path, hash }, now, olderThan)
    ) {
      idemStates.set(request, ref);
      return undefined;
    }
    const kept = await keptAnswer(db, ref);
    if (!kept || kept.requestHash !== hash) {
      throw new AppError(
        409,
        'This Idempotency-Key was already used with another request; use a new key for a new request',
        ErrorCode.CONFLICT,
        { 'Idempotency-Key': ['Already used with another request'] },
      );
    }
    if (kept.statusCode === null || kept.responseBody === null) {
      throw new AppError(
        409,
        'A request with this Idempotency-Key is still being answered; try again in a moment',
        ErrorCode.CONFLICT,
        undefined,
        { 'retry-after': '1' },
      );
    }
    return reply
      .code(kept.statusCode)
      .header('content-type', kept.contentType ?? 'application/json')
      .header('idempotent-replayed', 'true')
      .send(kept.responseBody);
  }
}
