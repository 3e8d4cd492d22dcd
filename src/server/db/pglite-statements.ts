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
    // The answer's bytes as postgres wrote them (PGlite hands over a view of its buffer: copied).
    const chunks: Uint8Array[] = [];
    await this.pg.execProtocolRawStream(Buffer.concat([...this.closing(), execution(prepared.name, values)]), {
      syncToFs: !inTransaction,
      onRawData: (chunk) => chunks.push(chunk.slice()),
    });
    const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const plain = readPlainAnswer<T>(data, this.pg.parsers, options);
    if (plain) return plain;
    // An error or a notice: PGlite's own reader makes its DatabaseError and NoticeMessage objects.
    const messages: BackendMessage[] = [];
    new protocol.Parser().parse(data, (m) => messages.push(m as unknown as BackendMessage));
    const error = messages.find((m) => m.name === 'error');
    if (error) throw withQuery(error, text, params);
    for (const m of messages) if (m.name === 'notice') options?.onNotice?.(m as never);
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
 * The statement's result read straight from the backend's bytes: RowDescription, DataRow and
 * CommandComplete, every other message skipped. PGlite's reader copies every value into a new
 * ArrayBuffer and builds an object per message; this reads each value as a slice of one buffer.
 * The whole answer is read, up to ReadyForQuery: outside a transaction postgres commits at Sync,
 * after CommandComplete, and an error at commit (a deferred constraint) comes after it. An answer
 * holding an error, a notice or a notification anywhere gives null, for PGlite's reader.
 */
function readPlainAnswer<T>(
  data: Uint8Array,
  parsers: Record<number | string, Parser>,
  options: QueryOptions | undefined,
): Results<T> | null {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const rows = new ResultRows(parsers, options);
  let tag: string | null = null;
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = buf[at]!;
    const end = at + 1 + buf.readInt32BE(at + 1);
    let o = at + 5;
    if (type === 0x45 || type === 0x4e || type === 0x41) return null; // 'E' error, 'N' notice, 'A' notification
    // After the statement's CommandComplete come only its commit's messages: read for an error, nothing kept.
    if (tag === null && type === 0x54) {
      // 'T' RowDescription: per field its name, table, column, type, size, modifier and format.
      const n = buf.readInt16BE(o);
      o += 2;
      const fields: { name: string; dataTypeID: number }[] = [];
      for (let i = 0; i < n; i++) {
        const nul = buf.indexOf(0, o);
        const name = buf.toString('utf8', o, nul);
        o = nul + 1;
        fields.push({ name, dataTypeID: buf.readInt32BE(o + 6) });
        o += 18;
      }
      rows.describe(fields);
    } else if (tag === null && type === 0x44) {
      // 'D' DataRow: per column its length (-1 for NULL) and its text.
      const n = buf.readInt16BE(o);
      o += 2;
      const values: (string | null)[] = new Array<string | null>(n);
      for (let i = 0; i < n; i++) {
        const length = buf.readInt32BE(o);
        o += 4;
        if (length < 0) values[i] = null;
        else {
          values[i] = buf.toString('utf8', o, o + length);
          o += length;
        }
      }
      rows.add(values);
    } else if (tag === null && type === 0x43) {
      // 'C' CommandComplete: its tag says how many rows were written.
      tag = buf.toString('utf8', o, end - 1);
    }
    at = end;
  }
  return rows.complete<T>(tag);
}

/** Rows as PGlite's `query` gives them (objects or arrays), each value read by the caller's parser for its type, else PGlite's. */
class ResultRows {
  private readonly own: Record<number, Parser> | undefined;
  private readonly asArray: boolean;
  private fields: { name: string; dataTypeID: number }[] = [];
  private readers: (Parser | undefined)[] = [];
  private readonly rows: unknown[] = [];

  constructor(
    private readonly parsers: Record<number | string, Parser>,
    options: QueryOptions | undefined,
  ) {
    this.own = options?.parsers as Record<number, Parser> | undefined;
    this.asArray = options?.rowMode === 'array';
  }

  describe(fields: { name: string; dataTypeID: number }[]): void {
    this.fields = fields;
    this.readers = fields.map(
      (f) => this.own?.[f.dataTypeID] ?? this.parsers[f.dataTypeID] ?? types.parsers[f.dataTypeID],
    );
  }

  add(raw: (string | null)[]): void {
    const { fields, readers } = this;
    const values = raw.map((v, i) => {
      if (v === null) return null;
      const read = readers[i];
      return read ? read(v, fields[i]!.dataTypeID) : v;
    });
    if (this.asArray) this.rows.push(values);
    else {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = values[i];
      this.rows.push(row);
    }
  }

  /** The result, with the rows a CommandComplete tag ('INSERT 0 3', 'UPDATE 2') says were written. */
  complete<T>(tag: string | null): Results<T> {
    let affectedRows = 0;
    if (tag !== null) {
      const words = tag.split(' ');
      const n = parseInt(words[words.length - 1]!, 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) affectedRows += n;
    }
    return { rows: this.rows as T[], fields: this.fields, affectedRows };
  }
}

/**
 * The statement's result from PGlite's messages (an answer with a notice), as readPlainAnswer reads
 * it. PGlite's own reader copies its whole table of parsers into a new object on every call when
 * given the caller's.
 */
function readResult<T>(
  messages: BackendMessage[],
  parsers: Record<number | string, Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  const rows = new ResultRows(parsers, options);
  for (const m of messages) {
    if (m.name === 'rowDescription') {
      rows.describe(
        (m.fields as { name: string; dataTypeID: number }[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      );
    } else if (m.name === 'dataRow') rows.add(m.fields as (string | null)[]);
    else if (m.name === 'commandComplete') return rows.complete<T>(m.text!);
  }
  return rows.complete<T>(null);
}

/** Options this path does not carry (blobs for COPY, explicit parameter types): PGlite's own query takes them. */
const unsupported = (options: QueryOptions | undefined) => Boolean(options?.blob || options?.paramTypes);

/** PGlite's errors carry the statement and its parameters; so do these. */
function withQuery(error: BackendMessage, query: string, params: unknown[]): Error {
  return Object.assign(error as unknown as Error, { query, params });
}
