/**
 * The admin pricing tools (issue 9, decision 017; spec §3 Discount, §5 Discounts, §7 Admin; DESIGN §9):
 * discounts per user (one in force at a time per customer), price rules (our markup over the
 * carrier's cost per carrier, service and organization) and the margin report per Toronto month.
 * Every change is audited in its transaction. The routes are pricing-routes.ts, the queries pricing-repo.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { CARRIER_CODES, carrierName, type CarrierCode } from '../../../shared/carriers';
import { centsToDecimal, formatCad } from '../../../shared/money';
import {
  dateInputInstant,
  discountUnits,
  type TCarrierServices,
  type TDiscount,
  type TDiscountRequest,
  type TDiscountUpdate,
  type TMarginReport,
  type TPriceRule,
  type TPriceRuleRequest,
} from '../../../shared/contracts/admin';
import { audit } from '../audit/repo';
import { isUniqueViolation } from '../auth/repo';
import { CANADA_POST } from '../../providers/carriers/sandbox/canada-post';
import { DHL } from '../../providers/carriers/sandbox/dhl';
import { FEDEX } from '../../providers/carriers/sandbox/fedex';
import { PUROLATOR } from '../../providers/carriers/sandbox/purolator';
import { UPS } from '../../providers/carriers/sandbox/ups';
import type { CarrierDef } from '../../providers/carriers/sandbox/engine';
import * as repo from './pricing-repo';

export type Actor = { id: string; ip: string | null };

// ---------------------------------------------------------------------------------------------
// Wire shapes

/** Hundredths (basis points of a percent) as the shortest decimal: 1000 → "10", 1050 → "10.5", 1005 → "10.05". */
export function hundredthsToPercent(units: number): string {
  const whole = Math.floor(units / 100);
  const frac = units % 100;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

const discountValueText = (d: { discountType: 'percentage' | 'fixed_amount'; valueUnits: number }) =>
  d.discountType === 'percentage' ? hundredthsToPercent(d.valueUnits) : centsToDecimal(d.valueUnits);

const discountValueShown = (d: { discountType: 'percentage' | 'fixed_amount'; valueUnits: number }) =>
  d.discountType === 'percentage' ? `${hundredthsToPercent(d.valueUnits)}%` : formatCad(d.valueUnits);

/** Active and within its dates at `now` (valid_to is the first instant it no longer applies). */
const inEffect = (d: repo.DiscountRecord, now: Date) =>
  d.isActive &&
  (d.validFrom === null || d.validFrom.getTime() <= now.getTime()) &&
  (d.validTo === null || now.getTime() < d.validTo.getTime());

function toWireDiscount(d: repo.DiscountRecord, now: Date): TDiscount {
  return {
    id: d.id,
    organizationId: d.organizationId,
    organization: d.organization,
    userId: d.userId,
    user: d.user,
    discountType: d.discountType,
    discountValue: discountValueText(d),
    description: d.description,
    validFrom: d.validFrom?.toISOString() ?? null,
    validTo: d.validTo?.toISOString() ?? null,
    isActive: d.isActive,
    inEffect: inEffect(d, now),
    createdAt: d.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of a discount. */
function discountSnapshot(d: repo.DiscountValues & { userId: string }) {
  return {
    userId: d.userId,
    organizationId: d.organizationId,
    discountType: d.discountType,
    discountValue: discountValueText(d),
    description: d.description,
    validFrom: d.validFrom?.toISOString() ?? null,
    validTo: d.validTo?.toISOString() ?? null,
    isActive: d.isActive,
  };
}

function toWireRule(r: repo.PriceRuleRecord): TPriceRule {
  return {
    id: r.id,
    carrier: r.carrier,
    serviceCode: r.serviceCode,
    organizationId: r.organizationId,
    organization: r.organization,
    markupPercent: hundredthsToPercent(r.markupBp),
    markupFixed: centsToDecimal(r.markupFixedCents),
    isActive: r.isActive,
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function ruleSnapshot(r: repo.PriceRuleValues) {
  return {
    carrier: r.carrier,
    serviceCode: r.serviceCode,
    organizationId: r.organizationId,
    markupPercent: hundredthsToPercent(r.markupBp),
    markupFixed: centsToDecimal(r.markupFixedCents),
    isActive: r.isActive,
    description: r.description,
  };
}

// ---------------------------------------------------------------------------------------------
// Carriers' services (the sandbox carriers' definitions are the list of what each one sells)

const CARRIER_DEFS: Record<CarrierCode, CarrierDef> = {
  'CA-CP': CANADA_POST,
  'CA-PUROLATOR': PUROLATOR,
  'CA-UPS': UPS,
  'CA-Fedex': FEDEX,
  'CA-DHL': DHL,
};

const servicesOf = (carrier: string): readonly string[] =>
  (CARRIER_DEFS as Record<string, CarrierDef | undefined>)[carrier]?.services.map((s) => s.code) ?? [];

/** Every carrier (spec order) with the services it sells (its own order): the codes a price rule may name. */
export function carrierServices(): TCarrierServices[] {
  return CARRIER_CODES.map((carrier) => ({
    carrier,
    carrierName: carrierName(carrier),
    services: CARRIER_DEFS[carrier].services.map(({ code, name }) => ({ code, name })),
  }));
}

/** The carrier's own spelling of the service code (matched without regard to case); a 400 when it sells none such. */
function checkedService(carrier: CarrierCode, serviceCode: string | null): string | null {
  if (serviceCode === null) return null;
  const offered = servicesOf(carrier);
  const found = offered.find((code) => code.toUpperCase() === serviceCode.toUpperCase());
  if (found) return found;
  const problem = `${carrierName(carrier)} offers no service ${serviceCode}; its services are ${offered.join(', ')}`;
  throw new AppError(400, problem, ErrorCode.VALIDATION_ERROR, { serviceCode: [problem] });
}

/** Carrier, then service (all services first, then in the carrier's order), then organization (everyone first). */
function compareRules(a: repo.PriceRuleRecord, b: repo.PriceRuleRecord): number {
  const rank = (list: readonly string[], v: string) => {
    const i = list.indexOf(v);
    return i < 0 ? list.length : i;
  };
  const byCarrier =
    rank(CARRIER_CODES, a.carrier) - rank(CARRIER_CODES, b.carrier) || a.carrier.localeCompare(b.carrier);
  if (byCarrier) return byCarrier;
  if (a.serviceCode !== b.serviceCode) {
    if (a.serviceCode === null) return -1;
    if (b.serviceCode === null) return 1;
    const services = servicesOf(a.carrier);
    const byService =
      rank(services, a.serviceCode) - rank(services, b.serviceCode) || a.serviceCode.localeCompare(b.serviceCode);
    if (byService) return byService;
  }
  if (a.organizationId !== b.organizationId) {
    if (a.organizationId === null) return -1;
    if (b.organizationId === null) return 1;
    const byOrg = (a.organization?.name ?? '').localeCompare(b.organization?.name ?? '');
    if (byOrg) return byOrg;
  }
  return a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}

/** "UPS, service UPS.11, organization Acme" */
function scopeText(scope: repo.PriceRuleScope, organizationName: string | null): string {
  const service = scope.serviceCode ? `service ${scope.serviceCode}` : 'all services';
  const org = scope.organizationId ? `organization ${organizationName ?? scope.organizationId}` : 'all organizations';
  return `${carrierName(scope.carrier)}, ${service}, ${org}`;
}

function scopeTaken(existing: repo.PriceRuleRecord): AppError {
  return new AppError(
    409,
    `A price rule for ${scopeText(existing, existing.organization?.name ?? null)} already exists ` +
      `(markup ${hundredthsToPercent(existing.markupBp)}% + ${formatCad(existing.markupFixedCents)}, ` +
      `${existing.isActive ? 'active' : 'inactive'}, id ${existing.id.slice(0, 8)}). Edit that rule instead.`,
    ErrorCode.CONFLICT,
  );
}

// ---------------------------------------------------------------------------------------------
// Toronto months

const torontoParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: '2-digit',
});

function torontoYearMonth(at: Date): { year: number; month: number } {
  const parts = torontoParts.formatToParts(at);
  return {
    year: Number(parts.find((p) => p.type === 'year')?.value),
    month: Number(parts.find((p) => p.type === 'month')?.value),
  };
}

/** The month `back` months before (year, month), as 'YYYY-MM'. */
function monthKey(year: number, month: number, back: number): string {
  const index = year * 12 + (month - 1) - back;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Service

/** Dates outside these years are refused (a year before 1900 or past 2999 is a typing slip, not a discount). */
const DATE_YEARS = { min: 1900, max: 2999 };

function checkDateYear(field: 'validFrom' | 'validTo', value: string | null): void {
  if (value === null) return;
  const year = Number(value.slice(0, 4));
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) {
    const label = field === 'validFrom' ? 'Valid from' : 'Valid to';
    const problem = `${label} must be a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}`;
    throw new AppError(400, problem, ErrorCode.VALIDATION_ERROR, { [field]: [problem] });
  }
}

/**
 * One discount in force at a time per customer (quotes apply one): an active discount whose dates
 * overlap another active one of the same customer is refused, naming it. Call with the customer's
 * row locked, so that two admins at once cannot both add one.
 */
async function refuseOverlap(tx: Db, userId: string, values: repo.DiscountValues, exceptId: string | null) {
  if (!values.isActive) return;
  const other = await repo.overlappingDiscount(tx, userId, values, exceptId);
  if (!other) return;
  const shown = other.discountType === 'percentage' ? `${other.valueUnits / 100}%` : formatCad(other.valueUnits);
  const message = `This customer already has an active ${shown} discount for these dates: switch it off or change its dates first`;
  throw new AppError(409, message, ErrorCode.CONFLICT, { validFrom: [message] });
}

function discountValues(body: TDiscountUpdate, organizationId: string | null, isActiveNow = true): repo.DiscountValues {
  checkDateYear('validFrom', body.validFrom);
  checkDateYear('validTo', body.validTo);
  return {
    organizationId,
    discountType: body.discountType,
    valueUnits: discountUnits(body.discountValue),
    description: body.description,
    validFrom: body.validFrom ? dateInputInstant(body.validFrom, 'start') : null,
    validTo: body.validTo ? dateInputInstant(body.validTo, 'end') : null,
    isActive: body.isActive ?? isActiveNow,
  };
}

const NO_SUCH_CUSTOMER = 'Please select a specific user for this discount';

export function createAdminPricingService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function discountOrThrow(tx: Db, id: string, forUpdate = false): Promise<repo.DiscountRecord> {
    const found = await repo.findDiscount(tx, id, forUpdate);
    if (!found) throw notFound('Discount not found');
    return found;
  }

  /** The rule's values; the organization, when one is named, must exist (its row is held until the transaction ends). */
  async function ruleValues(
    tx: Db,
    body: TPriceRuleRequest,
  ): Promise<repo.PriceRuleValues & { organizationName: string | null }> {
    let organizationName: string | null = null;
    if (body.organizationId !== null) {
      const org = await repo.findOrganization(tx, body.organizationId, true);
      if (!org) {
        const problem = 'No organization has this id';
        throw new AppError(400, problem, ErrorCode.VALIDATION_ERROR, { organizationId: [problem] });
      }
      organizationName = org.name;
    }
    return {
      carrier: body.carrier,
      serviceCode: checkedService(body.carrier, body.serviceCode),
      organizationId: body.organizationId,
      markupBp: body.markupPercent,
      markupFixedCents: body.markupFixed,
      isActive: body.isActive,
      description: body.description,
      organizationName,
    };
  }

  /** Runs a price-rule write; a scope taken meanwhile (the unique index) becomes the same 409 as the check. */
  async function writeRule<T>(scope: repo.PriceRuleScope, exceptId: string | undefined, fn: () => Promise<T>) {
    try {
      return await fn();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const existing = await repo.findRuleInScope(db, scope, exceptId);
      if (existing) throw scopeTaken(existing);
      throw new AppError(409, 'Another price rule holds this scope; reload and try again', ErrorCode.CONFLICT);
    }
  }

  return {
    async listDiscounts(): Promise<TDiscount[]> {
      const now = clock.now();
      return (await repo.listDiscounts(db)).map((d) => toWireDiscount(d, now));
    },

    async createDiscount(actor: Actor, body: TDiscountRequest) {
      const now = clock.now();
      const id = randomUUID();
      const created = await db.transaction(async (tx) => {
        const customer = await repo.findCustomer(tx, body.userId);
        if (!customer) {
          throw new AppError(400, NO_SUCH_CUSTOMER, ErrorCode.VALIDATION_ERROR, { userId: [NO_SUCH_CUSTOMER] });
        }
        // The discount belongs to the chosen user's own organization, whatever the form sent.
        const values = discountValues(body, customer.organizationId);
        await repo.lockCustomer(tx, customer.id);
        await refuseOverlap(tx, customer.id, values, null);
        await repo.insertDiscount(tx, { ...values, id, userId: customer.id, createdBy: actor.id, now });
        await audit(tx, {
          userId: actor.id,
          action: 'discount.create',
          resourceType: 'discount',
          resourceId: id,
          newValue: discountSnapshot({ ...values, userId: customer.id }),
          ipAddress: actor.ip,
          at: now,
        });
        return discountOrThrow(tx, id);
      });
      return {
        message: `Discount of ${discountValueShown(created)} created for ${created.user.email}.`,
        discount: toWireDiscount(created, now),
      };
    },

    async updateDiscount(actor: Actor, id: string, body: TDiscountUpdate) {
      const now = clock.now();
      const { updated, changed } = await db.transaction(async (tx) => {
        const before = await discountOrThrow(tx, id, true);
        const customer = await repo.findCustomer(tx, before.userId);
        const values = discountValues(body, customer?.organizationId ?? before.organizationId, before.isActive);
        await repo.lockCustomer(tx, before.userId);
        await refuseOverlap(tx, before.userId, values, id);
        const oldValue = discountSnapshot(before);
        const newValue = discountSnapshot({ ...values, userId: before.userId });
        if (JSON.stringify(oldValue) === JSON.stringify(newValue)) return { updated: before, changed: false };
        await repo.updateDiscount(tx, id, { ...values, now });
        await audit(tx, {
          userId: actor.id,
          action: 'discount.update',
          resourceType: 'discount',
          resourceId: id,
          oldValue,
          newValue,
          ipAddress: actor.ip,
          at: now,
        });
        return { updated: await discountOrThrow(tx, id), changed: true };
      });
      return {
        message: changed
          ? `Discount for ${updated.user.email} updated.`
          : `Nothing changed in the discount for ${updated.user.email}.`,
        discount: toWireDiscount(updated, now),
      };
    },

    async deleteDiscount(actor: Actor, id: string) {
      const now = clock.now();
      const removed = await db.transaction(async (tx) => {
        const before = await discountOrThrow(tx, id, true);
        await repo.deleteDiscount(tx, id);
        await audit(tx, {
          userId: actor.id,
          action: 'discount.delete',
          resourceType: 'discount',
          resourceId: id,
          oldValue: discountSnapshot(before),
          ipAddress: actor.ip,
          at: now,
        });
        return before;
      });
      return { message: `Discount of ${discountValueShown(removed)} for ${removed.user.email} deleted.` };
    },

    async listPriceRules(): Promise<TPriceRule[]> {
      return (await repo.listPriceRules(db)).sort(compareRules).map(toWireRule);
    },

    async createPriceRule(actor: Actor, body: TPriceRuleRequest) {
      const scope = { ...body, serviceCode: checkedService(body.carrier, body.serviceCode) };
      const now = clock.now();
      const id = randomUUID();
      const { rule: created, organizationName } = await writeRule(scope, undefined, () =>
        db.transaction(async (tx) => {
          const { organizationName, ...values } = await ruleValues(tx, body);
          const existing = await repo.findRuleInScope(tx, values);
          if (existing) throw scopeTaken(existing);
          await repo.insertPriceRule(tx, { ...values, id, createdBy: actor.id, now });
          await audit(tx, {
            userId: actor.id,
            action: 'price_rule.create',
            resourceType: 'price_rule',
            resourceId: id,
            newValue: ruleSnapshot(values),
            ipAddress: actor.ip,
            at: now,
          });
          const rule = await repo.findPriceRule(tx, id);
          if (!rule) throw new Error('price rule vanished after insert');
          return { rule, organizationName };
        }),
      );
      return {
        message: `Price rule created for ${scopeText(created, organizationName)}.`,
        rule: toWireRule(created),
      };
    },

    async updatePriceRule(actor: Actor, id: string, body: TPriceRuleRequest) {
      const scope = { ...body, serviceCode: checkedService(body.carrier, body.serviceCode) };
      const now = clock.now();
      const { rule: updated, organizationName } = await writeRule(scope, id, () =>
        db.transaction(async (tx) => {
          const before = await repo.findPriceRule(tx, id, true);
          if (!before) throw notFound('Price rule not found');
          const { organizationName, ...values } = await ruleValues(tx, body);
          const existing = await repo.findRuleInScope(tx, values, id);
          if (existing) throw scopeTaken(existing);
          const oldValue = ruleSnapshot(before);
          const newValue = ruleSnapshot(values);
          if (JSON.stringify(oldValue) === JSON.stringify(newValue)) return { rule: before, organizationName };
          await repo.updatePriceRule(tx, id, { ...values, now });
          await audit(tx, {
            userId: actor.id,
            action: 'price_rule.update',
            resourceType: 'price_rule',
            resourceId: id,
            oldValue,
            newValue,
            ipAddress: actor.ip,
            at: now,
          });
          const rule = await repo.findPriceRule(tx, id);
          if (!rule) throw new Error('price rule vanished after update');
          return { rule, organizationName };
        }),
      );
      return {
        message: `Price rule updated for ${scopeText(updated, organizationName)}.`,
        rule: toWireRule(updated),
      };
    },

    async deletePriceRule(actor: Actor, id: string) {
      const now = clock.now();
      const removed = await db.transaction(async (tx) => {
        const before = await repo.findPriceRule(tx, id, true);
        if (!before) throw notFound('Price rule not found');
        await repo.deletePriceRule(tx, id);
        await audit(tx, {
          userId: actor.id,
          action: 'price_rule.delete',
          resourceType: 'price_rule',
          resourceId: id,
          oldValue: ruleSnapshot(before),
          ipAddress: actor.ip,
          at: now,
        });
        return before;
      });
      return { message: `Price rule deleted for ${scopeText(removed, removed.organization?.name ?? null)}.` };
    },

    /** The last `months` Toronto months, newest first, each with its orders, revenue, carrier cost and margin. */
    async margins(months: number): Promise<TMarginReport> {
      const { year, month } = torontoYearMonth(clock.now());
      const keys = Array.from({ length: months }, (_, back) => monthKey(year, month, back));
      const fromDay = `${keys[keys.length - 1]}-01`;
      const toDay = `${monthKey(year, month, -1)}-01`;
      const figures = new Map((await repo.figuresByMonth(db, fromDay, toDay)).map((f) => [f.month, f]));
      const total = { orders: 0, revenueCents: 0, carrierCostCents: 0 };
      const rows = keys.map((key) => {
        const f = figures.get(key) ?? { orders: 0, revenueCents: 0, carrierCostCents: 0 };
        total.orders += f.orders;
        total.revenueCents += f.revenueCents;
        total.carrierCostCents += f.carrierCostCents;
        return {
          month: key,
          orders: f.orders,
          revenue: centsToDecimal(f.revenueCents),
          carrierCost: centsToDecimal(f.carrierCostCents),
          margin: centsToDecimal(f.revenueCents - f.carrierCostCents),
        };
      });
      return {
        months: rows,
        total: {
          orders: total.orders,
          revenue: centsToDecimal(total.revenueCents),
          carrierCost: centsToDecimal(total.carrierCostCents),
          margin: centsToDecimal(total.revenueCents - total.carrierCostCents),
        },
      };
    },
  };
}
