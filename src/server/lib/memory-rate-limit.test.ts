import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory-rate-limit';

describe('createMemoryRateLimiter', () => {
  const rule = { name: 'q', limit: 3, windowMs: 60_000 };
  it('allows the limit per window and subject, then 429 with the seconds left; a new window starts over', () => {
    const limiter = createMemoryRateLimiter();
    const t = new Date('2026-03-02T15:00:10Z');
    for (let i = 0; i < 3; i++) limiter.hit(rule, 'a', t);
    limiter.hit(rule, 'b', t);
    let err: unknown;
    try {
      limiter.hit(rule, 'a', t);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', headers: { 'retry-after': '50' } });
    expect(() => limiter.hit(rule, 'a', new Date('2026-03-02T15:01:00Z'))).not.toThrow();
  });
  it('never holds more than maxKeys subjects', () => {
    const limiter = createMemoryRateLimiter(10);
    const t = new Date('2026-03-02T15:00:00Z');
    for (let i = 0; i < 1000; i++) limiter.hit(rule, `s${i}`, t);
    // The newest subjects still count: the 4th hit of the last one is refused.
    for (let i = 0; i < 3; i++) if (i > 0) limiter.hit(rule, 's999', t);
    expect(() => limiter.hit(rule, 's999', t)).toThrow();
  });
});
