/**
 * Fixed-window counters in this process's memory, for the embedded database only: PGlite's data
 * directory is locked to one process (ops/data-dir-lock.ts), so in-process counts are the whole
 * truth there and save a database round trip on hot paths (quotes). With PostgreSQL several
 * processes share the counters in `rate_limits` (lib/rate-limit.ts) instead.
 */
import { rateLimited, secondsUntilWindowEnds, windowStartOf, type RateRule } from './rate-limit';

export type MemoryRateLimiter = { hit(rule: RateRule, subject: string, now: Date): void };

export function createMemoryRateLimiter(maxKeys = 100_000): MemoryRateLimiter {
  const counts = new Map<string, { windowStart: number; count: number }>();
  return {
    hit(rule, subject, now) {
      const nowMs = now.getTime();
      const windowStart = windowStartOf(nowMs, rule.windowMs);
      const key = `${rule.name}:${subject}`;
      let entry = counts.get(key);
      if (!entry || entry.windowStart !== windowStart) {
        if (counts.size >= maxKeys) {
          // Finished windows go first; the map never grows past maxKeys.
          for (const [k, v] of counts) if (v.windowStart + rule.windowMs <= nowMs) counts.delete(k);
          if (counts.size >= maxKeys) counts.delete(counts.keys().next().value as string);
        }
        entry = { windowStart, count: 0 };
        counts.set(key, entry);
      }
      entry.count++;
      if (entry.count > rule.limit) throw rateLimited(secondsUntilWindowEnds(nowMs, rule.windowMs));
    },
  };
}
