import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** How many distinct statements one PGlite keeps prepared (the least recently used is closed past it). */
const MAX_STATEMENTS = 256;

type Prepared = { name: string; paramTypes: number[] };

type BackendMessage = { name: string; code?: string; dataTypeIDs?: number[] };

/**
 * The app's statements on the embedded database, each prepared once by name (decision 042).
 *
 * PGlite's own `query` sends a statement as six protocol calls into the WebAssembly postgres
 * (parse, describe, bind, describe, execute, sync), and postgres parses and plans it again every
 * time. Here a statement's text is parsed once into a named prepared statement (its parameter types
 * read then); every later run is one call carrying bind, describe, execute and sync. A quote's
 * statements cost about a fifth of what they did. Results, errors, parameter serialisation and type
 * parsing are PGlite's own (`parse.parseResults`, `pg.serializers`, `pg.parsers`); the exclusivity is
 * PGlite's own mutexes, so a statement never lands between the messages of another.
 *
 * `query` runs outside a transaction (waiting for one to end, as PGlite's does); `transaction`
 * opens PGlite's transaction and gives its callback a transaction whose `query` takes this path.
 * Drizzle uses only these two (drizzle-orm/pglite's session).
 */
export class PgliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly toClose: string[] = [];
  private next = 0;

  constructor(
    readonly pg: PGlite,
    private readonly maxStatements = MAX_STATEMENTS,
  ) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.pg._runExclusiveTransaction(() => this.statement<T>(text, params ?? [], options, false));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction((tx) => {
      const fast: Transaction = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return this.statement<R>(text, params ?? [], options, true);
        },
        sql: tx.sql.bind(tx),
        exec: tx.exec.bind(tx),
        rollback: tx.rollback.bind(tx),
        listen: tx.listen.bind(tx),
        get closed() {
          return tx.closed;
        },
      };
      return fn(fast);
    });
  }

  /** One statement, under PGlite's query mutex; `inTransaction` when the caller holds the transaction's. */
  async statement<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    // Options this path does not carry (blobs for COPY, explicit parameter types) take PGlite's own.
    if (options?.blob || options?.paramTypes) {
      return this.pg._runExclusiveQuery(() => this.pg.query<T>(text, params, options));
    }
    await this.pg._checkReady();
    return this.pg._runExclusiveQuery(async () => {
      for (let attempt = 0; ; attempt++) {
        const prepared = await this.prepare(text, options);
        try {
          return await this.run<T>(prepared, text, params, options, inTransaction);
        } catch (err) {
          // A table's columns changed under a prepared statement (a restore): prepare it afresh.
          // Inside a transaction the error has already aborted it, so it goes to the caller.
          if ((err as BackendMessage).code !== '0A000') throw err;
          this.forget(text);
          if (inTransaction || attempt > 0) throw err;
        }
      }
    });
  }

  private async prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const known = this.prepared.get(text);
    if (known) {
      this.prepared.delete(text);
      this.prepared.set(text, known); // most recently used last
      return known;
    }
    const name = `v${this.next++}`;
    const res = await this.pg.execProtocol(
      concat([
        ...this.closing(),
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { throwOnError: false, syncToFs: false, onNotice: options?.onNotice },
    );
    const messages = res.messages as BackendMessage[];
    const error = messages.find((m) => m.name === 'error');
    if (error) throw withQuery(error, text, []);
    const description = messages.find((m) => m.name === 'parameterDescription');
    const prepared = { name, paramTypes: description?.dataTypeIDs ?? [] };
    this.prepared.set(text, prepared);
    if (this.prepared.size > this.maxStatements) {
      const [oldest] = this.prepared.keys();
      this.forget(oldest!);
    }
    return prepared;
  }

  private async run<T>(
    prepared: Prepared,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const serializers = this.pg.serializers;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = prepared.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const res = await this.pg.execProtocol(
      concat([
        ...this.closing(),
        serialize.bind({ statement: prepared.name, values: values as (string | null)[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { throwOnError: false, syncToFs: !inTransaction, onNotice: options?.onNotice },
    );
    const messages = res.messages as BackendMessage[];
    const error = messages.find((m) => m.name === 'error');
    if (error) throw withQuery(error, text, params);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return parse.parseResults(res.messages as any, this.pg.parsers, options)[0] as Results<T>;
  }

  /** How many statements are prepared now (tests). */
  get size(): number {
    return this.prepared.size;
  }

  private forget(text: string): void {
    const known = this.prepared.get(text);
    if (!known) return;
    this.prepared.delete(text);
    this.toClose.push(known.name);
  }

  /** Close messages for statements dropped from the cache, sent ahead of the next call. */
  private closing(): Uint8Array[] {
    const out = this.toClose.map((name) => serialize.close({ type: 'S', name }));
    this.toClose.length = 0;
    return out;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** PGlite's errors carry the statement and its parameters; so do these. */
function withQuery(error: BackendMessage, query: string, params: unknown[]): Error {
  return Object.assign(error as unknown as Error, { query, params });
}
