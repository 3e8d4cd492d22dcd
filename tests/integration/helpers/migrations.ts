import { migrateInTransaction, openDatabase, type Database } from '../../../src/server/db/client';
import { migrations } from '../../../src/server/db/migrations/index';

/**
 * An in-memory PGlite with the migrations before `name` applied, to write rows as an older release
 * did; `database.raw((tx) => migrateInTransaction(tx))` then applies `name` and the rest.
 */
export async function databaseBefore(name: string): Promise<Database> {
  const at = migrations.findIndex((m) => m.name === name);
  if (at <= 0) throw new Error(`no migration ${name} after the first`);
  const database = await openDatabase({ kind: 'pglite', dataDir: null, migrate: false });
  try {
    await database.raw((tx) => migrateInTransaction(tx, migrations.slice(0, at)));
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
