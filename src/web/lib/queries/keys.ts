/**
 * Query keys shared across features, so that a mutation in one (placing an order, voiding a label)
 * refreshes the lists of the others (spec §4: dashboard, recent shipments, shipments, wallet,
 * transactions). Each feature's hooks build their keys from these prefixes.
 */
export const queryKeys = {
  dashboard: ['dashboard'] as const,
  recentShipments: ['shipments', 'recent'] as const,
  shipments: ['shipments', 'list'] as const,
  shipmentDetail: (id: string) => ['shipments', 'detail', id] as const,
  tracking: (trackingNumber: string) => ['tracking', trackingNumber] as const,
  wallet: ['wallet'] as const,
  transactions: ['transactions'] as const,
  paymentMethods: ['payment-methods'] as const,
  paymentsConfig: ['payments', 'config'] as const,
  billing: ['billing'] as const,
};

/** Every key to refresh once a top-up is credited. */
export const afterTopupKeys = [
  queryKeys.wallet,
  queryKeys.transactions,
  queryKeys.dashboard,
  queryKeys.paymentMethods,
  queryKeys.billing,
];

/** Every key to refresh once an order is placed or a label voided. */
export const afterOrderKeys = [
  queryKeys.dashboard,
  ['shipments'] as const,
  queryKeys.wallet,
  queryKeys.transactions,
  ['tracking'] as const,
];
