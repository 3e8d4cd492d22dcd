/**
 * The create-shipment form beyond Canada (issue 25): a US receiver's state and ZIP, a postal code
 * abroad, the customs section's fields and the contract's request-level rule, each on its field;
 * what a form without problems sends is what the server's schema accepts.
 */
import { describe, expect, it } from 'vitest';
import { ZQuoteRequest } from '../../../shared/contracts/rates';
import { ZCreateShipmentRequest } from '../../../shared/contracts/shipments';
import {
  buildShipment,
  emptyCustoms,
  emptyCustomsItem,
  formPathsForServerPath,
  partyFromAiFields,
  toQuoteRequest,
  type CustomsForm,
  type PartyForm,
  type ShipmentForm,
} from './shipment-draft';
import { findProblems, toStoredShipment, type FieldProblem } from './shipment-rules';
import { toOrderRequest } from './order-api';

const party = (over: Partial<PartyForm>): PartyForm => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  address1: '1 King St W',
  address2: '',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 1A1',
  country: 'CA',
  phone: '416-555-0100',
  email: '',
  ...over,
});

const SEATTLE: Partial<PartyForm> = { city: 'Seattle', province: 'WA', postalCode: '98101', country: 'US' };

const usCustoms = (over: Partial<CustomsForm> = {}): CustomsForm => ({
  ...emptyCustoms('US'),
  items: [
    {
      ...emptyCustomsItem(),
      description: 'Cotton T-shirt',
      hsCode: '6109.10.0012',
      quantity: '2',
      unitValue: '25',
      weight: '0.5',
    },
  ],
  ...over,
});

function form(receiver: Partial<PartyForm>, customs: CustomsForm = usCustoms(), weight = '2'): ShipmentForm {
  return {
    sender: party({}),
    receiver: party({ firstName: 'Sam', lastName: 'Buyer', ...receiver }),
    package: { weight, length: '10', width: '8', height: '4', type: 'package', description: '', insuranceValue: '' },
    customs,
  };
}

const codes = (problems: FieldProblem[]) => problems.map((p) => [p.path, p.code, ...(p.params ? [p.params] : [])]);

describe('a US receiver', () => {
  it('takes a state, DC or territory and a ZIP or ZIP+4 of that state', () => {
    expect(findProblems(form(SEATTLE))).toEqual([]);
    expect(findProblems(form({ ...SEATTLE, postalCode: '98101-1234' }))).toEqual([]);
    expect(findProblems(form({ ...SEATTLE, province: 'DC', postalCode: '20001' }))).toEqual([]);
    expect(findProblems(form({ ...SEATTLE, province: 'PR', postalCode: '00901' }))).toEqual([]);
  });

  it('names a ZIP of another state on the ZIP field, a bad ZIP or state on theirs', () => {
    expect(codes(findProblems(form({ ...SEATTLE, postalCode: '10001' })))).toEqual([
      ['receiver.postalCode', 'zipState', { zip: '10001', state: 'WA' }],
    ]);
    expect(codes(findProblems(form({ ...SEATTLE, postalCode: '9810' })))).toEqual([['receiver.postalCode', 'zip']]);
    expect(codes(findProblems(form({ ...SEATTLE, province: 'ON' })))).toEqual([['receiver.province', 'usState']]);
    expect(codes(findProblems(form({ ...SEATTLE, province: '', postalCode: '' })))).toEqual([
      ['receiver.province', 'required'],
      ['receiver.postalCode', 'required'],
    ]);
  });

  it('the sender stays in Canada', () => {
    const f = form(SEATTLE);
    f.sender = party({ ...SEATTLE });
    expect(findProblems(f).map((p) => p.path)).toContain('sender.country');
  });
});

