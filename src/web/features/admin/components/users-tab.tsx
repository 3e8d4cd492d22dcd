import { useRef, useState } from 'react';
import { useMutationState } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import {
  Building2,
  Flag,
  Lock,
  LockOpen,
  MinusCircle,
  PlusCircle,
  Pencil,
  UserCheck,
  UserCog,
  UserX,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAdminOrganization, TAdminUser } from '../../../../shared/contracts/admin';
import { ROLES, type TRole } from '../../../../shared/contracts/user';
import { parseCents } from '../../../../shared/money';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../../components/ui/alert-dialog';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatDate, formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { USER_CHANGE_KEY, useAdminOrganizations, useAdminUsers, useUserChange, type UserChange } from '../api';
import { personName } from '../admin-rules';
import { showAdminFailure, showAdminSuccess } from '../admin-toasts';
import { BalanceDialog, type BalanceMode } from './balance-dialogs';
import { owedOf, WalletHoldDialog } from './wallet-hold-dialog';
import {
  badgeClass,
  EmailText,
  EmptyState,
  ListSkeleton,
  LoadError,
  TableFrame,
  Th,
  useDialogFocus,
  useLang,
  useWide,
} from './admin-ui';

/** The changes (role, status, balance) on their way to the server. */
function usePendingChanges(): UserChange[] {
  return useMutationState({
    filters: { mutationKey: USER_CHANGE_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as UserChange,
  }).filter(Boolean);
}

type RowActions = {
  pending: boolean;
  /** The role being saved, shown in the select until the server answers. */
  pendingRole: TRole | null;
  /** The role chosen in the select but not saved yet (moved to by the keyboard, or awaiting confirmation). */
  draftRole: TRole | null;
  isSelf: boolean;
  /** The select moved to a role (keyboard arrows): nothing is saved yet. */
  onDraftRole: (role: TRole) => void;
  /** A role was chosen (a click in the list, Enter, or leaving the select): ask to confirm it. */
  onChooseRole: (role: TRole) => void;
  onStatus: () => void;
  onBalance: (mode: BalanceMode) => void;
  /** Put the wallet on hold or lift its hold (a dialog asks the reason). */
  onHold: (onHold: boolean) => void;
};

/**
 * Spec §2 Users tab: every user with name and email, role select, wallet balance (flagged wallets
 * marked), active badge with activate/deactivate, created date, and add/edit balance (not for an
 * inactive user, nor while a change of that user is pending); the organizations under it.
 */
export function UsersTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const wide = useWide();
  const users = useAdminUsers();
  const { data: me } = useUser();
  const change = useUserChange(me?.id);
  const pending = usePendingChanges();
  const [balance, setBalance] = useState<{ mode: BalanceMode; user: TAdminUser } | null>(null);
  const [deactivating, setDeactivating] = useState<TAdminUser | null>(null);
  const [holding, setHolding] = useState<{ user: TAdminUser; onHold: boolean } | null>(null);
  const deactivateFocus = useDialogFocus();
  // One role change at a time: chosen in a row's select, saved only once the admin confirms it.
  const [roleDraft, setRoleDraft] = useState<{ user: TAdminUser; role: TRole; confirming: boolean } | null>(null);

  const changeRole = (user: TAdminUser, role: TRole) => {
    if (role === user.role) return;
    change.mutate(
      { kind: 'role', userId: user.id, role },
      {
        onSuccess: (result) =>
          showAdminSuccess(
            'admin.users.roleChanged',
            {
              key: 'admin.users.roleChangedDescription',
              values: { name: personName(user), role: t(`roles.${role}`) },
            },
            result.answer.message,
          ),
        onError: (error) => showAdminFailure('admin.users.roleFailed', error),
      },
    );
  };

  const changeStatus = (user: TAdminUser, isActive: boolean) => {
    const key = isActive ? 'activated' : 'deactivated';
    change.mutate(
      { kind: 'status', userId: user.id, isActive },
      {
        onSuccess: (result) =>
          showAdminSuccess(
            `admin.users.${key}`,
            { key: `admin.users.${key}Description`, values: { name: personName(user), email: user.email } },
            result.answer.message,
          ),
        onError: (error) => showAdminFailure('admin.users.statusFailed', error),
      },
    );
  };

  const actionsFor = (user: TAdminUser): RowActions => ({
    pending: pending.some((c) => c.userId === user.id),
    pendingRole:
      pending.find((c): c is Extract<UserChange, { kind: 'role' }> => c.kind === 'role' && c.userId === user.id)
        ?.role ?? null,
    draftRole: roleDraft?.user.id === user.id ? roleDraft.role : null,
    isSelf: user.id === me?.id,
    onDraftRole: (role) => setRoleDraft(role === user.role ? null : { user, role, confirming: false }),
    onChooseRole: (role) => setRoleDraft(role === user.role ? null : { user, role, confirming: true }),
    onStatus: () => (user.isActive ? setDeactivating(user) : changeStatus(user, true)),
    onBalance: (mode) => setBalance({ mode, user }),
    onHold: (onHold) => setHolding({ user, onHold }),
  });

  let body: React.ReactNode;
  if (users.isPending) body = <ListSkeleton label={t('admin.users.loading')} />;
  else if (users.isError && !users.data)
    body = (
      <LoadError
        title={t('admin.users.loadFailed')}
        onRetry={() => void users.refetch()}
        retrying={users.isFetching}
        testId="admin-users-error"
      />
    );
  else if (users.data.length === 0)
    body = (
      <EmptyState
        icon={<Users className="size-8" aria-hidden="true" />}
        title={t('admin.users.empty')}
        testId="admin-users-empty"
      />
    );
  else if (wide)
    body = (
      <TableFrame label={t('admin.users.title')} testId="admin-users-table">
        <thead className="bg-slate-50">
          <tr>
            <Th>{t('admin.users.columns.user')}</Th>
            <Th>{t('admin.users.columns.role')}</Th>
            <Th className="text-right">{t('admin.users.columns.balance')}</Th>
            <Th>{t('admin.users.columns.status')}</Th>
            <Th>{t('admin.users.columns.created')}</Th>
            <Th className="text-right">{t('admin.users.columns.actions')}</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.data.map((user) => {
            const a = actionsFor(user);
            return (
              <tr key={user.id} data-testid="admin-user" data-email={user.email} className="align-middle">
                <td className="px-4 py-3">
                  <UserIdentity user={user} inTable />
                </td>
                <td className="px-4 py-3">
                  <RoleSelect user={user} actions={a} />
                </td>
                <td className="px-4 py-3 text-right">
                  <Balance user={user} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-col items-start gap-1">
                    <StatusBadge active={user.isActive} />
                    <HoldBadge user={user} />
                    <StatusButton user={user} actions={a} compact />
                    <HoldButton user={user} actions={a} compact />
                  </div>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700" data-testid="admin-user-created">
                  {formatDate(user.createdAt, lang)}
                </td>
                <td className="px-4 py-3">
                  <BalanceButtons user={user} actions={a} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </TableFrame>
    );
  else
    body = (
      <ul
        className="grid grid-cols-1 gap-3 md:grid-cols-2"
        aria-label={t('admin.users.title')}
        data-testid="admin-users-cards"
      >
        {users.data.map((user) => {
          const a = actionsFor(user);
          return (
            <li
              key={user.id}
              className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="admin-user"
              data-email={user.email}
            >
              <div className="flex items-start justify-between gap-3">
                <UserIdentity user={user} />
                <div className="flex flex-col items-end gap-1">
                  <StatusBadge active={user.isActive} />
                  <HoldBadge user={user} />
                </div>
              </div>
              <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                <div>
                  <dt className="text-xs text-slate-500">{t('admin.users.columns.balance')}</dt>
                  <dd>
                    <Balance user={user} inline />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t('admin.users.columns.created')}</dt>
                  <dd className="text-slate-800" data-testid="admin-user-created">
                    {formatDate(user.createdAt, lang)}
                  </dd>
                </div>
              </dl>
              <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
                <RoleSelect user={user} actions={a} labelled />
                <StatusButton user={user} actions={a} />
              </div>
              <BalanceButtons user={user} actions={a} />
              <HoldButton user={user} actions={a} />
            </li>
          );
        })}
      </ul>
    );

  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <div className="grid gap-8" data-testid="admin-users-tab">
        <section className="grid gap-4" aria-labelledby="admin-users-heading">
          <div>
            <h2 id="admin-users-heading" className="text-base font-semibold text-slate-900">
              {t('admin.users.title')}
            </h2>
            <p className="text-sm text-slate-600">
              {users.data ? t('admin.users.count', { count: users.data.length }) : '\u00a0'}
            </p>
          </div>
          {body}
        </section>
        <OrganizationsList />
      </div>
      <BalanceDialog mode={balance?.mode ?? 'add'} user={balance?.user ?? null} onClose={() => setBalance(null)} />
      <WalletHoldDialog
        user={holding?.user ?? null}
        onHold={holding?.onHold ?? true}
        onClose={() => setHolding(null)}
      />
      <AlertDialog
        open={deactivating !== null}
        onOpenChange={(open) => {
          if (!open) setDeactivating(null);
        }}
      >
        {deactivating ? (
          <AlertDialogContent
            title={t('admin.users.deactivateTitle', { name: personName(deactivating) })}
            description={t('admin.users.deactivateDescription', { email: deactivating.email })}
            data-testid="deactivate-dialog"
            onOpenAutoFocus={deactivateFocus.onOpenAutoFocus}
            onCloseAutoFocus={deactivateFocus.onCloseAutoFocus}
          >
            <AlertDialogFooter>
              <AlertDialogCancel className={buttonClass('secondary')}>{t('admin.cancel')}</AlertDialogCancel>
              <Button
                variant="danger"
                onClick={() => {
                  changeStatus(deactivating, false);
                  setDeactivating(null);
                }}
                data-testid="deactivate-confirm"
              >
                <UserX className="size-4" aria-hidden="true" />
                {t('admin.users.deactivate')}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
      <AlertDialog
        open={roleDraft?.confirming === true}
        onOpenChange={(open) => {
          if (!open) setRoleDraft(null);
        }}
      >
        {roleDraft?.confirming ? (
          <AlertDialogContent
            title={t('admin.roleChange.title', {
              name: personName(roleDraft.user),
              from: t(`roles.${roleDraft.user.role}`),
              to: t(`roles.${roleDraft.role}`),
            })}
            description={t('admin.roleChange.description', { email: roleDraft.user.email })}
            data-testid="role-dialog"
            onCloseAutoFocus={(event) => {
              // Back to the role select (not the page), whichever way the dialog closed.
              const select = document.getElementById(roleSelectId(roleDraft.user));
              if (select) {
                event.preventDefault();
                select.focus();
              }
            }}
          >
            <AlertDialogFooter>
              <AlertDialogCancel className={buttonClass('secondary')} data-testid="role-cancel">
                {t('admin.cancel')}
              </AlertDialogCancel>
              <Button
                onClick={() => {
                  changeRole(roleDraft.user, roleDraft.role);
                  setRoleDraft(null);
                }}
                data-testid="role-confirm"
              >
                <UserCog className="size-4" aria-hidden="true" />
                {t('admin.roleChange.confirm')}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </Tooltip.Provider>
  );
}

function UserIdentity({ user, inTable }: { user: TAdminUser; inTable?: boolean }) {
  return (
    <div className={cn('min-w-0', inTable && 'max-w-64')}>
      <p className="font-medium break-words text-slate-900" data-testid="admin-user-name">
        {personName(user)}
      </p>
      {/* In the table never broken mid-address: cut with an ellipsis, the whole address in the title. On a
          card (no hover on a phone) it may wrap, after its '@' first. */}
      {inTable ? (
        <p className="truncate text-sm text-slate-600" title={user.email} data-testid="admin-user-email">
          {user.email}
        </p>
      ) : (
        <p className="text-sm break-words text-slate-600" data-testid="admin-user-email">
          <EmailText email={user.email} />
        </p>
      )}
      {user.organization ? <p className="text-xs text-slate-500">{user.organization.name}</p> : null}
    </div>
  );
}

const roleSelectId = (user: TAdminUser) => `role-${user.id}`;

/** Keys that move a closed select to another option without choosing it (Chromium changes it at once). */
const ROLE_MOVE_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * The role select. Nothing is saved from here: a role picked in the list (or confirmed with Enter, or
 * left on with Tab) opens the confirmation; arrow keys only move the choice. It stays focusable while a
 * change is saved (aria-disabled, not disabled), so focus is not dropped to the page.
 */
function RoleSelect({ user, actions, labelled }: { user: TAdminUser; actions: RowActions; labelled?: boolean }) {
  const { t } = useTranslation();
  const id = roleSelectId(user);
  const moving = useRef(false);
  return (
    <div className="grid gap-1">
      {labelled ? (
        <label htmlFor={id} className="text-xs text-slate-500">
          {t('admin.users.columns.role')}
        </label>
      ) : null}
      <select
        id={id}
        value={actions.pendingRole ?? actions.draftRole ?? user.role}
        aria-disabled={actions.pending || undefined}
        onKeyDown={(e) => {
          if (actions.pending) return;
          if (e.key === 'Enter' && actions.draftRole) {
            e.preventDefault();
            actions.onChooseRole(actions.draftRole);
          } else {
            moving.current = ROLE_MOVE_KEYS.has(e.key) || (e.key.length === 1 && !e.ctrlKey && !e.metaKey);
          }
        }}
        onChange={(e) => {
          const role = e.target.value as TRole;
          const byKey = moving.current;
          moving.current = false;
          if (actions.pending) return;
          if (byKey) actions.onDraftRole(role);
          else actions.onChooseRole(role);
        }}
        onBlur={() => {
          moving.current = false;
          if (actions.draftRole && !actions.pending) actions.onChooseRole(actions.draftRole);
        }}
        aria-label={labelled ? undefined : t('admin.users.roleFor', { name: personName(user) })}
        className={cn(inputClass, 'h-10 min-w-36 sm:h-9', actions.pending && 'cursor-wait opacity-60')}
        data-testid="admin-user-role"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Balance({ user, inline }: { user: TAdminUser; inline?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const amount = formatMoney(parseCents(user.walletBalance) ?? 0, lang);
  const flagged = user.wallet.flaggedAt !== null;
  const reason = user.wallet.flagReason || t('admin.users.flaggedNoReason');
  const owed = owedOf(user);
  const owedLine =
    owed > 0 ? (
      <span className="block text-xs font-medium text-red-700" data-testid="admin-user-owed">
        {t('admin.users.hold.owed', { amount: formatMoney(owed, lang) })}
      </span>
    ) : null;
  if (inline) {
    return (
      <div className="grid gap-1">
        <span className="inline-flex items-center gap-1.5 font-semibold text-slate-900 tabular-nums">
          <span data-testid="admin-user-balance">{amount}</span>
          {flagged ? <Flag className="size-4 text-amber-600" aria-hidden="true" /> : null}
        </span>
        {owedLine}
        {flagged ? (
          <span className="text-xs text-amber-800" data-testid="admin-user-flag">
            {t('admin.users.flagged', { reason })}
          </span>
        ) : null}
      </div>
    );
  }
  if (owedLine) {
    return (
      <div className="grid justify-items-end gap-0.5">
        <BalanceFigure amount={amount} flagged={flagged} reason={reason} />
        {owedLine}
      </div>
    );
  }
  return <BalanceFigure amount={amount} flagged={flagged} reason={reason} />;
}

function BalanceFigure({ amount, flagged, reason }: { amount: string; flagged: boolean; reason: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center justify-end gap-1.5 font-semibold text-slate-900 tabular-nums">
      {flagged ? (
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <button
              type="button"
              aria-label={t('admin.users.flagged', { reason })}
              className="inline-flex size-7 cursor-help items-center justify-center rounded-md text-amber-600 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              data-testid="admin-user-flag"
            >
              <Flag className="size-4" aria-hidden="true" />
            </button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content
              sideOffset={6}
              className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-xs font-normal text-white shadow-lg"
            >
              {t('admin.users.flagged', { reason })}
              <Tooltip.Arrow className="fill-slate-900" />
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      ) : null}
      <span data-testid="admin-user-balance">{amount}</span>
    </span>
  );
}

/** The wallet's hold (decision 021): by an admin, or by itself while a chargeback is owed. */
function HoldBadge({ user }: { user: TAdminUser }) {
  const { t } = useTranslation();
  const hold = user.wallet.hold;
  if (!hold) return null;
  const label = t(hold.kind === 'admin' ? 'admin.users.hold.badgeAdmin' : 'admin.users.hold.badgeOwed');
  // The admin's reason as visible text (a tooltip cannot be read on a phone).
  const reason = hold.kind === 'admin' ? hold.reason?.trim() : undefined;
  return (
    <span className="inline-flex min-w-0 flex-col items-start gap-0.5">
      <span className={cn(badgeClass, 'bg-red-100 text-red-800')} data-testid="admin-user-hold" data-kind={hold.kind}>
        <Lock className="size-3" aria-hidden="true" />
        {label}
      </span>
      {reason ? (
        <span className="break-words text-xs text-slate-700" data-testid="admin-user-hold-reason">
          {t('admin.users.hold.reasonTitle', { reason })}
        </span>
      ) : null}
    </span>
  );
}

function HoldButton({ user, actions, compact }: { user: TAdminUser; actions: RowActions; compact?: boolean }) {
  const { t } = useTranslation();
  const held = Boolean(user.wallet.hold);
  const label = held ? t('admin.users.hold.lift') : t('admin.users.hold.put');
  // As Deactivate: never on one's own wallet (the server refuses it too).
  const selfBlocked = actions.isSelf;
  return (
    <Button
      variant={held ? 'secondary' : 'ghost'}
      size="sm"
      onClick={() => actions.onHold(!held)}
      disabled={actions.pending || selfBlocked}
      title={selfBlocked ? t('admin.users.hold.cannotHoldSelf') : undefined}
      aria-label={compact ? `${label}: ${personName(user)}` : undefined}
      className={held ? undefined : 'text-red-700 hover:bg-red-50'}
      data-testid="admin-user-hold-toggle"
      data-held={held}
    >
      {held ? <LockOpen className="size-4" aria-hidden="true" /> : <Lock className="size-4" aria-hidden="true" />}
      {label}
    </Button>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(badgeClass, active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700')}
      data-testid="admin-user-status"
      data-active={active}
    >
      {active ? t('admin.users.active') : t('admin.users.inactive')}
    </span>
  );
}

function StatusButton({ user, actions, compact }: { user: TAdminUser; actions: RowActions; compact?: boolean }) {
  const { t } = useTranslation();
  const selfBlocked = user.isActive && actions.isSelf;
  const label = user.isActive ? t('admin.users.deactivate') : t('admin.users.activate');
  return (
    <Button
      variant={user.isActive ? 'ghost' : 'secondary'}
      size="sm"
      onClick={actions.onStatus}
      disabled={actions.pending || selfBlocked}
      title={selfBlocked ? t('admin.users.cannotDeactivateSelf') : undefined}
      aria-label={compact ? `${label}: ${personName(user)}` : undefined}
      className={user.isActive ? 'text-red-700 hover:bg-red-50' : undefined}
      data-testid="admin-user-toggle"
    >
      {user.isActive ? (
        <MinusCircle className="size-4" aria-hidden="true" />
      ) : (
        <UserCheck className="size-4" aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}

function BalanceButtons({ user, actions }: { user: TAdminUser; actions: RowActions }) {
  const { t } = useTranslation();
  const off = !user.isActive || actions.pending;
  const why = !user.isActive ? t('admin.users.inactiveNoBalance') : undefined;
  return (
    <div className="flex flex-wrap justify-end gap-2 max-sm:grid max-sm:grid-cols-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => actions.onBalance('add')}
        disabled={off}
        title={why}
        data-testid="admin-add-balance"
      >
        <PlusCircle className="size-4" aria-hidden="true" />
        {t('admin.users.addBalance')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => actions.onBalance('edit')}
        disabled={off}
        title={why}
        data-testid="admin-edit-balance"
      >
        <Pencil className="size-4" aria-hidden="true" />
        {t('admin.users.editBalance')}
      </Button>
    </div>
  );
}

/** Spec §2 'users and organizations': every organization with its user count, email and created date. */
function OrganizationsList() {
  const { t } = useTranslation();
  const lang = useLang();
  const wide = useWide();
  const orgs = useAdminOrganizations();
  let body: React.ReactNode;
  if (orgs.isPending) body = <ListSkeleton label={t('admin.organizations.loading')} rows={2} />;
  else if (orgs.isError && !orgs.data)
    body = (
      <LoadError
        title={t('admin.organizations.loadFailed')}
        onRetry={() => void orgs.refetch()}
        retrying={orgs.isFetching}
        testId="admin-organizations-error"
      />
    );
  else if (orgs.data.length === 0)
    body = (
      <EmptyState
        icon={<Building2 className="size-8" aria-hidden="true" />}
        title={t('admin.organizations.empty')}
        testId="admin-organizations-empty"
      />
    );
  else if (wide)
    body = (
      <TableFrame label={t('admin.organizations.title')} testId="admin-organizations-table">
        <thead className="bg-slate-50">
          <tr>
            <Th>{t('admin.organizations.columns.name')}</Th>
            <Th className="text-right">{t('admin.organizations.columns.users')}</Th>
            <Th>{t('admin.organizations.columns.email')}</Th>
            <Th>{t('admin.organizations.columns.created')}</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orgs.data.map((org) => (
            <tr key={org.id} data-testid="admin-organization">
              <td className="px-4 py-3 font-medium text-slate-900">{org.name}</td>
              <td className="px-4 py-3 text-right text-slate-800 tabular-nums">{org.userCount}</td>
              <td className="px-4 py-3 break-words text-slate-700">
                {org.email ? <EmailText email={org.email} /> : '—'}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(org.createdAt, lang)}</td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    );
  else
    body = (
      <ul className="grid gap-3 md:grid-cols-2" aria-label={t('admin.organizations.title')}>
        {orgs.data.map((org) => (
          <OrganizationCard key={org.id} org={org} />
        ))}
      </ul>
    );
  return (
    <section className="grid gap-4" aria-labelledby="admin-organizations-heading" data-testid="admin-organizations">
      <div>
        <h2 id="admin-organizations-heading" className="text-base font-semibold text-slate-900">
          {t('admin.organizations.title')}
        </h2>
        <p className="text-sm text-slate-600">
          {orgs.data ? t('admin.organizations.count', { count: orgs.data.length }) : '\u00a0'}
        </p>
      </div>
      {body}
    </section>
  );
}

function OrganizationCard({ org }: { org: TAdminOrganization }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="admin-organization"
    >
      <p className="font-medium break-words text-slate-900">{org.name}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">{t('admin.organizations.columns.users')}</dt>
          <dd className="text-slate-800 tabular-nums">{org.userCount}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('admin.organizations.columns.created')}</dt>
          <dd className="text-slate-800">{formatDate(org.createdAt, lang)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-slate-500">{t('admin.organizations.columns.email')}</dt>
          <dd className="break-words text-slate-800">{org.email ? <EmailText email={org.email} /> : '—'}</dd>
        </div>
      </dl>
    </li>
  );
}
