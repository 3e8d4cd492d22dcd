/**
 * Storage of the admin pricing tools: discounts per user, price rules per carrier/service/organization
 * (migration 0010), and the shipments' cost and price per Toronto month for the margin report.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

const toNumber = (v: string | number | bigint | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const toDate = (v: string | Date) => new Date(v);
const toDateOrNull = (v: string | Date | null) => (v === null ? null : new Date(v));

// ---- users and organizations ----

export type DiscountCustomer = { id: string; email: string; organizationId: string | null };

/** The user a discount is for; their row is held (FOR KEY SHARE) until the transaction ends. */
export async function findCustomer(db: Db, userId: string): Promise<DiscountCustomer | null> {
  const [row] = rowsOf<{ id: string; email: string; organization_id: string | null }>(
    await db.execute(sql`select id, email, organization_id from users where id = ${userId} for key share`),
  );
  return row ? { id: row.id, email: row.email, organizationId: row.organization_id } : null;
}

/** Locks the customer's row until the transaction ends, so two admins at once cannot both add a discount. */
export async function lockCustomer(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}

/** `hold`: keep the row from being deleted until the transaction ends (FOR KEY SHARE). */
export async function findOrganization(db: Db, id: string, hold = false): Promise<{ id: string; name: string } | null> {
  const [row] = rowsOf<{ id: string; name: string }>(
    await db.execute(
      hold
        ? sql`select id, name from organizations where id = ${id} for key share`
        : sql`select id, name from organizations where id = ${id}`,
    ),
  );
  return row ?? null;
}

// ---- discounts ----

export type DiscountRecord = {
  id: string;
  userId: string;
  organizationId: string | null;
  discountType: 'percentage' | 'fixed_amount';
  /** Basis points (percentage) or cents (fixed amount). */
  valueUnits: number;
  description: string;
  validFrom: Date | null;
  validTo: Date | null;
  isActive: boolean;
  createdAt: Date;
  user: { id: string; firstName: string; lastName: string; email: string };
  organization: { id: string; name: string } | null;
};

type DiscountRow = {
  id: string;
  user_id: string;
  organization_id: string | null;
  discount_type: 'percentage' | 'fixed_amount';
  value_units: string | number;
  description: string;
  valid_from: string | Date | null;
  valid_to: string | Date | null;
  is_active: boolean;
  created_at: string | Date;
  first_name: string;
  last_name: string;
  email: string;
  organization_name: string | null;
};

const toDiscount = (r: DiscountRow): DiscountRecord => ({
  id: r.id,
  userId: r.user_id,
  organizationId: r.organization_id,
  discountType: r.discount_type,
  valueUnits: toNumber(r.value_units),
  description: r.description,
  validFrom: toDateOrNull(r.valid_from),
  validTo: toDateOrNull(r.valid_to),
  isActive: r.is_active,
  createdAt: toDate(r.created_at),
  user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
  organization:
    r.organization_id !== null && r.organization_name !== null
      ? { id: r.organization_id, name: r.organization_name }
      : null,
});

const discountSelect = sql`
  select d.id, d.user_id, d.organization_id, d.discount_type, d.value_units, d.description, d.valid_from,
         d.valid_to, d.is_active, d.created_at, u.first_name, u.last_name, u.email, o.name as organization_name
    from discounts d
    join users u on u.id = d.user_id
    left join organizations o on o.id = d.organization_id`;

/** Every discount, newest first. */
export async function listDiscounts(db: Db): Promise<DiscountRecord[]> {
  return rowsOf<DiscountRow>(await db.execute(sql`${discountSelect} order by d.created_at desc, d.id desc`)).map(
    toDiscount,
  );
}

/** One discount; `forUpdate` locks its row until the transaction ends. */
export async function findDiscount(db: Db, id: string, forUpdate = false): Promise<DiscountRecord | null> {
  const [row] = rowsOf<DiscountRow>(
    await db.execute(
      forUpdate ? sql`${discountSelect} where d.id = ${id} for update of d` : sql`${discountSelect} where d.id = ${id}`,
    ),
  );
  return row ? toDiscount(row) : null;
}

export type DiscountValues = {
  organizationId: string | null;
  discountType: 'percentage' | 'fixed_amount';
  valueUnits: number;
  description: string;
  validFrom: Date | null;
  validTo: Date | null;
  isActive: boolean;
};

