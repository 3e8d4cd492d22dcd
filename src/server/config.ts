import path from 'node:path';
import { z } from 'zod';
import type { CanadaPostAccount } from './providers/carriers/canada-post/mapping';
import type { DhlAccount } from './providers/carriers/dhl/mapping';
import type { FedexAccount } from './providers/carriers/fedex/mapping';
import type { PurolatorAccount } from './providers/carriers/purolator/mapping';
import type { UpsAccount } from './providers/carriers/ups/mapping';
import { parseGstHstNumber, parseQstNumber } from '../shared/tax-numbers';

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
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Voyageur <no-reply@voyageur.local>'),
  // Whether this process works the job queues (pg-boss, decision 026); off: jobs are only queued (tests run them by hand).
  JOB_WORKERS: z.enum(['on', 'off']).default('on'),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  // SMS (issue 27): Twilio when all three are set, else a file outbox under DATA_DIR.
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number (+15145550100)')
    .optional(),
  SMS_OUTBOX_DIR: z.string().min(1).optional(),
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
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
  QUOTES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  CARRIER_PURCHASE_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(20_000),
  FUEL_SURCHARGE_PERCENT: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe', 'none']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  CARRIERS_SANDBOX: z.enum(['on', 'off']).default('on'),
  BUSINESS_NAME: z.string().trim().max(200).optional(),
  BUSINESS_ADDRESS: z.string().trim().max(500).optional(),
  GST_HST_NUMBER: z.string().trim().optional(),
  QST_NUMBER: z.string().trim().optional(),
});

/**
 * Real carrier accounts (issue 24, decision 023). Each carrier: its credential variables (all
 * required once any is set), `{PREFIX}_BASE_URL` (default: the carrier's production host) and
 * `{PREFIX}_MODE` (live | test).
 */
const CARRIER_ENV = {
  canadaPost: {
    prefix: 'CANADA_POST',
    required: ['CANADA_POST_USERNAME', 'CANADA_POST_PASSWORD', 'CANADA_POST_CUSTOMER_NUMBER'],
    optional: ['CANADA_POST_CONTRACT_ID', 'CANADA_POST_REFUND_EMAIL'],
    production: 'https://soa-gw.canadapost.ca',
    test: 'https://ct.soa-gw.canadapost.ca',
  },
  ups: {
    prefix: 'UPS',
    required: ['UPS_CLIENT_ID', 'UPS_CLIENT_SECRET', 'UPS_ACCOUNT_NUMBER'],
    optional: [],
    production: 'https://onlinetools.ups.com',
    test: 'https://wwwcie.ups.com',
  },
  fedex: {
    prefix: 'FEDEX',
    required: ['FEDEX_CLIENT_ID', 'FEDEX_CLIENT_SECRET', 'FEDEX_ACCOUNT_NUMBER'],
    optional: [],
    production: 'https://apis.fedex.com',
    test: 'https://apis-sandbox.fedex.com',
  },
  purolator: {
    prefix: 'PUROLATOR',
    required: ['PUROLATOR_KEY', 'PUROLATOR_PASSWORD', 'PUROLATOR_ACCOUNT_NUMBER'],
    optional: [],
    production: 'https://webservices.purolator.com',
    test: 'https://devwebservices.purolator.com',
  },
  dhl: {
    prefix: 'DHL_EXPRESS',
    required: ['DHL_EXPRESS_USERNAME', 'DHL_EXPRESS_PASSWORD', 'DHL_EXPRESS_ACCOUNT_NUMBER'],
    optional: [],
    production: 'https://express.api.dhl.com/mydhlapi',
    test: 'https://express.api.dhl.com/mydhlapi/test',
  },
} as const;

