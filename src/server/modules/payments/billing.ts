/**
 * Settings → Billing (DESIGN §9: the billing tab becomes real): the user's default card and card count,
 * and the organization's billing address (organizations.billing_address, migration 0009).
 *
 * GET /api/billing                          → ZBilling
 * PUT /api/billing/address  ZBillingAddress → ZBilling (audited as 'organization.billing_address')
 */
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import type { Services } from '../../services';
import type { Db } from '../../db/client';
import { ZBilling, ZBillingAddress, type TBilling, type TBillingAddress } from '../../../shared/contracts/payments';
import { audit } from '../audit/repo';
import { requireUser, signedIn } from '../auth/session';
import type { Actor, createSettingsService } from '../settings/service';
import type { PaymentsService } from './service';
import { readBillingAddress, writeBillingAddress, type BillingAddress } from './billing-repo';

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

/**
 * What billing uses (decision 031): the database handle and the clock; of the settings service, its
 * organization lookup (which creates the user's organization when missing); of the payments service,
 * the user's saved cards as GET /api/payment-methods lists them (default first).
 */
export type BillingDeps = { db: Db } & Pick<AppDeps, 'clock'> & {
    settings: Pick<ReturnType<typeof createSettingsService>, 'getOrganization'>;
    payments: Pick<PaymentsService, 'listCards'>;
  };

export function createBillingService(deps: BillingDeps) {
  const { db, clock } = deps;

  async function billing(userId: string, billingAddress: BillingAddress): Promise<TBilling> {
    const { paymentMethods: cards } = await deps.payments.listCards(userId);
    return {
      defaultCard: cards.find((c) => c.isDefault) ?? null,
      cardCount: cards.length,
      billingAddress,
    };
  }

  return {
    async get(actor: Actor): Promise<TBilling> {
      const org = await deps.settings.getOrganization(actor);
      return billing(actor.userId, await readBillingAddress(db, org.id));
    },

    /** Saves the organization's billing address; a change is audited with the old and new values. */
    async saveAddress(actor: Actor, input: TBillingAddress): Promise<TBilling> {
      const org = await deps.settings.getOrganization(actor);
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

export type BillingService = ReturnType<typeof createBillingService>;

// ---- routes ----

const actorOf = (request: FastifyRequest): Actor => {
  const user = requireUser(request);
  return { userId: user.id, sessionId: user.sessionId, ip: request.ip };
};

export function registerBilling(root: App, _deps: AppDeps, services: Services): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { billing } = services;

  app.get('/api/billing', { ...signedIn, schema: { response: { 200: ZBilling } } }, async (request) =>
    billing.get(actorOf(request)),
  );

  app.put(
    '/api/billing/address',
    { ...signedIn, schema: { body: ZBillingAddress, response: { 200: ZBilling } } },
    async (request) => billing.saveAddress(actorOf(request), request.body),
  );
}
