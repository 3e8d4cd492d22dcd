/** The notification module's queries (decision 031): switches, the outbox, the unsubscribe key. */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { TLocale } from '../../../shared/contracts/user';
import type { MailKind } from './kinds';

const COLUMN_OF: Record<MailKind, string> = {
  receipt: 'notify_receipts',
  credit_note: 'notify_credit_notes',
  topup_receipt: 'notify_topup_receipts',
  low_balance: 'notify_low_balance',
  tracking: 'notify_tracking',
};

export type Recipient = { email: string; locale: TLocale; on: boolean };

/**
 * Where a mail of `kind` goes, and whether the switches (email, and the kind's) let it go now, as one
 * column another statement can read too (the receipt mail's, decision 059); null when the user is gone.
 */
export function recipientColumn(userId: string, kind: MailKind): SQL<Recipient | null> {
  const column = sql.raw(COLUMN_OF[kind]);
  return sql<Recipient | null>`(
    select jsonb_build_object('email', email, 'locale', locale, 'on', notify_email and ${column} and is_active)
    from users where id = ${userId})`;
}

/** Where a mail of `kind` goes, and whether the switches (email, and the kind's) let it go now. */
export async function recipient(db: Db, userId: string, kind: MailKind): Promise<Recipient | null> {
  const [row] = rowsOf<{ recipient: Recipient | null }>(
    await db.execute(sql`select ${recipientColumn(userId, kind)} as recipient`),
  );
  return row?.recipient ?? null;
}

export async function userLocale(db: Db, userId: string): Promise<TLocale | null> {
  const [row] = rowsOf<{ locale: TLocale }>(await db.execute(sql`select locale from users where id = ${userId}`));
  return row?.locale ?? null;
}

/** Turns the kind's switch off; true when it was on. */
export async function switchOff(db: Db, userId: string, kind: MailKind, at: Date): Promise<boolean> {
  const column = sql.raw(COLUMN_OF[kind]);
  const changed = rowsOf(
    await db.execute(
      sql`update users set ${column} = false, updated_at = ${at.toISOString()}::timestamptz
          where id = ${userId} and ${column} returning id`,
    ),
  );
  return changed.length > 0;
}

export type OutboxRow = { id: string; kind: string; userId: string; data: Record<string, unknown> };

/** The oldest outbox rows (committed ones only: the rest are invisible until their transaction ends). */
export async function outboxBatch(db: Db, limit: number): Promise<OutboxRow[]> {
  const rows = rowsOf<{ id: string; kind: string; user_id: string; data: unknown }>(
    await db.execute(
      sql`select id, kind, user_id, data from notification_outbox order by created_at, id limit ${limit}`,
    ),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    userId: r.user_id,
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
  }));
}

/** Deletes these outbox rows (queued now), in one statement. */
export async function deleteOutboxRows(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from notification_outbox where id = any(${`{${ids.join(',')}}`}::uuid[])`);
}

/** The secret named `name`, made from `fresh` by the first caller; the same for every instance after. */
export async function appSecret(db: Db, name: string, fresh: string): Promise<string> {
  await db.execute(sql`insert into app_secrets (name, value) values (${name}, ${fresh}) on conflict do nothing`);
  const [row] = rowsOf<{ value: string }>(await db.execute(sql`select value from app_secrets where name = ${name}`));
  return row!.value;
}