type CarrierKey = keyof typeof CARRIER_ENV;

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
  /**
   * log2 of scrypt's N for new password hashes (PASSWORD_HASH_COST, default 17 = OWASP's minimum).
   * Lower only for tests; the server warns at start when it is below 17.
   */
  passwordHashCost: number;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** SMS (issue 27): Twilio when configured, else text files in `outboxDir`. */
  sms: { twilio: { accountSid: string; authToken: string; from: string } | undefined; outboxDir: string };
  /** Whether this process polls the job queues (JOB_WORKERS, default on); off, jobs wait for another process or a test. */
  jobWorkers: boolean;
  admin: { email: string; password: string } | undefined;
  /** Google sign-in (any OpenID provider at `issuer`; tests point it at a local one). */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  ai: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
  carrierTimeoutMs: number;
  /** The embedded database's shared buffer pool (PGLITE_SHARED_BUFFERS_MB; decision 042). */
  pgliteSharedBuffersMb: number;
  /** Quotes one user may ask for per minute (429 past it). */
  quotesPerMinute: number;
  /** Requests each API key may make per minute on /api/v1 (issue 28, decision 027). */
  apiRequestsPerMinute: number;
  /**
   * WEBHOOKS_ALLOW_PRIVATE=true lets webhooks go to http://localhost and loopback addresses (tests,
   * local development); other private, link-local and metadata addresses stay refused (decision 034).
   */
  webhooksAllowPrivate: boolean;
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
  /**
   * The operator's identity on receipts (issue 27, decision 025): name, address ('|' or newlines
   * separate lines) and tax registrations in canonical form. `taxInvoice` is whether receipts can
   * serve as tax invoices (name, address and GST/HST number all set); otherwise they say they are not.
   */
  business: {
    name: string | null;
    address: string[];
    gstHstNumber: string | null;
    qstNumber: string | null;
    taxInvoice: boolean;
  };
  /**
   * Real carrier accounts; a carrier without one keeps its sandbox, or is left out when `sandbox`
   * is false (CARRIERS_SANDBOX=off).
   */
  carriers: {
    sandbox: boolean;
    canadaPost?: CanadaPostAccount;
    ups?: UpsAccount;
    fedex?: FedexAccount;
    purolator?: PurolatorAccount;
    dhl?: DhlAccount;
  };
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
  const twilioParts = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean).length;
  if (twilioParts !== 0 && twilioParts !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together',
    );
  }
  const paymentsProvider = e.PAYMENTS_PROVIDER ?? (stripeParts === 3 ? 'stripe' : 'sandbox');
  const carriers = parseCarriers(env, e.CARRIERS_SANDBOX === 'on', e.ADMIN_EMAIL);
  const business = parseBusiness(e);
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
    passwordHashCost: e.PASSWORD_HASH_COST,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    },
    sms: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
          : undefined,
      outboxDir: path.resolve(e.SMS_OUTBOX_DIR ?? path.join(dataDir, 'sms-outbox')),
    },
    jobWorkers: e.JOB_WORKERS === 'on',
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
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    carrierPurchaseTimeoutMs: e.CARRIER_PURCHASE_TIMEOUT_MS,
    quotesPerMinute: e.QUOTES_PER_MINUTE,
    apiRequestsPerMinute: e.API_REQUESTS_PER_MINUTE,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
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
    carriers,
    business,
  };
}

/** BUSINESS_NAME, BUSINESS_ADDRESS, GST_HST_NUMBER and QST_NUMBER, the registrations checked. */
function parseBusiness(e: {
  BUSINESS_NAME?: string;
  BUSINESS_ADDRESS?: string;
  GST_HST_NUMBER?: string;
  QST_NUMBER?: string;
}): Config['business'] {
  const problems: string[] = [];
  const gst = e.GST_HST_NUMBER ? parseGstHstNumber(e.GST_HST_NUMBER) : null;
  if (e.GST_HST_NUMBER && !gst) problems.push('GST_HST_NUMBER: use 9 digits, RT and 4 digits, e.g. 123456789 RT0001');
  const qst = e.QST_NUMBER ? parseQstNumber(e.QST_NUMBER) : null;
  if (e.QST_NUMBER && !qst) problems.push('QST_NUMBER: use 10 digits, TQ and 4 digits, e.g. 1234567890 TQ0001');
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const name = e.BUSINESS_NAME ? e.BUSINESS_NAME : null;
  const address = (e.BUSINESS_ADDRESS ?? '')
    .split(/\s*(?:\||\\n|\n)\s*/)
    .map((l) => l.trim())
    .filter(Boolean);
  return { name, address, gstHstNumber: gst, qstNumber: qst, taxInvoice: Boolean(name && address.length > 0 && gst) };
}

