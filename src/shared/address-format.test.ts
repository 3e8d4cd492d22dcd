import { describe, expect, it } from 'vitest';
import { ADDRESS_FALLBACKS, displayName, joinStreet, locationLine, splitName, streetLine } from './address-format';

const full = {
  name: 'Marie Tremblay',
  company: 'Boulangerie du Coin',
  address1: '123 Rue Saint-Denis',
  address2: 'App. 4',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H2X 1Y4',
};

describe('displayName', () => {
  it('uses the name and appends a different company in brackets', () => {
    expect(displayName(full)).toBe('Marie Tremblay (Boulangerie du Coin)');
    expect(displayName({ ...full, company: '' })).toBe('Marie Tremblay');
    expect(displayName({ ...full, company: 'Marie Tremblay' })).toBe('Marie Tremblay');
  });

  it('falls back to first plus last, then the company, then Contact', () => {
    expect(displayName({ firstName: 'Li', lastName: 'Wei' })).toBe('Li Wei');
    expect(displayName({ name: '  ', firstName: 'Li', lastName: '' })).toBe('Li');
    expect(displayName({ firstName: 'Li', lastName: 'Wei', company: 'Acme' })).toBe('Li Wei (Acme)');
    expect(displayName({ company: 'Acme' })).toBe('Acme');
    expect(displayName({})).toBe('Contact');
    expect(displayName({ name: null, company: null })).toBe('Contact');
  });

  it('says there is no contact information without an address', () => {
    expect(displayName(null)).toBe('No contact information');
    expect(displayName(undefined)).toBe(ADDRESS_FALLBACKS.noContact);
    expect(displayName(null, { noContact: '无联系信息' })).toBe('无联系信息');
    expect(displayName({}, { contact: '联系人' })).toBe('联系人');
  });
});

describe('streetLine', () => {
  it('puts address line 2 first, then " - ", then the address', () => {
    expect(streetLine(full)).toBe('App. 4 - 123 Rue Saint-Denis');
    expect(streetLine({ ...full, address2: '' })).toBe('123 Rue Saint-Denis');
    expect(streetLine({ ...full, address2: null })).toBe('123 Rue Saint-Denis');
    expect(streetLine({ address1: '', address2: 'Unit 5' })).toBe('Unit 5');
  });
  it('falls back when blank or missing', () => {
    expect(streetLine({ address1: ' ', address2: '' })).toBe('Address not specified');
    expect(streetLine(null)).toBe('Address details unavailable');
    expect(streetLine({}, { noStreet: '未指定地址' })).toBe('未指定地址');
  });
  it('joins street lines for shipments', () => {
    expect(joinStreet('123 Main St', 'Suite 200')).toBe('Suite 200 - 123 Main St');
    expect(joinStreet('123 Main St', undefined)).toBe('123 Main St');
    expect(joinStreet('', '')).toBe('');
  });
});

describe('locationLine', () => {
  it('joins city, province and postal code with commas', () => {
    expect(locationLine(full)).toBe('Montréal, QC, H2X 1Y4');
    expect(locationLine({ city: 'Toronto', province: 'ON' })).toBe('Toronto, ON');
    expect(locationLine({ postalCode: 'M5V 3L9' })).toBe('M5V 3L9');
  });
  it('falls back when blank or missing', () => {
    expect(locationLine({ city: '', province: '', postalCode: '' })).toBe('Location not specified');
    expect(locationLine(undefined)).toBe('Address details unavailable');
    expect(locationLine(null, { unavailable: '地址不可用' })).toBe('地址不可用');
  });
});

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Marie Tremblay')).toEqual({ firstName: 'Marie', lastName: 'Tremblay' });
    expect(splitName('Jean Luc Picard')).toEqual({ firstName: 'Jean', lastName: 'Luc Picard' });
    expect(splitName('  Jean   Luc  ')).toEqual({ firstName: 'Jean', lastName: 'Luc' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
    expect(splitName(null)).toEqual({ firstName: '', lastName: '' });
    expect(splitName('王 小明')).toEqual({ firstName: '王', lastName: '小明' });
  });
});
