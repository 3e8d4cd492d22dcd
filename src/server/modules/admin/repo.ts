/**
 * The admin back-office's reads and its user changes (role, active flag), across every user. The
 * only file of the admin module that speaks SQL.
 */
import { asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { readDeepPage } from '../../db/deep-page';
import { organizations, sessions, users } from '../../db/schema/identity';
import { shipments, wallets, type StoredParty } from '../../db/schema/orders';
import { containsPattern } from '../shipments/repo';

/**
 * The users, organizations and customers lists answer at most this many rows (newest first): the
 * back-office is for a shipping business's own accounts, and a page of thousands is already more
 * than a table on screen can hold. Paging them is the next step if a deployment grows past it.
 */
export const ADMIN_LIST_CAP = 1000;

export type AdminUserRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'end_user' | 'staff' | 'org_owner' | 'admin';
  organizationId: string | null;
  isActive: boolean;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  organization: { id: string; name: string } | null;
  wallet: {
    balanceCents: number;
    flaggedAt: Date | null;
    flagReason: string | null;
    heldAt: Date | null;
    holdKind: 'admin' | 'uncovered_debit' | null;
    holdReason: string | null;
    /** Uncovered chargebacks not paid yet (decision 021). */
    owedCents: number;
  } | null;
};

const adminUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  organizationId: users.organizationId,
  isActive: users.isActive,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  organization: { id: organizations.id, name: organizations.name },
  wallet: {
    balanceCents: wallets.balanceCents,
    flaggedAt: wallets.flaggedAt,
    flagReason: wallets.flagReason,
    heldAt: wallets.heldAt,
    holdKind: wallets.holdKind,
    holdReason: wallets.holdReason,
    // The open pending debits less what the entries naming them paid (wallet/ledger.ts openDebits).
    owedCents: sql<number>`coalesce((
      select sum(p.amount_cents - coalesce((select sum(s.amount_cents) from wallet_transactions s
                                            where s.settles_id = p.id and s.wallet_id = p.wallet_id
                                              and s.status = 'completed'), 0))
      from wallet_transactions p
      where p.wallet_id = ${wallets.id} and p.status = 'pending' and p.direction = 'debit' and p.settled_at is null
    ), 0)`.mapWith(Number),
  },
};

function selectAdminUsers(db: Db) {
  return db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(wallets, eq(wallets.userId, users.id));
}

/** Every user with their organization and wallet, newest first (at most ADMIN_LIST_CAP). */
export function listUsers(db: Db): Promise<AdminUserRow[]> {
  return selectAdminUsers(db).orderBy(desc(users.createdAt), desc(users.id)).limit(ADMIN_LIST_CAP);
}

export async function findAdminUser(db: Db, userId: string): Promise<AdminUserRow | null> {
  const [row] = await selectAdminUsers(db).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Locks the user's wallet row and answers its hold (null: no such user). */
export async function lockWalletHold(
  db: Db,
  userId: string,
): Promise<{ walletId: string; heldAt: Date | null; holdKind: 'admin' | 'uncovered_debit' | null } | null> {
  const [row] = rowsOf<{ id: string; held_at: string | Date | null; hold_kind: 'admin' | 'uncovered_debit' | null }>(
    await db.execute(sql`select id, held_at, hold_kind from wallets where user_id = ${userId} for update`),
  );
  return row ? { walletId: row.id, heldAt: row.held_at ? new Date(row.held_at) : null, holdKind: row.hold_kind } : null;
}

/** Puts the wallet on hold by an admin (replacing a hold the ledger put), or lifts any hold. */
export async function setWalletHold(
  db: Db,
  userId: string,
  hold: { adminId: string; reason: string } | null,
  at: Date,
): Promise<void> {
  const ts = at.toISOString();
  await db.execute(
    hold
      ? sql`update wallets set held_at = ${ts}::timestamptz, hold_kind = 'admin', hold_reason = ${hold.reason},
              held_by = ${hold.adminId}::uuid, updated_at = ${ts}::timestamptz where user_id = ${userId}`
      : sql`update wallets set held_at = null, hold_kind = null, hold_reason = null, held_by = null,
              updated_at = ${ts}::timestamptz where user_id = ${userId}`,
  );
}

export type OrganizationRow = {
  id: string;
  name: string;
  address: string;
  email: string | null;
  userCount: number;
  createdAt: Date;
};

/** Every organization with how many users belong to it, newest first (at most ADMIN_LIST_CAP). */
export async function listOrganizations(db: Db): Promise<OrganizationRow[]> {
  const members = db
    .select({ organizationId: users.organizationId, n: count().as('n') })
    .from(users)
    .groupBy(users.organizationId)
    .as('members');
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      address: organizations.address,
      email: organizations.email,
      userCount: members.n,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .leftJoin(members, eq(members.organizationId, organizations.id))
    .orderBy(desc(organizations.createdAt), desc(organizations.id))
    .limit(ADMIN_LIST_CAP);
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0) }));
}

