import { describe, expect, it } from 'vitest';
import { readThreshold } from './notifications-tab';

describe('the low-balance threshold field', () => {
  it('reads dollars as typed into integer cents', () => {
    expect(readThreshold('20')).toEqual({ cents: 2000 });
    expect(readThreshold(' 20.5 ')).toEqual({ cents: 2050 });
    expect(readThreshold('$1,250.00')).toEqual({ cents: 125000 });
    expect(readThreshold('0')).toEqual({ cents: 0 });
    expect(readThreshold('100000')).toEqual({ cents: 10_000_000 });
  });

  it('names what is wrong', () => {
    for (const bad of ['', 'abc', '-5', '20.123', '1e3']) {
      expect(readThreshold(bad)).toEqual({ error: 'settings.notifications.threshold.invalid' });
    }
    expect(readThreshold('100000.01')).toEqual({ error: 'settings.notifications.threshold.tooHigh' });
  });
});
