import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminShipmentsQuery, adminShipmentsSearch, auditLogsQuery, sendUserChange } from './api';

const USER = '3f2a9c1e-0b7d-4c55-9e11-2d6f7a8b9c0d';

describe('adminShipmentsSearch', () => {
  it('leaves out the defaults (no search, page 1, 25 a page) and trims the search', () => {
    expect(adminShipmentsSearch({ search: '', page: 1, limit: 25 })).toBe('');
    expect(adminShipmentsSearch({ search: '  Vancouver ', page: 3, limit: 50 })).toBe(
      'search=Vancouver&page=3&limit=50',
    );
    expect(adminShipmentsSearch({ search: 'a&b', page: 1, limit: 25 })).toBe('search=a%26b');
  });

  it('keys a list by its trimmed parameters, so the same search is one cache entry', () => {
    expect(adminShipmentsQuery({ search: ' x ', page: 1, limit: 25 }).queryKey).toEqual(
      adminShipmentsQuery({ search: 'x', page: 1, limit: 25 }).queryKey,
    );
    expect(auditLogsQuery(null).queryKey).toEqual(['admin', 'audit-logs', 'all']);
    expect(auditLogsQuery(USER).queryKey).toEqual(['admin', 'audit-logs', USER]);
  });
});

describe('sendUserChange', () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  afterEach(() => {
    calls.length = 0;
    vi.unstubAllGlobals();
  });
  const stubFetch = (answer: unknown) =>
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    });

  it('sends each change to its call with the contract body (amounts as decimal strings)', async () => {
    stubFetch({ message: 'ok' });
    await sendUserChange({ kind: 'role', userId: USER, role: 'staff' });
    await sendUserChange({ kind: 'status', userId: USER, isActive: false });
    await sendUserChange({ kind: 'add-balance', userId: USER, amountCents: 2550, description: 'Welcome' });
    await sendUserChange({ kind: 'edit-balance', userId: USER, newBalanceCents: 0, description: '' });
    expect(calls).toEqual([
      { method: 'PUT', url: `/api/admin/users/${USER}/role`, body: { role: 'staff' } },
      { method: 'PUT', url: `/api/admin/users/${USER}/status`, body: { isActive: false } },
      {
        method: 'POST',
        url: '/api/admin/add-balance',
        body: { userId: USER, amount: '25.50', description: 'Welcome' },
      },
      { method: 'POST', url: '/api/admin/edit-balance', body: { userId: USER, newBalance: '0.00', description: '' } },
    ]);
  });

  it('hands back the answer with the kind of change', async () => {
    stubFetch({ message: 'Added $25.50', balance: '25.50' });
    const result = await sendUserChange({ kind: 'add-balance', userId: USER, amountCents: 2550, description: '' });
    expect(result).toEqual({ kind: 'add-balance', answer: { message: 'Added $25.50', balance: '25.50' } });
  });
});
