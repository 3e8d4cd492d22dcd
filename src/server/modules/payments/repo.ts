/**
 * Our side of card payments (migration 0009): the provider customer of each user, each payment
 * intent with its credit and reversals, the saved cards as we show them, the webhook events applied.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import type { TCardError } from '../../../shared/contracts/payments';
import type { SavedCard } from '../../providers/payments/index';

export type IntentRow = {
  id: string;
  userId: string;
  provider: string;
  providerIntentId: string | null;
  purpose: 'topup' | 'admin_charge';
  amountCents: number;
  saveCard: boolean;
  status: string;
  description: string;
  createdBy: string | null;
  creditedTransactionId: string | null;
  reversedCents: number;
  /** When the card that paid it was disputed (a chargeback on this payment). */
  disputedAt: Date | null;
  /** When we refused to credit it (it was paid with a disputed card: decision 021). */
  refusedAt: Date | null;
};

type RawIntent = {
  id: string;
  user_id: string;
  provider: string;
  provider_intent_id: string | null;
  purpose: 'topup' | 'admin_charge';
  amount_cents: string | number;
  save_card: boolean;
  status: string;
  description: string;
  created_by: string | null;
  credited_transaction_id: string | null;
  reversed_cents: string | number;
  disputed_at: string | Date | null;
  refused_at: string | Date | null;
};

const toIntent = (r: RawIntent): IntentRow => ({
  id: r.id,
  userId: r.user_id,
  provider: r.provider,
  providerIntentId: r.provider_intent_id,
  purpose: r.purpose,
  amountCents: Number(r.amount_cents),
  saveCard: r.save_card,
  status: r.status,
  description: r.description,
  createdBy: r.created_by,
  creditedTransactionId: r.credited_transaction_id,
  reversedCents: Number(r.reversed_cents),
  disputedAt: r.disputed_at ? new Date(r.disputed_at) : null,
  refusedAt: r.refused_at ? new Date(r.refused_at) : null,
});

export async function customerIdOf(db: Db, userId: string, provider: string): Promise<string | null> {
  const [row] = rowsOf<{ customer_id: string }>(
    await db.execute(
      sql`select customer_id from payment_customers where user_id = ${userId} and provider = ${provider}`,
    ),
  );
  return row?.customer_id ?? null;
}

/** Keeps the first customer recorded for the user (a concurrent creator's insert does nothing). */
export async function saveCustomer(
  db: Db,
  userId: string,
  provider: string,
  customerId: string,
  at: Date,
): Promise<string> {
  await db.execute(sql`
    insert into payment_customers (user_id, provider, customer_id, created_at)
    values (${userId}, ${provider}, ${customerId}, ${at.toISOString()}::timestamptz)
    on conflict do nothing`);
  return (await customerIdOf(db, userId, provider)) as string;
}

