import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PgliteStatements } from './pglite-statements';

let pg: PGlite;
let statements: PgliteStatements;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(
    `create table t (id int primary key, name text, at timestamptz, doc jsonb, big bigint, tags text[], ok boolean)`,
  );
  statements = new PgliteStatements(pg, 4);
}, 60_000); // a new in-memory PGlite runs initdb: seconds, more on a loaded CI machine

afterAll(async () => {
  await pg.close();
});

describe('PgliteStatements', () => {
  it('answers what PGlite’s own query answers, values and types alike, run after run', async () => {
    const at = new Date('2026-12-05T10:00:00.123Z');
    const insert = 'insert into t (id, name, at, doc, big, tags, ok) values ($1, $2, $3, $4, $5, $6, $7)';
    const res = await statements.query(insert, [1, 'Zoë', at, { a: [1, 'x'] }, 9007199254740993n, ['a', 'b'], true]);
    expect(res.affectedRows).toBe(1);
    await statements.query(insert, [2, null, null, null, null, null, false]);
    for (const rowMode of ['object', 'array'] as const) {
      for (let run = 0; run < 3; run++) {
        const q = 'select * from t where id = any($1) order by id';
        const mine = await statements.query(q, [[1, 2]], { rowMode });
        const theirs = await pg.query(q, [[1, 2]], { rowMode });
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    const [row] = (
      await statements.query<{ at: Date; doc: unknown; big: bigint }>('select * from t where id = $1', [1])
    ).rows;
    expect(row!.at.toISOString()).toBe(at.toISOString());
    expect(row!.doc).toEqual({ a: [1, 'x'] });
    expect(row!.big).toBe(9007199254740993n);
  });

  it('reads big, multi-byte and empty answers as PGlite does, across several output chunks', async () => {
    // ~3 MB of rows: PGlite hands the answer over in more than one chunk.
    const q = `select g as n, repeat('Zoë 日本 ', $1::int) as s, case when g % 3 = 0 then null else '' end as e,
      to_jsonb(g) as j from generate_series(1, 2000) g`;
    const mine = await statements.query(q, [200]);
    const theirs = await pg.query(q, [200]);
    expect(mine.rows).toHaveLength(2000);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
    const none = await statements.query('select id from t where id = $1', [-1]);
    expect(none.rows).toEqual([]);
    expect(none.fields).toEqual([{ name: 'id', dataTypeID: 23 }]);
    const updated = await statements.query('update t set ok = ok where id = any($1)', [[1, 2]]);
    expect(updated).toMatchObject({ rows: [], affectedRows: 2 });
  });

  it('throws an error raised at commit, after the statement completed (a deferred constraint)', async () => {
    await pg.exec('create table deferred (k int unique deferrable initially deferred)');
    const err = await statements.query('insert into deferred values ($1), ($1)', [1]).then(
      () => null,
      (e: unknown) => e as { code: string },
    );
    expect(err?.code).toBe('23505');
    expect((await pg.query('select count(*)::int as n from deferred')).rows).toEqual([{ n: 0 }]);
  });

  it('hands a notice to the caller’s onNotice and still answers the rows', async () => {
    await pg.exec(
      `create function say(m text) returns int language plpgsql as $$ begin raise notice '%', m; return 1; end $$`,
    );
    const notices: string[] = [];
    const res = await statements.query<{ n: number }>('select say($1) as n', ['hello'], {
      onNotice: (m) => notices.push(m.message ?? ''),
    });
    expect(res.rows).toEqual([{ n: 1 }]);
    expect(notices).toEqual(['hello']);
  });

  it('uses the caller’s parsers, as drizzle passes them', async () => {
    const res = await statements.query<{ at: string }>('select at from t where id = $1', [1], {
      parsers: { 1184: (v: string) => v },
    });
    expect(typeof res.rows[0]!.at).toBe('string');
  });

  it('throws PGlite’s error, with its code and the statement, and stays usable', async () => {
    const err = await statements.query('insert into t (id) values ($1)', [1]).then(
      () => null,
      (e: unknown) => e as { code: string; constraint: string; query: string; message: string },
    );
    expect(err?.code).toBe('23505');
    expect(err?.constraint).toBe('t_pkey');
    expect(err?.query).toContain('insert into t');
    expect(err?.message).toMatch(/duplicate key/);
    const syntax = await statements.query('selec 1').then(
      () => null,
      (e: { code: string }) => e,
    );
    expect(syntax?.code).toBe('42601');
    expect((await statements.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(2);
  });

  it('commits and rolls back with PGlite’s transactions', async () => {
    await statements.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [10, 'kept']);
    });
    await expect(
      statements.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [11, 'gone']);
        await tx.query('insert into t (id) values ($1)', [10]); // duplicate: aborts the transaction
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const ids = (await statements.query<{ id: number }>('select id from t where id >= 10 order by id')).rows;
    expect(ids.map((r) => r.id)).toEqual([10]);
  });

  it('keeps statements from interleaving: a query waits for another’s transaction to end', async () => {
    const order: string[] = [];
    let release!: () => void;
    let wrote!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const written = new Promise<void>((r) => (wrote = r));
    const tx = statements.transaction(async (t) => {
      await t.query('update t set name = $1 where id = 10', ['in tx']);
      order.push('tx wrote');
      wrote();
      await gate;
      order.push('tx ends');
    });
    await written;
    const outside = statements.query<{ name: string }>('select name from t where id = 10').then((r) => {
      order.push('outside read');
      return r.rows[0]!.name;
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await outside).toBe('in tx');
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('hands options it does not carry (explicit parameter types) to PGlite’s own query, in and out of a transaction', async () => {
    const typed = { paramTypes: [25] }; // text
    expect((await statements.query<{ v: string }>('select $1 as v', ['x'], typed)).rows).toEqual([{ v: 'x' }]);
    const inside = await statements.transaction(
      async (tx) => (await tx.query<{ v: string }>('select $1 as v', ['y'], typed)).rows,
    );
    expect(inside).toEqual([{ v: 'y' }]);
  });

  it('keeps at most its limit prepared, closing the least recently used', async () => {
    for (let i = 0; i < 10; i++) await statements.query(`select ${i} as n`);
    expect(statements.size).toBe(4);
    const names = (await pg.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows;
    // The closes of the last evicted ride on the next call; by then at most one more is open.
    expect(names.length).toBeLessThanOrEqual(5);
    expect((await statements.query<{ n: number }>('select 3 as n')).rows[0]!.n).toBe(3);
  });

  it('prepares afresh when a table’s columns change under a statement', async () => {
    await pg.exec('create table c (a int)');
    await pg.exec('insert into c values (1)');
    expect((await statements.query('select * from c')).rows).toEqual([{ a: 1 }]);
    await pg.exec('alter table c add column b text');
    expect((await statements.query('select * from c')).rows).toEqual([{ a: 1, b: null }]);
  });
});
