import {
  BookUser,
  CreditCard,
  FileUp,
  LayoutDashboard,
  MapPin,
  Package,
  Settings,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';

export type NavItem = {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  adminOnly?: boolean;
};

export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', labelKey: 'shell.nav.dashboard', icon: LayoutDashboard },
  { to: '/shipments', labelKey: 'shell.nav.shipments', icon: Package },
  { to: '/bulk-import', labelKey: 'shell.nav.bulkImport', icon: FileUp },
  { to: '/tracking', labelKey: 'shell.nav.tracking', icon: MapPin },
  { to: '/wallet', labelKey: 'shell.nav.wallet', icon: CreditCard },
  { to: '/address-book', labelKey: 'shell.nav.addressBook', icon: BookUser },
  { to: '/settings', labelKey: 'shell.nav.settings', icon: Settings },
  {
    to: '/admin',
    labelKey: 'shell.nav.admin',
    icon: ShieldCheck,
    adminOnly: true,
  },
];
