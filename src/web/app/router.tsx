import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './root-layout';
import { HomeRoute } from './home-route';

// Declarative routes with React.lazy: the landing page ships only React, the router, i18n and the
// query client; the auth screen, the signed-in shell and every page are separate chunks.
const QueryProviderLayout = lazy(() => import('./query-provider').then((m) => ({ default: m.QueryProviderLayout })));
const RequireUser = lazy(() => import('./guards').then((m) => ({ default: m.RequireUser })));
const AuthPage = lazy(() =>
  import('../features/auth/pages/auth-page').then((m) => ({
    default: m.AuthPage,
  })),
);
const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => ({
    default: m.DashboardPage,
  })),
);
const CreateShipmentPage = lazy(() =>
  import('../features/shipments/pages/create-shipment-page').then((m) => ({
    default: m.CreateShipmentPage,
  })),
);
const RateSelectionPage = lazy(() =>
  import('../features/shipments/pages/rate-selection-page').then((m) => ({
    default: m.RateSelectionPage,
  })),
);
const ShipmentsPage = lazy(() =>
  import('../features/shipments/pages/shipments-page').then((m) => ({
    default: m.ShipmentsPage,
  })),
);
const TrackingPage = lazy(() =>
  import('../features/tracking/pages/tracking-page').then((m) => ({
    default: m.TrackingPage,
  })),
);
const WalletPage = lazy(() =>
  import('../features/wallet/pages/wallet-page').then((m) => ({
    default: m.WalletPage,
  })),
);
const ManageCardsPage = lazy(() =>
  import('../features/wallet/pages/manage-cards-page').then((m) => ({
    default: m.ManageCardsPage,
  })),
);
const AddressBookPage = lazy(() =>
  import('../features/address-book/pages/address-book-page').then((m) => ({
    default: m.AddressBookPage,
  })),
);
const BulkImportPage = lazy(() =>
  import('../features/bulk-import/pages/bulk-import-page').then((m) => ({
    default: m.BulkImportPage,
  })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/pages/settings-page').then((m) => ({
    default: m.SettingsPage,
  })),
);
const AdminPage = lazy(() =>
  import('../features/admin/pages/admin-page').then((m) => ({
    default: m.AdminPage,
  })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route element={<QueryProviderLayout />}>
          <Route path="auth" element={<AuthPage />} />
          <Route element={<RequireUser />}>
            <Route element={<AppShell />}>
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="create-shipment" element={<CreateShipmentPage />} />
              <Route path="rate-selection" element={<RateSelectionPage />} />
              <Route path="shipments" element={<ShipmentsPage />} />
              <Route path="tracking" element={<TrackingPage />} />
              <Route path="wallet" element={<WalletPage />} />
              <Route path="manage-cards" element={<ManageCardsPage />} />
              <Route path="address-book" element={<AddressBookPage />} />
              <Route path="bulk-import" element={<BulkImportPage />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="admin" element={<AdminPage />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
