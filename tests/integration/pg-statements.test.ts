import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStatements } from '../../src/server/db/pg-statements';
import { testDbKind } from './helpers/test-app';

/** The statements this connection holds prepared (the view is read without parameters: unnamed). */
async function preparedOn(client: pg.Client): Promise<{ name: string; statement: string; runs: number }[]> {
  const { rows } = await client.query(
    'select name, statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements order by name',
  );
  return rows as { name: string; statement: string; runs: number }[];
}

// Decision 057: on PostgreSQL each connection prepares the statements it runs with parameters.
describe.skipIf(testDbKind !== 'postgres')('statements prepared per connection (PostgreSQL)', () => {
  const name = `voyageur_t_stmt_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let url: string;
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const connect = async (max?: number) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    prepareStatements(client, max);
    return client;
  };

  beforeAll(async () => {
    const a = admin();
    await a.connect();
    await a.query(`create database ${name}`);
    await a.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const a = admin();
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });

  it('prepares a statement with parameters once and runs it by name after', async () => {
    const client = await connect();
    try {
      for (let i = 0; i < 6; i++) {
        const { rows } = await client.query('select $1::int * 2 as twice', [i]);
        expect(rows).toEqual([{ twice: i * 2 }]);
      }
      expect(await preparedOn(client)).toEqual([{ name: 'vy_0', statement: 'select $1::int * 2 as twice', runs: 6 }]);
      // The object form (drizzle's) and the callback form (the pool's) take the same statement.
      const viaConfig = await client.query({ text: 'select $1::int * 2 as twice', values: [21] });
      expect(viaConfig.rows).toEqual([{ twice: 42 }]);
      const viaCallback = await new Promise<pg.QueryResult>((resolve, reject) =>
        client.query('select $1::int * 2 as twice', [5], (err: Error | null, res: pg.QueryResult) =>
          err ? reject(err) : resolve(res),
        ),
      );
      expect(viaCallback.rows).toEqual([{ twice: 10 }]);
      expect((await preparedOn(client))[0]).toMatchObject({ name: 'vy_0', runs: 8 });
    } finally {
      await client.end();
    }
  });

  it('leaves scripts without parameters on the simple protocol (several statements, one result each)', async () => {
    const client = await connect();
    try {
      const res = (await client.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
      expect(res.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
      expect(await preparedOn(client)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('keeps at most its limit prepared, deallocating the least recently used', async () => {
    const client = await connect(3);
    try {
      for (const n of [1, 2, 3]) await client.query(`select $1::int + ${n} as x`, [0]);
      await client.query('select $1::int + 1 as x', [0]); // the first is used again: now the newest
      for (const n of [4, 5]) await client.query(`select $1::int + ${n} as x`, [0]);
      const kept = (await preparedOn(client)).map((p) => p.statement);
      expect(kept.sort()).toEqual(['select $1::int + 1 as x', 'select $1::int + 4 as x', 'select $1::int + 5 as x']);
      // A text pushed out and back is prepared again under a new name, and answers.
      expect((await client.query('select $1::int + 2 as x', [40])).rows).toEqual([{ x: 42 }]);
    } finally {
      await client.end();
    }
  });

  it('answers a failing statement’s error and goes on (parse error, error on execution)', async () => {
    const client = await connect();
    try {
      await expect(client.query('selec $1::int', [1])).rejects.toMatchObject({ code: '42601' });
      await expect(client.query('select 1 / $1::int as q', [0])).rejects.toMatchObject({ code: '22012' });
      expect((await client.query('select 1 / $1::int as q', [1])).rows).toEqual([{ q: 1 }]);
      expect((await client.query('select $1::int as one', [1])).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('prepares afresh when a table changes under a statement: again at once outside a transaction', async () => {
    const client = await connect();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('create table t_shape (id int primary key, a text)');
      await other.query(`insert into t_shape values (1, 'one')`);
      expect((await client.query('select * from t_shape where id = $1', [1])).rows).toEqual([{ id: 1, a: 'one' }]);
      // Another instance's migration adds a column.
      await other.query(`alter table t_shape add column b text default 'new'`);
      expect((await client.query('select * from t_shape where id = $1', [1])).rows).toEqual([
        { id: 1, a: 'one', b: 'new' },
      ]);

      // Inside a transaction the error has aborted it: the caller sees it; the next run prepares afresh.
      await other.query(`alter table t_shape add column c text default 'newer'`);
      await client.query('begin');
      await expect(client.query('select * from t_shape where id = $1', [1])).rejects.toMatchObject({ code: '0A000' });
      await client.query('rollback');
      expect((await client.query('select * from t_shape where id = $1', [1])).rows).toEqual([
        { id: 1, a: 'one', b: 'new', c: 'newer' },
      ]);
    } finally {
      await other.end();
      await client.end();
    }
  });

  it('serves a pool: every connection it opens prepares its own', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    pool.on('connect', (c) => prepareStatements(c));
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => pool.query('select $1::int + 100 as x, pg_sleep(0.01)', [i])),
      );
      expect(answers.map((r) => r.rows[0].x)).toEqual(Array.from({ length: 12 }, (_, i) => i + 100));
      const client = await pool.connect();
      try {
        const { rows } = await client.query('select count(*)::int as n from pg_prepared_statements');
        expect(rows[0].n).toBe(1);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
