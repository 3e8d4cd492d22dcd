import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProblems, toStoredShipment } from './shipment-rules';
import {
  emptyCustoms,
  emptyShipmentForm,
  formPathForServerPath,
  formPathsForServerPath,
  isPartyEmpty,
  loadFormDraft,
  loadShipment,
  parseDecimal,
  saveFormDraft,
  saveShipment,
  toQuoteRequest,
  type PartyForm,
  type ShipmentForm,
} from './shipment-draft';

const toronto: PartyForm = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  company: 'Engines Inc',
  address1: '100 King St W',
  address2: 'Suite 5',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5X 1A9',
  country: 'CA',
  phone: '416-555-0100',
  email: 'ada@example.com',
};
const vancouver: PartyForm = {
  ...toronto,
  firstName: 'Grace',
  lastName: 'Hopper',
  company: '',
  address1: '800 Robson St',
  address2: '',
  city: 'Vancouver',
  province: 'BC',
  postalCode: 'V6Z 2E7',
};

function filled(): ShipmentForm {
  return {
    sender: toronto,
    receiver: vancouver,
    customs: emptyCustoms(),
    package: {
      weight: '2.5',
      length: '10',
      width: '8',
      height: '4',
      type: 'package',
      description: 'Books',
      insuranceValue: '100',
    },
  };
}

describe('findProblems', () => {
  it('lists every required field of an empty form in order', () => {
    const problems = findProblems(emptyShipmentForm());
    expect(problems.map((p) => p.path)).toEqual([
      'sender.firstName',
      'sender.lastName',
      'sender.address1',
      'sender.city',
      'sender.province',
      'sender.postalCode',
      'sender.phone',
      'receiver.firstName',
      'receiver.lastName',
      'receiver.address1',
      'receiver.city',
      'receiver.province',
      'receiver.postalCode',
      'receiver.phone',
      'package.weight',
      'package.length',
      'package.width',
      'package.height',
    ]);
  });

  // Issue 22: the declared value may be left out (or 0): no coverage, which the form says under the field.
  it('takes a blank or zero declared value as none, and a negative one as below 0', () => {
    for (const insuranceValue of ['', '  ', '0', '0.00']) {
      const form = filled();
      form.package.insuranceValue = insuranceValue;
      expect(findProblems(form), JSON.stringify(insuranceValue)).toEqual([]);
      expect(toStoredShipment(form)?.package.insuranceValue).toBe(0);
      expect(toQuoteRequest(toStoredShipment(form)!).packageDetails.insuranceValue).toBe(0);
    }
    const negative = filled();
    negative.package.insuranceValue = '-5';
    expect(findProblems(negative)).toEqual([{ path: 'package.insuranceValue', code: 'notNegative' }]);
  });

  // A negative number now reads 'must be above zero' rather than 'enter a number' (newcomer review).
  it('treats blanks as missing, zero and negatives as not positive and text as not a number', () => {
    const form = filled();
    form.receiver = { ...form.receiver, city: '   ', country: '' };
    form.package = { ...form.package, weight: '0', length: '-1', width: 'abc', type: '' };
    expect(findProblems(form)).toEqual([
      { path: 'receiver.city', code: 'required' },
      { path: 'receiver.country', code: 'required' },
      { path: 'package.weight', code: 'positive' },
      { path: 'package.length', code: 'positive' },
      { path: 'package.width', code: 'number' },
      { path: 'package.type', code: 'packageType' },
    ]);
  });

  it('accepts a complete form; company, address 2, email and description are optional', () => {
    const form = filled();
    form.sender = { ...form.sender, company: '', address2: '', email: '' };
    form.package.description = '';
    expect(findProblems(form)).toEqual([]);
  });
});

describe('parseDecimal', () => {
  it('reads dot or comma decimals and refuses the rest', () => {
    expect(parseDecimal('2.5')).toBe(2.5);
    expect(parseDecimal(' 2,5 ')).toBe(2.5);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('-1')).toBeNull();
    expect(parseDecimal('')).toBeNull();
  });
});

