import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime } from './format';

// 2026-01-15 03:30 UTC is still January 14 in Toronto (UTC-5).
const instant = '2026-01-15T03:30:00Z';

describe('format', () => {
  it('shows dates and times in Toronto', () => {
    expect(formatDate(instant, 'en')).toBe('Jan 14, 2026');
    expect(formatDate(instant, 'zh')).toBe('2026年1月14日');
    expect(formatTime(instant, 'en')).toMatch(/^10:30\sp\.m\.$/);
    expect(formatTime(instant, 'zh')).toBe('22:30');
    expect(formatDateTime(instant, 'en')).toContain('Jan 14, 2026');
  });

  it('formats CAD from cents for each language', () => {
    expect(formatMoney(123456, 'en')).toBe('$1,234.56');
    expect(formatMoney(123456, 'zh')).toBe('CA$1,234.56');
  });
});