const isoOrNull = (d: Date | null) => (d === null ? null : d.toISOString());

export async function insertDiscount(
  db: Db,
  v: DiscountValues & { id: string; userId: string; createdBy: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    insert into discounts (id, user_id, organization_id, discount_type, value_units, description, valid_from,
      valid_to, is_active, created_by, created_at, updated_at)
    values (${v.id}, ${v.userId}, ${v.organizationId}, ${v.discountType}, ${v.valueUnits}, ${v.description},
      ${isoOrNull(v.validFrom)}::timestamptz, ${isoOrNull(v.validTo)}::timestamptz, ${v.isActive}, ${v.createdBy},
      ${v.now.toISOString()}::timestamptz, ${v.now.toISOString()}::timestamptz)`);
}

export async function updateDiscount(db: Db, id: string, v: DiscountValues & { now: Date }): Promise<void> {
  await db.execute(sql`
    update discounts
       set organization_id = ${v.organizationId}, discount_type = ${v.discountType}, value_units = ${v.valueUnits},
           description = ${v.description}, valid_from = ${isoOrNull(v.validFrom)}::timestamptz,
           valid_to = ${isoOrNull(v.validTo)}::timestamptz, is_active = ${v.isActive},
           updated_at = ${v.now.toISOString()}::timestamptz
     where id = ${id}`);
}

/**
 * The customer's oldest other active discount whose dates overlap `values`' (open ends overlap
 * everything), other than `exceptId`; null when there is none.
 */
export async function overlappingDiscount(
  db: Db,
  userId: string,
  values: Pick<DiscountValues, 'validFrom' | 'validTo'>,
  exceptId: string | null,
): Promise<{ id: string; discountType: string; valueUnits: number } | null> {
  const rows = rowsOf<{
    id: string;
    discount_type: string;
    value_units: string | number;
    valid_from: Date | string | null;
    valid_to: Date | string | null;
  }>(
    await db.execute(sql`
      select id, discount_type, value_units, valid_from, valid_to from discounts
      where user_id = ${userId} and is_active and id <> ${exceptId ?? '00000000-0000-0000-0000-000000000000'}::uuid
        and (valid_from is null or ${values.validTo?.toISOString() ?? null}::timestamptz is null or valid_from < ${values.validTo?.toISOString() ?? null}::timestamptz)
        and (valid_to is null or ${values.validFrom?.toISOString() ?? null}::timestamptz is null or valid_to > ${values.validFrom?.toISOString() ?? null}::timestamptz)
      order by created_at limit 1`),
  );
  const other = rows[0];
  return other ? { id: other.id, discountType: other.discount_type, valueUnits: Number(other.value_units) } : null;
}

export async function deleteDiscount(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from discounts where id = ${id}`);
}

// ---- price rules ----

export type PriceRuleRecord = {
  id: string;
  carrier: string;
  serviceCode: string | null;
  organizationId: string | null;
  organization: { id: string; name: string } | null;
  markupBp: number;
  markupFixedCents: number;
  isActive: boolean;
  description: string;
  createdAt: Date;
  updatedAt: Date;
};

type PriceRuleRow = {
  id: string;
  carrier: string;
  service_code: string | null;
  organization_id: string | null;
  organization_name: string | null;
  markup_bp: string | number;
  markup_fixed_cents: string | number;
  is_active: boolean;
  description: string;
  created_at: string | Date;
  updated_at: string | Date;
};

const toPriceRule = (r: PriceRuleRow): PriceRuleRecord => ({
  id: r.id,
  carrier: r.carrier,
  serviceCode: r.service_code,
  organizationId: r.organization_id,
  organization:
    r.organization_id !== null && r.organization_name !== null
      ? { id: r.organization_id, name: r.organization_name }
      : null,
  markupBp: toNumber(r.markup_bp),
  markupFixedCents: toNumber(r.markup_fixed_cents),
  isActive: r.is_active,
  description: r.description,
  createdAt: toDate(r.created_at),
  updatedAt: toDate(r.updated_at),
});

const priceRuleSelect = sql`
  select r.id, r.carrier, r.service_code, r.organization_id, o.name as organization_name, r.markup_bp,
         r.markup_fixed_cents, r.is_active, r.description, r.created_at, r.updated_at
    from price_rules r
    left join organizations o on o.id = r.organization_id`;

