import { describe, expect, it } from 'vitest';
import { receiverKey } from './receiver-key';

const base = { name: '', address1: '', postalCode: '', phone: '', email: '' };

describe('receiverKey (spec: email, else a 10-digit phone, else name + street + postal code)', () => {
  it('uses the email, case-insensitively', () => {
    expect(receiverKey({ ...base, email: ' Ana@Example.com ', phone: '416 555 0100' })).toBe('e:ana@example.com');
  });
  it('uses a phone of 10 digits, dropping the leading 1 of 11', () => {
    expect(receiverKey({ ...base, phone: '(416) 555-0100' })).toBe('p:4165550100');
    expect(receiverKey({ ...base, phone: '+1 416 555 0100' })).toBe('p:4165550100');
    // The stored form keeps the extension apart: it does not change who the receiver is.
    expect(receiverKey({ ...base, phone: '4165550100x12' })).toBe('p:4165550100');
    expect(receiverKey({ ...base, phone: '555-0100' })).toBeNull();
  });
  it('falls back to name, street and postal code, all three needed', () => {
    expect(receiverKey({ ...base, name: 'Ana  Li', address1: '1 King St W', postalCode: 'm5h 1a1' })).toBe(
      'a:ana li|1 king st w|M5H1A1',
    );
    expect(receiverKey({ ...base, name: 'Ana Li', address1: '1 King St W' })).toBeNull();
  });
});
