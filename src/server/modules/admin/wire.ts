/** The admin module's rows as the contract answers them (contracts/admin.ts). */
import { centsToDecimal } from '../../../shared/money';
import { CARD_BRANDS, type CardBrand } from '../../../shared/contracts/payments';
import type {
  TAdminOrganization,
  TAdminShipment,
  TAdminUser,
  TCustomerWithPayments,
} from '../../../shared/contracts/admin';
import type { AdminShipmentRow, AdminUserRow, CustomerCardRow, OrganizationRow } from './repo';

export function toAdminUser(row: AdminUserRow): TAdminUser {
  const balance = centsToDecimal(Number(row.wallet?.balanceCents ?? 0));
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    organizationId: row.organizationId,
    organization: row.organization,
    isActive: row.isActive,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    walletBalance: balance,
    wallet: {
      balance,
      flaggedAt: row.wallet?.flaggedAt ? row.wallet.flaggedAt.toISOString() : null,
      flagReason: row.wallet?.flagReason ?? null,
      // Present only when there is something to say (decision 021).
      owed: row.wallet?.owedCents ? centsToDecimal(Number(row.wallet.owedCents)) : undefined,
      hold:
        row.wallet?.heldAt && row.wallet.holdKind
          ? { heldAt: row.wallet.heldAt.toISOString(), kind: row.wallet.holdKind, reason: row.wallet.holdReason }
          : undefined,
    },
  };
}

export function toAdminOrganization(row: OrganizationRow): TAdminOrganization {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    email: row.email,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminShipment(row: AdminShipmentRow): TAdminShipment {
  const price = Number(row.priceCents);
  const cost = Number(row.carrierPriceCents);
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    orderCode: row.orderCode,
    user: row.user,
    organization: row.organization,
    carrier: row.carrier,
    serviceCode: row.serviceCode,
    serviceName: row.serviceName,
    from: { city: row.fromAddress.city, province: row.fromAddress.province },
    to: { city: row.toAddress.city, province: row.toAddress.province },
    totalCost: centsToDecimal(Number(row.totalCents)),
    price: centsToDecimal(price),
    carrierCost: centsToDecimal(cost),
    margin: centsToDecimal(price - cost),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const brandOf = (brand: string): CardBrand =>
  (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown';

/** Groups the card rows (already ordered: customers, then each one's cards) into customers. */
export function toCustomers(rows: CustomerCardRow[]): TCustomerWithPayments[] {
  const out: TCustomerWithPayments[] = [];
  let current: TCustomerWithPayments | undefined;
  for (const r of rows) {
    if (current?.userId !== r.user_id) {
      current = {
        userId: r.user_id,
        name: `${r.first_name} ${r.last_name}`.trim(),
        email: r.email,
        isActive: r.is_active,
        organization: r.organization_name === null ? null : { name: r.organization_name },
        wallet: { balance: centsToDecimal(Number(r.balance_cents ?? 0)) },
        paymentMethods: [],
      };
      out.push(current);
    }
    current.paymentMethods.push({
      id: r.provider_method_id,
      isDefault: r.is_default,
      card: { brand: brandOf(r.brand), last4: r.last4, exp_month: Number(r.exp_month), exp_year: Number(r.exp_year) },
    });
  }
  return out;
}
