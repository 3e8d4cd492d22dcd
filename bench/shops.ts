/**
 * What the HTTP benches share: the app listening on a free port with a bench's settings, shops
 * (funded users signed in by a session cookie), the parties and parcel of an order, and the order body
 * for a quote's first option.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import type { App } from '../src/server/deps';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema/identity';
import { systemClock } from '../src/server/lib/clock';
import { createSession, SESSION_COOKIE } from '../src/server/modules/auth/session';
import { applyEntry } from '../src/server/modules/wallet/ledger';
import { createProviders } from '../src/server/providers/index';

const party = (city: string, province: string, postalCode: string) => ({
  firstName: 'Bench',
  lastName: 'Shipper',
  company: '',
  address: '1 Bench St',
  city,
  province,
  postalCode,
  country: 'CA',
  phone: '416-555-0100',
  email: '',
});
export const FROM = party('Toronto', 'ON', 'M5V 3L9');
export const TO = party('Ottawa', 'ON', 'K1P 1J1');
export const PARCEL = { weight: 1.5, length: 30, width: 20, height: 10, type: 'package' };

/**
 * The app on `database`, listening on 127.0.0.1 at a free port, in production mode and silent. The
 * benches ask for quotes far faster than one user may (QUOTES_PER_MINUTE is a product rule, not a cost).
 */
export async function startBenchApp(
  database: Database,
  env: Record<string, string> = {},
): Promise<{ app: App; base: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/voyageur-bench-unused',
    APP_URL: 'http://127.0.0.1',
    QUOTES_PER_MINUTE: '1000000',
    ...env,
  });
  const providers = createProviders(config, { info: () => undefined }, { db: database.db });
  const app = await buildApp({ config, database, clock: systemClock, providers });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A new verified user, signed in, with `fundsCents` in the wallet when given: its id and session cookie. */
export async function benchShop(database: Database, fundsCents = 0): Promise<{ id: string; cookie: string }> {
  const id = randomUUID();
  const now = new Date();
  await database.db.insert(users).values({
    id,
    email: `bench-${id}@example.com`,
    firstName: 'Bench',
    lastName: 'User',
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  if (fundsCents > 0) {
    const funds = {
      type: 'adjustment',
      direction: 'credit',
      amountCents: fundsCents,
      description: 'bench funds',
    } as const;
    await applyEntry(database.db, id, funds, now);
  }
  const { token } = await createSession(database.db, { userId: id, now, ttlDays: 1 });
  return { id, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A party as POST /api/rates/quote takes an address. */
export const quoteEnd = (p: typeof FROM) => ({
  name: `${p.firstName} ${p.lastName}`,
  company: '',
  streetAddress: p.address,
  city: p.city,
  province: p.province,
  postalCode: p.postalCode,
  country: 'CA',
  phoneNumber: p.phone,
  emailAddress: '',
});

/** The purchase body for the first option of a quote answered at `quotePath` with `headers`. */
export async function orderBodyFrom(base: string, quotePath: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}${quotePath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ fromAddress: quoteEnd(FROM), toAddress: quoteEnd(TO), packageDetails: PARCEL }),
  });
  const [option] = (await res.json()) as {
    id: string;
    carrier: string;
    serviceName: string;
    serviceCode: string;
    total: string;
    taxes: { total: string };
  }[];
  if (!option) throw new Error(`bench quote at ${quotePath} failed: ${res.status}`);
  return JSON.stringify({
    fromAddressId: null,
    toAddressId: null,
    fromAddress: FROM,
    toAddress: TO,
    carrier: option.carrier,
    service: option.serviceName,
    serviceCode: option.serviceCode,
    packageDetails: PARCEL,
    rateDetails: { id: option.id },
    totalCost: option.total,
    taxes: option.taxes.total,
  });
}
