/**
 * Settings → Billing (DESIGN §9: the billing tab becomes real): the user's default card and card count,
 * and the organization's billing address (organizations.billing_address, migration 0009).
 *
 * GET /api/billing                          → ZBilling
 * PUT /api/billing/address  ZBillingAddress → ZBilling (audited as 'organization.billing_address')
 */
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../deps';
import type { Services } from '../../services';
import { rowsOf, type Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  ZBilling,
  ZBillingAddress,
  ZBillingAddressOut,
  type TBilling,
  type TBillingAddress,
  type TPaymentMethodList,
} from '../../../shared/contracts/payments';
import { audit } from '../audit/repo';
import { requireUser, signedIn } from '../auth/session';
import { createSettingsService, type Actor } from '../settings/service';

type BillingAddress = TBilling['billingAddress'];

// ---- repo ----

/** A stored address as the wire shape; anything else (null, an older shape) reads as none. */
function parseStored(value: unknown): BillingAddress {
  const raw = typeof value === 'string' ? safeJson(value) : value;
  if (raw === null || raw === undefined) return null;
  const parsed = ZBillingAddressOut.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function readBillingAddress(db: Db, organizationId: string, forUpdate = false): Promise<BillingAddress> {
  const rows = rowsOf<{ billing_address: unknown }>(
    await db.execute(
      forUpdate
        ? sql`select billing_address from organizations where id = ${organizationId} for update`
        : sql`select billing_address from organizations where id = ${organizationId}`,
    ),
  );
  return parseStored(rows[0]?.billing_address);
}

async function writeBillingAddress(db: Db, organizationId: string, address: BillingAddress, now: Date): Promise<void> {
  await db.execute(sql`
    update organizations
       set billing_address = ${address === null ? null : JSON.stringify(address)}::jsonb,
           updated_at = ${now.toISOString()}::timestamptz
     where id = ${organizationId}`);
}

// ---- service ----

/** The stored form of a validated address (fixed key order, so equal addresses compare equal). */
function toStored(input: TBillingAddress): NonNullable<BillingAddress> {
  return {
    name: input.name,
    company: input.company,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    province: input.province,
    postalCode: input.postalCode,
    country: input.country,
  };
}

const sameAddress = (a: BillingAddress, b: BillingAddress) => JSON.stringify(a) === JSON.stringify(b);

export type BillingDeps = {
  db: Db;
  clock: Clock;
  /** The settings service's organization lookup, which creates the user's organization when missing. */
  organizationOf: (actor: Actor) => Promise<{ id: string }>;
  /** The user's saved cards as GET /api/payment-methods lists them (default first). */
  listCards: (userId: string) => Promise<TPaymentMethodList>;
};

export function createBillingService(deps: BillingDeps) {
  const { db, clock } = deps;

  async function billing(userId: string, billingAddress: BillingAddress): Promise<TBilling> {
    const { paymentMethods: cards } = await deps.listCards(userId);
    return {
      defaultCard: cards.find((c) => c.isDefault) ?? null,
      cardCount: cards.length,
      billingAddress,
    };
  }

  return {
    async get(actor: Actor): Promise<TBilling> {
      const org = await deps.organizationOf(actor);
      return billing(actor.userId, await readBillingAddress(db, org.id));
    },

    /** Saves the organization's billing address; a change is audited with the old and new values. */
    async saveAddress(actor: Actor, input: TBillingAddress): Promise<TBilling> {
      const org = await deps.organizationOf(actor);
      const next = toStored(input);
      const now = clock.now();
      const saved = await db.transaction(async (tx) => {
        const before = await readBillingAddress(tx, org.id, true);
        if (sameAddress(before, next)) return before;
        await writeBillingAddress(tx, org.id, next, now);
        await audit(tx, {
          userId: actor.userId,
          action: 'organization.billing_address',
          resourceType: 'organization',
          resourceId: org.id,
          oldValue: before,
          newValue: next,
          ipAddress: actor.ip,
          at: now,
        });
        return next;
      });
      return billing(actor.userId, saved);
    },
  };
}

// ---- routes ----

const actorOf = (request: FastifyRequest): Actor => {
  const user = requireUser(request);
  return { userId: user.id, sessionId: user.sessionId, ip: request.ip };
};

export function registerBilling(root: App, deps: AppDeps, services: Services): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const settings = createSettingsService({
    db: deps.database.db,
    clock: deps.clock,
    mail: deps.providers.mail,
    log: app.log,
    passwordHashCost: deps.config.passwordHashCost,
  });
  const billing = createBillingService({
    db: deps.database.db,
    clock: deps.clock,
    organizationOf: (actor) => settings.getOrganization(actor),
    listCards: (userId) => services.payments.listCards(userId),
  });

  app.get('/api/billing', { ...signedIn, schema: { response: { 200: ZBilling } } }, async (request) =>
    billing.get(actorOf(request)),
  );

  app.put(
    '/api/billing/address',
    { ...signedIn, schema: { body: ZBillingAddress, response: { 200: ZBilling } } },
    async (request) => billing.saveAddress(actorOf(request), request.body),
  );
}
