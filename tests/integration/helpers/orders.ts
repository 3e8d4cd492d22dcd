import { randomInt } from 'node:crypto';
import type { TestContext } from './test-app';
import type { Carrier, CarrierOperations, Purchase, TrackingEvent } from '../../../src/server/providers/carriers/index';
import { CarrierError } from '../../../src/server/providers/carriers/index';
import type { TQuoteRequestInput, TRateOption } from '../../../src/shared/contracts/rates';
import type { TCreateShipmentRequestInput } from '../../../src/shared/contracts/shipments';

export const FROM = {
  firstName: 'Ana',
  lastName: 'Sender',
  company: 'Maple Goods',
  address: '1 King St W',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 1A1',
  country: 'CA',
  phone: '416-555-0100',
  email: 'ana@example.com',
};
export const TO = {
  firstName: 'Bob',
  lastName: 'Receiver',
  company: '',
  address: '800 Robson St',
  city: 'Vancouver',
  province: 'BC',
  postalCode: 'V6Z 2E7',
  country: 'CA',
  phone: '604-555-0199',
  email: 'bob@example.com',
};
export const PARCEL = { weight: 2, length: 30, width: 20, height: 10, type: 'package' as const };

type Party = typeof FROM;
const quoteEnd = (p: Party): TQuoteRequestInput['fromAddress'] => ({
  name: `${p.firstName} ${p.lastName}`,
  company: p.company,
  streetAddress: p.address,
  city: p.city,
  province: p.province,
  postalCode: p.postalCode,
  country: p.country,
  phoneNumber: p.phone,
  emailAddress: p.email,
});

export function quoteBody(from: Party = FROM, to: Party = TO, parcel: object = PARCEL): TQuoteRequestInput {
  return { fromAddress: quoteEnd(from), toAddress: quoteEnd(to), packageDetails: parcel } as TQuoteRequestInput;
}

export function orderBody(
  option: TRateOption,
  from: Party = FROM,
  to: Party = TO,
  parcel: object = PARCEL,
): TCreateShipmentRequestInput {
  return {
    fromAddressId: null,
    toAddressId: null,
    fromAddress: from,
    toAddress: to,
    carrier: option.carrier,
    service: option.serviceName,
    serviceCode: option.serviceCode,
    packageDetails: parcel,
    rateDetails: option,
    totalCost: option.total,
    taxes: option.taxes.total,
  } as TCreateShipmentRequestInput;
}

export async function quote(
  ctx: TestContext,
  headers: Record<string, string>,
  body = quoteBody(),
): Promise<TRateOption[]> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/rates/quote', headers, payload: body as object });
  if (res.statusCode !== 200) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function fund(ctx: TestContext, adminHeaders: Record<string, string>, userId: string, amount: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/add-balance',
    headers: adminHeaders,
    payload: { userId, amount, description: 'test funds' },
  });
  if (res.statusCode !== 200) throw new Error(`fund failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function balanceOf(ctx: TestContext, headers: Record<string, string>): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers });
  return res.json().balance;
}

/**
 * A carrier for tests: quotes like `base`, and sells labels from memory, with switches to refuse,
 * fail, hang or "crash" (throw a non-carrier error after the debit).
 */
export function scriptedCarrier(base: Carrier) {
  const sold = new Map<string, Purchase & { voided: boolean; pickedUp: boolean }>();
  const state = {
    mode: 'ok' as 'ok' | 'refuse' | 'unavailable' | 'hang' | 'crash',
    purchases: 0,
    sold,
  };
  const operations: CarrierOperations = {
    async purchase(req, opts) {
      state.purchases++;
      if (state.mode === 'refuse') throw new CarrierError('REFUSED', 'Address cannot be served');
      if (state.mode === 'unavailable') throw new CarrierError('UNAVAILABLE', 'Service unavailable');
      if (state.mode === 'crash') throw new Error('process died');
      if (state.mode === 'hang') {
        await new Promise((_, reject) => opts.signal.addEventListener('abort', () => reject(opts.signal.reason)));
      }
      const existing = sold.get(req.reference);
      if (existing) return existing;
      const p = {
        trackingNumber: `T${randomInt(1e9, 1e10 - 1)}${randomInt(100, 999)}`,
        createdAt: new Date(),
        voided: false,
        pickedUp: false,
      };
      sold.set(req.reference, p);
      return p;
    },
    async findByReference(reference) {
      const p = sold.get(reference);
      return p && !p.voided ? p : null;
    },
    async track(trackingNumber): Promise<TrackingEvent[]> {
      const p = [...sold.values()].find((x) => x.trackingNumber === trackingNumber);
      if (!p) throw new CarrierError('NOT_FOUND', 'unknown');
      return [
        {
          status: 'label_created',
          description: 'Shipment information received',
          location: 'Toronto, ON',
          occurredAt: p.createdAt,
        },
      ];
    },
    async void(trackingNumber) {
      const p = [...sold.values()].find((x) => x.trackingNumber === trackingNumber);
      if (!p) throw new CarrierError('NOT_FOUND', 'unknown');
      if (p.voided || p.pickedUp) throw new CarrierError('NOT_VOIDABLE', 'picked up');
      p.voided = true;
    },
  };
  const carrier: Carrier = { ...base, operations };
  return { carrier, state };
}
