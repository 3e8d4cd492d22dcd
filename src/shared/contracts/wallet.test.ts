import { describe, expect, it } from 'vitest';
import { carrierAndService, carrierNamedOnce } from './wallet';

describe('a shipping charge names its carrier once', () => {
  it('writes the carrier before a service that does not name it, and not before one that does', () => {
    expect(carrierAndService('UPS', 'UPS Standard')).toBe('UPS Standard');
    expect(carrierAndService('FedEx', 'FedEx Ground')).toBe('FedEx Ground');
    expect(carrierAndService('DHL', 'DHL Express Worldwide')).toBe('DHL Express Worldwide');
    expect(carrierAndService('Purolator', 'Purolator Express 9 AM')).toBe('Purolator Express 9 AM');
    expect(carrierAndService('Canada Post', 'Expedited Parcel')).toBe('Canada Post Expedited Parcel');
    expect(carrierAndService('Canada Post', 'Canada Post Expedited Parcel')).toBe('Canada Post Expedited Parcel');
    // Any case, extra spaces; a word that only begins like the carrier is another word.
    expect(carrierAndService('UPS', 'ups  standard')).toBe('ups standard');
    expect(carrierAndService('UPS', 'UPSide Express')).toBe('UPS UPSide Express');
    expect(carrierAndService('UPS', '')).toBe('UPS');
    expect(carrierAndService('', 'Priority')).toBe('Priority');
  });

  it('reads Chinese names, which take no space between words', () => {
    expect(carrierAndService('加拿大邮政', '加拿大邮政快递')).toBe('加拿大邮政快递');
    expect(carrierAndService('加拿大邮政', '加拿大邮政 快递')).toBe('加拿大邮政 快递');
    expect(carrierAndService('加拿大邮政', '快递包裹')).toBe('加拿大邮政 快递包裹');
  });

  it('reads a stored description with the carrier named twice as named once, and leaves others alone', () => {
    expect(carrierNamedOnce('UPS UPS Standard — order VY-1')).toBe('UPS Standard — order VY-1');
    expect(carrierNamedOnce('FedEx FedEx Ground — order VY-2')).toBe('FedEx Ground — order VY-2');
    expect(carrierNamedOnce('DHL DHL Express Worldwide — order VY-3')).toBe('DHL Express Worldwide — order VY-3');
    expect(carrierNamedOnce('Canada Post Canada Post Expedited Parcel — order VY-4')).toBe(
      'Canada Post Expedited Parcel — order VY-4',
    );
    for (const kept of [
      'Canada Post Regular Parcel — order VY-5',
      'UPS Standard — order VY-6',
      'Purolator Ground — order VY-7',
      'Refund: order VY-8 not created by UPS',
      '',
    ]) {
      expect(carrierNamedOnce(kept)).toBe(kept);
    }
  });
});