describe('toQuoteRequest', () => {
  it('converts lb to kg and inches to cm, joins the name and street lines, trims', () => {
    const shipment = toStoredShipment(filled());
    expect(shipment).not.toBeNull();
    const body = toQuoteRequest(shipment!);
    expect(body.fromAddress).toEqual({
      name: 'Ada Lovelace',
      company: 'Engines Inc',
      streetAddress: 'Suite 5 - 100 King St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5X 1A9',
      country: 'CA',
      phoneNumber: '416-555-0100',
      emailAddress: 'ada@example.com',
    });
    expect(body.toAddress.streetAddress).toBe('800 Robson St');
    expect(body.packageDetails).toEqual({
      weight: 1.134,
      length: 25.4,
      width: 20.32,
      height: 10.16,
      type: 'package',
      insuranceValue: 100,
      description: 'Books',
    });
  });

  it('gives no shipment for a form with problems', () => {
    expect(toStoredShipment(emptyShipmentForm())).toBeNull();
  });
});

describe('formPathForServerPath', () => {
  it('maps server paths to form fields', () => {
    expect(formPathForServerPath('toAddress.postalCode')).toBe('receiver.postalCode');
    expect(formPathForServerPath('fromAddress.streetAddress')).toBe('sender.address1');
    expect(formPathForServerPath('fromAddress.phoneNumber')).toBe('sender.phone');
    expect(formPathForServerPath('packageDetails.weight')).toBe('package.weight');
    expect(formPathForServerPath('packageDetails')).toBeNull();
    expect(formPathForServerPath('quoteId')).toBeNull();
  });

  it('maps the combined name and street to the form fields that make them up', () => {
    expect(formPathsForServerPath('fromAddress.name')).toEqual(['sender.firstName', 'sender.lastName']);
    expect(formPathsForServerPath('toAddress.streetAddress')).toEqual(['receiver.address1', 'receiver.address2']);
    expect(formPathsForServerPath('packageDetails')).toEqual([]);
  });
});

describe('session storage', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    (globalThis as { sessionStorage?: unknown }).sessionStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
  });
  afterEach(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('round-trips the form and the shipment', () => {
    saveFormDraft(filled());
    // A form kept before the recipient's mail existed comes back with it off.
    expect(loadFormDraft()).toEqual({ ...filled(), recipientMail: { notify: false, language: 'en' } });
    const shipment = toStoredShipment(filled())!;
    saveShipment(shipment);
    expect(loadShipment()).toEqual(shipment);
  });

  it("keeps the recipient's mail switch and language, and sends them with the order", () => {
    const form = { ...filled(), recipientMail: { notify: true, language: 'zh' as const } };
    saveFormDraft(form);
    expect(loadFormDraft()).toEqual(form);
    const shipment = toStoredShipment(form)!;
    expect(shipment.recipientMail).toEqual({ notify: true, language: 'zh' });
    saveShipment(shipment);
    expect(loadShipment()?.recipientMail).toEqual({ notify: true, language: 'zh' });
    // Without the receiver's email the switch is a problem on that field.
    const noEmail = { ...form, receiver: { ...form.receiver, email: ' ' } };
    expect(findProblems(noEmail)).toEqual([{ path: 'receiver.email', code: 'recipientEmail' }]);
    expect(findProblems({ ...noEmail, recipientMail: { notify: false, language: 'en' } })).toEqual([]);
  });

  it('treats missing or corrupt data as none', () => {
    expect(loadShipment()).toBeNull();
    store.set('voyageur.shipment.data', '{not json');
    expect(loadShipment()).toBeNull();
    store.set('voyageur.shipment.data', JSON.stringify({ sender: {}, receiver: {}, package: { weightLb: -1 } }));
    expect(loadShipment()).toBeNull();
  });
});

describe('isPartyEmpty', () => {
  it('ignores the default country', () => {
    expect(isPartyEmpty(emptyShipmentForm().sender)).toBe(true);
    expect(isPartyEmpty({ ...emptyShipmentForm().sender, city: 'Ottawa' })).toBe(false);
  });
});
