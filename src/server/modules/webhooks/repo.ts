/**
 * Webhook endpoints and deliveries (migration 0025, decision 034), in raw SQL. The deliveries table
 * is the outbox: `webhookEventInsert` is written in the transaction (or statement) of the change
 * that causes the event, one row per endpoint of the user that wants it; the delivery job claims
 * due rows in order per endpoint and records each attempt.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export type EndpointRow = {
  id: string;
  userId: string;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type DeliveryRow = {
  id: string;
  seq: number;
  eventId: string;
  endpointId: string;
  userId: string;
  type: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
};

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : date(v));
const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

function toEndpoint(r: Record<string, unknown>): EndpointRow {
  return {
    id: String(r.id),
    userId: String(r.user_id),
    url: String(r.url),
    events: (r.events as string[]) ?? [],
    secret: String(r.secret),
    enabled: Boolean(r.enabled),
    disabledAt: dateOrNull(r.disabled_at),
    disabledReason: (r.disabled_reason as string | null) ?? null,
    failingSince: dateOrNull(r.failing_since),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

function toDelivery(r: Record<string, unknown>): DeliveryRow {
  return {
    id: String(r.id),
    seq: Number(r.seq),
    eventId: String(r.event_id),
    endpointId: String(r.endpoint_id),
    userId: String(r.user_id),
    type: String(r.type),
    body: String(r.body),
    status: r.status as DeliveryRow['status'],
    attempts: Number(r.attempts),
    nextAttemptAt: date(r.next_attempt_at),
    lastAttemptAt: dateOrNull(r.last_attempt_at),
    responseStatus: r.response_status === null || r.response_status === undefined ? null : Number(r.response_status),
    durationMs: r.duration_ms === null || r.duration_ms === undefined ? null : Number(r.duration_ms),
    error: (r.error as string | null) ?? null,
    deliveredAt: dateOrNull(r.delivered_at),
    createdAt: date(r.created_at),
  };
}

/** A new event id: `evt_` and 16 random bytes, hex. */
export const newEventId = () => `evt_${randomBytes(16).toString('hex')}`;

/** The JSON body of an event, as sent (and signed) on every attempt. */
export function eventBody(eventId: string, type: string, at: Date, data: unknown): string {
  return JSON.stringify({ id: eventId, type, createdAt: at.toISOString(), data });
}

/**
 * The outbox insert of one event for every enabled endpoint of `userId` that wants `type`: a
 * statement to run in the transaction of the change (or a data-modifying CTE of its statement, then
 * with `onlyIf` naming the CTE whose rows say the change happened).
 */
export function webhookEventInsert(userId: string, type: string, data: unknown, now: Date, onlyIf?: SQL): SQL {
  const eventId = newEventId();
  const at = now.toISOString();
  return sql`insert into webhook_deliveries (id, event_id, endpoint_id, user_id, type, body, next_attempt_at, created_at)
    select gen_random_uuid(), ${eventId}, e.id, e.user_id, ${type}, ${eventBody(eventId, type, now, data)},
           ${at}::timestamptz, ${at}::timestamptz
    from webhook_endpoints e
    where e.user_id = ${userId} and e.enabled and ${type}::text = any(e.events)
      ${onlyIf ? sql`and exists (select 1 from ${onlyIf})` : sql``}`;
}

/** Writes the event to the outbox in `tx` (the transaction of the change that caused it). */
export async function enqueueWebhookEvent(tx: Db, userId: string, type: string, data: unknown, now: Date) {
  await tx.execute(webhookEventInsert(userId, type, data, now));
}

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function countEndpoints(db: Db, userId: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from webhook_endpoints where user_id = ${userId}`),
  );
  return Number(r?.n ?? 0);
}

export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function insertEndpoint(
  db: Db,
  v: { userId: string; url: string; events: string[]; secret: string; now: Date },
): Promise<EndpointRow> {
  const at = v.now.toISOString();
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`insert into webhook_endpoints (id, user_id, url, events, secret, created_at, updated_at)
      values (${randomUUID()}, ${v.userId}, ${v.url}, ${textArray(v.events)}, ${v.secret}, ${at}::timestamptz, ${at}::timestamptz)
      returning *`),
  );
  return toEndpoint(rows[0]!);
}

export async function listEndpoints(db: Db, userId: string): Promise<EndpointRow[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from webhook_endpoints where user_id = ${userId} order by created_at, id`),
  ).map(toEndpoint);
}

