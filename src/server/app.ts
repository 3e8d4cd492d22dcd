import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { AppError } from './lib/errors';
import { helmetHeaders } from './lib/security-headers';
import { ErrorCode, type TApiError, type TFieldErrors } from '../shared/errors';
import { PerTurnAdmission, REQUESTS_BEGUN_PER_TURN } from './lib/per-turn-admission';
import { responseSerializer } from './lib/response-serializer';
import { SESSION_COOKIE, findSessionUser, type SessionUser } from './modules/auth/session';
import { registerHealth } from './modules/health/routes';
import type { App, AppDeps } from './deps';
import { moduleRegistry } from './modules';
import { createServices } from './services';

// Declaration merging needs an interface here.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Longest URL (path and query, in bytes) a request may have; the longest of ours is far under it. */
export const MAX_URL_BYTES = 8 * 1024;
const uriTooLong = (): TApiError & { fieldErrors: TFieldErrors } => ({
  message: 'The address is too long',
  code: ErrorCode.URI_TOO_LONG,
  fieldErrors: { url: [`The address must be at most ${MAX_URL_BYTES} bytes`] },
});

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a request line and headers over
 * `maxHeaderSize`, 16 kB; a malformed request; a request too slow to arrive) is answered in the API's
 * JSON error shape, not Fastify's own `{ error, statusCode }`.
 */