export type StatsRow = {
  totalUsers: number;
  totalOrganizations: number;
  revenueCents: number;
  activeShipments: number;
  carrierCostCents: number;
  marginCents: number;
  flaggedWallets: number;
};

/**
 * The back-office figures. `monthStart` is the first Toronto day of the month ('YYYY-MM-01'); the
 * month runs from its midnight in Toronto to the next month's.
 */
export async function stats(db: Db, monthStart: string): Promise<StatsRow> {
  const from = sql`(${monthStart}::date::timestamp at time zone 'America/Toronto')`;
  const to = sql`((${monthStart}::date + interval '1 month')::timestamp at time zone 'America/Toronto')`;
  const [row] = rowsOf<Record<keyof StatsRow, string | number | null>>(
    await db.execute(sql`
      select
        (select count(*) from users) as "totalUsers",
        (select count(*) from organizations) as "totalOrganizations",
        (select coalesce(sum(case when type = 'shipping_charge' then amount_cents else -amount_cents end), 0)
           from wallet_transactions
           where status = 'completed'
             and ((type = 'shipping_charge' and direction = 'debit') or (type = 'refund' and direction = 'credit'))
             and created_at >= ${from} and created_at < ${to}) as "revenueCents",
        -- Two counts, each matching one partial index (every status but delivered, cancelled and failed).
        (select count(*) from shipments where status in ('label_created', 'in_transit', 'out_for_delivery'))
          + (select count(*) from shipments where status = 'purchasing') as "activeShipments",
        m."carrierCostCents", m."marginCents",
        (select count(*) from wallets where flagged_at is not null) as "flaggedWallets"
      from (
        select coalesce(sum(carrier_price_cents), 0) as "carrierCostCents",
               coalesce(sum(price_cents - carrier_price_cents), 0) as "marginCents"
        from shipments
        where created_at >= ${from} and created_at < ${to} and status not in ('failed', 'cancelled')
      ) m`),
  );
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  return {
    totalUsers: n(row?.totalUsers),
    totalOrganizations: n(row?.totalOrganizations),
    revenueCents: n(row?.revenueCents),
    activeShipments: n(row?.activeShipments),
    carrierCostCents: n(row?.carrierCostCents),
    marginCents: n(row?.marginCents),
    flaggedWallets: n(row?.flaggedWallets),
  };
}

// ---------------------------------------------------------------------------------------------
// All orders

export type AdminShipmentRow = {
  id: string;
  trackingNumber: string | null;
  orderCode: string;
  carrier: string;
  serviceCode: string;
  serviceName: string;
  fromAddress: StoredParty;
  toAddress: StoredParty;
  totalCents: number;
  priceCents: number;
  carrierPriceCents: number;
  status: string;
  createdAt: Date;
  user: { id: string; firstName: string; lastName: string; email: string };
  organization: { id: string; name: string; email: string | null } | null;
};

/**
 * Shipments matching the search: the user's search over search_text (the trigram GIN index on
 * (user_id, search_text) serves a condition on search_text alone: a GIN index's columns are
 * searched independently), or the email of the user who placed them (their rows by user_id).
 * The union keeps each arm on its own index rather than one filter over the whole table.
 */
function adminWhere(search: string | null): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`${shipments.id} in (
    select m.id from shipments m where m.search_text like ${pattern}
    union
    select o.id from users u join shipments o on o.user_id = u.id where lower(u.email) like ${pattern}
  )`;
}

/**
 * One page of every user's shipments, newest first, and how many match, read as the user's list
 * reads its pages (db/deep-page.ts).
 */