describe('a receiver abroad', () => {
  const LONDON: Partial<PartyForm> = { city: 'London', province: '', postalCode: 'SW1A 1AA', country: 'GB' };
  const gbCustoms = () => usCustoms({ incoterm: 'DDU' });

  it('takes the region as written (optional) and the postal code in the country’s format', () => {
    expect(findProblems(form(LONDON, gbCustoms()))).toEqual([]);
    expect(codes(findProblems(form({ ...LONDON, postalCode: '12345' }, gbCustoms())))).toEqual([
      ['receiver.postalCode', 'postalAbroadLike', { example: 'SW1A 1AA' }],
    ]);
    expect(codes(findProblems(form({ ...LONDON, postalCode: '' }, gbCustoms())))).toEqual([
      ['receiver.postalCode', 'required'],
    ]);
  });

  it('leaves the postal code optional where the country uses none', () => {
    expect(findProblems(form({ ...LONDON, city: 'Hong Kong', country: 'HK', postalCode: '' }, gbCustoms()))).toEqual(
      [],
    );
  });

  it('refuses a country no parcel can go to', () => {
    expect(codes(findProblems(form({ ...LONDON, country: 'KP' }, gbCustoms())))).toEqual([
      ['receiver.country', 'destination'],
    ]);
  });

  it('is DDU for now: DDP elsewhere than the US is named on the incoterm', () => {
    expect(codes(findProblems(form(LONDON, usCustoms())))).toEqual([['customs.incoterm', 'incotermAbroad']]);
  });
});

describe('the customs section', () => {
  it('is neither checked nor sent inside Canada', () => {
    const f = form({}, { ...emptyCustoms(), items: [emptyCustomsItem()] });
    expect(findProblems(f)).toEqual([]);
    expect(toQuoteRequest(buildShipment(f))).not.toHaveProperty('customs');
  });

  it('lists every missing item field, in screen order, on its row', () => {
    const customs = usCustoms();
    customs.items.push({ ...emptyCustomsItem(), quantity: '' });
    expect(codes(findProblems(form(SEATTLE, customs)))).toEqual([
      ['customs.items.1.description', 'required'],
      ['customs.items.1.hsCode', 'required'],
      ['customs.items.1.quantity', 'required'],
      ['customs.items.1.unitValue', 'required'],
      ['customs.items.1.weight', 'required'],
    ]);
  });

  it('checks each field with the contract’s schema', () => {
    const item = usCustoms().items[0]!;
    const customs = usCustoms({
      items: [{ ...item, description: '棉T恤', hsCode: '61', quantity: '1.5', unitValue: '1.999', weight: 'x' }],
    });
    expect(codes(findProblems(form(SEATTLE, customs)))).toEqual([
      ['customs.items.0.description', 'latin'],
      ['customs.items.0.hsCode', 'hsCode'],
      ['customs.items.0.quantity', 'quantity', { max: 9999 }],
      ['customs.items.0.unitValue', 'unitValue', { max: 100000, currency: 'CAD' }],
      ['customs.items.0.weight', 'number'],
    ]);
  });

  it('asks the US for the 10-digit HTS code; 6 digits do elsewhere', () => {
    const item = usCustoms().items[0]!;
    expect(codes(findProblems(form(SEATTLE, usCustoms({ items: [{ ...item, hsCode: '6109.10' }] }))))).toEqual([
      ['customs.items.0.hsCode', 'htsUs'],
    ]);
    const gb = usCustoms({ incoterm: 'DDU', items: [{ ...item, hsCode: '6109.10' }] });
    expect(findProblems(form({ city: 'London', province: '', postalCode: 'SW1A 1AA', country: 'GB' }, gb))).toEqual([]);
  });

  it('names the short US HTS code on the first submit, with the other errors of the form', () => {
    const item = usCustoms().items[0]!;
    // Another item's description is missing and the package has no weight: all at once.
    const customs = usCustoms({
      items: [
        { ...item, hsCode: '6109.10' },
        { ...item, description: '', hsCode: '4202.92' },
      ],
    });
    expect(codes(findProblems(form(SEATTLE, customs, '')))).toEqual([
      ['package.weight', 'required'],
      ['customs.items.0.hsCode', 'htsUs'],
      ['customs.items.1.description', 'required'],
      ['customs.items.1.hsCode', 'htsUs'],
    ]);
  });

  it('CUSMA only for goods of Canada, the US or Mexico; a value above 0 but for documents', () => {
    const item = usCustoms().items[0]!;
    const cusma = usCustoms({ items: [{ ...item, originCountry: 'CN', cusmaQualifying: true }] });
    expect(codes(findProblems(form(SEATTLE, cusma)))).toEqual([['customs.items.0.cusmaQualifying', 'cusma']]);
    const free = usCustoms({ items: [{ ...item, unitValue: '0' }] });
    expect(codes(findProblems(form(SEATTLE, free)))).toEqual([['customs.items.0.unitValue', 'valueZero']]);
    expect(findProblems(form(SEATTLE, { ...free, contentsType: 'documents' }))).toEqual([]);
  });

  it('the items may not weigh more than the package, named in lb on the first item’s weight', () => {
    // 2 × 0.5 lb = 1 lb in a 0.8 lb package.
    expect(codes(findProblems(form(SEATTLE, usCustoms(), '0.8')))).toEqual([
      ['customs.items.0.weight', 'itemsWeight', { items: 1, package: 0.8 }],
    ]);
  });

  it('a declared value (CAD) above the goods’ value is named on the declared value', () => {
    const f = form(SEATTLE);
    f.package.insuranceValue = '80';
    expect(codes(findProblems(f))).toEqual([
      ['package.insuranceValue', 'declaredOverGoods', { declared: '80.00', goods: '50.00' }],
    ]);
  });

  it('a form without problems sends what the quote and the order schemas accept', () => {
    const f = form(SEATTLE);
    f.customs.items[0]!.cusmaQualifying = true;
    const shipment = toStoredShipment(f)!;
    expect(shipment.customs).toMatchObject({
      incoterm: 'DDP',
      items: [{ hsCode: '6109.10.0012', quantity: 2, unitValue: 25, weightKg: 0.227, cusmaQualifying: true }],
    });
    const quote = ZQuoteRequest.safeParse(toQuoteRequest(shipment));
    expect(quote.error?.issues ?? []).toEqual([]);
    expect(quote.data?.customs?.items[0]?.hsCode).toBe('6109100012');
    const option = {
      id: '00000000-0000-4000-8000-000000000001',
      quoteId: '00000000-0000-4000-8000-000000000002',
      expiresAt: '2026-12-05T12:00:00.000Z',
      carrier: 'CA-UPS',
      carrierName: 'UPS',
      serviceName: 'UPS Standard to the U.S.',
      serviceCode: 'UPS_STANDARD_US',
      price: '30.00',
      taxes: { gst: '0.00', hst: '0.00', qst: '0.00', total: '0.00' },
      total: '45.00',
      transitDays: 3,
      estimatedDelivery: '2026-12-10',
      mode: 'sandbox' as const,
    };
    const order = toOrderRequest(shipment, option);
    expect(order.customs).toEqual(shipment.customs);
    expect(ZCreateShipmentRequest.safeParse(order).error?.issues ?? []).toEqual([]);
  });
});

