import { useSearchParams } from 'react-router';
import { Bell, Building2, CreditCard, KeyRound, Lock, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScrollingTabList } from '../../../components/scrolling-tab-list';
import { Tabs, TabsContent, TabsTrigger } from '../../../components/ui/tabs';
import { useUser } from '../../../lib/session';
import { ApiKeysTab } from '../components/api-keys-tab';
import { WebhooksCard } from '../components/webhooks-card';
import { BillingTab } from '../components/billing-tab';
import { NotificationsTab } from '../components/notifications-tab';
import { OrganizationTab } from '../components/organization-tab';
import { ProfileTab } from '../components/profile-tab';
import { PhoneCard } from '../components/phone-card';
import { SecurityTab } from '../components/security-tab';
import { LabelFormatCard, SavedParcelsCard } from '../components/shipping-preferences';

const TABS = [
  { value: 'profile', icon: User },
  { value: 'organization', icon: Building2 },
  { value: 'notifications', icon: Bell },
  { value: 'security', icon: Lock },
  { value: 'api-keys', icon: KeyRound },
  { value: 'billing', icon: CreditCard },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const LABEL_KEYS: Record<TabValue, string> = {
  profile: 'settings.tabs.profile',
  organization: 'settings.tabs.organization',
  notifications: 'settings.tabs.notifications',
  security: 'settings.tabs.security',
  'api-keys': 'settings.tabs.apiKeys',
  billing: 'settings.tabs.billing',
};

export function SettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = TABS.some((x) => x.value === requested) ? (requested as TabValue) : 'profile';
  if (!user) return null;
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setParams(value === 'profile' ? {} : { tab: value }, { replace: true })}
    >
      <ScrollingTabList testId="settings-tabs" label={t('settings.tabsLabel')} value={tab}>
        {TABS.map(({ value, icon: Icon }) => (
          <TabsTrigger key={value} value={value}>
            <Icon className="size-4" aria-hidden="true" />
            {t(LABEL_KEYS[value])}
          </TabsTrigger>
        ))}
      </ScrollingTabList>
      <TabsContent value="profile">
        <div className="grid gap-6">
          <ProfileTab user={user} />
          <PhoneCard />
          {/* The user's shipping defaults (decision 038): in the profile tab, the spec keeps six tabs. */}
          <LabelFormatCard />
          <SavedParcelsCard />
        </div>
      </TabsContent>
      <TabsContent value="organization">
        <OrganizationTab />
      </TabsContent>
      <TabsContent value="notifications">
        <NotificationsTab />
      </TabsContent>
      <TabsContent value="security">
        <SecurityTab />
      </TabsContent>
      <TabsContent value="api-keys">
        <div className="grid gap-6">
          <ApiKeysTab />
          <WebhooksCard />
        </div>
      </TabsContent>
      <TabsContent value="billing">
        <BillingTab />
      </TabsContent>
    </Tabs>
  );
}
