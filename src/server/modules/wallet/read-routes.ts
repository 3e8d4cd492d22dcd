/** GET /api/wallet, GET /api/wallet/month and GET /api/transactions (spec §7 Wallet; contracts/wallet.ts). */
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { centsToDecimal } from '../../../shared/money';
import { businessDate } from '../../../shared/taxes';
import {
  TRANSACTIONS_UNPAGED_MAX,
  ZTransaction,
  ZTransactionList,
  ZTransactionsQuery,
  ZWallet,
  ZWalletMonth,
} from '../../../shared/contracts/wallet';
import { requireUser, signedIn } from '../auth/session';
import { pageWindow, paginationOf } from '../shipments/pagination';
import { countTransactions, listTransactions, monthCharges, walletBalance } from './read-repo';
import { holdOf } from './hold';
import { owedCents } from './ledger';
import { toWireTransaction, withDocument } from './wire';
import { transactionDocuments } from '../documents/repo';

export function registerWalletRead(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  app.get('/api/wallet', { ...signedIn, schema: { response: { 200: ZWallet } } }, async (request) => {
    // Every user has a wallet (a trigger opens it with the user); none yet reads as empty.
    const userId = requireUser(request).id;
    const [cents, hold] = await Promise.all([walletBalance(db, userId), holdOf(db, userId)]);
    const balance = { balance: centsToDecimal(cents ?? 0), currency: 'CAD' as const };
    if (!hold) return balance;
    // Said on the wallet page too, not only when an order is refused (decision 021).
    const reason = hold.kind === 'admin' ? hold.reason?.trim() : undefined;
    return {
      ...balance,
      hold: { kind: hold.kind, owed: centsToDecimal(await owedCents(db, userId)), ...(reason ? { reason } : {}) },
    };
  });

  // The wallet card's month: what the spec's spend counts, and what came back as refunds (one read).
  app.get('/api/wallet/month', { ...signedIn, schema: { response: { 200: ZWalletMonth } } }, async (request) => {
    const month = businessDate(deps.clock.now()).slice(0, 7);
    const m = await monthCharges(db, requireUser(request).id, month);
    return {
      month,
      shippingCharged: centsToDecimal(m.shippingChargedCents),
      refunded: centsToDecimal(m.refundedCents),
    };
  });

  app.get(
    '/api/transactions',
    {
      ...signedIn,
      schema: {
        querystring: ZTransactionsQuery,
        response: { 200: z.union([z.array(ZTransaction), ZTransactionList]) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const q = request.query;
      if (q.page === undefined && q.limit === undefined) {
        const rows = await listTransactions(db, userId, { limit: TRANSACTIONS_UNPAGED_MAX, offset: 0 });
        const docs = await transactionDocuments(db, userId, rows);
        return rows.map((r) => withDocument(toWireTransaction(r), docs.get(r.id)));
      }
      const { page, limit, offset } = pageWindow(q);
      const [rows, total] = await Promise.all([
        listTransactions(db, userId, { limit, offset }),
        countTransactions(db, userId),
      ]);
      const docs = await transactionDocuments(db, userId, rows);
      return {
        data: rows.map((r) => withDocument(toWireTransaction(r), docs.get(r.id))),
        pagination: paginationOf(total, page, limit),
      };
    },
  );
}
