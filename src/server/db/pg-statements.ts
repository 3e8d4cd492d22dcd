import type pg from 'pg';

/** How many distinct statements one connection keeps prepared (the least recently used is deallocated past it). */
const MAX_STATEMENTS = 256;

/** PostgreSQL's "cached plan must not change result type": a table under a prepared statement changed. */
const PLAN_CHANGED = '0A000';

type QueryConfig = { text: string; name?: string; values?: unknown[] } & Record<string, unknown>;

/**
 * The app's statements on PostgreSQL, each prepared once per connection by name (decision 057).
 *
 * node-postgres sends a statement with parameters unnamed: the server parses and plans its text on
 * every run. An order's statements (CTEs with triggers behind them) took 1.6 ms of planning against
 * 5 ms of executing, on the same two cores as the app. Here each connection gives a statement's
 * text a name of its own the first time it runs with parameters, so node-postgres parses it once on
 * that connection and the server keeps its plan (generic after five runs when that costs no more,
 * PostgreSQL's `plan_cache_mode = auto`).
 *
 * - Only statements with parameters: without them node-postgres uses the simple protocol, which
 *   may carry several statements (migrations, pg-boss's scripts) and cannot be named.
 * - Names are per connection and never reused, so a deallocation that failed (an aborted
 *   transaction refuses it) leaves an orphan on the server, never a clash.
 * - At most `maxStatements` per connection: the least recently used is deallocated before the
 *   statement that pushes it out.
 * - A table changed under a prepared statement (a migration by another instance, a restore) answers
 *   0A000: the statement is prepared afresh next time and, outside a transaction, run again once.
 */
export function prepareStatements(client: pg.PoolClient | pg.Client, maxStatements = MAX_STATEMENTS): void {
  const marked = client as unknown as { preparesStatements?: true };
  if (marked.preparesStatements) return;
  marked.preparesStatements = true;
  // node-postgres's own query, looked up on each call (so what wraps the class's method still sees every statement).
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => Promise<pg.QueryResult> };
  const original = (config: unknown, values?: unknown, callback?: unknown): Promise<pg.QueryResult> =>
    callback === undefined
      ? proto.query.call(client, config, values)
      : proto.query.call(client, config, values, callback);
  const names = new Map<string, string>();
  let next = 0;

  /** The statement's name on this connection, and the one it pushes out (to deallocate first), if any. */
  const nameFor = (text: string): { name: string; evicted: string | null } => {
    const known = names.get(text);
    if (known !== undefined) {
      // Most recently used last.
      names.delete(text);
      names.set(text, known);
      return { name: known, evicted: null };
    }
    let evicted: string | null = null;
    if (names.size >= maxStatements) {
      const [oldText, oldName] = names.entries().next().value as [string, string];
      names.delete(oldText);
      evicted = oldName;
    }
    // A prefix of its own: drizzle's `.prepare(name)` statements share the connection.
    const name = `vy_${next++}`;
    names.set(text, name);
    return { name, evicted };
  };

  /**
   * Drops a statement from node-postgres's record of this connection and from the server. Awaited
   * before the next statement (node-postgres 9 refuses a query sent while another runs); a refusal
   * (an aborted transaction) leaves an orphan under a name never used again.
   */
  const deallocate = async (name: string) => {
    const connection = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;
    if (connection?.parsedStatements) delete connection.parsedStatements[name];
    await original(`deallocate "${name}"`).catch(() => undefined);
  };

  const runNamed = async (config: QueryConfig): Promise<pg.QueryResult> => {
    const { name, evicted } = nameFor(config.text);
    if (evicted !== null) await deallocate(evicted);
    return original({ ...config, name });
  };

  const run = async (config: QueryConfig): Promise<pg.QueryResult> => {
    try {
      return await runNamed(config);
    } catch (err) {
      if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
      const name = names.get(config.text);
      if (name !== undefined) {
        names.delete(config.text);
        await deallocate(name);
      }
      // Inside a transaction the error has already aborted it: the caller's to handle.
      if (client.getTransactionStatus() !== 'I') throw err;
      return runNamed(config);
    }
  };

  (client as unknown as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    // node-postgres's callback form (the pool's own `query` uses it): (config, cb) or (config, values, cb).
    const cb = typeof values === 'function' ? values : typeof callback === 'function' ? callback : undefined;
    const params = typeof values === 'function' ? undefined : values;
    let prepared: QueryConfig | null = null;
    if (typeof config === 'string') {
      if (Array.isArray(params) && params.length > 0) prepared = { text: config, values: params };
    } else if (config && typeof config === 'object' && !('submit' in config)) {
      const c = config as QueryConfig;
      const list = Array.isArray(params) ? params : c.values;
      if (typeof c.text === 'string' && c.name === undefined && Array.isArray(list) && list.length > 0) {
        prepared = { ...c, values: list };
      }
    }
    if (!prepared) return original(config, values, callback);
    if (!cb) return run(prepared);
    run(prepared).then(
      (res) => (cb as (err: null, res: pg.QueryResult) => void)(null, res),
      (err: unknown) => (cb as (err: unknown) => void)(err),
    );
    return undefined;
  };
}
