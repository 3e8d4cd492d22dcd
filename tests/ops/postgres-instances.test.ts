import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, freePort, freshPostgresDatabase, postgresUrl, startServer, tempDir } from './helpers/process';

describe.skipIf(!postgresUrl)('several instances on one PostgreSQL database', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('three instances started at once on a fresh database with ADMIN_EMAIL all serve, and the admin signs in on each', async () => {
    const db = await freshPostgresDatabase();
    const env = { DATABASE_URL: db.url, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'admin password 1' };
    const servers = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const dataDir = tempDir(`pg${i}`);
        dirs.push(dataDir);
        return startServer({ dataDir, env, port: await freePort() });
      }),
    );
    try {
      await Promise.all(servers.map((s) => s.ready()));
      for (const server of servers) {
        const login = await new Client(server.url).call('POST', '/api/login', {
          email: 'boss@example.com',
          password: 'admin password 1',
        });
        expect(login.status, server.logs()).toBe(200);
        expect(login.json).toMatchObject({ email: 'boss@example.com', role: 'admin' });
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await db.drop();
    }
  });
});
