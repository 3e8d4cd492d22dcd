/**
 * The wallet ledger (DESIGN §3): the only code that changes a balance.
 *
 * `applyEntry` is one statement: the guarded balance update, the append-only ledger entry with the
 * balance after it, and the audit entry, chained in one data-modifying CTE, so that they happen
 * together or not at all and a debit the balance cannot cover writes nothing. Run it inside the
 * caller's transaction when the entry goes with another change (an order, a refund with its
 * shipment's status): the row lock the UPDATE takes on the wallet serialises every change to that
 * wallet, on one process or many.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { centsToDecimal } from '../../../shared/money';

export type EntryType = 'topup' | 'shipping_charge' | 'refund' | 'adjustment' | 'admin_charge';

export type LedgerEntry = {
  type: EntryType;
  direction: 'credit' | 'debit';
  amountCents: number;
  description: string;
  reference?: string | null;
  shipmentId?: string | null;
  /** Unique per wallet: the same key twice is a unique violation (e.g. `refund:<shipment id>`). */
  idempotencyKey?: string | null;
  /** Who made the change (an admin), when not the wallet's owner. */
  actorId?: string | null;
  ipAddress?: string | null;
  /** The pending debit this completed debit pays (part of): see settleUncoveredDebits. */
  settlesId?: string | null;
};

export type AppliedEntry = {
  transactionId: string;
  walletId: string;
  balanceAfterCents: number;
  createdAt: Date;
};

/**
 * Applies one completed entry to `userId`'s wallet. A debit the balance cannot cover changes
 * nothing and answers null. Throws on a repeated idempotency key (unique violation).
 *
 * `alongside` is another data-modifying statement that belongs with the entry (an order's shipment
 * row): it becomes part of the same statement, selecting `from w` (the updated wallet, one row or
 * none), so it happens exactly when the balance changes — one round trip, no explicit transaction.
 */
export async function applyEntry(
  db: Db,
  userId: string,
  entry: LedgerEntry,
  at: Date,
  alongside?: SQL,
): Promise<AppliedEntry | null> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0) {
    throw new RangeError(`ledger amount must be positive integer cents, got ${entry.amountCents}`);
  }
  const delta = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
  const id = randomUUID();
  const atIso = at.toISOString();
  const rows = rowsOf<{ wallet_id: string; balance_after_cents: string | number }>(
    await db.execute(sql`
      with w as (
        update wallets set balance_cents = balance_cents + ${delta}::bigint, updated_at = ${atIso}::timestamptz
        where user_id = ${userId} and balance_cents + ${delta}::bigint >= 0
        returning id, balance_cents, balance_cents - ${delta}::bigint as old_balance
      ), t as (
        insert into wallet_transactions (id, wallet_id, user_id, type, direction, status, amount_cents,
          balance_after_cents, description, reference, shipment_id, idempotency_key, created_by, created_at, settles_id)
        select ${id}, w.id, ${userId}, ${entry.type}, ${entry.direction}, 'completed', ${entry.amountCents}::bigint,
          w.balance_cents, ${entry.description}, ${entry.reference ?? null}, ${entry.shipmentId ?? null}::uuid,
          ${entry.idempotencyKey ?? null}, ${entry.actorId ?? null}::uuid, ${atIso}::timestamptz,
          ${entry.settlesId ?? null}::uuid
        from w
        returning wallet_id, balance_after_cents
      ), a as (
        insert into audit_logs (id, user_id, action, resource_type, resource_id, old_value, new_value, ip_address, details, created_at)
        select gen_random_uuid(), ${entry.actorId ?? userId}::uuid, ${`wallet.${entry.type}`}, 'wallet', w.id::text,
          jsonb_build_object('balanceCents', w.old_balance),
          jsonb_build_object('balanceCents', w.balance_cents, 'transactionId', ${id}::text, 'userId', ${userId}::text,
                             'amountCents', ${entry.amountCents}::bigint, 'direction', ${entry.direction}::text),
          ${entry.ipAddress ?? null}, ${entry.description}, ${atIso}::timestamptz
        from w
      )${alongside ? sql`, c as (${alongside})` : sql``}
      select wallet_id, balance_after_cents from t`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    transactionId: id,
    walletId: row.wallet_id,
    balanceAfterCents: Number(row.balance_after_cents),
    createdAt: at,
  };
}

/**
 * Records a debit the balance cannot cover as a `pending` entry (it moves no money: the invariant
 * counts completed entries only), with the balance as it stands. Call it with the wallet locked
 * (lockWallet) in the caller's transaction, next to the flag that tells an admin.
 */
