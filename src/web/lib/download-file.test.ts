import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file';

describe('fileNameOf', () => {
  it('reads the server’s file name, or falls back', () => {
    expect(fileNameOf('attachment; filename="receipt-R-000001.pdf"', 'x.pdf')).toBe('receipt-R-000001.pdf');
    expect(fileNameOf('attachment; filename=statement-2026-03.csv', 'x.csv')).toBe('statement-2026-03.csv');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
  });
});
