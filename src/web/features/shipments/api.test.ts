import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { detailRetry, detailRetryDelay, listSearchParams, normalizeTrackingInput, readListParams } from './api';

describe('shipments list parameters (spec §2)', () => {
  it('leaves out page 1, limit 25 and an empty search', () => {
    expect(listSearchParams({ search: '', page: 1, limit: 25, destination: '', test: '' }).toString()).toBe('');
    expect(listSearchParams({ search: ' bob ', page: 2, limit: 10, destination: '', test: '' }).toString()).toBe(
      'search=bob&page=2&limit=10',
    );
    expect(listSearchParams({ search: '', page: 1, limit: 25, destination: 'us', test: '' }).toString()).toBe(
      'destination=us',
    );
  });

  it('reads defaults for anything unreadable', () => {
    expect(readListParams(new URLSearchParams('page=abc&limit=7'))).toEqual({
      search: '',
      page: 1,
      limit: 25,
      destination: '',
      test: '',
    });
    expect(readListParams(new URLSearchParams('page=0&limit=100&destination=mars'))).toEqual({
      search: '',
      page: 1,
      limit: 100,
      destination: '',
      test: '',
    });
    expect(readListParams(new URLSearchParams('search=V6Z&page=3&limit=50&destination=international'))).toEqual({
      search: 'V6Z',
      page: 3,
      limit: 50,
      destination: 'international',
      test: '',
    });
  });

  it('writes live or test as the API reads it (test=false, test=true) and reads it back', () => {
    const base = { search: '', page: 1, limit: 25, destination: '' } as const;
    expect(listSearchParams({ ...base, test: 'test' }).toString()).toBe('test=true');
    expect(listSearchParams({ ...base, test: 'live', page: 2 }).toString()).toBe('test=false&page=2');
    expect(readListParams(new URLSearchParams('test=true')).test).toBe('test');
    expect(readListParams(new URLSearchParams('test=false')).test).toBe('live');
    expect(readListParams(new URLSearchParams('test=yes')).test).toBe('');
  });

  it('retries the detail 1 s, 2 s, 4 s … apart, never more than 30 s (TanStack passes the failures so far, from 0)', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(detailRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries 3 times, but not an answer another try cannot change', () => {
    const boom = new ApiError(500, 'boom', null);
    expect([0, 1, 2, 3].map((n) => detailRetry(n, boom))).toEqual([true, true, true, false]);
    expect(detailRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(detailRetry(0, new ApiError(404, '', { code: 'NOT_FOUND', message: 'Not found' }))).toBe(false);
    expect(detailRetry(0, new ApiError(429, '', null))).toBe(true);
  });

  it('tidies a typed tracking number', () => {
    expect(normalizeTrackingInput(' 1Z 999 AA1 ')).toBe('1Z999AA1');
  });
});