export async function recordUncoveredDebit(
  db: Db,
  userId: string,
  entry: Omit<LedgerEntry, 'direction' | 'shipmentId'>,
  at: Date,
): Promise<string> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0) {
    throw new RangeError(`ledger amount must be positive integer cents, got ${entry.amountCents}`);
  }
  const id = randomUUID();
  await db.execute(sql`
    insert into wallet_transactions (id, wallet_id, user_id, type, direction, status, amount_cents,
      balance_after_cents, description, reference, idempotency_key, created_by, created_at)
    select ${id}, w.id, ${userId}, ${entry.type}, 'debit', 'pending', ${entry.amountCents}::bigint, w.balance_cents,
      ${entry.description}, ${entry.reference ?? null}, ${entry.idempotencyKey ?? null}, ${entry.actorId ?? null}::uuid,
      ${at.toISOString()}::timestamptz
    from wallets w where w.user_id = ${userId}`);
  return id;
}

/** Marks the wallet for an admin's attention, with the reason (the audit entry says more). */
export async function flagWallet(db: Db, userId: string, reason: string, at: Date): Promise<void> {
  await db.execute(
    sql`update wallets set flagged_at = ${at.toISOString()}::timestamptz, flag_reason = ${reason}, updated_at = ${at.toISOString()}::timestamptz where user_id = ${userId}`,
  );
}

/** The wallet's balance (cents) and id; every user has one (a trigger opens it). */
export async function walletOf(db: Db, userId: string): Promise<{ id: string; balanceCents: number } | null> {
  const rows = rowsOf<{ id: string; balance_cents: string | number }>(
    await db.execute(sql`select id, balance_cents from wallets where user_id = ${userId}`),
  );
  return rows[0] ? { id: rows[0].id, balanceCents: Number(rows[0].balance_cents) } : null;
}

/** Locks the wallet row for the rest of the transaction and answers its balance. */
export async function lockWallet(db: Db, userId: string): Promise<{ id: string; balanceCents: number } | null> {
  const rows = rowsOf<{ id: string; balance_cents: string | number }>(
    await db.execute(sql`select id, balance_cents from wallets where user_id = ${userId} for update`),
  );
  return rows[0] ? { id: rows[0].id, balanceCents: Number(rows[0].balance_cents) } : null;
}

export type OpenDebit = {
  id: string;
  type: EntryType;
  amountCents: number;
  /** What completed debits naming it (settles_id) have paid of it so far. */
  paidCents: number;
  reference: string | null;
  createdAt: Date;
};

/** The wallet's pending debits not yet paid in full (uncovered chargebacks), oldest first. */
export async function openDebits(db: Db, userId: string): Promise<OpenDebit[]> {
  const rows = rowsOf<{
    id: string;
    type: EntryType;
    amount_cents: string | number;
    paid_cents: string | number;
    reference: string | null;
    created_at: string | Date;
  }>(
    await db.execute(sql`
      select p.id, p.type, p.amount_cents, p.reference, p.created_at,
             coalesce((select sum(s.amount_cents) from wallet_transactions s
                       where s.settles_id = p.id and s.wallet_id = p.wallet_id and s.status = 'completed'), 0) as paid_cents
      from wallet_transactions p
      join wallets w on w.id = p.wallet_id
      where w.user_id = ${userId} and p.status = 'pending' and p.direction = 'debit' and p.settled_at is null
      order by p.seq`),
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    amountCents: Number(r.amount_cents),
    paidCents: Number(r.paid_cents),
    reference: r.reference,
    createdAt: new Date(r.created_at),
  }));
}

/** What the wallet still owes of its uncovered chargebacks (cents). */
export async function owedCents(db: Db, userId: string): Promise<number> {
  return (await openDebits(db, userId)).reduce((sum, d) => sum + d.amountCents - d.paidCents, 0);
}

/**
 * Pays the wallet's uncovered chargebacks (its open pending debits) from its balance, oldest first,
 * each payment a completed debit of its own that names the pending entry (`settles_id`, key
 * `settle:<pending id>:<paid so far>`); a pending entry paid in full gets its `settled_at`. Run it
 * in the caller's transaction right after the credit that brought the money: the wallet row is
 * locked first, so concurrent top-ups pay each debt once and an order waiting on the same row sees
 * only what is left. Answers what was paid now and what is still owed.
 */
export async function settleUncoveredDebits(
  db: Db,
  userId: string,
  at: Date,
  opts: { via: string; actorId?: string | null; ipAddress?: string | null },
): Promise<{ paidCents: number; owedCents: number }> {
  const wallet = await lockWallet(db, userId);
  if (!wallet) throw new Error(`wallet of ${userId} not found`);
  let balance = wallet.balanceCents;
  let paid = 0;
  let owed = 0;
  for (const debt of await openDebits(db, userId)) {
    const rest = debt.amountCents - debt.paidCents;
    const pay = Math.min(balance, rest);
    if (pay > 0) {
      const applied = await applyEntry(
        db,
        userId,
        {
          type: debt.type,
          direction: 'debit',
          amountCents: pay,
          description:
            `Chargeback paid from ${opts.via}: ${centsToDecimal(pay)} CAD of the ${centsToDecimal(debt.amountCents)} CAD` +
            ` the balance could not cover${debt.reference ? ` (${debt.reference})` : ''}`,
          reference: debt.reference,
          idempotencyKey: `settle:${debt.id}:${debt.paidCents + pay}`,
          actorId: opts.actorId ?? null,
          ipAddress: opts.ipAddress ?? null,
          settlesId: debt.id,
        },
        at,
      );
      // The wallet is locked and `pay` is at most its balance: this cannot fail.
      if (!applied) throw new Error(`could not pay the pending debit ${debt.id}`);
      balance -= pay;
      paid += pay;
    }
    if (pay === rest) {
      await db.execute(
        sql`update wallet_transactions set settled_at = ${at.toISOString()}::timestamptz where id = ${debt.id} and settled_at is null`,
      );
    } else {
      owed += rest - pay;
    }
  }
  return { paidCents: paid, owedCents: owed };
}

