import { describe, expect, it } from 'vitest';
import type { TRateOption } from '../../../shared/contracts/rates';
import { ZCreateShipmentRequest } from '../../../shared/contracts/shipments';
import { newIdempotencyKey, toOrderRequest } from './order-api';
import { toQuoteRequest, type StoredShipment } from './shipment-draft';

const shipment: StoredShipment = {
  sender: {
    firstName: 'Rachel',
    lastName: 'Green',
    company: 'Central Perk',
    address1: '90 Bedford Rd',
    address2: 'Unit 4',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5R 2K2',
    country: 'CA',
    phone: '416-555-0134',
    email: 'rachel@example.com',
  },
  receiver: {
    firstName: 'Nana',
    lastName: 'Ouyang',
    company: '',
    address1: '2200 Kingsway',
    address2: '',
    city: 'Vancouver',
    province: 'BC',
    postalCode: 'V5K 0A1',
    country: 'CA',
    phone: '778-555-0123',
    email: '',
  },
  package: {
    weightLb: 2.5,
    lengthIn: 10,
    widthIn: 8,
    heightIn: 4,
    type: 'package',
    description: 'Mugs',
    insuranceValue: 100,
  },
};

const option: TRateOption = {
  id: '6f1c3a52-1d7e-4b0a-9c55-0d9e2c1b7a10',
  quoteId: '00000000-0000-4000-8000-000000000000',
  expiresAt: '2026-03-02T15:15:00.000Z',
  carrier: 'CA-CP',
  carrierName: 'Canada Post',
  serviceName: 'Regular Parcel',
  serviceCode: 'DOM.RP',
  price: '18.50',
  taxes: { gst: '0.00', hst: '2.41', qst: '0.00', total: '2.41' },
  total: '20.91',
  transitDays: 3,
  estimatedDelivery: '2026-03-05',
  mode: 'sandbox',
};

describe('toOrderRequest (spec §7 POST /api/shipments body)', () => {
  it('sends the addresses whole, the chosen option and its total and taxes', () => {
    const body = toOrderRequest(shipment, option);
    expect(body.fromAddressId).toBeNull();
    expect(body.toAddressId).toBeNull();
    expect(body.fromAddress).toEqual({
      firstName: 'Rachel',
      lastName: 'Green',
      company: 'Central Perk',
      address: 'Unit 4 - 90 Bedford Rd',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5R 2K2',
      country: 'CA',
      phone: '416-555-0134',
      email: 'rachel@example.com',
    });
    // The street line is the quote's, so the server finds the quoted shipment.
    expect(body.fromAddress.address).toBe(toQuoteRequest(shipment).fromAddress.streetAddress);
    expect(body.toAddress.address).toBe('2200 Kingsway');
    expect(body.carrier).toBe('CA-CP');
    expect(body.service).toBe('Regular Parcel');
    expect(body.serviceCode).toBe('DOM.RP');
    expect(body.packageDetails).toEqual(toQuoteRequest(shipment).packageDetails);
    expect(body.rateDetails).toEqual(option);
    expect(body.totalCost).toBe('20.91');
    expect(body.taxes).toBe('2.41');
    expect(body.insurance).toBe('100.00');
    // The server's own contract accepts it.
    const parsed = ZCreateShipmentRequest.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.totalCost).toBe(2091);
    // A name a label cannot print (Chinese characters) is refused by the same contract, naming the field.
    const chinese = toOrderRequest({ ...shipment, receiver: { ...shipment.receiver, firstName: '娜娜' } }, option);
    const refused = ZCreateShipmentRequest.safeParse(chinese);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['toAddress.firstName']);
  });

  it("asks for the recipient's mail only when the switch is on, in its language (issue 27)", () => {
    const off = toOrderRequest(shipment, option);
    expect(off).not.toHaveProperty('notifyRecipient');
    const on = toOrderRequest(
      {
        ...shipment,
        receiver: { ...shipment.receiver, email: 'monica@example.com' },
        recipientMail: { notify: true, language: 'zh' },
      },
      option,
    );
    expect(on).toMatchObject({ notifyRecipient: true, recipientLanguage: 'zh' });
    expect(ZCreateShipmentRequest.safeParse(on).success).toBe(true);
    // The contract wants the receiver's email with it, naming the field.
    const noEmail = ZCreateShipmentRequest.safeParse({ ...on, toAddress: { ...on.toAddress, email: '' } });
    expect(noEmail.error?.issues.map((i) => i.path.join('.'))).toEqual(['toAddress.email']);
  });

  it('leaves insurance out when there is no declared value', () => {
    const body = toOrderRequest({ ...shipment, package: { ...shipment.package, insuranceValue: 0 } }, option);
    expect('insurance' in body).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh UUID each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
