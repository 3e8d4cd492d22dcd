import { protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** How many distinct statements one PGlite keeps prepared (the least recently used is closed past it). */
const MAX_STATEMENTS = 256;

type Prepared = { name: string; paramTypes: number[] };

type BackendMessage = {
  name: string;
  code?: string;
  dataTypeIDs?: number[];
  fields?: ({ name: string; dataTypeID: number } | string | null)[];
  text?: string;
};

type Parser = (value: string, type: number) => unknown;

/**
 * The app's statements on the embedded database, each prepared once by name (decision 042).
 *
 * PGlite's own `query` sends a statement as six protocol calls into the WebAssembly postgres
 * (parse, describe, bind, describe, execute, sync), and postgres parses and plans it again every
 * time. Here a statement's text is parsed once into a named prepared statement (its parameter types
 * read then); every later run is one call carrying bind, describe, execute and sync, which are
 * encoded, and their answer read, here. Parameters are serialised and values parsed by PGlite's own
 * (`pg.serializers`, `pg.parsers`, or the caller's), errors are PGlite's `DatabaseError`, and the
 * exclusivity is PGlite's own mutexes, so a statement never lands between the messages of another.
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
    if (unsupported(options)) return this.pg.query<T>(text, params, options);
    return this.pg._runExclusiveTransaction(() => this.statement<T>(text, params ?? [], options, false));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction((tx) => {
      const fast: Transaction = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          if (unsupported(options)) return tx.query<R>(text, params, options);
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
      Buffer.concat([
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
    const res = await this.pg.execProtocol(Buffer.concat([...this.closing(), execution(prepared.name, values)]), {
      throwOnError: false,
      syncToFs: !inTransaction,
      onNotice: options?.onNotice,
    });
    const messages = res.messages as BackendMessage[];
    const error = messages.find((m) => m.name === 'error');
    if (error) throw withQuery(error, text, params);
    return readResult<T>(messages, this.pg.parsers, options);
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

/**
 * Bind (the statement's values, as text), Describe (the portal), Execute and Sync, encoded as the
 * frontend protocol has them: the messages PGlite's serializer writes, without its per-character
 * byte counting of every value (a quote's options are one JSON parameter of several kilobytes).
 */
function execution(statement: string, values: (string | null)[]): Buffer {
  const encoded = values.map((v) => (v === null ? null : Buffer.from(v, 'utf8')));
  const name = Buffer.from(statement, 'utf8');
  let bindLength = 4 + 1 + name.length + 1 + 2 + 2 + 2;
  for (const v of encoded) bindLength += 4 + (v ? v.length : 0);
  // Bind, then Describe portal '' (7 bytes: D, length 6, 'P', ''), Execute '' (10) and Sync (5).
  const out = Buffer.allocUnsafe(1 + bindLength + 7 + 10 + 5);
  let o = 0;
  out[o++] = 0x42; // 'B'
  out.writeInt32BE(bindLength, o);
  o += 4;
  out[o++] = 0; // the unnamed portal
  name.copy(out, o);
  o += name.length;
  out[o++] = 0;
  out.writeInt16BE(0, o); // no parameter format codes: all text
  o += 2;
  out.writeInt16BE(encoded.length, o);
  o += 2;
  for (const v of encoded) {
    if (v === null) {
      out.writeInt32BE(-1, o);
      o += 4;
    } else {
      out.writeInt32BE(v.length, o);
      o += 4;
      v.copy(out, o);
      o += v.length;
    }
  }
  out.writeInt16BE(0, o); // no result format codes: all text
  o += 2;
  out[o++] = 0x44; // 'D'
  out.writeInt32BE(6, o);
  o += 4;
  out[o++] = 0x50; // 'P'
  out[o++] = 0;
  out[o++] = 0x45; // 'E'
  out.writeInt32BE(9, o);
  o += 4;
  out[o++] = 0;
  out.writeInt32BE(0, o); // every row
  o += 4;
  out[o++] = 0x53; // 'S'
  out.writeInt32BE(4, o);
  return out;
}

/**
 * The statement's result as PGlite's `query` answers it (rows as objects or arrays, fields,
 * affectedRows), each value read by the caller's parser for its type, else PGlite's. PGlite's own
 * reader copies its whole table of parsers into a new object on every call when given the caller's.
 */
function readResult<T>(
  messages: BackendMessage[],
  parsers: Record<number | string, Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers as Record<number, Parser> | undefined;
  const asArray = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  let readers: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const m of messages) {
    if (m.name === 'rowDescription') {
      fields = (m.fields as { name: string; dataTypeID: number }[]).map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      readers = fields.map((f) => own?.[f.dataTypeID] ?? parsers[f.dataTypeID] ?? types.parsers[f.dataTypeID]);
    } else if (m.name === 'dataRow') {
      const raw = m.fields as (string | null)[];
      const values = raw.map((v, i) => {
        if (v === null) return null;
        const read = readers[i];
        return read ? read(v, fields[i]!.dataTypeID) : v;
      });
      if (asArray) rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = values[i];
        rows.push(row);
      }
    } else if (m.name === 'commandComplete') {
      const words = m.text!.split(' ');
      const n = parseInt(words[words.length - 1]!, 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) affectedRows += n;
      return { rows: rows as T[], fields, affectedRows };
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}

/** Options this path does not carry (blobs for COPY, explicit parameter types): PGlite's own query takes them. */
const unsupported = (options: QueryOptions | undefined) => Boolean(options?.blob || options?.paramTypes);

/** PGlite's errors carry the statement and its parameters; so do these. */
function withQuery(error: BackendMessage, query: string, params: unknown[]): Error {
  return Object.assign(error as unknown as Error, { query, params });
}