export function answerClientError(
  err: NodeJS.ErrnoException,
  socket: Socket,
  securityHeaders: Readonly<Record<string, string>>,
): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, body]: [number, TApiError & { fieldErrors?: TFieldErrors }] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          {
            message: 'The address and headers are too large',
            code: ErrorCode.VALIDATION_ERROR,
            fieldErrors: { headers: [`The address and headers must be at most ${maxHeaderSize} bytes together`] },
          },
        ]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { message: 'The request took too long to arrive', code: ErrorCode.VALIDATION_ERROR }]
        : [400, { message: 'Bad request', code: ErrorCode.VALIDATION_ERROR }];
  const text = JSON.stringify(body);
  const security = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n${security}` +
      `content-length: ${Buffer.byteLength(text)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${text}`,
  );
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  // Card provider's script, frames and API (Stripe Elements) only when that provider is configured.
  const payOrigins = deps.providers.payments?.browserOrigins ?? { script: [], frame: [], connect: [] };
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...payOrigins.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...payOrigins.connect],
        frameSrc: ["'self'", 'blob:', ...payOrigins.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: { req: serializeRequest, err: serializeError },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // Errors the router raises before any hook (an over-long path segment, a malformed URL) get the
    // JSON error shape too: a path segment too long for a route is an id that cannot exist.
    frameworkErrors: (error, request, reply) => {
      if (Buffer.byteLength(request.url) > MAX_URL_BYTES) {
        void (reply as unknown as FastifyReply)
          .code(414)
          .headers(securityHeaders)
          .header('cache-control', 'no-store')
          .send(uriTooLong());
        return;
      }
      const notFoundError = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body: TApiError = notFoundError
        ? { message: 'Not found', code: ErrorCode.NOT_FOUND }
        : { message: 'Bad request', code: ErrorCode.VALIDATION_ERROR };
      void (reply as unknown as FastifyReply)
        .code(notFoundError ? 404 : 400)
        .headers(securityHeaders)
        .header('cache-control', 'no-store')
        .send(body);
    },
    bodyLimit: 256 * 1024,
    clientErrorHandler: (err, socket) => answerClientError(err, socket, securityHeaders),
    // Every schema is a zod one (the shared contract): Fastify's default JSON-schema compilers (ajv,
    // fast-json-stringify) are never used, and loading them cost ~150 ms of the start-up (issue 26).
    schemaController: {
      compilersFactory: {
        // The types are ajv's; the zod compilers are what setValidatorCompiler/setSerializerCompiler take.
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => responseSerializer) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.decorateRequest('user', null);

  // JSON bodies only (DESIGN §7 CSRF: a JSON body or none; text/plain is what a cross-site form can
  // send). An empty body (some clients label bodiless POSTs as JSON) counts as no body.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // No body of ours nests deeply, and walking one that does (here or in a schema) could overflow the stack.
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const problem = `JSON must not be nested deeper than ${MAX_JSON_DEPTH} levels`;
      return done(
        new AppError(400, `Invalid body: ${problem}`, ErrorCode.VALIDATION_ERROR, { body: [problem] }),
        undefined,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
      if (/"(?:__proto__|constructor)"\s*:/.test(text)) throw new SyntaxError('forbidden key');
    } catch {
      const err = new SyntaxError('Malformed JSON') as SyntaxError & { statusCode: number };
      err.statusCode = 400;
      return done(err, undefined);
    }
    // PostgreSQL text cannot hold NUL, nor jsonb an unpaired surrogate ("\ud800"), and no field of
    // ours has a use for either: refuse them up front.
    const badAt = /\\u0000|\\u[dD][89a-fA-F]/.test(text) ? findBadString(value) : null;
    if (badAt !== null) {
      const field = badAt.path || 'body';
      const problem =
        badAt.kind === 'nul'
          ? 'Text must not contain NUL characters'
          : 'Text must not contain unpaired surrogate characters';
      return done(
        new AppError(
          400,
          `Invalid ${field}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`,
          ErrorCode.VALIDATION_ERROR,
          {
            [field]: [problem],
          },
        ),
        undefined,
      );
    }
    done(null, value);
  });

  await app.register(cookie);

  // One shop's burst must not hold another's request unread (decision 053): each session, API key
  // or, without either, address begins at most a few requests a turn of the event loop.
  const admission = new PerTurnAdmission(REQUESTS_BEGUN_PER_TURN);
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    const key = request.headers.authorization;
    admission.admit(token ? `s:${token}` : key ? `k:${key}` : `ip:${request.ip}`, done);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeaders);
    reply.header('x-request-id', request.id);
    // An over-long URL is refused before anything reads it (the session cookie, the route's query
    // schema), so the answer is the same 414 signed in or not. Node itself refuses past maxHeaderSize.
    if (Buffer.byteLength(request.url) > MAX_URL_BYTES) {
      throw new AppError(414, uriTooLong().message, ErrorCode.URI_TOO_LONG, uriTooLong().fieldErrors);
    }
    if (!isApiRequest(request)) return;
    // A NUL in the path or query (%00) can reach no route or field of ours, and PostgreSQL refuses it.
    if (/%00/.test(request.url)) {
      throw new AppError(400, 'Invalid URL: it must not contain NUL characters', ErrorCode.VALIDATION_ERROR, {
        url: ['The address must not contain NUL characters'],
      });
    }
    reply.header('cache-control', 'no-store');
    // request.host honours X-Forwarded-Host only from a trusted proxy.
    if (UNSAFE.has(request.method)) checkCsrf(request.headers.origin, request.host, config.appUrl);
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await findSessionUser(deps.database.db, token, deps.clock.now());
  });

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500 && body.code !== ErrorCode.SERVER_BUSY) request.log.error({ err: error }, 'request failed');
    else if (body.code === ErrorCode.SERVER_BUSY) request.log.warn({ code: body.code }, 'worker pool busy');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    const { status, ...payload } = body;
    return reply.code(status).send(payload);
  });

  app.setNotFoundHandler((request, reply) => {
    // no-store again here: a GET that reached the static files' wildcard route and found no file
    // comes here with the static plugin's headers, not the onRequest hook's.
    if (isApiRequest(request) || !deps.webDir) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ message: 'Not found', code: ErrorCode.NOT_FOUND } satisfies TApiError);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ message: 'Not found', code: ErrorCode.NOT_FOUND } satisfies TApiError);
    }
    // The web app handles every other path (client-side routing, including its own Page Not Found).
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(indexHtml(deps.webDir));
  });

  if (deps.webDir) {
    await app.register(fastifyStatic, {
      root: deps.webDir,
      index: false,
      // One route for every file, looked up when asked (a file missing falls to the not-found handler:
      // the web app's shell). A route per file cost ~150 ms of the start-up for ~350 files (issue 26).
      wildcard: true,
      // Our own Cache-Control (setHeaders); the plugin's default ("public, max-age=0") replaced it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
      preCompressed: true,
    });
    app.get('/', (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(indexHtml(deps.webDir!));
    });
  }

  registerHealth(app, deps);
  const services = createServices(deps, app.log);
  for (const register of moduleRegistry) await register(app, deps, services);

  // The worker threads (address parser, …) end with the app: after the requests in flight are answered.
  app.addHook('onClose', async () => deps.providers.workers?.close());

  return app;
}

/** A hop count becomes "trust the nearest n hops" (Fastify's types take no number); a list goes as is. */
function trustProxyOption(value: Config['trustProxy']): false | string | ((address: string, hop: number) => boolean) {
  if (value === false || typeof value === 'string') return value;
  return (_address, hop) => hop < value;
}

let cachedIndex: { dir: string; html: string } | null = null;
function indexHtml(dir: string): string {
  if (cachedIndex?.dir !== dir) cachedIndex = { dir, html: fs.readFileSync(path.join(dir, 'index.html'), 'utf8') };
  return cachedIndex.html;
}

/**
 * Whether a request is for the API, by the route it matched ('/%61pi/login' reaches /api/login, so
 * its raw URL must not decide); unmatched (404), by its path decoded as the router decodes it.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? decodedPath(request.url);
  return path === '/api' || path.startsWith('/api/');
}

function decodedPath(url: string): string {
  const q = url.indexOf('?');
  const raw = q < 0 ? url : url.slice(0, q);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const MAX_JSON_DEPTH = 64;
/** Longest field path echoed in an error (a key can be kilobytes long). */
const MAX_ECHOED_PATH = 80;

/** Whether the JSON text nests arrays/objects deeper than `max` (a linear scan that skips strings). */
function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a string for PostgreSQL: a NUL, an unpaired surrogate, or nothing. */
function badText(value: string): 'nul' | 'surrogate' | null {
  if (value.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(value) ? 'surrogate' : null;
}

/**
 * Dotted path of the first string (or key) holding U+0000 or an unpaired surrogate, and which; null
 * when none. Depth-first without recursion.
 * The path is cut to MAX_ECHOED_PATH characters (ending in '…') since it goes into the answer.
 */
function findBadString(root: unknown): { path: string; kind: 'nul' | 'surrogate' } | null {
  const extend = (path: string, key: string) => (path ? `${path}.${key}` : key).slice(0, MAX_ECHOED_PATH + 1);
  const shown = (path: string) => (path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH - 1)}…` : path);
  const stack: { value: unknown; path: string; badKey?: 'nul' | 'surrogate' | null }[] = [{ value: root, path: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (item.badKey) return { path: shown(path), kind: item.badKey };
    if (typeof value === 'string') {
      const kind = badText(value);
      if (kind) return { path: shown(path), kind };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: extend(path, String(i)) });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        stack.push({ value: child, path: extend(path, key), badKey: badText(key) });
      }
    }
  }
  return null;
}

