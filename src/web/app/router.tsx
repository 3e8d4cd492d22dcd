import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { loadAllTranslations } from '../lib/i18n';
import { RootLayout } from './root-layout';
import { HomeRoute } from './home-route';

// Declarative routes with React.lazy: the landing page ships only React, the router and i18n;
// the query client, the auth screen, the signed-in shell and every page are separate chunks.
// Every route below the query provider (and the not-found page) gets the full translation files first.
// prettier-ignore
const app = {
  QueryProviderLayout: lazy(() => Promise.all([import('./query-provider'), loadAllTranslations()]).then(([m]) => ({ default: m.QueryProviderLayout }))),
  NotFoundPage: lazy(() => Promise.all([import('./not-found-page'), loadAllTranslations()]).then(([m]) => ({ default: m.NotFoundPage }))),
  RequireUser: lazy(() => import('./guards').then((m) => ({ default: m.RequireUser }))),
  AppShell: lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell }))),
};

// One line per screen; each feature owns its page file.
// prettier-ignore
const pages = {
  Auth: lazy(() => import('../features/auth/pages/auth-page').then((m) => ({ default: m.AuthPage }))),
  Dashboard: lazy(() => import('../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
  CreateShipment: lazy(() => import('../features/shipments/pages/create-shipment-page').then((m) => ({ default: m.CreateShipmentPage }))),
  RateSelection: lazy(() => import('../features/shipments/pages/rate-selection-page').then((m) => ({ default: m.RateSelectionPage }))),
  Shipments: lazy(() => import('../features/shipments/pages/shipments-page').then((m) => ({ default: m.ShipmentsPage }))),
  Tracking: lazy(() => import('../features/tracking/pages/tracking-page').then((m) => ({ default: m.TrackingPage }))),
  Wallet: lazy(() => import('../features/wallet/pages/wallet-page').then((m) => ({ default: m.WalletPage }))),
  ManageCards: lazy(() => import('../features/wallet/pages/manage-cards-page').then((m) => ({ default: m.ManageCardsPage }))),
  AddressBook: lazy(() => import('../features/address-book/pages/address-book-page').then((m) => ({ default: m.AddressBookPage }))),
  BulkImport: lazy(() => import('../features/bulk-import/pages/bulk-import-page').then((m) => ({ default: m.BulkImportPage }))),
  Settings: lazy(() => import('../features/settings/pages/settings-page').then((m) => ({ default: m.SettingsPage }))),
  Admin: lazy(() => import('../features/admin/pages/admin-page').then((m) => ({ default: m.AdminPage }))),
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route element={<app.QueryProviderLayout />}>
          <Route path="auth" element={<pages.Auth />} />
          <Route element={<app.RequireUser />}>
            <Route element={<app.AppShell />}>
              <Route path="dashboard" element={<pages.Dashboard />} />
              <Route path="create-shipment" element={<pages.CreateShipment />} />
              <Route path="rate-selection" element={<pages.RateSelection />} />
              <Route path="shipments" element={<pages.Shipments />} />
              <Route path="tracking" element={<pages.Tracking />} />
              <Route path="wallet" element={<pages.Wallet />} />
              <Route path="manage-cards" element={<pages.ManageCards />} />
              <Route path="address-book" element={<pages.AddressBook />} />
              <Route path="bulk-import" element={<pages.BulkImport />} />
              <Route path="settings" element={<pages.Settings />} />
              <Route path="admin" element={<pages.Admin />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<app.NotFoundPage />} />
      </Route>
    </Routes>
  );
}
