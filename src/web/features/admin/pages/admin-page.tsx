import { useSearchParams } from 'react-router';
import { CreditCard, FileClock, Package, Percent, Receipt, Tags, Truck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RequireAdmin } from '../../../components/require-admin';
import { ScrollingTabList } from '../../../components/scrolling-tab-list';
import { Tabs, TabsContent, TabsTrigger } from '../../../components/ui/tabs';
import { AuditTab } from '../components/audit-tab';
import { CarriersTab } from '../components/carriers-tab';
import { ChargesTab } from '../components/charges-tab';
import { DiscountsTab } from '../components/discounts-tab';
import { OrdersTab } from '../components/orders-tab';
import { RateTemplatesTab } from '../components/rate-templates-tab';
import { StatsCards } from '../components/stats-cards';
import { TaxReportTab } from '../components/tax-report-tab';
import { UsersTab } from '../components/users-tab';

const TABS = [
  { value: 'users', icon: Users, label: 'admin.tabs.users' },
  { value: 'rate-templates', icon: Tags, label: 'admin.tabs.rateTemplates' },
  { value: 'audit', icon: FileClock, label: 'admin.tabs.audit' },
  { value: 'orders', icon: Package, label: 'admin.tabs.orders' },
  { value: 'charges', icon: CreditCard, label: 'admin.tabs.charges' },
  { value: 'discounts', icon: Percent, label: 'admin.tabs.discounts' },
  { value: 'carriers', icon: Truck, label: 'admin.tabs.carriers' },
  { value: 'tax-report', icon: Receipt, label: 'taxReport.tab' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * The admin panel (spec §2): a loading screen while the user loads, 'Access Denied' for anyone but
 * an admin (and no admin call made), then the four figures and the seven tabs (Carriers: issue 24). The tab is kept in the
 * address bar (`?tab=audit`), so a reload or a link opens it again.
 */
export function AdminPage() {
  return (
    <RequireAdmin>
      <AdminPanel />
    </RequireAdmin>
  );
}

function AdminPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = TABS.some((x) => x.value === requested) ? (requested as TabValue) : 'users';
  return (
    <div className="grid min-w-0 gap-6" data-testid="admin-page">
      <StatsCards />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'users' ? {} : { tab: value }, { replace: true })}
        className="min-w-0"
      >
        <ScrollingTabList testId="admin-tabs" label={t('admin.tabsLabel')} value={tab}>
          {TABS.map(({ value, icon: Icon, label }) => (
            <TabsTrigger key={value} value={value} data-testid={`admin-tab-${value}`}>
              <Icon className="size-4" aria-hidden="true" />
              {t(label)}
            </TabsTrigger>
          ))}
        </ScrollingTabList>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="rate-templates">
          <RateTemplatesTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        <TabsContent value="orders">
          <OrdersTab />
        </TabsContent>
        <TabsContent value="charges">
          <ChargesTab />
        </TabsContent>
        <TabsContent value="discounts">
          <DiscountsTab />
        </TabsContent>
        <TabsContent value="carriers">
          <CarriersTab />
        </TabsContent>
        <TabsContent value="tax-report">
          <TaxReportTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