describe('server field paths of the customs section', () => {
  it('land on their field: an item’s by its row, the items as a whole on the first weight', () => {
    expect(formPathsForServerPath('customs.items.1.hsCode')).toEqual(['customs.items.1.hsCode']);
    expect(formPathsForServerPath('customs.items.0.weightKg')).toEqual(['customs.items.0.weight']);
    expect(formPathsForServerPath('customs.items.2.cusmaQualifying')).toEqual(['customs.items.2.cusmaQualifying']);
    expect(formPathsForServerPath('customs.items')).toEqual(['customs.items.0.weight']);
    expect(formPathsForServerPath('customs.incoterm')).toEqual(['customs.incoterm']);
    expect(formPathsForServerPath('customs')).toEqual(['customs.contentsType']);
  });
});

describe('the assistant’s answer on the form', () => {
  it('fills a US receiver with its country; the sender never takes one', () => {
    const us = { name: 'Dana Whitfield', city: 'Seattle', province: 'WA', postalCode: '98101-2334', country: 'US' };
    expect(partyFromAiFields(us, 'receiver')).toEqual({
      firstName: 'Dana',
      lastName: 'Whitfield',
      city: 'Seattle',
      province: 'WA',
      postalCode: '98101-2334',
      country: 'US',
    });
    expect(partyFromAiFields(us, 'sender')).not.toHaveProperty('country');
  });

  it('puts the receiver back in Canada for a Canadian address (no country in the answer)', () => {
    expect(partyFromAiFields({ city: 'Halifax', province: 'NS', postalCode: 'B3H 1A1' }, 'receiver').country).toBe(
      'CA',
    );
    // A name or phone alone says nothing of the country.
    expect(partyFromAiFields({ phone: '902-555-0100' }, 'receiver')).toEqual({ phone: '902-555-0100' });
  });
});