export type LedgerBreak = {
  walletId: string;
  userId: string;
  balanceCents: number;
  ledgerCents: number;
  /** Entries whose balance_after does not follow from the one before (running sum), if any. */
  brokenChainAt: string | null;
  /**
   * An entry where paying an uncovered chargeback does not add up (decision 021): a pending debit paid
   * more than its amount, marked settled but not paid in full (or the reverse), or a payment that
   * names no pending debit of its wallet. Null when none.
   */
  badSettlementAt: string | null;
};

/**
 * DESIGN §3's invariant for every wallet: completed credits − completed debits = balance, no
 * balance negative, and each entry's balance_after is the running sum; and (decision 021) the
 * payments of each pending debit add up to at most its amount, exactly when it is marked settled.
 * Answers the wallets that break it.
 */
export async function verifyLedger(db: Db): Promise<{ wallets: number; entries: number; breaks: LedgerBreak[] }> {
  const rows = rowsOf<{
    wallet_id: string;
    user_id: string;
    balance_cents: string | number;
    ledger_cents: string | number;
    entries: string | number;
    broken_at: string | null;
    bad_settlement_at: string | null;
  }>(
    await db.execute(sql`
      with e as (
        select t.wallet_id, t.id, t.seq, t.balance_after_cents,
               sum(case when t.direction = 'credit' then t.amount_cents else -t.amount_cents end)
                 filter (where t.status = 'completed')
                 over (partition by t.wallet_id order by t.seq rows unbounded preceding) as running
        from wallet_transactions t
      ), s as (
        select wallet_id, count(*) as entries,
               (array_agg(id order by seq) filter (where balance_after_cents <> coalesce(running, 0)))[1]::text as broken_at
        from e group by wallet_id
      ), l as (
        select wallet_id,
               coalesce(sum(case when direction = 'credit' then amount_cents else -amount_cents end)
                 filter (where status = 'completed'), 0) as ledger_cents
        from wallet_transactions group by wallet_id
      ), d as (
        select p.wallet_id, p.id, p.amount_cents, p.settled_at,
               coalesce(sum(x.amount_cents) filter (where x.status = 'completed' and x.direction = 'debit'), 0) as paid
        from wallet_transactions p
        left join wallet_transactions x on x.settles_id = p.id and x.wallet_id = p.wallet_id
        where p.status = 'pending' and p.direction = 'debit'
        group by p.wallet_id, p.id, p.amount_cents, p.settled_at
      ), bad as (
        select wallet_id, id from d
        where paid > amount_cents or ((settled_at is not null) <> (paid = amount_cents))
        union all
        select x.wallet_id, x.id from wallet_transactions x
        left join wallet_transactions p on p.id = x.settles_id
        where x.settles_id is not null
          and (x.status <> 'completed' or x.direction <> 'debit' or p.id is null or p.wallet_id <> x.wallet_id
               or p.status <> 'pending' or p.direction <> 'debit')
        union all
        select wallet_id, id from wallet_transactions where settled_at is not null and (status <> 'pending' or direction <> 'debit')
      ), b as (
        select wallet_id, min(id::text) as bad_settlement_at from bad group by wallet_id
      )
      select w.id as wallet_id, w.user_id, w.balance_cents, coalesce(l.ledger_cents, 0) as ledger_cents,
             coalesce(s.entries, 0) as entries, s.broken_at, b.bad_settlement_at
      from wallets w left join l on l.wallet_id = w.id left join s on s.wallet_id = w.id
        left join b on b.wallet_id = w.id`),
  );
  const breaks: LedgerBreak[] = [];
  let entries = 0;
  for (const r of rows) {
    entries += Number(r.entries);
    const balanceCents = Number(r.balance_cents);
    const ledgerCents = Number(r.ledger_cents);
    if (balanceCents !== ledgerCents || balanceCents < 0 || r.broken_at || r.bad_settlement_at) {
      breaks.push({
        walletId: r.wallet_id,
        userId: r.user_id,
        balanceCents,
        ledgerCents,
        brokenChainAt: r.broken_at,
        badSettlementAt: r.bad_settlement_at,
      });
    }
  }
  return { wallets: rows.length, entries, breaks };
}
