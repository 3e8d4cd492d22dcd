import { describe, expect, it } from 'vitest';
import { labelFileName, labelRef, leavesCanada, validLabel } from './label-actions';

describe('label references, validity and file names (spec §5, §7)', () => {
  it('asks by the order code in preference to the tracking number', () => {
    expect(labelRef({ orderCode: 'VY-7K3M9Q2X', trackingNumber: '1Z999AA10123456784' })).toBe('VY-7K3M9Q2X');
    expect(labelRef({ orderCode: ' ', trackingNumber: '1Z999AA10123456784' })).toBe('1Z999AA10123456784');
    expect(labelRef({ orderCode: null, trackingNumber: null })).toBeNull();
    expect(labelRef(' 123 ')).toBe('123');
    expect(labelRef('')).toBeNull();
    expect(labelRef(undefined)).toBeNull();
  });

  it('takes a label only with success, base64 and mimeType', () => {
    const ok = { success: true, base64: 'JVBERi0=', mimeType: 'application/pdf', trackingNumber: '123' };
    expect(validLabel(ok)).toEqual({ base64: 'JVBERi0=', mimeType: 'application/pdf', trackingNumber: '123' });
    expect(validLabel({ ...ok, success: false })).toBeNull();
    expect(validLabel({ ...ok, success: 'true' })).toBeNull();
    expect(validLabel({ ...ok, base64: '' })).toBeNull();
    expect(validLabel({ ...ok, mimeType: undefined })).toBeNull();
    expect(validLabel(null)).toBeNull();
    expect(validLabel({ ...ok, trackingNumber: undefined })?.trackingNumber).toBe('');
  });

  it('names the file label-{trackingNumber} with .pdf, .jpg or else .png', () => {
    expect(labelFileName('1Z999AA10123456784', 'application/pdf')).toBe('label-1Z999AA10123456784.pdf');
    expect(labelFileName('123', 'image/jpeg')).toBe('label-123.jpg');
    expect(labelFileName('123', 'image/gif')).toBe('label-123.png');
    // ZPL II for thermal printers (decision 038) is saved as .zpl.
    expect(labelFileName('123', 'application/zpl')).toBe('label-123.zpl');
    expect(labelFileName('../a b', 'application/pdf')).toBe('label-..ab.pdf');
  });
});

describe('a ZPL label leaves the customs forms in the PDF (decision 036)', () => {
  it('knows a shipment leaving Canada by its receiver, else by its customs declaration', () => {
    expect(leavesCanada({ trackingNumber: '1', toAddress: { country: 'US' } })).toBe(true);
    expect(leavesCanada({ trackingNumber: '1', toAddress: { country: 'CA' }, customs: null })).toBe(false);
    expect(leavesCanada({ trackingNumber: '1', customs: { items: [] } })).toBe(true);
    expect(leavesCanada({ trackingNumber: '1' })).toBe(false);
    expect(leavesCanada('VY-123')).toBe(false);
  });
});
