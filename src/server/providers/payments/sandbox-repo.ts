/**
 * The sandbox card provider's statements on its `sandbox_payment_*` tables (sandbox.ts holds the
 * provider's rules). Each function is one statement on the handle it is given: the app's database, or
 * the transaction the provider opened for an intent's change and the event it causes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { CardBrand, TCardError } from '../../../shared/contracts/payments';
import type { IntentStatus } from './index';
import type { CardBehaviour } from './sandbox-cards';

/** The database or a transaction: every statement here is one `execute`. */
export type Exec = Pick<Db, 'execute'>;
const q = async <T>(ex: Exec, query: SQL): Promise<T[]> => rowsOf<T>(await ex.execute(query));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type IntentRow = {
  id: string;
  client_secret_hash: string;
  amount_cents: string | number;
  currency: string;
  customer_id: string | null;
  description: string;
  metadata: Record<string, string> | null;
  setup_future_usage: boolean;
  status: IntentStatus;
  payment_method_id: string | null;
  last_error: TCardError | null;
  amount_refunded_cents: string | number;
  disputed: boolean;
  created_at: Date | string;
  pm_brand: CardBrand | null;
  pm_last4: string | null;
  pm_exp_month: number | null;
  pm_exp_year: number | null;
  pm_fingerprint: string | null;
  pm_customer_id: string | null;
};

export type MethodRow = {
  id: string;
  customer_id: string | null;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  behaviour: CardBehaviour;
  created_at: Date | string;
};

export type EventRow = { id: string; type: string; payload: string; attempts: number };

/** Stores this install's webhook secret and key unless they exist already (the first ones stay). */
export async function insertInstallSecrets(ex: Exec, webhookSecret: string, installKey: string): Promise<void> {
  await ex.execute(sql`
        insert into sandbox_payment_settings (key, value)
        values ('webhook_secret', ${webhookSecret}),
               ('install_key', ${installKey})
        on conflict (key) do nothing`);
}

export function selectInstallSecrets(ex: Exec): Promise<{ key: string; value: string }[]> {
  return q<{ key: string; value: string }>(
    ex,
    sql`select key, value from sandbox_payment_settings where key in ('webhook_secret', 'install_key')`,
  );
}

/** The intent with its payment method's card; locked (FOR UPDATE of the intent) when asked. */
export async function selectIntent(ex: Exec, id: string, lock = false): Promise<IntentRow | null> {
  const [row] = await q<IntentRow>(
    ex,
    sql`
        select i.*, pm.brand as pm_brand, pm.last4 as pm_last4, pm.exp_month as pm_exp_month,
               pm.exp_year as pm_exp_year, pm.fingerprint as pm_fingerprint, pm.customer_id as pm_customer_id
        from sandbox_payment_intents i
        left join sandbox_payment_methods pm on pm.id = i.payment_method_id
        where i.id = ${id}
        ${lock ? sql`for update of i` : sql``}`,
  );
  return row ?? null;
}

/** An event to deliver from `createdAt` on (its payload: the signed body). */
export async function insertEvent(
  ex: Exec,
  event: { id: string; type: string; payload: string; createdAt: Date },
): Promise<void> {
  const { id, type, createdAt } = event;
  await ex.execute(sql`
      insert into sandbox_payment_events (id, type, payload, deliver_after, created_at)
      values (${id}, ${type}, ${event.payload}, ${ts(createdAt)}, ${ts(createdAt)})`);
}

export async function selectMethod(ex: Exec, id: string): Promise<MethodRow | null> {
  const [row] = await q<MethodRow>(ex, sql`select * from sandbox_payment_methods where id = ${id}`);
  return row ?? null;
}

export async function markIntentSucceeded(ex: Exec, intentId: string, methodId: string, now: Date): Promise<void> {
  await ex.execute(sql`
      update sandbox_payment_intents
      set status = 'succeeded', payment_method_id = ${methodId}, last_error = null, updated_at = ${ts(now)}
      where id = ${intentId}`);
}

/** Saves a card on the customer unless it belongs to someone already. */
export async function attachMethod(ex: Exec, methodId: string, customerId: string): Promise<void> {
  await ex.execute(sql`
        update sandbox_payment_methods set customer_id = ${customerId}
        where id = ${methodId} and customer_id is null`);
}

export async function markIntentFailed(
  ex: Exec,
  intentId: string,
  methodId: string,
  error: TCardError,
  now: Date,
): Promise<void> {
  await ex.execute(sql`
      update sandbox_payment_intents
      set status = 'requires_payment_method', payment_method_id = ${methodId},
          last_error = ${JSON.stringify(error)}::jsonb, updated_at = ${ts(now)}
      where id = ${intentId}`);
}

export async function markIntentRequiresAction(ex: Exec, intentId: string, methodId: string, now: Date): Promise<void> {
  await ex.execute(sql`
          update sandbox_payment_intents
          set status = 'requires_action', payment_method_id = ${methodId}, last_error = null, updated_at = ${ts(now)}
          where id = ${intentId}`);
}

export async function customerExists(ex: Exec, customerId: string): Promise<boolean> {
  const [row] = await q<{ id: string }>(ex, sql`select id from sandbox_payment_customers where id = ${customerId}`);
  return row !== undefined;
}

/** The id of the intent made under this idempotency key, if any. */
export async function intentIdByKey(ex: Exec, key: string): Promise<string | null> {
  const [row] = await q<{ id: string }>(ex, sql`select id from sandbox_payment_intents where idempotency_key = ${key}`);
  return row ? row.id : null;
}

