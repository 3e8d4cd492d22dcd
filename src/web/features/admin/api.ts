/**
 * The admin page's calls (spec §7 Admin): stats, users, organizations, audit logs and all orders,
 * and the user changes (role, status, add and edit balance). Admin only: the page renders none of
 * these before it knows the user is an admin (spec §6: no call for anyone else).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminOrganization,
  TAdminShipmentList,
  TAdminStats,
  TAdminUser,
  TAdminUserChange,
} from '../../../shared/contracts/admin';
import type { TRole } from '../../../shared/contracts/user';
import type { TAdminCarriers } from '../../../shared/contracts/carriers';
import type { TAuditLogEntry } from '../../../shared/contracts/settings';
import type { TBalanceChange } from '../../../shared/contracts/wallet';
import { centsToDecimal, type Cents } from '../../../shared/money';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries/keys';
import { userQueryKey } from '../../lib/session';

/** Every admin query starts with 'admin', so one prefix refreshes them all. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  users: ['admin', 'users'] as const,
  organizations: ['admin', 'organizations'] as const,
  auditLogs: ['admin', 'audit-logs'] as const,
  auditLogsFor: (userId: string | null) => ['admin', 'audit-logs', userId ?? 'all'] as const,
  shipments: ['admin', 'shipments'] as const,
  carriers: ['admin', 'carriers'] as const,
};

/** The mutation key of every change to one user, so a row can tell that a change of its user is pending. */
export const USER_CHANGE_KEY = ['admin', 'user-change'] as const;

export const adminStatsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => api.get<TAdminStats>('/api/admin/stats'),
});

export const adminUsersQuery = queryOptions({
  queryKey: adminKeys.users,
  queryFn: () => api.get<TAdminUser[]>('/api/admin/users'),
});

export const adminOrganizationsQuery = queryOptions({
  queryKey: adminKeys.organizations,
  queryFn: () => api.get<TAdminOrganization[]>('/api/admin/organizations'),
});

/** GET /api/admin/carriers: each carrier's mode, last call and the last hour's error rate (refreshed every 30 s). */
export const adminCarriersQuery = queryOptions({
  queryKey: adminKeys.carriers,
  queryFn: () => api.get<TAdminCarriers>('/api/admin/carriers'),
  refetchInterval: 30_000,
});

/** GET /api/admin/audit-logs?userId: the latest 50, newest first, of everyone or one user. */
export function auditLogsQuery(userId: string | null) {
  const qs = userId ? `?${new URLSearchParams({ userId })}` : '';
  return queryOptions({
    queryKey: adminKeys.auditLogsFor(userId),
    queryFn: () => api.get<TAuditLogEntry[]>(`/api/admin/audit-logs${qs}`),
  });
}

export type AdminShipmentParams = { search: string; page: number; limit: number };
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

/** The query string of the orders list: search when there is one, page unless 1, limit unless 25. */
export function adminShipmentsSearch({ search, page, limit }: AdminShipmentParams): string {
  const params = new URLSearchParams();
  const q = search.trim();
  if (q) params.set('search', q);
  if (page !== 1) params.set('page', String(page));
  if (limit !== ADMIN_DEFAULT_PAGE_SIZE) params.set('limit', String(limit));
  return params.toString();
}

/** GET /api/admin/shipments?search&page&limit: every organization's orders, newest first. */
export function adminShipmentsQuery(params: AdminShipmentParams) {
  const normalized = { ...params, search: params.search.trim() };
  const qs = adminShipmentsSearch(normalized);
  return queryOptions({
    queryKey: [...adminKeys.shipments, normalized] as const,
    queryFn: () => api.get<TAdminShipmentList>(`/api/admin/shipments${qs ? `?${qs}` : ''}`),
  });
}

export const useAdminStats = () => useQuery(adminStatsQuery);
export const useAdminUsers = () => useQuery(adminUsersQuery);
export const useAdminOrganizations = () => useQuery(adminOrganizationsQuery);
export const useAdminCarriers = () => useQuery(adminCarriersQuery);
export const useAuditLogs = (userId: string | null) => useQuery(auditLogsQuery(userId));
/** The list keeps the previous page on screen (marked busy) while the next one loads. */
export const useAdminShipments = (params: AdminShipmentParams) =>
  useQuery({ ...adminShipmentsQuery(params), placeholderData: keepPreviousData });

// ------------------------------------------------------------------------------------------------
// Changes to a user

export type RoleChange = { kind: 'role'; userId: string; role: TRole };
export type StatusChange = { kind: 'status'; userId: string; isActive: boolean };
export type AddBalance = { kind: 'add-balance'; userId: string; amountCents: Cents; description: string };
export type EditBalance = { kind: 'edit-balance'; userId: string; newBalanceCents: Cents; description: string };
/** Put the wallet on hold or lift its hold (decision 021), with the reason the audit log keeps. */
export type WalletHoldChange = { kind: 'hold'; userId: string; onHold: boolean; reason: string };
export type UserChange = RoleChange | StatusChange | AddBalance | EditBalance | WalletHoldChange;

export type UserChangeResult =
  | { kind: 'role' | 'status' | 'hold'; answer: TAdminUserChange }
  | { kind: 'add-balance' | 'edit-balance'; answer: TBalanceChange };

const userPath = (userId: string, what: 'role' | 'status' | 'wallet-hold') =>
  `/api/admin/users/${encodeURIComponent(userId)}/${what}`;

/** The call of one change (PUT role, PUT status, POST add-balance, POST edit-balance). */
export async function sendUserChange(change: UserChange): Promise<UserChangeResult> {
  switch (change.kind) {
    case 'role':
      return {
        kind: change.kind,
        answer: await api.put<TAdminUserChange>(userPath(change.userId, 'role'), { role: change.role }),
      };
    case 'status':
      return {
        kind: change.kind,
        answer: await api.put<TAdminUserChange>(userPath(change.userId, 'status'), { isActive: change.isActive }),
      };
    case 'hold':
      return {
        kind: change.kind,
        answer: await api.put<TAdminUserChange>(userPath(change.userId, 'wallet-hold'), {
          onHold: change.onHold,
          reason: change.reason,
        }),
      };
    case 'add-balance':
      return {
        kind: change.kind,
        answer: await api.post<TBalanceChange>('/api/admin/add-balance', {
          userId: change.userId,
          amount: centsToDecimal(change.amountCents),
          description: change.description,
        }),
      };
    case 'edit-balance':
      return {
        kind: change.kind,
        answer: await api.post<TBalanceChange>('/api/admin/edit-balance', {
          userId: change.userId,
          newBalance: centsToDecimal(change.newBalanceCents),
          description: change.description,
        }),
      };
  }
}

/**
 * One change to a user; afterwards (success or not) the users, stats and audit lists are refreshed
 * (spec §4), and the signed-in user (and their wallet) too when the change was to themselves.
 */
export function useUserChange(selfId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: USER_CHANGE_KEY,
    mutationFn: sendUserChange,
    onSuccess: (result) => {
      if (result.kind === 'role' || result.kind === 'status' || result.kind === 'hold') {
        const updated = result.answer.user;
        queryClient.setQueryData<TAdminUser[]>(adminKeys.users, (users) =>
          users?.map((u) => (u.id === updated.id ? updated : u)),
        );
      }
    },
    onSettled: (_result, _error, change) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLogs }),
        ...(change.userId === selfId
          ? [userQueryKey, queryKeys.wallet, queryKeys.transactions, queryKeys.dashboard].map((queryKey) =>
              queryClient.invalidateQueries({ queryKey }),
            )
          : []),
      ]),
  });
}