function checkCsrf(origin: string | undefined, host: string | undefined, appUrl: string): void {
  if (typeof origin === 'string' && origin !== 'null') {
    const allowed = new Set([new URL(appUrl).origin]);
    if (host) {
      allowed.add(`http://${host}`);
      allowed.add(`https://${host}`);
    }
    if (!allowed.has(origin)) throw new AppError(403, 'Cross-site request refused', ErrorCode.CSRF_REJECTED);
  } else if (origin === 'null') {
    throw new AppError(403, 'Cross-site request refused', ErrorCode.CSRF_REJECTED);
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function toErrorBody(error: FastifyError | AppError | Error): TApiError & { status: number } {
  if (error instanceof AppError) {
    const retryAfter = Number(error.headers?.['retry-after']);
    return {
      status: error.statusCode,
      message: error.message,
      code: error.code,
      fieldErrors: error.fieldErrors,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
      ...error.extra,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: TFieldErrors = {};
    const context = (error as FastifyError).validationContext;
    for (const v of error.validation) {
      const parts = v.instancePath.split('/').filter(Boolean);
      // Keys and messages can quote what the client sent (an unknown key of 100 KB): never echo it whole.
      const key = clip(parts.length ? parts.join('.') : context === 'body' ? 'body' : (context ?? 'body'), 80);
      const message = clip(v.message ?? 'Invalid value', 200);
      (fieldErrors[key] ??= []).push(message);
    }
    const first = Object.entries(fieldErrors)[0];
    return {
      status: 400,
      message: first ? `Invalid ${first[0]}: ${first[1][0]}` : 'Invalid request',
      code: ErrorCode.VALIDATION_ERROR,
      fieldErrors,
    };
  }
  const fe = error as FastifyError;
  if (
    fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    return {
      status: 400,
      message: 'Malformed JSON body',
      code: ErrorCode.VALIDATION_ERROR,
      fieldErrors: { body: ['Malformed JSON'] },
    };
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, message: 'Send the body as application/json', code: ErrorCode.UNSUPPORTED_MEDIA_TYPE };
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, message: 'Request body too large', code: ErrorCode.PAYLOAD_TOO_LARGE };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return {
      status: fe.statusCode,
      message: fe.message,
      code: fe.statusCode === 429 ? ErrorCode.RATE_LIMITED : undefined,
    };
  }
  return { status: 500, message: 'Something went wrong on our side', code: ErrorCode.INTERNAL };
}

// Query parameters that carry secrets: the reset link (/auth?token=…), the OIDC callback.
const SECRET_QUERY_KEYS = new Set(['token', 'code', 'state', 'password', 'id_token', 'access_token']);

/** The URL as logged: secret query values replaced, so a log reader cannot use a reset link. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      let key = eq < 0 ? pair : pair.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        return '[REDACTED]';
      }
      return SECRET_QUERY_KEYS.has(key.toLowerCase()) ? `${pair.slice(0, eq < 0 ? pair.length : eq)}=[REDACTED]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/**
 * pino's error serializer, minus query parameters: drizzle puts every bound value (password and
 * token hashes, emails) into a failed query's message and `params`.
 */
function serializeError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  return scrubParams(pino.stdSerializers.err(err), 0) as ReturnType<typeof pino.stdSerializers.err>;
}

function scrubParams(value: unknown, depth: number): unknown {
  if (!value || typeof value !== 'object' || depth > 4) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if ('params' in out) out.params = '[REDACTED]';
  for (const key of ['message', 'stack']) {
    const text = out[key];
    if (typeof text === 'string') out[key] = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [REDACTED]');
  }
  if (out.cause) out.cause = scrubParams(out.cause, depth + 1);
  return out;
}
