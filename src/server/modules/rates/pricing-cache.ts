/**
 * What quoting reads on every quote but an admin changes rarely — the active price rules, each
 * user's discounts and organization, the CAD/USD rate — kept in process (decision 039).
 *
 * Every write to those tables replaces the token in `config_versions` in its own transaction
 * (migration 0030's triggers), so one statement per quote asks for the token and, only when it is
 * not the one cached, for the data, read in the same snapshot as the token. An admin's change on
 * one instance is therefore used by the next quote on any other instance, on PostgreSQL and on
 * PGlite alike, at the cost of a primary-key read per quote instead of the rules' aggregate.
 */
import type { Db } from '../../db/client';
import type { UsdRate } from '../../../shared/customs';
import { pricingSince, type CachedDiscount, type PriceRule, type StoredDiscount } from './repo';

export type { CachedDiscount };

export type CachedPricing = {
  rules: PriceRule[];
  discounts: CachedDiscount[];
  usdRate: UsdRate & { setAt: Date };
  /** The `config_versions` token these were read at: a quote is stored only while it is current. */
  token: string;
};

type Shared = { token: string; rules: PriceRule[]; usdRate: UsdRate & { setAt: Date } };
type PerUser = { token: string; organizationId: string | null; discounts: CachedDiscount[] };

/** Users whose organization and discounts are kept; the least recently loaded go first. */
export const MAX_CACHED_USERS = 10_000;

/** The discount in force at `at`: the most recently created active one whose window holds `at`. */
export function discountAt(discounts: readonly CachedDiscount[], at: Date): StoredDiscount | null {
  const t = at.getTime();
  let best: CachedDiscount | null = null;
  for (const d of discounts) {
    if (d.validFrom !== null && Date.parse(d.validFrom) > t) continue;
    if (d.validTo !== null && Date.parse(d.validTo) <= t) continue;
    if (
      !best ||
      Date.parse(d.createdAt) > Date.parse(best.createdAt) ||
      (Date.parse(d.createdAt) === Date.parse(best.createdAt) && d.id < best.id)
    ) {
      best = d;
    }
  }
  return best ? { discountType: best.discountType, valueUnits: best.valueUnits } : null;
}

/** The rules that can apply to a user: everyone's and their organization's. */
export function rulesForOrganization(rules: readonly PriceRule[], organizationId: string | null): PriceRule[] {
  return rules.filter((r) => r.organizationId === null || r.organizationId === organizationId);
}

/** One process's copy; `load` is the one statement that checks the token and reads what changed. */
export class PricingCache {
  private shared: Shared | null = null;
  private readonly users = new Map<string, PerUser>();

  constructor(private readonly maxUsers = MAX_CACHED_USERS) {}

  /** The tokens to send: null where nothing is cached (a token never equals it). */
  known(userId: string): { shared: string | null; user: string | null } {
    return { shared: this.shared?.token ?? null, user: this.users.get(userId)?.token ?? null };
  }

  /**
   * Takes one answer: the current token, and the shared part and the user's part where the cached
   * ones were not at that token. A new token drops every other user's entry.
   */
  accept(
    userId: string,
    answer: { token: string; shared: Omit<Shared, 'token'> | null; user: Omit<PerUser, 'token'> | null },
  ): CachedPricing | null {
    if (answer.shared) {
      if (this.shared?.token !== answer.token) this.users.clear();
      this.shared = { token: answer.token, ...answer.shared };
    }
    if (answer.user) {
      this.users.delete(userId);
      this.users.set(userId, { token: answer.token, ...answer.user });
      while (this.users.size > this.maxUsers) this.users.delete(this.users.keys().next().value!);
    }
    const shared = this.shared;
    const user = this.users.get(userId);
    // A concurrent quote's answer at a newer token replaced what this answer relied on: ask again.
    if (!shared || shared.token !== answer.token || !user || user.token !== answer.token) return null;
    return this.pricingOf(shared, user);
  }

  /**
   * What is held for the user without asking the database: the shared part and theirs, read at the
   * same token; null when either is missing. The caller checks the token where it writes (a quote's
   * insert does, decision 039), and reads again if it moved.
   */
  held(userId: string): CachedPricing | null {
    const shared = this.shared;
    const user = this.users.get(userId);
    if (!shared || !user || shared.token !== user.token) return null;
    return this.pricingOf(shared, user);
  }

  private pricingOf(shared: Shared, user: PerUser): CachedPricing {
    return {
      rules: rulesForOrganization(shared.rules, user.organizationId),
      discounts: user.discounts,
      usdRate: shared.usdRate,
      token: shared.token,
    };
  }

  get size(): number {
    return this.users.size;
  }
}

const caches = new WeakMap<Db, PricingCache>();

/** The cache of one database handle (one app instance); a transaction's handle gets a fresh one. */
export function pricingCacheOf(db: Db): PricingCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new PricingCache()));
  return cache;
}

/**
 * The rules that can apply to the user, their discounts and the CAD/USD rate, from the cache when
 * the token still matches: one statement either way.
 */
export async function cachedPricing(db: Db, userId: string): Promise<CachedPricing> {
  for (let attempt = 0; ; attempt++) {
    const got = await loadOnce(db, pricingCacheOf(db), userId);
    if (got) return got;
    if (attempt >= 5) throw new Error('pricing: the cache kept moving under this quote');
  }
}

async function loadOnce(db: Db, cache: PricingCache, userId: string): Promise<CachedPricing | null> {
  const answer = await pricingSince(db, userId, cache.known(userId));
  return cache.accept(userId, answer);
}
