/**
 * Round trips of one order (decision 039): every statement the app sends to the database while
 * answering POST /api/shipments and POST /api/rates/quote is counted, so a change that adds round
 * trips to the request path fails here. Counted at the driver: pg's Client.query on PostgreSQL; on
 * the embedded database the app's prepared statements (PgliteStatements, in and out of transactions)
 * and PGlite's own query/exec. BEGIN and COMMIT count: each is a round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PgliteStatements } from '../../src/server/db/pglite-statements';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quote } from './helpers/orders';
import { backgroundIdle } from '../../src/server/lib/background';

/**
 * Statements the request path may send at most (measured: see decision 039). A quote: the session,
 * the quote counter (PostgreSQL only; in memory on PGlite), the quote (which checks the pricing token
 * it was priced at). An order: the session, the option with the wallet's hold, the pricing token, the
 * charge, the label's settlement.
 */
const MAX_ORDER_STATEMENTS = 5;
const MAX_QUOTE_STATEMENTS = testDbKind === 'postgres' ? 3 : 2;

/**
 * Not the request's: the carrier-call log written in the background after a carrier answers
 * (issue 24), the sandbox carrier's own store, which stands in for a carrier's API, and the receipt's
 * number, given in the background after the answer (decision 062).
 */
const NOT_ON_THE_PATH = [
  /^insert into "carrier_calls"/,
  /^insert into "sandbox_carrier_shipments"/,
  /^select number_receipts\(\) as numbered$/,
];

let counting = false;
const seen: string[] = [];
const note = (text: unknown) => {
  if (!counting) return;
  const t = typeof text === 'string' ? text : ((text as { text?: string })?.text ?? String(text));
  const one = t.replace(/\s+/g, ' ').trim();
  if (NOT_ON_THE_PATH.some((re) => re.test(one))) return;
  seen.push(one.slice(0, 160));
};

function instrument(): () => void {
  const restore: (() => void)[] = [];
  const wrap = <T extends object>(proto: T, name: keyof T) => {
    const original = proto[name] as unknown as (...args: unknown[]) => unknown;
    (proto as Record<keyof T, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return original.apply(this, args);
    };
    restore.push(() => ((proto as Record<keyof T, unknown>)[name] = original));
  };
  if (testDbKind === 'postgres') {
    wrap(pg.Client.prototype, 'query');
  } else {
    wrap(PgliteStatements.prototype, 'statement');
    wrap(PGlite.prototype, 'query');
    wrap(PGlite.prototype, 'exec');
    const originalTx = PGlite.prototype.transaction;
    PGlite.prototype.transaction = function (this: PGlite, fn) {
      note('BEGIN');
      return originalTx.call(this, (tx) => {
        const q = tx.query.bind(tx);
        const e = tx.exec.bind(tx);
        tx.query = ((text: string, ...rest: unknown[]) => {
          note(text);
          return (q as (...a: unknown[]) => unknown)(text, ...rest);
        }) as typeof tx.query;
        tx.exec = ((text: string, ...rest: unknown[]) => {
          note(text);
          return (e as (...a: unknown[]) => unknown)(text, ...rest);
        }) as typeof tx.exec;
        return fn(tx);
      }) as ReturnType<typeof originalTx>;
    } as typeof originalTx;
    restore.push(() => (PGlite.prototype.transaction = originalTx));
  }
  return () => restore.forEach((r) => r());
}

async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; statements: string[] }> {
  await backgroundIdle();
  seen.length = 0;
  counting = true;
  try {
    const value = await fn();
    return { value, statements: [...seen] };
  } finally {
    counting = false;
  }
}

describe(`statements per quote and per order (${testDbKind})`, () => {
  let ctx: TestContext;
  let uninstrument: () => void;
  beforeAll(async () => {
    ctx = await createTestApp();
    // The job queue starts a second after the app is ready; started now, its own statements do not
    // fall inside a count.
    await ctx.app.jobs.start();
    uninstrument = instrument();
  });
  afterAll(async () => {
    uninstrument?.();
    await ctx.close();
  });

  it(`a quote sends at most ${MAX_QUOTE_STATEMENTS} statements and an order at most ${MAX_ORDER_STATEMENTS} before its answer`, async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '500.00');
    await quote(ctx, u.headers); // loads this instance's pricing cache
    const q = await counted(() => quote(ctx, u.headers));
    const option = q.value[0]!;
    const o = await counted(() =>
      ctx.app.inject({ method: 'POST', url: '/api/shipments', headers: u.headers, payload: orderBody(option) }),
    );
    expect(o.value.statusCode, o.value.body).toBe(201);
    expect(o.value.json().trackingNumber).toBeTruthy();
    if (process.env.PRINT_STATEMENTS) {
      console.log(`quote (${q.statements.length}):\n  ${q.statements.join('\n  ')}`);
      console.log(`order (${o.statements.length}):\n  ${o.statements.join('\n  ')}`);
    }
    // The count reaches the driver (a quote stores itself; an order charges the wallet).
    expect(q.statements.some((t) => /insert into rate_quotes/.test(t))).toBe(true);
    expect(o.statements.some((t) => /wallet/.test(t))).toBe(true);
    expect(q.statements.length, q.statements.join('\n')).toBeLessThanOrEqual(MAX_QUOTE_STATEMENTS);
    expect(o.statements.length, o.statements.join('\n')).toBeLessThanOrEqual(MAX_ORDER_STATEMENTS);
  });
});
