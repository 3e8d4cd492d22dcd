import { describe, expect, it } from 'vitest';
import { rateLimited, secondsUntilWindowEnds, windowStartOf } from './rate-limit';

describe('fixed-window math', () => {
  it('aligns windows to multiples of their length', () => {
    expect(windowStartOf(0, 60_000)).toBe(0);
    expect(windowStartOf(59_999, 60_000)).toBe(0);
    expect(windowStartOf(60_000, 60_000)).toBe(60_000);
    expect(windowStartOf(Date.UTC(2026, 2, 2, 15, 7, 30), 900_000)).toBe(Date.UTC(2026, 2, 2, 15, 0, 0));
  });

  it('rounds the wait up to whole seconds and never answers 0', () => {
    expect(secondsUntilWindowEnds(0, 60_000)).toBe(60);
    expect(secondsUntilWindowEnds(59_001, 60_000)).toBe(1);
    expect(secondsUntilWindowEnds(59_999, 60_000)).toBe(1);
    expect(secondsUntilWindowEnds(30_500, 60_000)).toBe(30);
  });

  it('builds a 429 with Retry-After and RATE_LIMITED', () => {
    const err = rateLimited(12.2);
    expect(err.statusCode).toBe(429);
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.headers).toEqual({ 'retry-after': '13' });
  });
});
