/**
 * Logical backup and restore, the same on PGlite and PostgreSQL (decision record 011).
 *
 * A backup is gzip'd JSON lines: a header (format, version, the migrations the schema has), then per
 * table its column names and one line per row with every value in PostgreSQL's own text form
 * (`col::text`: exact for bigint, numeric, timestamptz, jsonb, arrays, bytea), sequences, and a
 * footer with each table's row count, so a cut-off file is refused. It is read inside one
 * REPEATABLE READ, read-only transaction: one snapshot, as pg_dump takes, while the app keeps
 * writing. (On PGlite the one connection is ours for the dump's duration; requests wait.)
 *
 * Restore rebuilds the schema from the backup's own migrations, loads the rows (each value cast from
 * text to its column's type), checks the counts, then applies any newer migrations — all in one
 * transaction, under the migration lock, and only into an empty database.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { MIGRATION_LOCK, migrateInTransaction, type Database, type RawTx } from '../db/client';
import { migrations } from '../db/migrations/index';

export const BACKUP_FORMAT = 'voyageur-backup';
export const BACKUP_VERSION = 1;

type Header = { format: string; version: number; createdAt: string; source: string; migrations: string[] };
type TableStart = { table: string; columns: string[] };
type Row = { r: (string | null)[] };
type SequenceValue = { sequence: string; value: string; called: boolean };
type Footer = { end: true; rows: Record<string, number> };
type Line = Header | TableStart | Row | SequenceValue | Footer;

export type BackupSummary = { tables: number; rows: number; createdAt: string; source: string };

export class BackupError extends Error {}

const SESSION_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local bytea_output = 'hex'",
  'set local extra_float_digits = 3',
].join('; ');

const FETCH_ROWS = 500;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Writes the whole database as backup lines (uncompressed) through `write`, in one snapshot. */
export async function dumpDatabase(
  database: Database,
  write: (chunk: string) => Promise<void>,
  now = new Date(),
): Promise<BackupSummary> {
  return database.raw(async (tx) => {
    await tx.exec('set transaction isolation level repeatable read, read only');
    await tx.exec(SESSION_SETTINGS);
    const hasSchema = await tx.query("select to_regclass('public.schema_migrations')::text as t");
    if (!hasSchema[0]?.t) throw new BackupError('There is no Voyageur database here yet (no schema_migrations table).');
    const applied = (await tx.exec('select name from schema_migrations order by name')).map((r) => String(r.name));
    const header: Header = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      source: database.kind,
      migrations: applied,
    };
    await write(`${JSON.stringify(header)}\n`);
    const counts: Record<string, number> = {};
    let total = 0;
    for (const table of await tablesInLoadOrder(tx)) {
      const columns = (await columnsOf(tx, table)).map((c) => c.name);
      await write(`${JSON.stringify({ table, columns } satisfies TableStart)}\n`);
      const values = columns.map((c) => `${ident(c)}::text`).join(', ');
      await tx.exec(
        `declare voyageur_dump no scroll cursor for select array_to_json(array[${values}]::text[])::text as r from ${ident(table)}`,
      );
      let n = 0;
      for (;;) {
        const batch = await tx.exec(`fetch forward ${FETCH_ROWS} from voyageur_dump`);
        if (batch.length === 0) break;
        await write(batch.map((row) => `{"r":${String(row.r)}}\n`).join(''));
        n += batch.length;
      }
      await tx.exec('close voyageur_dump');
      counts[table] = n;
      total += n;
    }
    for (const seq of await tx.exec(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1",
    )) {
      const name = String(seq.name);
      const [v] = await tx.exec(`select last_value::text as value, is_called from ${ident(name)}`);
      const line: SequenceValue = { sequence: name, value: String(v.value), called: v.is_called === true };
      await write(`${JSON.stringify(line)}\n`);
    }
    await write(`${JSON.stringify({ end: true, rows: counts } satisfies Footer)}\n`);
    return { tables: Object.keys(counts).length, rows: total, createdAt: header.createdAt, source: database.kind };
  });
}

/** The backup as a gzip stream (for a file or the admin channel). Errors destroy the stream. */
export function backupStream(database: Database, onDone?: (err: Error | null) => void): Readable {
  const gzip = zlib.createGzip();
  const write = async (chunk: string) => {
    if (gzip.destroyed) throw new BackupError('The backup was abandoned by its reader.');
    if (!gzip.write(chunk)) await drained(gzip);
  };
  dumpDatabase(database, write).then(
    () => {
      gzip.end();
      onDone?.(null);
    },
    (err: Error) => {
      gzip.destroy(err);
      onDone?.(err);
    },
  );
  return gzip;
}

