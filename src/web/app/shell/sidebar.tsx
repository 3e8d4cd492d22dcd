import { NavLink } from 'react-router';
import { LogOut, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '../../../shared/contracts/user';
import { personDisplayName, personInitials } from '../../../shared/person-name';
import { useLogout } from '../../features/auth/api';
import { cn } from '../../lib/cn';
import { carrierStatusDisplay, useCarrierStatus } from '../../lib/carrier-status';
import { NAV_ITEMS } from './nav-items';

/**
 * Whether the carriers are real (spec §2's indicator, made truthful by issue 22): 'Sandbox' while
 * every carrier is the built-in simulation, 'Live' (green, pulsing) only when every carrier is live,
 * else the mix ('Live · 2 test'). Nothing is shown until the server has said which.
 */
function CarrierStatusBadge() {
  const { t } = useTranslation();
  const { data } = useCarrierStatus();
  if (!data) return null;
  const { text, description, live } = carrierStatusDisplay(data, t);
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full px-2 py-px text-[11px] leading-4 font-medium',
        live ? 'bg-emerald-500/10 text-emerald-300' : 'bg-amber-400/10 text-amber-200',
      )}
      title={description}
      data-testid="carrier-status"
      data-status={data.overall}
    >
      <span className="relative flex size-2 shrink-0">
        {live ? (
          <span
            className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75"
            aria-hidden="true"
          />
        ) : null}
        <span
          className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-emerald-400' : 'bg-amber-300')}
          aria-hidden="true"
        />
      </span>
      <span className="truncate">{text}</span>
      <span className="sr-only">: {description}</span>
    </span>
  );
}

/** Sidebar contents, shared by the desktop column and the mobile drawer. */
export function Sidebar({ user, onNavigate }: { user: TUser; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || user.role === 'admin');
  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-200">
      <div className="flex h-16 items-center gap-2 px-5">
        <span className="flex size-8 items-center justify-center rounded-md bg-indigo-500 text-white">
          <Truck className="size-5" aria-hidden="true" />
        </span>
        {/* The carrier status sits under the name, where a mix ('Live · 2 test · 1 sandbox') has room. */}
        <div className="flex min-w-0 flex-col items-start gap-0.5">
          <span className="text-lg leading-6 font-semibold text-white">Voyageur</span>
          <CarrierStatusBadge />
        </div>
      </div>
      <nav aria-label={t('shell.mainNavigation')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {items.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 min-h-10 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400',
                    isActive ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800/60 hover:text-white',
                  )
                }
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {t(labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-800 p-4">
        <div className="flex items-center gap-3">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-500 text-sm font-semibold text-white"
            aria-hidden="true"
            data-testid="user-initials"
          >
            {personInitials(user)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-white" data-testid="user-name">
              {personDisplayName(user)}
            </p>
            <p className="truncate text-xs text-slate-400" title={user.email} data-testid="user-email">
              {user.email}
            </p>
          </div>
        </div>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="mt-3 flex w-full items-center justify-center gap-2 min-h-10 rounded-md border border-slate-700 px-3 py-2 text-sm font-medium text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400 disabled:opacity-60"
        >
          <LogOut className="size-4" aria-hidden="true" />
          {logout.isPending ? t('shell.signingOut') : t('shell.signOut')}
        </button>
      </div>
    </div>
  );
}
