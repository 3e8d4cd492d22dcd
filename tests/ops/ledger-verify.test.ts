import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../src/server/db/client';
import { Client, freshEmail, runCli, signUp, startReadyServer, tempDir, type Server } from './helpers/process';

/**
 * `npm run cli -- ledger:verify` (DESIGN §3 invariant) as an operator runs it: beside the running
 * server (through its admin channel), then alone on a data directory whose ledger was broken behind
 * the application's back — it exits non-zero and names the wallet.
 */
describe('ledger:verify', () => {
  const dataDir = tempDir('ledger');
  const outboxDir = path.join(dataDir, 'outbox');
  const adminEmail = freshEmail('admin');
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'admin password 123' };
  let server: Server | undefined;
  afterAll(async () => server?.stop());

  it('answers OK beside the running server, then names a broken wallet and exits 1', async () => {
    server = await startReadyServer({ dataDir, env });
    const user = await signUp(server, outboxDir);
    const me = (await user.call('GET', '/api/user')).json;
    const admin = new Client(server.url);
    expect((await admin.call('POST', '/api/login', { email: adminEmail, password: 'admin password 123' })).status).toBe(
      200,
    );
    const added = await admin.call('POST', '/api/admin/add-balance', { userId: me.id, amount: '25.00' });
    expect(added.status).toBe(200);

    const ok = await runCli(['ledger:verify'], env);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Ledger OK: \d+ wallets, 1 entries/);

    await server.stop();
    server = undefined;
    const database = await openDatabase({ kind: 'pglite', dataDir, migrate: false });
    // A balance changed outside the ledger: exactly what the check exists to catch.
    const rows = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`update wallets set balance_cents = balance_cents + 1 where user_id = ${me.id} returning id`,
      ),
    );
    await database.close();
    const walletId = rows[0]!.id;

    const broken = await runCli(['ledger:verify'], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`wallet ${walletId}`);
    expect(broken.stderr).toMatch(/balance 25\.01, ledger sum 25\.00/);
  });
});
