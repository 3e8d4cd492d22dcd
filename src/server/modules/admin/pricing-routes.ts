/**
 * The admin pricing tools (issue 9; spec §3 Discount, §5 Discounts, §7 Admin; DESIGN §9): discounts per
 * user, price rules (our markup over the carrier's cost per carrier, service and organization) and the
 * margin report per Toronto month. Every call is admin only (401 anonymous, 403 any other role); the
 * rules and the audit are pricing-service.ts.
 *
 * GET    /api/admin/discounts           → ZDiscount[] (newest first)
 * POST   /api/admin/discounts           ZDiscountRequest → ZDiscountChange (201)
 * PUT    /api/admin/discounts/{id}      ZDiscountUpdate  → ZDiscountChange
 * DELETE /api/admin/discounts/{id}      → { message }
 * GET    /api/admin/price-rules         → ZPriceRule[] (carrier, service, organization)
 * GET    /api/admin/carrier-services    → ZCarrierServices[] (what each carrier sells: the rules' service codes)
 * POST   /api/admin/price-rules         ZPriceRuleRequest → ZPriceRuleChange (201); 409 when the scope is taken
 * PUT    /api/admin/price-rules/{id}    ZPriceRuleRequest → ZPriceRuleChange; 409 likewise
 * DELETE /api/admin/price-rules/{id}    → { message }
 * GET    /api/admin/margins?months=N    → ZMarginReport (N = 1–24, default 12)
 */
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppDeps } from '../../deps';
import {
  ZCarrierServices,
  ZDiscount,
  ZDiscountChange,
  ZDiscountRequest,
  ZDiscountUpdate,
  ZIdParams,
  ZMarginQuery,
  ZMarginReport,
  ZMessage,
  ZPriceRule,
  ZPriceRuleChange,
  ZPriceRuleRequest,
} from '../../../shared/contracts/admin';
import { adminOnly, requireAdmin } from '../auth/session';
import { carrierServices, createAdminPricingService, type Actor } from './pricing-service';

const actorOf = (request: FastifyRequest): Actor => ({ id: requireAdmin(request).id, ip: request.ip ?? null });

export function registerAdminPricing(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const pricing = createAdminPricingService({ db: deps.database.db, clock: deps.clock });

  app.get('/api/admin/discounts', { ...adminOnly, schema: { response: { 200: z.array(ZDiscount) } } }, async () =>
    pricing.listDiscounts(),
  );

  app.post(
    '/api/admin/discounts',
    { ...adminOnly, schema: { body: ZDiscountRequest, response: { 201: ZDiscountChange } } },
    async (request, reply) => reply.code(201).send(await pricing.createDiscount(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/discounts/:id',
    { ...adminOnly, schema: { params: ZIdParams, body: ZDiscountUpdate, response: { 200: ZDiscountChange } } },
    async (request) => pricing.updateDiscount(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/discounts/:id',
    { ...adminOnly, schema: { params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => pricing.deleteDiscount(actorOf(request), request.params.id),
  );

  app.get('/api/admin/price-rules', { ...adminOnly, schema: { response: { 200: z.array(ZPriceRule) } } }, async () =>
    pricing.listPriceRules(),
  );

  app.get(
    '/api/admin/carrier-services',
    { ...adminOnly, schema: { response: { 200: z.array(ZCarrierServices) } } },
    async () => carrierServices(),
  );

  app.post(
    '/api/admin/price-rules',
    { ...adminOnly, schema: { body: ZPriceRuleRequest, response: { 201: ZPriceRuleChange } } },
    async (request, reply) => reply.code(201).send(await pricing.createPriceRule(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/price-rules/:id',
    { ...adminOnly, schema: { params: ZIdParams, body: ZPriceRuleRequest, response: { 200: ZPriceRuleChange } } },
    async (request) => pricing.updatePriceRule(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/price-rules/:id',
    { ...adminOnly, schema: { params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => pricing.deletePriceRule(actorOf(request), request.params.id),
  );

  app.get(
    '/api/admin/margins',
    { ...adminOnly, schema: { querystring: ZMarginQuery, response: { 200: ZMarginReport } } },
    async (request) => pricing.margins(request.query.months === undefined ? 12 : Number(request.query.months)),
  );
}
