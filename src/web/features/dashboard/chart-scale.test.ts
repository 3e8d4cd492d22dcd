import { describe, expect, it } from 'vitest';
import { dateAtNoon, hasActivity, labelStride, niceScale, spendBuckets } from './chart-scale';

const day = (date: string, amount: string, orders = 1) => ({ date, amount, orders });

describe('spendBuckets', () => {
  it('keeps one bar a day up to the daily limit, amounts in cents', () => {
    const buckets = spendBuckets([day('2026-03-01', '12.34'), day('2026-03-02', '0.00', 0)]);
    expect(buckets).toEqual([
      { key: '2026-03-01', kind: 'day', from: '2026-03-01', to: '2026-03-01', cents: 1234, orders: 1 },
      { key: '2026-03-02', kind: 'day', from: '2026-03-02', to: '2026-03-02', cents: 0, orders: 0 },
    ]);
  });

  it('groups a long range by calendar month, adding cents exactly (refunds lower a month)', () => {
    const days = [
      day('2026-01-30', '0.10'),
      day('2026-01-31', '0.20'),
      day('2026-02-01', '-5.00'),
      day('2026-02-02', '7.05', 2),
    ];
    expect(spendBuckets(days, 3)).toEqual([
      { key: '2026-01', kind: 'month', from: '2026-01-30', to: '2026-01-31', cents: 30, orders: 2 },
      { key: '2026-02', kind: 'month', from: '2026-02-01', to: '2026-02-02', cents: 205, orders: 3 },
    ]);
  });

  it('tells activity from an empty period', () => {
    expect(hasActivity(spendBuckets([day('2026-03-01', '0.00', 0)]))).toBe(false);
    expect(hasActivity(spendBuckets([day('2026-03-01', '0.00', 1)]))).toBe(true);
    expect(hasActivity([])).toBe(false);
  });
});

describe('niceScale', () => {
  it('starts at zero and ends on a round step above the largest value', () => {
    expect(niceScale([1234, 4999])).toEqual({ min: 0, max: 6000, step: 2000, ticks: [0, 2000, 4000, 6000] });
    const s = niceScale([1234, 4999]);
    expect(s.min).toBe(0);
    expect(s.max).toBeGreaterThanOrEqual(4999);
    expect(s.ticks[0]).toBe(0);
    expect(s.ticks[s.ticks.length - 1]).toBe(s.max);
    expect(s.ticks.length).toBeGreaterThanOrEqual(3);
    expect(s.ticks.length).toBeLessThanOrEqual(6);
  });

  it('uses steps of 1, 2 or 5 times a power of ten cents', () => {
    for (const max of [1, 7, 99, 1234, 4999, 100_00, 123_456, 9_999_999]) {
      const { step, ticks } = niceScale([max]);
      const lead = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 5]).toContain(lead);
      for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBe(step);
      expect(Number.isInteger(step)).toBe(true);
    }
  });

  it('reaches below zero for a net refund', () => {
    const s = niceScale([-1500, 3000]);
    expect(s.min).toBeLessThanOrEqual(-1500);
    expect(s.ticks).toContain(0);
  });

  it('gives $0 to $1 for an all-zero range', () => {
    expect(niceScale([0, 0])).toEqual({ min: 0, max: 100, step: 100, ticks: [0, 100] });
    expect(niceScale([])).toEqual({ min: 0, max: 100, step: 100, ticks: [0, 100] });
  });
});

describe('labelStride', () => {
  it('labels every bar when there is room, else every n-th', () => {
    expect(labelStride(7, 700, 48)).toBe(1);
    expect(labelStride(31, 300, 48)).toBe(5);
    expect(labelStride(0, 300, 48)).toBe(1);
  });
});

describe('dateAtNoon', () => {
  it('is the same calendar date in Toronto', () => {
    const d = dateAtNoon('2026-03-08');
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'short' }).format(d)).toBe(
      '2026-03-08',
    );
    expect(dateAtNoon('2026-03').toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });
});
