import type { Db } from '../db/client';
import { ErrorCode } from '../../shared/errors';
import { AppError } from './errors';
import { addHit, countHit, hitsIn } from './rate-limit-repo';

/** At most `limit` hits per fixed window of `windowMs`, per subject (an IP, an email, a user id). */
export type RateRule = { name: string; limit: number; windowMs: number };

export type RateCheck = { rule: RateRule; subject: string };

/** Start of the fixed window that contains `nowMs`. */
export function windowStartOf(nowMs: number, windowMs: number): number {
  return Math.floor(nowMs / windowMs) * windowMs;
}

/** Whole seconds until the window containing `nowMs` ends (at least 1). */
export function secondsUntilWindowEnds(nowMs: number, windowMs: number): number {
  const end = windowStartOf(nowMs, windowMs) + windowMs;
  return Math.max(1, Math.ceil((end - nowMs) / 1000));
}

export function rateLimited(
  retryAfterSeconds: number,
  message = 'Too many requests. Please try again later.',
): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, message, ErrorCode.RATE_LIMITED, undefined, { 'retry-after': String(seconds) });
}

/**
 * Counts one hit for every check (an atomic upsert on rate_limits, so several app processes share
 * the counters) and throws 429 with Retry-After when any of them is over its limit. Finished windows
 * are deleted by the hourly prune job (ops/jobs.ts), not on a request's path.
 */
export async function enforceRateLimits(db: Db, now: Date, checks: RateCheck[]): Promise<void> {
  const nowMs = now.getTime();
  let retryAfter = 0;
  for (const { rule, subject } of checks) {
    const windowStart = new Date(windowStartOf(nowMs, rule.windowMs));
    const key = `${rule.name}:${subject}`;
    const count = await countHit(db, key, windowStart);
    if (count > rule.limit) retryAfter = Math.max(retryAfter, secondsUntilWindowEnds(nowMs, rule.windowMs));
  }
  if (retryAfter > 0) throw rateLimited(retryAfter);
}

/** The hits counted so far in the current window of `rule` for `subject` (no hit is added). */
export async function currentHits(db: Db, now: Date, rule: RateRule, subject: string): Promise<number> {
  const windowStart = new Date(windowStartOf(now.getTime(), rule.windowMs));
  return (await hitsIn(db, `${rule.name}:${subject}`, windowStart)) ?? 0;
}

/** Counts one hit without checking a limit (e.g. a failed password, checked later with currentHits). */
export async function recordHit(db: Db, now: Date, rule: RateRule, subject: string): Promise<void> {
  const windowStart = new Date(windowStartOf(now.getTime(), rule.windowMs));
  await addHit(db, `${rule.name}:${subject}`, windowStart);
}