export async function insertIntent(
  db: Db,
  row: {
    userId: string;
    provider: string;
    purpose: 'topup' | 'admin_charge';
    amountCents: number;
    saveCard: boolean;
    description: string;
    createdBy?: string | null;
    idempotencyKey?: string | null;
    requestHash?: string | null;
  },
  at: Date,
): Promise<string | null> {
  const id = randomUUID();
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into payment_intents (id, user_id, provider, purpose, amount_cents, save_card, status, description,
        created_by, idempotency_key, request_hash, created_at, updated_at)
      values (${id}, ${row.userId}, ${row.provider}, ${row.purpose}, ${row.amountCents}::bigint, ${row.saveCard},
        'creating', ${row.description}, ${row.createdBy ?? null}::uuid, ${row.idempotencyKey ?? null},
        ${row.requestHash ?? null}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      on conflict do nothing
      returning id`),
  );
  // Null: the admin's Idempotency-Key names an earlier charge (intentByKey finds it).
  return inserted[0]?.id ?? null;
}

/** An admin's charge by their Idempotency-Key. */
export async function intentByKey(
  db: Db,
  createdBy: string,
  key: string,
): Promise<(IntentRow & { requestHash: string | null; lastError: TCardError | null }) | null> {
  const [row] = rowsOf<RawIntent & { request_hash: string | null; last_error: TCardError | string | null }>(
    await db.execute(sql`select * from payment_intents where created_by = ${createdBy} and idempotency_key = ${key}`),
  );
  if (!row) return null;
  const lastError = typeof row.last_error === 'string' ? (JSON.parse(row.last_error) as TCardError) : row.last_error;
  return { ...toIntent(row), requestHash: row.request_hash, lastError };
}

export async function setIntentState(
  db: Db,
  id: string,
  state: { providerIntentId?: string; status: string; lastError?: TCardError | null },
  at: Date,
): Promise<void> {
  await db.execute(sql`
    update payment_intents set
      provider_intent_id = coalesce(${state.providerIntentId ?? null}, provider_intent_id),
      status = ${state.status},
      last_error = ${state.lastError ? JSON.stringify(state.lastError) : null}::jsonb,
      updated_at = ${at.toISOString()}::timestamptz
    where id = ${id}`);
}

/** The intent by the provider's id; `lock` holds its row for the rest of the transaction. */
export async function intentByProviderId(
  db: Db,
  provider: string,
  providerIntentId: string,
  opts: { lock?: boolean } = {},
): Promise<IntentRow | null> {
  const [row] = rowsOf<RawIntent>(
    await db.execute(sql`
      select * from payment_intents where provider = ${provider} and provider_intent_id = ${providerIntentId}
      ${opts.lock ? sql`for update` : sql``}`),
  );
  return row ? toIntent(row) : null;
}

/** The intent by our id; `lock` holds its row for the rest of the transaction. */
export async function intentById(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<IntentRow | null> {
  const [row] = rowsOf<RawIntent>(
    await db.execute(sql`select * from payment_intents where id = ${id} ${opts.lock ? sql`for update` : sql``}`),
  );
  return row ? toIntent(row) : null;
}

export async function markCredited(db: Db, id: string, transactionId: string, at: Date): Promise<void> {
  await db.execute(sql`
    update payment_intents set credited_transaction_id = ${transactionId}::uuid, credited_at = ${at.toISOString()}::timestamptz,
      updated_at = ${at.toISOString()}::timestamptz
    where id = ${id}`);
}

export async function addReversed(db: Db, id: string, cents: number, at: Date): Promise<void> {
  await db.execute(sql`
    update payment_intents set reversed_cents = reversed_cents + ${cents}::bigint, updated_at = ${at.toISOString()}::timestamptz
    where id = ${id}`);
}

/** Keeps the card that paid the intent (the first one the provider names). */
export async function setIntentCard(
  db: Db,
  id: string,
  card: { id: string; fingerprint: string | null },
): Promise<void> {
  await db.execute(sql`
    update payment_intents set card_method_id = coalesce(card_method_id, ${card.id}),
      card_fingerprint = coalesce(card_fingerprint, ${card.fingerprint})
    where id = ${id} and (card_method_id is null or card_fingerprint is null)`);
}

export async function markDisputed(db: Db, id: string, at: Date): Promise<void> {
  await db.execute(sql`
    update payment_intents set disputed_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
    where id = ${id} and disputed_at is null`);
}

export async function markRefused(db: Db, id: string, reason: string, at: Date): Promise<void> {
  await db.execute(sql`
    update payment_intents set refused_at = ${at.toISOString()}::timestamptz, refused_reason = ${reason},
      updated_at = ${at.toISOString()}::timestamptz
    where id = ${id} and refused_at is null`);
}

/**
 * An earlier payment of this user with this provider, disputed by its cardholder and made with the
 * same card: the same payment method, or the same fingerprint (the same card number, whatever the
 * method). Null when the card has no dispute on this user's payments.
 */
export async function disputedPaymentWith(
  db: Db,
  userId: string,
  provider: string,
  card: { id: string; fingerprint: string | null },
  exceptIntentId?: string,
): Promise<{ id: string; providerIntentId: string | null; userId: string } | null> {
  const [row] = rowsOf<{ id: string; provider_intent_id: string | null; user_id: string }>(
    await db.execute(sql`
      select id, provider_intent_id, user_id from payment_intents
      where user_id = ${userId} and provider = ${provider} and disputed_at is not null
        ${exceptIntentId ? sql`and id <> ${exceptIntentId}` : sql``}
        and (card_method_id = ${card.id}
             ${card.fingerprint ? sql`or card_fingerprint = ${card.fingerprint}` : sql``})
      order by disputed_at
      limit 1`),
  );
  return row ? { id: row.id, providerIntentId: row.provider_intent_id, userId: row.user_id } : null;
}

export type CardRow = {
  id: string;
  userId: string;
  provider: string;
  providerMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string | null;
  isDefault: boolean;
  /** A payment of this user made with this card (same method or fingerprint) was disputed: it pays no more (decision 021). */
  disputed: boolean;
  createdAt: Date;
};

type RawCard = {
  id: string;
  user_id: string;
  provider: string;
  provider_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string | null;
  is_default: boolean;
  created_at: string | Date;
  disputed?: boolean | null;
};

const toCard = (r: RawCard): CardRow => ({
  id: r.id,
  userId: r.user_id,
  provider: r.provider,
  providerMethodId: r.provider_method_id,
  brand: r.brand,
  last4: r.last4,
  expMonth: Number(r.exp_month),
  expYear: Number(r.exp_year),
  fingerprint: r.fingerprint,
  isDefault: r.is_default,
  disputed: r.disputed === true,
  createdAt: new Date(r.created_at),
});

/** Whether a payment of the card's owner with this card (its method or its fingerprint) was disputed. */
const cardDisputed = sql`exists (
  select 1 from payment_intents pi
  where pi.user_id = pm.user_id and pi.provider = pm.provider and pi.disputed_at is not null
    and (pi.card_method_id = pm.provider_method_id
         or (pm.fingerprint is not null and pi.card_fingerprint = pm.fingerprint))) as disputed`;

/**
 * The user's cards with this provider: the default first, then oldest first. `lock` holds them all,
 * taken in id order (an order no change alters, so two transactions never lock them crosswise).
 */
export async function cardsOf(
  db: Db,
  userId: string,
  provider: string,
  opts: { lock?: boolean } = {},
): Promise<CardRow[]> {
  const cards = rowsOf<RawCard>(
    await db.execute(sql`
      select pm.*, ${cardDisputed} from payment_methods pm where pm.user_id = ${userId} and pm.provider = ${provider}
      order by pm.id
      ${opts.lock ? sql`for update` : sql``}`),
  ).map(toCard);
  return cards.sort(
    (a, b) =>
      Number(b.isDefault) - Number(a.isDefault) ||
      Number(a.disputed) - Number(b.disputed) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** A card by the provider's payment method id, whoever owns it. */
export async function cardByProviderId(db: Db, provider: string, providerMethodId: string): Promise<CardRow | null> {
  const [row] = rowsOf<RawCard>(
    await db.execute(
      sql`select pm.*, ${cardDisputed} from payment_methods pm where pm.provider = ${provider} and pm.provider_method_id = ${providerMethodId}`,
    ),
  );
  return row ? toCard(row) : null;
}

/**
 * Records a card the user just paid with and asked to keep: once per provider payment method, and
 * once per physical card (same fingerprint and expiry) for the user. The first card is the default.
 * Call with the user's cards locked. Answers whether a card was added.
 */
export async function addCard(db: Db, userId: string, provider: string, card: SavedCard, at: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into payment_methods (id, user_id, provider, provider_method_id, brand, last4, exp_month, exp_year,
        fingerprint, is_default, created_at)
      select ${randomUUID()}, ${userId}, ${provider}, ${card.id}, ${card.brand}, ${card.last4}, ${card.expMonth},
        ${card.expYear}, ${card.fingerprint},
        not exists (select 1 from payment_methods where user_id = ${userId} and provider = ${provider} and is_default),
        ${at.toISOString()}::timestamptz
      where not exists (
        select 1 from payment_methods
        where user_id = ${userId} and provider = ${provider}
          and (provider_method_id = ${card.id}
            or (fingerprint is not null and fingerprint = ${card.fingerprint}
                and exp_month = ${card.expMonth} and exp_year = ${card.expYear}))
      )
      on conflict do nothing
      returning id`),
  );
  return rows.length > 0;
}