export async function listAllShipments(
  db: Db,
  q: { search: string | null; limit: number; offset: number },
): Promise<{ rows: AdminShipmentRow[]; total: number }> {
  const where = adminWhere(q.search);
  return readDeepPage(
    q,
    async () => ({ total: (await db.select({ n: count() }).from(shipments).where(where))[0]?.n ?? 0 }),
    (limit, offset, from) => shipmentPage(db, where, limit, offset, from),
  );
}

async function shipmentPage(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
  from: 'newest' | 'oldest',
): Promise<AdminShipmentRow[]> {
  const order =
    from === 'newest' ? [desc(shipments.createdAt), desc(shipments.id)] : [asc(shipments.createdAt), asc(shipments.id)];
  // The page's ids from the index alone, then only those rows with their user and organization.
  const ids = (
    await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      orderCode: shipments.orderCode,
      carrier: shipments.carrier,
      serviceCode: shipments.serviceCode,
      serviceName: shipments.serviceName,
      fromAddress: shipments.fromAddress,
      toAddress: shipments.toAddress,
      totalCents: shipments.totalCents,
      priceCents: shipments.priceCents,
      carrierPriceCents: shipments.carrierPriceCents,
      status: shipments.status,
      createdAt: shipments.createdAt,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      organization: { id: organizations.id, name: organizations.name, email: organizations.email },
    })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.userId))
    .leftJoin(organizations, eq(organizations.id, shipments.organizationId))
    .where(inArray(shipments.id, ids))
    .orderBy(...order);
}

// ---------------------------------------------------------------------------------------------
// Customers with saved cards

export type CustomerCardRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  organization_name: string | null;
  balance_cents: string | number | null;
  provider_method_id: string;
  brand: string;
  last4: string;
  exp_month: string | number;
  exp_year: string | number;
  is_default: boolean;
};

/**
 * Users with at least one saved card (any provider), newest user first (at most ADMIN_LIST_CAP
 * users), one row per card: each user's default card first, then oldest first.
 */
export async function customerCards(db: Db): Promise<CustomerCardRow[]> {
  return rowsOf<CustomerCardRow>(
    await db.execute(sql`
      with customers as (
        select u.id, u.created_at from users u
        where exists (select 1 from payment_methods p where p.user_id = u.id)
        order by u.created_at desc, u.id desc
        limit ${ADMIN_LIST_CAP}
      )
      select u.id as user_id, u.first_name, u.last_name, u.email, u.is_active, o.name as organization_name,
        w.balance_cents, p.provider_method_id, p.brand, p.last4, p.exp_month, p.exp_year, p.is_default
      from customers c
      join users u on u.id = c.id
      join payment_methods p on p.user_id = u.id
      left join organizations o on o.id = u.organization_id
      left join wallets w on w.user_id = u.id
      order by c.created_at desc, c.id desc, p.is_default desc, p.created_at, p.id`),
  );
}

// ---------------------------------------------------------------------------------------------
// Role and active flag

export type LockedUser = { id: string; role: AdminUserRow['role']; isActive: boolean };

/**
 * Locks the target user and every active admin, in id order (so that two changes at once take
 * their locks in the same order and queue instead of deadlocking), in the caller's transaction.
 * A change that waited re-reads the rows another one committed: a second demotion sees the first.
 * Answers the target (null when there is none) and how many active admins there are besides it.
 */
export async function lockForUserChange(
  db: Db,
  userId: string,
): Promise<{ target: LockedUser | null; otherActiveAdmins: number }> {
  const rows = rowsOf<{ id: string; role: LockedUser['role']; is_active: boolean }>(
    await db.execute(sql`
      select id, role, is_active from users
      where id = ${userId} or (role = 'admin' and is_active)
      order by id
      for update`),
  );
  const target = rows.find((r) => r.id === userId);
  const otherActiveAdmins = rows.filter((r) => r.id !== userId && r.role === 'admin' && r.is_active).length;
  return {
    target: target ? { id: target.id, role: target.role, isActive: target.is_active } : null,
    otherActiveAdmins,
  };
}

export async function setRole(db: Db, userId: string, role: LockedUser['role'], now: Date): Promise<void> {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
}

export async function setActive(db: Db, userId: string, isActive: boolean, now: Date): Promise<void> {
  await db.update(users).set({ isActive, updatedAt: now }).where(eq(users.id, userId));
}

/** Ends every session of the user; answers how many there were. */
export async function endSessions(db: Db, userId: string): Promise<number> {
  const gone = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return gone.length;
}