export async function findEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from webhook_endpoints where user_id = ${userId} and id = ${id}`),
  );
  return rows[0] ? toEndpoint(rows[0]) : null;
}

export async function updateEndpoint(
  db: Db,
  userId: string,
  id: string,
  v: { url?: string; events?: string[]; enabled?: boolean },
  now: Date,
): Promise<EndpointRow | null> {
  const at = now.toISOString();
  const sets: SQL[] = [sql`updated_at = ${at}::timestamptz`];
  if (v.url !== undefined) sets.push(sql`url = ${v.url}`);
  if (v.events !== undefined) sets.push(sql`events = ${textArray(v.events)}`);
  if (v.enabled === true) {
    sets.push(
      sql`enabled = true, disabled_at = null, disabled_reason = null, failing_since = null, consecutive_failures = 0`,
    );
  } else if (v.enabled === false) {
    sets.push(sql`enabled = false, disabled_at = coalesce(disabled_at, ${at}::timestamptz),
      disabled_reason = coalesce(disabled_reason, 'Turned off by its owner')`);
  }
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`update webhook_endpoints set ${sql.join(sets, sql`, `)} where user_id = ${userId} and id = ${id} returning *`,
    ),
  );
  if (rows[0] && v.enabled === true) {
    // Turned back on: its waiting events are due now (in their order).
    await db.execute(sql`update webhook_deliveries set next_attempt_at = ${at}::timestamptz
      where endpoint_id = ${id} and status = 'pending' and next_attempt_at > ${at}::timestamptz`);
  }
  return rows[0] ? toEndpoint(rows[0]) : null;
}

/**
 * A new signing secret (the old one stops signing at once). Rotations of one endpoint are serialised
 * on its row (FOR UPDATE, then the update in the same transaction): each answers the secret it
 * stored, and the last one to commit is the one in force (decision 034).
 */
export async function replaceSecret(
  db: Db,
  userId: string,
  id: string,
  secret: string,
  now: Date,
): Promise<EndpointRow | null> {
  return db.transaction(async (tx) => {
    const locked = rowsOf(
      await tx.execute(sql`select id from webhook_endpoints where user_id = ${userId} and id = ${id} for update`),
    );
    if (locked.length === 0) return null;
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`update webhook_endpoints set secret = ${secret}, updated_at = ${now.toISOString()}::timestamptz
        where user_id = ${userId} and id = ${id} returning *`),
    );
    return rows[0] ? toEndpoint(rows[0]) : null;
  });
}

export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`delete from webhook_endpoints where user_id = ${userId} and id = ${id} returning id`),
  );
  return rows.length > 0;
}

/** One delivery of an event to one endpoint (a test event, a resend), sent by the caller (due only at `dueAt`). */
export async function insertDelivery(
  db: Db,
  v: { endpoint: EndpointRow; eventId: string; type: string; body: string; now: Date; dueAt: Date },
): Promise<DeliveryRow> {
  const at = v.now.toISOString();
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`insert into webhook_deliveries (id, event_id, endpoint_id, user_id, type, body, next_attempt_at, created_at)
      values (${randomUUID()}, ${v.eventId}, ${v.endpoint.id}, ${v.endpoint.userId}, ${v.type}, ${v.body}, ${v.dueAt.toISOString()}::timestamptz, ${at}::timestamptz)
      returning *`),
  );
  return toDelivery(rows[0]!);
}

/**
 * Serialises resends of one event to one endpoint (until the transaction ends) and answers whether
 * a delivery of it is already pending there (a retry chain running, or a resend being sent).
 */
export async function lockEventAndHasPending(tx: Db, endpointId: string, eventId: string): Promise<boolean> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-resend:${endpointId}:${eventId}`}, 0))`,
  );
  const rows = rowsOf(
    await tx.execute(sql`select 1 from webhook_deliveries
      where endpoint_id = ${endpointId} and event_id = ${eventId} and status = 'pending' limit 1`),
  );
  return rows.length > 0;
}

export async function listDeliveries(db: Db, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from webhook_deliveries where endpoint_id = ${endpointId}
      order by created_at desc, seq desc limit ${limit}`),
  ).map(toDelivery);
}