export async function setDefault(db: Db, userId: string, provider: string, cardId: string): Promise<void> {
  await db.execute(
    sql`update payment_methods set is_default = false where user_id = ${userId} and provider = ${provider} and is_default and id <> ${cardId}`,
  );
  await db.execute(sql`update payment_methods set is_default = true where id = ${cardId}`);
}

/**
 * After a dispute: a disputed card stops being the default; the newest card without a dispute
 * becomes it (none when every card is disputed). Locks the user's cards. Answers the cards that
 * were and became default (null when nothing changed).
 */
export async function moveDefaultOffDisputed(
  db: Db,
  userId: string,
  provider: string,
): Promise<{ from: CardRow; to: CardRow | null } | null> {
  const cards = await cardsOf(db, userId, provider, { lock: true });
  const current = cards.find((c) => c.isDefault);
  if (!current?.disputed) return null;
  const next =
    cards.filter((c) => !c.disputed).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] ?? null;
  if (next) await setDefault(db, userId, provider, next.id);
  else await db.execute(sql`update payment_methods set is_default = false where id = ${current.id}`);
  return { from: current, to: next };
}

export async function deleteCard(db: Db, cardId: string): Promise<void> {
  await db.execute(sql`delete from payment_methods where id = ${cardId}`);
}

/** Records a webhook event; false when it was recorded before (a replay: apply nothing). */
export async function recordWebhookEvent(
  db: Db,
  event: { provider: string; id: string; type: string; paymentIntentId: string | null },
  at: Date,
): Promise<boolean> {
  const rows = rowsOf<{ event_id: string }>(
    await db.execute(sql`
      insert into payment_webhook_events (provider, event_id, type, payment_intent_id, received_at)
      values (${event.provider}, ${event.id}, ${event.type}, ${event.paymentIntentId}, ${at.toISOString()}::timestamptz)
      on conflict do nothing
      returning event_id`),
  );
  return rows.length > 0;
}

/** The user an admin charges, with whether they are active. */
export async function userActive(db: Db, userId: string): Promise<{ id: string; isActive: boolean } | undefined> {
  const [customer] = await db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return customer;
}
