import type { LucideIcon } from 'lucide-react';
import { ChevronRight, FileUp, PackagePlus, Search, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PanelHeader } from './panel-states';

const ACTIONS: { to: string; key: string; icon: LucideIcon; tone: string }[] = [
  { to: '/create-shipment', key: 'create', icon: PackagePlus, tone: 'bg-indigo-50 text-indigo-600' },
  { to: '/bulk-import', key: 'bulkImport', icon: FileUp, tone: 'bg-violet-50 text-violet-700' },
  { to: '/tracking', key: 'track', icon: Search, tone: 'bg-sky-50 text-sky-700' },
  { to: '/wallet', key: 'topUp', icon: Wallet, tone: 'bg-emerald-50 text-emerald-700' },
];

/** Spec §2 quick actions: create, bulk import, track, top up. */
export function QuickActions() {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="quick-actions-title" data-testid="quick-actions">
      <PanelHeader id="quick-actions-title" title={t('dashboard.quick.title')} />
      <ul className="grid grid-cols-1 gap-1 p-2 sm:grid-cols-2 lg:grid-cols-1">
        {ACTIONS.map(({ to, key, icon: Icon, tone }) => (
          <li key={key}>
            <Link
              to={to}
              className="group flex items-center gap-3 rounded-lg p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600"
              data-testid={`quick-${key}`}
            >
              <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-slate-900">{t(`dashboard.quick.${key}`)}</span>
                <span className="block text-sm text-slate-600">{t(`dashboard.quick.${key}Hint`)}</span>
              </span>
              <ChevronRight
                className="size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
