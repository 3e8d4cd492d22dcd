/**
 * The ledger's statements (DESIGN §3, decision 014). `ledger.ts` holds the rules (positive integer
 * cents, the entry's id, paying uncovered chargebacks oldest first, what breaks the invariant) and is
 * the only code that changes a balance: it is this file's caller for every write.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { EntryType, LedgerEntry } from './ledger';

/** A data-modifying statement that rides in `applyEntry`'s statement (selecting `from w`). */
export type AlongsideStatement = SQL;

/**
 * The guarded balance update, the completed entry with its balance after, and the audit row, as one
 * data-modifying CTE (`alongside` joins it as `c`). No row when the wallet is missing or a debit
 * exceeds the balance.
 */
export async function insertCompletedEntry(
  db: Db,
  id: string,
  userId: string,
  entry: LedgerEntry,
  delta: number,
  atIso: string,
  alongside?: SQL,
): Promise<{ walletId: string; balanceAfterCents: number } | null> {
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
  return row ? { walletId: row.wallet_id, balanceAfterCents: Number(row.balance_after_cents) } : null;
}

/** A `pending` debit with the balance as it stands (it moves no money). */
export async function insertPendingDebit(
  db: Db,
  id: string,
  userId: string,
  entry: Omit<LedgerEntry, 'direction' | 'shipmentId'>,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    insert into wallet_transactions (id, wallet_id, user_id, type, direction, status, amount_cents,
      balance_after_cents, description, reference, idempotency_key, created_by, created_at)
    select ${id}, w.id, ${userId}, ${entry.type}, 'debit', 'pending', ${entry.amountCents}::bigint, w.balance_cents,
      ${entry.description}, ${entry.reference ?? null}, ${entry.idempotencyKey ?? null}, ${entry.actorId ?? null}::uuid,
      ${at.toISOString()}::timestamptz
    from wallets w where w.user_id = ${userId}`);
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

/** A pending debit paid in full: its `settled_at` (once). */
export async function markDebitSettled(db: Db, debtId: string, at: Date): Promise<void> {
  await db.execute(
    sql`update wallet_transactions set settled_at = ${at.toISOString()}::timestamptz where id = ${debtId} and settled_at is null`,
  );
}

export type WalletTotalsRow = {
  wallet_id: string;
  user_id: string;
  balance_cents: string | number;
  ledger_cents: string | number;
  entries: string | number;
  broken_at: string | null;
  bad_settlement_at: string | null;
};

/**
 * Per wallet: its balance, the sum of its completed entries, its entry count, the first entry whose
 * balance_after breaks the running sum, and the first entry where paying a pending debit does not
 * add up (verifyLedger judges them).
 */
export async function walletTotals(db: Db): Promise<WalletTotalsRow[]> {
  return rowsOf<WalletTotalsRow>(
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
}
