import { describe, expect, it } from 'vitest';
import { toFilledFields } from '../../components/ai-assist-box';

describe('toFilledFields (AI answer → form fields)', () => {
  it("reads the mode's own object and keeps only non-empty values", () => {
    const body = {
      receiver: {
        name: 'Rachel Green',
        company: '',
        address1: '90 Bedford Rd',
        city: ' Toronto ',
        phone: '416-555-0134',
      },
      sender: { name: 'Someone Else' },
    };
    expect(toFilledFields(body, 'receiver')).toEqual({
      name: 'Rachel Green',
      address1: '90 Bedford Rd',
      city: 'Toronto',
      phone: '416-555-0134',
    });
  });

  it('falls back to any nested object, then to a flat answer; `address` text is address1', () => {
    expect(toFilledFields({ address: { city: 'Halifax' } }, 'sender')).toEqual({ city: 'Halifax' });
    expect(toFilledFields({ address: '12 Spring Garden Rd', city: 'Halifax' }, 'address')).toEqual({
      address1: '12 Spring Garden Rd',
      city: 'Halifax',
    });
  });

  it('maps province names to codes case-insensitively, Newfoundland and Labrador variants included', () => {
    const province = (p: string) => toFilledFields({ address: { province: p } }, 'address').province;
    expect(province('ontario')).toBe('ON');
    expect(province('BRITISH COLUMBIA')).toBe('BC');
    expect(province('Newfoundland')).toBe('NL');
    expect(province('Labrador')).toBe('NL');
    expect(province('Newfoundland & Labrador')).toBe('NL');
    expect(province('Nfld.')).toBe('NL');
    expect(province('魁北克省')).toBe('QC');
    expect(province('qc')).toBe('QC');
  });

  it('uppercases the country and turns CANADA into CA', () => {
    expect(toFilledFields({ country: 'canada' }, 'address').country).toBe('CA');
    expect(toFilledFields({ country: 'us' }, 'address').country).toBe('US');
    expect(toFilledFields({ country: 'us', province: 'new york' }, 'address')).toEqual({
      country: 'US',
      province: 'NY',
    });
  });

  it('yields nothing for an empty or odd answer', () => {
    expect(toFilledFields(null, 'address')).toEqual({});
    expect(toFilledFields({ address: {} }, 'address')).toEqual({});
    expect(toFilledFields(['x'], 'sender')).toEqual({});
  });
});