/** Every price rule (unordered: the service sorts them by carrier, service and organization). */
export async function listPriceRules(db: Db): Promise<PriceRuleRecord[]> {
  return rowsOf<PriceRuleRow>(await db.execute(priceRuleSelect)).map(toPriceRule);
}

export async function findPriceRule(db: Db, id: string, forUpdate = false): Promise<PriceRuleRecord | null> {
  const [row] = rowsOf<PriceRuleRow>(
    await db.execute(
      forUpdate
        ? sql`${priceRuleSelect} where r.id = ${id} for update of r`
        : sql`${priceRuleSelect} where r.id = ${id}`,
    ),
  );
  return row ? toPriceRule(row) : null;
}

export type PriceRuleScope = { carrier: string; serviceCode: string | null; organizationId: string | null };

/** The rule holding this scope (price_rules_scope_idx), other than `exceptId`; null when it is free. */
export async function findRuleInScope(
  db: Db,
  scope: PriceRuleScope,
  exceptId?: string,
): Promise<PriceRuleRecord | null> {
  const [row] = rowsOf<PriceRuleRow>(
    await db.execute(sql`${priceRuleSelect}
      where r.carrier = ${scope.carrier}
        and coalesce(r.service_code, '') = ${scope.serviceCode ?? ''}
        and r.organization_id is not distinct from ${scope.organizationId}::uuid
        ${exceptId ? sql`and r.id <> ${exceptId}` : sql``}
      limit 1`),
  );
  return row ? toPriceRule(row) : null;
}

export type PriceRuleValues = PriceRuleScope & {
  markupBp: number;
  markupFixedCents: number;
  isActive: boolean;
  description: string;
};

export async function insertPriceRule(
  db: Db,
  v: PriceRuleValues & { id: string; createdBy: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    insert into price_rules (id, carrier, service_code, organization_id, markup_bp, markup_fixed_cents, is_active,
      description, created_by, created_at, updated_at)
    values (${v.id}, ${v.carrier}, ${v.serviceCode}, ${v.organizationId}, ${v.markupBp}, ${v.markupFixedCents},
      ${v.isActive}, ${v.description}, ${v.createdBy}, ${v.now.toISOString()}::timestamptz,
      ${v.now.toISOString()}::timestamptz)`);
}

export async function updatePriceRule(db: Db, id: string, v: PriceRuleValues & { now: Date }): Promise<void> {
  await db.execute(sql`
    update price_rules
       set carrier = ${v.carrier}, service_code = ${v.serviceCode}, organization_id = ${v.organizationId},
           markup_bp = ${v.markupBp}, markup_fixed_cents = ${v.markupFixedCents}, is_active = ${v.isActive},
           description = ${v.description}, updated_at = ${v.now.toISOString()}::timestamptz
     where id = ${id}`);
}

export async function deletePriceRule(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from price_rules where id = ${id}`);
}

// ---- margins ----

export type MonthFigures = { month: string; orders: number; revenueCents: number; carrierCostCents: number };

/**
 * Shipments not failed or cancelled created from the first Toronto day `fromDay` (inclusive) to
 * `toDay` (exclusive), both 'YYYY-MM-DD', grouped by Toronto month 'YYYY-MM'; months without orders
 * are absent.
 */
export async function figuresByMonth(db: Db, fromDay: string, toDay: string): Promise<MonthFigures[]> {
  const rows = rowsOf<{
    month: string;
    orders: string | number;
    revenue: string | number | null;
    cost: string | number | null;
  }>(
    await db.execute(sql`
      select to_char(created_at at time zone 'America/Toronto', 'YYYY-MM') as month,
             count(*) as orders, sum(price_cents) as revenue, sum(carrier_price_cents) as cost
        from shipments
       where status not in ('failed', 'cancelled')
         and created_at >= (${fromDay}::date::timestamp at time zone 'America/Toronto')
         and created_at < (${toDay}::date::timestamp at time zone 'America/Toronto')
       group by 1`),
  );
  return rows.map((r) => ({
    month: r.month,
    orders: toNumber(r.orders),
    revenueCents: toNumber(r.revenue),
    carrierCostCents: toNumber(r.cost),
  }));
}
