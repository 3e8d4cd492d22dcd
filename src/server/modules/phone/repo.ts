/** The phone verification queries (issue 27, migration 0031). */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { StoredPhoneCode } from './codes';

export type PhoneCodeRow = StoredPhoneCode & { phone: string };

type Raw = {
  id: string;
  phone_e164: string;
  code_hash: string;
  attempts: number;
  expires_at: string | Date;
  consumed_at: string | Date | null;
  created_at: string | Date;
};

const toRow = (r: Raw): PhoneCodeRow => ({
  id: r.id,
  phone: r.phone_e164,
  codeHash: r.code_hash,
  attempts: Number(r.attempts),
  expiresAt: new Date(r.expires_at),
  consumedAt: r.consumed_at ? new Date(r.consumed_at) : null,
  createdAt: new Date(r.created_at),
});

/** The user's latest code (locked with `forUpdate`, inside a transaction). */
export async function latestCode(db: Db, userId: string, forUpdate = false): Promise<PhoneCodeRow | null> {
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      select id, phone_e164, code_hash, attempts, expires_at, consumed_at, created_at
      from phone_verifications where user_id = ${userId}
      order by created_at desc, id desc limit 1 ${forUpdate ? sql`for update` : sql``}`),
  );
  return rows[0] ? toRow(rows[0]) : null;
}

export async function insertCode(
  db: Db,
  row: { id: string; userId: string; phone: string; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.execute(sql`
    insert into phone_verifications (id, user_id, phone_e164, code_hash, expires_at, created_at)
    values (${row.id}, ${row.userId}, ${row.phone}, ${row.codeHash}, ${row.expiresAt.toISOString()}::timestamptz,
      ${row.now.toISOString()}::timestamptz)`);
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from phone_verifications where id = ${id}`);
}

export async function recordAttempt(db: Db, id: string, attempts: number): Promise<void> {
  await db.execute(sql`update phone_verifications set attempts = ${attempts} where id = ${id}`);
}

/** Closes the user's open codes (used, replaced or the number removed). */
export async function closeCodes(db: Db, userId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update phone_verifications set consumed_at = ${now.toISOString()}::timestamptz
    where user_id = ${userId} and consumed_at is null`);
}

/** Codes sent to `phone` (any account) since `since`: the per-number limit. */
export async function codesToNumberSince(db: Db, phone: string, since: Date): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from phone_verifications
      where phone_e164 = ${phone} and created_at > ${since.toISOString()}::timestamptz`),
  );
  return Number(row?.n ?? 0);
}

export async function setVerifiedPhone(db: Db, userId: string, phone: string | null, now: Date): Promise<void> {
  await db.execute(sql`
    update users set phone_e164 = ${phone},
      phone_verified_at = ${phone ? now.toISOString() : null}::timestamptz,
      notify_sms = case when ${phone}::text is null then false else notify_sms end,
      updated_at = ${now.toISOString()}::timestamptz
    where id = ${userId}`);
}

/** Where a user's SMS go, in which language, and whether the SMS switch and a verified phone let them go now. */
export async function smsRecipient(
  db: Db,
  userId: string,
): Promise<{ phone: string | null; locale: 'en' | 'zh'; on: boolean } | null> {
  const [row] = rowsOf<{ phone: string | null; locale: 'en' | 'zh'; on: boolean }>(
    await db.execute(sql`
      select phone_e164 as phone, locale, (notify_sms and phone_verified_at is not null and is_active) as on
      from users where id = ${userId}`),
  );
  return row ?? null;
}