export async function findDelivery(db: Db, endpointId: string, id: string): Promise<DeliveryRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from webhook_deliveries where endpoint_id = ${endpointId} and id = ${id}`),
  );
  return rows[0] ? toDelivery(rows[0]) : null;
}

export type Claimed = { endpoint: EndpointRow; deliveries: DeliveryRow[] };

/**
 * Claims the due deliveries of up to `endpoints` endpoints, at most `perEndpoint` each, in seq order
 * and only the run before the endpoint's first pending row that is not due (a later event waits for
 * an earlier one that failed). The endpoints are locked FOR NO KEY UPDATE SKIP LOCKED, so two
 * instances never claim for the same endpoint at once (not FOR UPDATE: that conflicts with the key
 * share lock each outbox insert takes on its endpoint, and the claim would skip an endpoint while
 * events are being written to it); the claimed rows get `leaseUntil` as their next attempt
 * (an instance that crashes mid-way leaves them due again after it).
 */
export async function claimDue(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limits: { endpoints: number; perEndpoint: number },
  endpointId?: string,
): Promise<Claimed[]> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const endpoints = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select e.* from webhook_endpoints e
        where e.enabled ${endpointId ? sql`and e.id = ${endpointId}` : sql``}
          and exists (select 1 from webhook_deliveries d
                      where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz)
        order by e.id
        limit ${limits.endpoints}
        for no key update of e skip locked`),
    ).map(toEndpoint);
    if (endpoints.length === 0) return [];
    const ids = endpoints.map((e) => e.id);
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`with heads as (
          select p.id, row_number() over (partition by p.endpoint_id order by p.seq) as n
          from webhook_deliveries p
          where p.endpoint_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
            and p.status = 'pending' and p.next_attempt_at <= ${at}::timestamptz
            and p.seq < coalesce((select min(q.seq) from webhook_deliveries q
                                  where q.endpoint_id = p.endpoint_id and q.status = 'pending'
                                    and q.next_attempt_at > ${at}::timestamptz), 9223372036854775807)
        )
        update webhook_deliveries d set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
        from heads where d.id = heads.id and heads.n <= ${limits.perEndpoint}
        returning d.*`),
    ).map(toDelivery);
    return endpoints
      .map((endpoint) => ({
        endpoint,
        deliveries: rows.filter((r) => r.endpointId === endpoint.id).sort((a, b) => a.seq - b.seq),
      }))
      .filter((c) => c.deliveries.length > 0);
  });
}

export async function recordSuccess(
  db: Db,
  d: DeliveryRow,
  outcome: { status: number | null; durationMs: number },
  at: Date,
): Promise<void> {
  const t = at.toISOString();
  // One statement: the delivery, and the endpoint's failure streak ended if it had one.
  await db.execute(sql`with done as (
      update webhook_deliveries set status = 'delivered', attempts = attempts + 1,
        last_attempt_at = ${t}::timestamptz, delivered_at = ${t}::timestamptz, response_status = ${outcome.status},
        duration_ms = ${outcome.durationMs}, error = null
      where id = ${d.id} returning endpoint_id
    )
    update webhook_endpoints set failing_since = null, consecutive_failures = 0
    where id in (select endpoint_id from done) and (failing_since is not null or consecutive_failures > 0)`);
}

/**
 * A failed attempt: the next one at `nextAt`, or 'failed' when `giveUp`. Answers when the endpoint
 * has been failing since (its first failure after the last success).
 */
export async function recordFailure(
  db: Db,
  d: DeliveryRow,
  outcome: { status: number | null; durationMs: number; error: string | null },
  at: Date,
  next: { nextAt: Date; giveUp: boolean },
): Promise<Date> {
  const t = at.toISOString();
  await db.execute(sql`update webhook_deliveries set attempts = attempts + 1, last_attempt_at = ${t}::timestamptz,
      response_status = ${outcome.status}, duration_ms = ${outcome.durationMs}, error = ${outcome.error},
      status = ${next.giveUp ? 'failed' : 'pending'}, next_attempt_at = ${next.nextAt.toISOString()}::timestamptz
    where id = ${d.id}`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${t}::timestamptz),
        consecutive_failures = consecutive_failures + 1
      where id = ${d.endpointId} returning failing_since`),
  );
  return rows[0] ? date(rows[0].failing_since) : at;
}

/** Claimed rows not attempted (an earlier one failed): due again now, behind the failed one. */
export async function releaseClaims(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update webhook_deliveries set next_attempt_at = ${at.toISOString()}::timestamptz
    where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and status = 'pending'`);
}

/** Disables a failing endpoint; answers its owner's e-mail when this call disabled it. */
export async function disableEndpoint(db: Db, id: string, reason: string, at: Date): Promise<string | null> {
  const rows = rowsOf<{ email: string }>(
    await db.execute(sql`with off as (
        update webhook_endpoints set enabled = false, disabled_at = ${at.toISOString()}::timestamptz,
          disabled_reason = ${reason}, updated_at = ${at.toISOString()}::timestamptz
        where id = ${id} and enabled returning user_id
      ) select u.email from off join users u on u.id = off.user_id`),
  );
  return rows[0]?.email ?? null;
}

/** Deletes settled deliveries older than `before` (the log keeps 30 days). */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`with d as (delete from webhook_deliveries where status <> 'pending'
      and created_at < ${before.toISOString()}::timestamptz returning 1) select count(*)::int as n from d`),
  );
  return Number(rows[0]?.n ?? 0);
}
