import { describe, expect, it } from 'vitest';
import type { TTransaction } from '../../../../shared/contracts/wallet';
import { documentOf } from './topup-receipt-button';

const entry = (over: Partial<TTransaction>): TTransaction => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'topup',
  status: 'completed',
  amount: '10.00',
  direction: 'credit',
  balanceAfter: '10.00',
  description: '',
  reference: null,
  shipmentId: null,
  createdAt: '2026-03-02T15:00:00.000Z',
  ...over,
});

describe('documentOf (wallet history)', () => {
  it('links a top-up to its prepayment receipt', () => {
    expect(documentOf(entry({ receiptNumber: 'P-000001' }))?.url).toBe(
      '/api/transactions/00000000-0000-4000-8000-000000000001/receipt',
    );
  });

  it("links a shipping charge to its shipment's receipt and a refund to its credit note", () => {
    const charge = documentOf(entry({ type: 'shipping_charge', shipmentId: 's1', receiptNumber: 'R-000002' }));
    expect(charge).toMatchObject({ url: '/api/shipments/s1/receipt', testId: 'transaction-receipt' });
    const refund = documentOf(entry({ type: 'refund', shipmentId: 's1', receiptNumber: 'CN-000003' }));
    expect(refund).toMatchObject({ url: '/api/shipments/s1/credit-note', testId: 'transaction-credit-note' });
  });

  it('links nothing without a document or a shipment', () => {
    expect(documentOf(entry({ receiptNumber: null }))).toBeNull();
    expect(documentOf(entry({ type: 'shipping_charge', receiptNumber: 'R-000002' }))).toBeNull();
  });
});
