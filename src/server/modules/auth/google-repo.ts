import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/identity';
import { sha256 } from '../../lib/crypto';

/**
 * Spends a Google sign-in state once: the first call for an attempt answers true, every later one
 * false, across all app processes. It is a row in rate_limits (key + the attempt's start as the
 * window), so the opportunistic clean-up of old windows removes it a day later.
 */
export async function claimOidcState(db: Db, state: string, issuedAt: Date): Promise<boolean> {
  const rows = await db
    .insert(rateLimits)
    .values({ key: `oidc-state:${sha256(state)}`, windowStart: issuedAt, count: 1 })
    .onConflictDoNothing()
    .returning({ count: rateLimits.count });
  return rows.length === 1;
}