/** Writes the backup to `file` atomically (a .partial file renamed once complete and flushed). */
export async function writeBackupFile(source: Readable, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  try {
    await pipeline(source, fs.createWriteStream(partial, { mode: 0o600 }));
    const summary = await readBackupFile(partial);
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return summary;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** Reads a whole backup file and checks its structure and counts; nothing is written. */
export async function readBackupFile(file: string): Promise<BackupSummary> {
  let header: Header | undefined;
  let table: string | undefined;
  const counts: Record<string, number> = {};
  for await (const line of backupLines(file)) {
    if (!header) {
      header = checkHeader(line);
    } else if ('table' in line) {
      table = line.table;
      counts[table] = 0;
    } else if ('r' in line) {
      if (!table) throw new BackupError('Not a Voyageur backup: a row before any table.');
      counts[table]++;
    } else if ('end' in line) {
      checkFooter(line, counts);
      return {
        tables: Object.keys(counts).length,
        rows: Object.values(counts).reduce((a, b) => a + b, 0),
        createdAt: header.createdAt,
        source: header.source,
      };
    }
  }
  throw new BackupError(header ? 'The backup is incomplete (it has no end marker).' : 'The backup file is empty.');
}

/**
 * Restores `file` into `database`, which must be empty (no tables). All or nothing: one transaction.
 * Throws BackupError with a message for the operator when the database is not empty or the file is
 * not a complete backup this version can read.
 */
export async function restoreDatabase(database: Database, file: string): Promise<BackupSummary> {
  return database.raw(async (tx) => {
    await tx.exec(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.exec(SESSION_SETTINGS);
    // The backup holds every row, wallets included: the trigger that opens a wallet per new user stands aside.
    await tx.exec("set local voyageur.restoring = 'on'");
    const existing = await tx.exec(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') order by 1 limit 5",
    );
    if (existing.length > 0) {
      throw new BackupError(
        `The database is not empty (it has ${existing.map((r) => String(r.name)).join(', ')}${existing.length === 5 ? ', …' : ''}). Restore only into an empty database or data directory.`,
      );
    }
    let header: Header | undefined;
    let current: { table: string; columns: string[]; insert: (rows: Row['r'][]) => Promise<void> } | undefined;
    let pending: Row['r'][] = [];
    const counts: Record<string, number> = {};
    const flush = async () => {
      if (current && pending.length) await current.insert(pending);
      pending = [];
    };
    for await (const line of backupLines(file)) {
      if (!header) {
        header = checkHeader(line);
        const known = new Set(migrations.map((m) => m.name));
        const unknown = header.migrations.filter((name) => !known.has(name));
        if (unknown.length) {
          throw new BackupError(
            `The backup comes from a newer Voyageur (migrations ${unknown.join(', ')} are unknown here). Update Voyageur, then restore.`,
          );
        }
        const theirs = new Set(header.migrations);
        await migrateInTransaction(
          tx,
          migrations.filter((m) => theirs.has(m.name)),
        );
      } else if ('table' in line) {
        await flush();
        current = await prepareTable(tx, line);
        counts[line.table] = 0;
      } else if ('r' in line) {
        if (!current) throw new BackupError('Not a Voyageur backup: a row before any table.');
        if (!Array.isArray(line.r) || line.r.length !== current.columns.length) {
          throw new BackupError(`A row of ${current.table} has the wrong number of values.`);
        }
        pending.push(line.r);
        counts[current.table]++;
        if (pending.length * current.columns.length >= 20_000 || pending.length >= FETCH_ROWS) await flush();
      } else if ('sequence' in line) {
        await flush();
        current = undefined;
        await tx.query('select setval($1::regclass, $2::bigint, $3::boolean)', [
          ident(line.sequence),
          line.value,
          String(line.called),
        ]);
      } else if ('end' in line) {
        await flush();
        checkFooter(line, counts);
        await migrateInTransaction(tx);
        return {
          tables: Object.keys(counts).length,
          rows: Object.values(counts).reduce((a, b) => a + b, 0),
          createdAt: header.createdAt,
          source: header.source,
        };
      }
    }
    throw new BackupError(header ? 'The backup is incomplete (it has no end marker).' : 'The backup file is empty.');
  });
}

// --- internals ---

async function* backupLines(file: string): AsyncGenerator<Line> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const source = new PassThrough();
  input.on('error', (err) => source.destroy(new BackupError(`Not a readable backup file (${err.message}).`)));
  input.pipe(source);
  const lines = readline.createInterface({ input: source, crlfDelay: Infinity });
  let n = 0;
  for await (const text of lines) {
    n++;
    if (text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BackupError(`Not a Voyageur backup: line ${n} is not JSON.`);
    }
    if (!value || typeof value !== 'object') throw new BackupError(`Not a Voyageur backup: line ${n}.`);
    yield value as Line;
  }
}

function checkHeader(line: Line): Header {
  const h = line as Partial<Header>;
  if (h.format !== BACKUP_FORMAT) throw new BackupError('Not a Voyageur backup (no voyageur-backup header).');
  if (h.version !== BACKUP_VERSION) {
    throw new BackupError(`The backup has format version ${String(h.version)}; this Voyageur reads version 1.`);
  }
  if (!Array.isArray(h.migrations) || typeof h.createdAt !== 'string') throw new BackupError('Damaged backup header.');
  return h as Header;
}

function checkFooter(footer: Footer, counts: Record<string, number>): void {
  const expected = footer.rows ?? {};
  for (const [table, n] of Object.entries(expected)) {
    if (counts[table] !== n) {
      throw new BackupError(`The backup is damaged: ${table} should have ${n} rows, it has ${counts[table] ?? 0}.`);
    }
  }
  for (const table of Object.keys(counts)) {
    if (!(table in expected)) throw new BackupError(`The backup is damaged: ${table} is not in its end marker.`);
  }
}

/** Tables of the public schema (not schema_migrations), parents before the tables that reference them. */
async function tablesInLoadOrder(tx: RawTx): Promise<string[]> {
  const tables = (
    await tx.exec(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'schema_migrations' order by 1",
    )
  ).map((r) => String(r.name));
  const edges = await tx.exec(
    "select child.relname as child, parent.relname as parent from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid join pg_namespace n on n.oid = k.connamespace where k.contype = 'f' and n.nspname = 'public'",
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) {
    const child = String(e.child);
    const parent = String(e.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new BackupError('Tables reference each other in a cycle; cannot order them.');
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

async function columnsOf(tx: RawTx, table: string): Promise<{ name: string; type: string }[]> {
  const rows = await tx.query(
    `select a.attname as name, format_type(a.atttypid, null) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [table],
  );
  return rows.map((r) => ({ name: String(r.name), type: String(r.type) }));
}

async function prepareTable(
  tx: RawTx,
  start: TableStart,
): Promise<{ table: string; columns: string[]; insert: (rows: Row['r'][]) => Promise<void> }> {
  if (typeof start.table !== 'string' || !Array.isArray(start.columns)) throw new BackupError('Damaged table entry.');
  const actual = await columnsOf(tx, start.table);
  if (actual.length === 0) throw new BackupError(`The backup has a table ${start.table} this schema does not have.`);
  const typeOf = new Map(actual.map((c) => [c.name, c.type]));
  const types = start.columns.map((c) => {
    const type = typeOf.get(c);
    if (!type) throw new BackupError(`The backup has a column ${start.table}.${c} this schema does not have.`);
    return type;
  });
  // Identity columns GENERATED ALWAYS (carrier_calls.id, payment and webhook sequences) take the
  // backed-up values only with OVERRIDING SYSTEM VALUE; their sequences are restored after the rows.
  const head = `insert into ${ident(start.table)} (${start.columns.map(ident).join(', ')}) overriding system value values `;
  return {
    table: start.table,
    columns: start.columns,
    async insert(rows) {
      const params: (string | null)[] = [];
      const tuples = rows.map((row) => {
        const cells = row.map((value, i) => {
          if (value !== null && typeof value !== 'string') throw new BackupError(`Damaged value in ${start.table}.`);
          params.push(value);
          return `$${params.length}::text::${types[i]}`;
        });
        return `(${cells.join(', ')})`;
      });
      await tx.query(head + tuples.join(', '), params);
    },
  };
}

function drained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new BackupError('The backup was abandoned by its reader.'));
    };
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}
