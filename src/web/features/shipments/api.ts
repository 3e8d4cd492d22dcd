import { queryOptions } from '@tanstack/react-query';
import type { TQuoteResponse } from '../../../shared/contracts/rates';
import { api } from '../../lib/api-client';
import { toQuoteRequest, type StoredShipment } from './shipment-draft';

/**
 * POST /api/rates/quote as a query: no retries, and a fresh quote on every visit (a quote is stored
 * server-side for 15 minutes, so cached prices would go out of date).
 */
export function quoteQueryOptions(shipment: StoredShipment) {
  return queryOptions({
    queryKey: ['rates-quote', shipment],
    queryFn: () => api.post<TQuoteResponse>('/api/rates/quote', toQuoteRequest(shipment)),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
