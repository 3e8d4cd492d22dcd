/**
 * Admin balance calls (spec §5 Admin balances; DESIGN §3): add-balance credits an `adjustment`;
 * edit-balance sets the balance, the difference as one `adjustment` entry (credit or debit). Active
 * users only. Each is one transaction with its audit entry (old and new balance, who, IP).
 */
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { centsToDecimal, formatCad } from '../../../shared/money';
import type { TAddBalanceRequest, TBalanceChange, TEditBalanceRequest } from '../../../shared/contracts/wallet';
import { applyEntry } from './ledger';
import { lockWallet } from './ledger-repo';
import { adjustmentRow, balanceUser } from './repo';
import { audit } from '../audit/repo';

type Actor = { id: string; ipAddress: string | null };

async function activeUser(db: Db, userId: string): Promise<{ id: string; email: string }> {
  const user = await balanceUser(db, userId);
  if (!user) throw notFound('User not found');
  if (!user.isActive) {
    throw new AppError(409, 'Balances can only be changed for active users', ErrorCode.CONFLICT, {
      userId: ['This user is inactive'],
    });
  }
  return user;
}

async function transactionWire(db: Db, id: string): Promise<TBalanceChange['transaction']> {
  const t = await adjustmentRow(db, id);
  if (!t) return null;
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    amount: centsToDecimal(Number(t.amount_cents)),
    direction: t.direction,
    balanceAfter: centsToDecimal(Number(t.balance_after_cents)),
    description: t.description,
    reference: t.reference,
    shipmentId: t.shipment_id,
    createdAt: new Date(t.created_at).toISOString(),
  };
}

/** What the admin balance calls use: the database handle and the clock, nothing else of AppDeps. */
export type AdminBalanceDeps = { db: Db } & Pick<AppDeps, 'clock'>;

export function createAdminBalanceService(deps: AdminBalanceDeps) {
  const { db, clock } = deps;
  return {
    async addBalance(actor: Actor, body: TAddBalanceRequest): Promise<TBalanceChange> {
      const user = await activeUser(db, body.userId);
      const now = clock.now();
      const description = body.description || 'Balance added by an administrator';
      const out = await db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, user.id);
        if (!wallet) throw notFound('User not found');
        const applied = await applyEntry(
          tx,
          user.id,
          {
            type: 'adjustment',
            direction: 'credit',
            amountCents: body.amount,
            description,
            actorId: actor.id,
            ipAddress: actor.ipAddress,
          },
          now,
        );
        if (!applied) throw new Error('credit did not apply');
        await audit(tx, {
          userId: actor.id,
          action: 'admin.add_balance',
          resourceType: 'user',
          resourceId: user.id,
          oldValue: { balance: centsToDecimal(wallet.balanceCents) },
          newValue: { balance: centsToDecimal(applied.balanceAfterCents), added: centsToDecimal(body.amount) },
          ipAddress: actor.ipAddress,
          details: description,
          at: now,
        });
        return { old: wallet.balanceCents, now: applied.balanceAfterCents, transactionId: applied.transactionId };
      });
      return {
        message: `Added ${formatCad(body.amount)} to ${user.email}. New balance ${formatCad(out.now)}.`,
        userId: user.id,
        oldBalance: centsToDecimal(out.old),
        balance: centsToDecimal(out.now),
        transaction: await transactionWire(db, out.transactionId),
      };
    },

    async editBalance(actor: Actor, body: TEditBalanceRequest): Promise<TBalanceChange> {
      const user = await activeUser(db, body.userId);
      const now = clock.now();
      const description = body.description || 'Balance set by an administrator';
      const out = await db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, user.id);
        if (!wallet) throw notFound('User not found');
        const diff = body.newBalance - wallet.balanceCents;
        let transactionId: string | null = null;
        if (diff !== 0) {
          const applied = await applyEntry(
            tx,
            user.id,
            {
              type: 'adjustment',
              direction: diff > 0 ? 'credit' : 'debit',
              amountCents: Math.abs(diff),
              description,
              actorId: actor.id,
              ipAddress: actor.ipAddress,
            },
            now,
          );
          if (!applied) throw new Error('adjustment did not apply');
          transactionId = applied.transactionId;
        }
        await audit(tx, {
          userId: actor.id,
          action: 'admin.edit_balance',
          resourceType: 'user',
          resourceId: user.id,
          oldValue: { balance: centsToDecimal(wallet.balanceCents) },
          newValue: { balance: centsToDecimal(body.newBalance) },
          ipAddress: actor.ipAddress,
          details: description,
          at: now,
        });
        return { old: wallet.balanceCents, transactionId };
      });
      return {
        message: `Balance of ${user.email} set to ${formatCad(body.newBalance)} (was ${formatCad(out.old)}).`,
        userId: user.id,
        oldBalance: centsToDecimal(out.old),
        balance: centsToDecimal(body.newBalance),
        transaction: out.transactionId ? await transactionWire(db, out.transactionId) : null,
      };
    },
  };
}

export type AdminBalanceService = ReturnType<typeof createAdminBalanceService>;
