import { queryOptions } from '@tanstack/react-query';
import type { TRateOption } from '../../../shared/contracts/rates';
import {
  IDEMPOTENCY_KEY_HEADER,
  type TCreateShipmentRequestInput,
  type TCreatedShipment,
  type TOrderAddressInput,
} from '../../../shared/contracts/shipments';
import type { TWallet } from '../../../shared/contracts/wallet';
import { joinStreet } from '../../../shared/address-format';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries/keys';
import { toQuoteRequest, type PartyForm, type StoredShipment } from './shipment-draft';

/** GET /api/wallet (the same key and answer as the wallet page's, so either refreshes the other). */
export const walletQueryOptions = queryOptions({
  queryKey: queryKeys.wallet,
  queryFn: () => api.get<TWallet>('/api/wallet'),
});

function toOrderAddress(p: PartyForm): TOrderAddressInput {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    company: p.company,
    // The street lines combined exactly as the quote's streetAddress.
    address: joinStreet(p.address1, p.address2),
    city: p.city,
    province: p.province,
    postalCode: p.postalCode,
    country: p.country,
    phone: p.phone,
    email: p.email,
  };
}

/** Declared value as a 2-decimal amount, or undefined when there is none (spec §7: only above 0). */
function insuranceAmount(value: number): string | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const amount = value.toFixed(2);
  return amount === '0.00' ? undefined : amount;
}

/** Body of POST /api/shipments (spec §7) for the stored shipment and the chosen rate option. */
export function toOrderRequest(shipment: StoredShipment, option: TRateOption): TCreateShipmentRequestInput {
  const insurance = insuranceAmount(shipment.package.insuranceValue);
  return {
    fromAddressId: null,
    toAddressId: null,
    fromAddress: toOrderAddress(shipment.sender),
    toAddress: toOrderAddress(shipment.receiver),
    carrier: option.carrier,
    service: option.serviceName,
    serviceCode: option.serviceCode,
    // Metric, exactly as quoted.
    packageDetails: toQuoteRequest(shipment).packageDetails,
    // The chosen option as the quote answered it: its id names the stored price the server charges.
    rateDetails: option,
    totalCost: option.total,
    taxes: option.taxes.total,
    ...(insurance ? { insurance } : {}),
    // Leaving Canada: the declaration exactly as quoted (contracts/customs.ts).
    ...(shipment.customs ? { customs: shipment.customs } : {}),
    // The receiver's mails when shipped and delivered (issue 27), in the language chosen.
    ...(shipment.recipientMail?.notify
      ? { notifyRecipient: true, recipientLanguage: shipment.recipientMail.language }
      : {}),
  };
}

/** A random Idempotency-Key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** POST /api/shipments with the attempt's Idempotency-Key (the same key replays the first answer). */
export function placeOrder(body: TCreateShipmentRequestInput, idempotencyKey: string): Promise<TCreatedShipment> {
  return api.post<TCreatedShipment>('/api/shipments', body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}
