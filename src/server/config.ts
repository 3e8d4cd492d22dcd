import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Every variable is documented in .env.example. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().trim().default('false'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Voyageur <no-reply@voyageur.local>'),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(4000),
  QUOTES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  CARRIER_PURCHASE_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(20_000),
  FUEL_SURCHARGE_PERCENT: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe', 'none']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /** Whether cookies get the Secure flag (APP_URL is https). */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /**
   * Fastify's trustProxy: false, a number of proxy hops, or a list of proxy addresses/CIDRs. Never
   * `true`: that trusts every X-Forwarded-For entry, and the client writes the left-most ones.
   */
  trustProxy: false | number | string;
  sessionTtlDays: number;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  admin: { email: string; password: string } | undefined;
  /** Google sign-in (any OpenID provider at `issuer`; tests point it at a local one). */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  ai: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
  carrierTimeoutMs: number;
  /** Quotes one user may ask for per minute (429 past it). */
  quotesPerMinute: number;
  /** How long a carrier may take to sell a label before the order answers ORDER_TIMEOUT (and is refunded). */
  carrierPurchaseTimeoutMs: number;
  /** Per-carrier fuel surcharge overrides in basis points, e.g. "CA-UPS=2300,CA-CP=1800". */
  fuelSurchargeBp: Record<string, number>;
  /**
   * Card payments: the sandbox (default), Stripe (when its three keys are set), or none (top-ups
   * answer 501).
   */
  payments:
    | { provider: 'sandbox' }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string }
    | { provider: 'none' };
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if ((e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) || (!e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const issuer = new URL(e.GOOGLE_ISSUER);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && loopback)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_ISSUER must be an https URL (plain http only on localhost)',
    );
  }
  const aiParts = [e.AI_BASE_URL, e.AI_API_KEY, e.AI_MODEL].filter(Boolean).length;
  if (aiParts !== 0 && aiParts !== 3) {
    throw new ConfigError('Invalid configuration:\n  AI_BASE_URL, AI_API_KEY and AI_MODEL must be set together');
  }
  const stripeParts = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripeParts !== 0 && stripeParts !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  if (e.PAYMENTS_PROVIDER === 'stripe' && stripeParts !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  const paymentsProvider = e.PAYMENTS_PROVIDER ?? (stripeParts === 3 ? 'stripe' : 'sandbox');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    },
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : undefined,
    ai:
      e.AI_BASE_URL && e.AI_API_KEY && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
        : undefined,
    carrierTimeoutMs: e.CARRIER_TIMEOUT_MS,
    carrierPurchaseTimeoutMs: e.CARRIER_PURCHASE_TIMEOUT_MS,
    quotesPerMinute: e.QUOTES_PER_MINUTE,
    fuelSurchargeBp: parseFuel(e.FUEL_SURCHARGE_PERCENT),
    payments:
      paymentsProvider === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY as string,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
          }
        : { provider: paymentsProvider },
  };
}

/**
 * TRUST_PROXY: `false`/`0` (default), `true`/`1` = one proxy in front (the load balancer), a hop
 * count up to 10, or a comma-separated list of proxy IPs/CIDRs. The client IP is then the entry
 * the outermost trusted proxy appended to X-Forwarded-For, which the client cannot forge.
 */
function parseTrustProxy(text: string): false | number | string {
  const v = text.toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
  const parts = v.split(',').map((x) => x.trim());
  if (parts.every((x) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(x) || ['loopback', 'linklocal', 'uniquelocal'].includes(x))) {
    return parts.join(',');
  }
  throw new ConfigError(
    'Invalid configuration:\n  TRUST_PROXY: use false, true (one proxy), a hop count (1-10) or a list of proxy IPs/CIDRs',
  );
}

function parseFuel(text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!text) return out;
  for (const part of text.split(',')) {
    const m = /^\s*([A-Za-z-]+)\s*=\s*(\d{1,2}(?:\.\d{1,2})?)\s*$/.exec(part);
    if (!m) throw new ConfigError(`Invalid configuration:\n  FUEL_SURCHARGE_PERCENT: cannot read "${part}"`);
    out[m[1]] = Math.round(Number(m[2]) * 100);
  }
  return out;
}