/** Inserts the intent unless its idempotency key is taken: true when inserted. */
export async function insertIntent(
  ex: Exec,
  input: {
    id: string;
    secretHash: string;
    amountCents: number;
    customerId: string;
    description: string;
    metadata: Record<string, string>;
    setupFutureUsage: boolean;
    status: IntentStatus;
    idempotencyKey: string;
  },
  now: Date,
): Promise<boolean> {
  const { id, secretHash } = input;
  const rows = await q<{ id: string }>(
    ex,
    sql`
        insert into sandbox_payment_intents
          (id, client_secret_hash, amount_cents, currency, customer_id, description, metadata,
           setup_future_usage, status, idempotency_key, created_at, updated_at)
        values (${id}, ${secretHash}, ${input.amountCents}, 'cad', ${input.customerId}, ${input.description},
                ${JSON.stringify(input.metadata)}::jsonb, ${input.setupFutureUsage}, ${input.status},
                ${input.idempotencyKey}, ${ts(now)}, ${ts(now)})
        on conflict (idempotency_key) do nothing
        returning id`,
  );
  return rows.length > 0;
}

/** Inserts the customer unless its idempotency key is taken: true when inserted. */
export async function insertCustomer(
  ex: Exec,
  c: { id: string; email: string; name: string; userId: string; idempotencyKey: string; now: Date },
): Promise<boolean> {
  const { id, idempotencyKey, now } = c;
  const rows = await q<{ id: string }>(
    ex,
    sql`
          insert into sandbox_payment_customers (id, email, name, metadata, idempotency_key, created_at)
          values (${id}, ${c.email}, ${c.name}, ${JSON.stringify({ userId: c.userId })}::jsonb,
                  ${idempotencyKey}, ${ts(now)})
          on conflict (idempotency_key) do nothing
          returning id`,
  );
  return rows.length > 0;
}

export async function customerIdByKey(ex: Exec, idempotencyKey: string): Promise<string | null> {
  const [existing] = await q<{ id: string }>(
    ex,
    sql`select id from sandbox_payment_customers where idempotency_key = ${idempotencyKey}`,
  );
  return existing ? existing.id : null;
}

/** A new card, saved on nobody yet. */
export async function insertMethod(
  ex: Exec,
  m: {
    id: string;
    brand: CardBrand;
    last4: string;
    expMonth: number;
    expYear: number;
    fingerprint: string;
    behaviour: CardBehaviour;
    cardholderName: string | null;
    now: Date;
  },
): Promise<MethodRow> {
  const { fingerprint, now } = m;
  const [row] = await q<MethodRow>(
    ex,
    sql`
              insert into sandbox_payment_methods
                (id, customer_id, brand, last4, exp_month, exp_year, fingerprint, behaviour, cardholder_name, created_at)
              values (${m.id}, null, ${m.brand}, ${m.last4}, ${m.expMonth}, ${m.expYear}, ${fingerprint},
                      ${m.behaviour}, ${m.cardholderName}, ${ts(now)})
              returning *`,
  );
  return row;
}

/** The customer's saved cards, newest first. */
export function customerMethods(ex: Exec, customerId: string): Promise<MethodRow[]> {
  return q<MethodRow>(
    ex,
    sql`select * from sandbox_payment_methods where customer_id = ${customerId} order by created_at desc, id desc`,
  );
}

/** Takes the card off its customer: false when it was on none. */
export async function detachMethod(ex: Exec, paymentMethodId: string): Promise<boolean> {
  const rows = await q<{ id: string }>(
    ex,
    sql`update sandbox_payment_methods set customer_id = null where id = ${paymentMethodId} and customer_id is not null returning id`,
  );
  return rows.length > 0;
}

export async function addRefund(ex: Exec, intentId: string, take: number, now: Date): Promise<void> {
  await ex.execute(sql`
          update sandbox_payment_intents
          set amount_refunded_cents = amount_refunded_cents + ${take}, updated_at = ${ts(now)}
          where id = ${intentId}`);
}

/** Up to `limit` undelivered events due at `now`, oldest first, locked (others skip them). */
export function lockDueEvents(ex: Exec, now: Date, limit: number): Promise<EventRow[]> {
  return q<EventRow>(
    ex,
    sql`
              select id, type, payload, attempts from sandbox_payment_events
              where delivered_at is null and deliver_after <= ${ts(now)}
              order by seq
              limit ${limit}
              for update skip locked`,
  );
}

/** Counts an attempt on each event and leases them until `until` (another pass may retry them then). */
export async function leaseEvents(ex: Exec, eventIds: string[], until: Date): Promise<void> {
  const ids = sql.join(
    eventIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await ex.execute(sql`
            update sandbox_payment_events
            set attempts = attempts + 1, deliver_after = ${ts(until)}
            where id in (${ids})`);
}

export async function markIntentDisputed(ex: Exec, intentId: string, now: Date): Promise<void> {
  await ex.execute(sql`
                update sandbox_payment_intents set disputed = true, updated_at = ${ts(now)}
                where id = ${intentId} and not disputed`);
}

export async function markEventDelivered(ex: Exec, eventId: string, at: Date): Promise<void> {
  await ex.execute(sql`
              update sandbox_payment_events set delivered_at = ${ts(at)} where id = ${eventId} and delivered_at is null`);
}

export async function deferEvent(ex: Exec, eventId: string, retryAt: Date): Promise<void> {
  await ex.execute(sql`
              update sandbox_payment_events set deliver_after = ${ts(retryAt)} where id = ${eventId} and delivered_at is null`);
}
