/**
 * Shipments and ledger entries written straight into the database (the order path is tested in
 * orders.test.ts): the read side is tested against rows of known shape and time.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/server/db/client';
import { shipments, type ShipmentRow, type StoredParty } from '../../../src/server/db/schema/orders';
import { searchTextOf } from '../../../src/server/modules/orders/service';
import { applyEntry } from '../../../src/server/modules/wallet/ledger';
import { receiverKey } from '../../../src/shared/receiver-key';
import type { Carrier, TrackingEvent } from '../../../src/server/providers/carriers/index';
import { CarrierError } from '../../../src/server/providers/carriers/index';

export const SENDER: StoredParty = {
  firstName: 'Ana',
  lastName: 'Sender',
  company: 'Maple Goods',
  address1: '1 King St W',
  address2: '',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 1A1',
  country: 'CA',
  phone: '416-555-0100',
  email: 'ana@example.com',
};

export function receiver(over: Partial<StoredParty> = {}): StoredParty {
  return {
    firstName: 'Bob',
    lastName: 'Receiver',
    company: '',
    address1: '800 Robson St',
    address2: '',
    city: 'Vancouver',
    province: 'BC',
    postalCode: 'V6Z 2E7',
    country: 'CA',
    phone: '604-555-0199',
    email: 'bob@example.com',
    ...over,
  };
}

let seq = 0;

export type ShipmentFixture = {
  to?: StoredParty;
  status?: ShipmentRow['status'];
  carrier?: string;
  serviceName?: string;
  createdAt?: Date;
  trackingNumber?: string | null;
  orderCode?: string;
  priceCents?: number;
  taxCents?: number;
  /** Also write the ledger: the charge, and a refund when the status is failed or cancelled. */
  charge?: boolean;
};

/** Inserts one shipment (and, with `charge`, its ledger entries); the user's wallet must afford the charge. */
export async function insertShipment(db: Db, userId: string, f: ShipmentFixture = {}): Promise<ShipmentRow> {
  seq++;
  const id = randomUUID();
  const to = f.to ?? receiver();
  const status = f.status ?? 'label_created';
  const createdAt = f.createdAt ?? new Date('2026-03-02T15:00:00Z');
  const orderCode = f.orderCode ?? `VY-T${String(seq).padStart(7, '0')}`;
  const trackingNumber =
    f.trackingNumber !== undefined
      ? f.trackingNumber
      : status === 'failed'
        ? null
        : `1Z999AA1${String(seq).padStart(8, '0')}`;
  const price = f.priceCents ?? 1000;
  const tax = f.taxCents ?? 130;
  const refunded = status === 'failed' || status === 'cancelled' ? price + tax : 0;
  const [row] = await db
    .insert(shipments)
    .values({
      id,
      userId,
      status,
      carrier: f.carrier ?? 'CA-UPS',
      serviceCode: 'UPS-STD',
      serviceName: f.serviceName ?? 'Standard',
      orderCode,
      trackingNumber,
      carrierPriceCents: price,
      priceCents: price,
      hstCents: tax,
      taxTotalCents: tax,
      totalCents: price + tax,
      insuranceCents: 0,
      fromAddress: SENDER,
      toAddress: to,
      package: {
        weightKg: 2,
        lengthCm: 30,
        widthCm: 20,
        heightCm: 10,
        type: 'package',
        description: 'Books',
        insuranceValueCents: 0,
      },
      receiverKey: receiverKey({
        name: `${to.firstName} ${to.lastName}`,
        address1: to.address1,
        postalCode: to.postalCode,
        phone: to.phone,
        email: to.email,
      }),
      searchText: searchTextOf({ trackingNumber, orderCode, to }),
      shipDate: createdAt.toISOString().slice(0, 10),
      transitDays: 3,
      estimatedDelivery: '2026-03-05',
      failureCode: status === 'failed' ? 'ORDER_CREATION_FAILED' : null,
      failureMessage: status === 'failed' ? 'Address cannot be served' : null,
      refundedCents: refunded,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (f.charge) {
    const charged = await applyEntry(
      db,
      userId,
      {
        type: 'shipping_charge',
        direction: 'debit',
        amountCents: price + tax,
        description: `order ${orderCode}`,
        reference: orderCode,
        shipmentId: id,
        idempotencyKey: `charge:${id}`,
      },
      createdAt,
    );
    if (!charged) throw new Error('fixture: the wallet cannot afford this shipment');
    if (refunded) {
      await applyEntry(
        db,
        userId,
        {
          type: 'refund',
          direction: 'credit',
          amountCents: refunded,
          description: `refund ${orderCode}`,
          reference: orderCode,
          shipmentId: id,
          idempotencyKey: `refund:${id}`,
        },
        new Date(createdAt.getTime() + 60_000),
      );
    }
  }
  return row!;
}

export async function credit(db: Db, userId: string, cents: number, at: Date, description = 'test funds') {
  const done = await applyEntry(
    db,
    userId,
    { type: 'adjustment', direction: 'credit', amountCents: cents, description },
    at,
  );
  if (!done) throw new Error('fixture: credit did not apply');
  return done;
}

/** The steps of a test carrier's schedule, as offsets from the label's creation. */
export const SCHEDULE: { status: TrackingEvent['status']; afterMs: number; description: string; location: string }[] = [
  { status: 'label_created', afterMs: 0, description: 'Shipment information received', location: 'Toronto, ON' },
  { status: 'picked_up', afterMs: 4 * 3_600_000, description: 'Picked up', location: 'Toronto, ON' },
  { status: 'in_transit', afterMs: 10 * 3_600_000, description: 'In transit', location: 'Winnipeg, MB' },
  { status: 'out_for_delivery', afterMs: 48 * 3_600_000, description: 'Out for delivery', location: 'Vancouver, BC' },
  { status: 'delivered', afterMs: 54 * 3_600_000, description: 'Delivered', location: 'Vancouver, BC' },
];

/** A carrier whose labels follow SCHEDULE from the time they were registered with `sell`. */
export function trackingCarrier(code = 'CA-UPS') {
  const labels = new Map<string, Date>();
  const state = { calls: 0, fail: false };
  const carrier: Carrier = {
    code: code as Carrier['code'],
    name: 'Test carrier',
    mode: 'sandbox',
    quote: async () => [],
    operations: {
      purchase: async () => {
        throw new CarrierError('REFUSED', 'not for sale here');
      },
      findByReference: async () => null,
      track: async (trackingNumber, now) => {
        state.calls++;
        if (state.fail) throw new CarrierError('UNAVAILABLE', 'tracking is down');
        const createdAt = labels.get(trackingNumber);
        if (!createdAt) throw new CarrierError('NOT_FOUND', 'unknown tracking number');
        return SCHEDULE.filter((s) => createdAt.getTime() + s.afterMs <= now.getTime()).map((s) => ({
          status: s.status,
          description: s.description,
          location: s.location,
          occurredAt: new Date(createdAt.getTime() + s.afterMs),
        }));
      },
      void: async () => undefined,
    },
  };
  return { carrier, state, sell: (trackingNumber: string, createdAt: Date) => labels.set(trackingNumber, createdAt) };
}