/**
 * Each carrier's account from its variables. A carrier none of whose variables is set keeps its
 * sandbox; one with some but not all of its credentials stops start-up, naming what is missing.
 * The mode is `{PREFIX}_MODE` when set; otherwise 'live' only for the carrier's production host and
 * 'test' for any other base URL (its test host, a local fake): nothing is called live that is not.
 */
function parseCarriers(
  env: Record<string, string | undefined>,
  sandbox: boolean,
  adminEmail: string | undefined,
): Config['carriers'] {
  const value = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const out: Config['carriers'] = { sandbox };
  const problems: string[] = [];
  const endpoint = (key: CarrierKey): { baseUrl: string; mode: 'live' | 'test' } | null => {
    const def = CARRIER_ENV[key];
    const modeText = value(`${def.prefix}_MODE`);
    if (modeText !== undefined && modeText !== 'live' && modeText !== 'test') {
      problems.push(`${def.prefix}_MODE: use live or test`);
      return null;
    }
    const given = value(`${def.prefix}_BASE_URL`);
    let baseUrl: string;
    if (given !== undefined) {
      let url: URL;
      try {
        url = new URL(given);
      } catch {
        problems.push(`${def.prefix}_BASE_URL: not a URL`);
        return null;
      }
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
        problems.push(`${def.prefix}_BASE_URL must be an https URL (plain http only on localhost)`);
        return null;
      }
      baseUrl = given.replace(/\/+$/, '');
    } else {
      baseUrl = modeText === 'test' ? def.test : def.production;
    }
    const mode = (modeText as 'live' | 'test' | undefined) ?? (baseUrl === def.production ? 'live' : 'test');
    return { baseUrl, mode };
  };

  for (const key of Object.keys(CARRIER_ENV) as CarrierKey[]) {
    const def = CARRIER_ENV[key];
    const all = [...def.required, ...def.optional, `${def.prefix}_BASE_URL`, `${def.prefix}_MODE`];
    if (!all.some((n) => value(n) !== undefined)) continue;
    const missing: string[] = def.required.filter((n) => value(n) === undefined);
    if (key === 'canadaPost' && !value('CANADA_POST_REFUND_EMAIL') && !adminEmail) {
      // A Canada Post label is voided by a refund request, which must name an e-mail address.
      missing.push('CANADA_POST_REFUND_EMAIL (or ADMIN_EMAIL)');
    }
    if (missing.length > 0) {
      problems.push(`${def.prefix}: ${missing.join(', ')} must be set (some of its variables are)`);
      continue;
    }
    const at = endpoint(key);
    if (!at) continue;
    const v = (n: string) => value(n) as string;
    switch (key) {
      case 'canadaPost':
        out.canadaPost = {
          username: v('CANADA_POST_USERNAME'),
          password: v('CANADA_POST_PASSWORD'),
          customerNumber: v('CANADA_POST_CUSTOMER_NUMBER'),
          contractId: value('CANADA_POST_CONTRACT_ID'),
          refundEmail: value('CANADA_POST_REFUND_EMAIL') ?? adminEmail,
          ...at,
        };
        break;
      case 'ups':
        // PNG: the label route places it on a PDF page (pdf-lib embeds PNG, not UPS's default GIF).
        out.ups = {
          clientId: v('UPS_CLIENT_ID'),
          clientSecret: v('UPS_CLIENT_SECRET'),
          accountNumber: v('UPS_ACCOUNT_NUMBER'),
          labelFormat: 'PNG',
          ...at,
        };
        break;
      case 'fedex':
        out.fedex = {
          clientId: v('FEDEX_CLIENT_ID'),
          clientSecret: v('FEDEX_CLIENT_SECRET'),
          accountNumber: v('FEDEX_ACCOUNT_NUMBER'),
          ...at,
        };
        break;
      case 'purolator':
        out.purolator = {
          key: v('PUROLATOR_KEY'),
          password: v('PUROLATOR_PASSWORD'),
          accountNumber: v('PUROLATOR_ACCOUNT_NUMBER'),
          ...at,
        };
        break;
      case 'dhl':
        out.dhl = {
          username: v('DHL_EXPRESS_USERNAME'),
          password: v('DHL_EXPRESS_PASSWORD'),
          accountNumber: v('DHL_EXPRESS_ACCOUNT_NUMBER'),
          ...at,
        };
        break;
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return out;
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
