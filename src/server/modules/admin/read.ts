/**
 * The back-office's reads (spec §2 Admin panel, §3 Admin stats and Customer with payments): the stat
 * cards, users, organizations, every user's orders and the customers with saved cards.
 */
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { centsToDecimal } from '../../../shared/money';
import { businessDate } from '../../../shared/taxes';
import type {
  TAdminOrganization,
  TAdminShipmentList,
  TAdminStats,
  TAdminUser,
  TCustomerWithPayments,
} from '../../../shared/contracts/admin';
import { pageWindow, paginationOf } from '../shipments/pagination';
import { normalizeSearch } from '../shipments/service';
import * as repo from './repo';
import { toAdminOrganization, toAdminShipment, toAdminUser, toCustomers } from './wire';

export function createAdminReadService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** This Toronto month (by the app's clock) for revenue, carrier cost and margin; the rest as of now. */
    async stats(): Promise<TAdminStats> {
      const monthStart = `${businessDate(clock.now()).slice(0, 7)}-01`;
      const s = await repo.stats(db, monthStart);
      return {
        totalUsers: s.totalUsers,
        totalOrganizations: s.totalOrganizations,
        monthlyRevenue: centsToDecimal(s.revenueCents),
        activeShipments: s.activeShipments,
        monthlyCarrierCost: centsToDecimal(s.carrierCostCents),
        monthlyMargin: centsToDecimal(s.marginCents),
        flaggedWallets: s.flaggedWallets,
      };
    },

    async users(): Promise<TAdminUser[]> {
      return (await repo.listUsers(db)).map(toAdminUser);
    },

    async organizations(): Promise<TAdminOrganization[]> {
      return (await repo.listOrganizations(db)).map(toAdminOrganization);
    },

    /** Paged and searched as the user's own list is (shipments/service.ts), plus the user's email. */
    async shipments(q: { search?: string; page?: number; limit?: number }): Promise<TAdminShipmentList> {
      const { page, limit, offset } = pageWindow(q);
      const search = normalizeSearch(q.search);
      // No stored text holds NUL (PostgreSQL text cannot), so such a search finds nothing.
      if (search?.includes('\u0000')) return { data: [], pagination: paginationOf(0, page, limit) };
      const { rows, total } = await repo.listAllShipments(db, { search, limit, offset });
      return { data: rows.map(toAdminShipment), pagination: paginationOf(total, page, limit) };
    },

    async customersWithPayments(): Promise<TCustomerWithPayments[]> {
      return toCustomers(await repo.customerCards(db));
    },
  };
}

export type AdminReadService = ReturnType<typeof createAdminReadService>;
