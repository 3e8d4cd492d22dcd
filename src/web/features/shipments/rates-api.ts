import { queryOptions } from '@tanstack/react-query';
import {
  CARRIER_WARNINGS_HEADER,
  decodeWarningsHeader,
  type TQuoteResponse,
  type TRateWarning,
} from '../../../shared/contracts/rates';
import { apiFetch } from '../../lib/api-client';
import { toQuoteRequest, type StoredShipment } from './shipment-draft';

/** The quote's options (the answer's array) and the carriers that gave none (its header). */
export type Quote = { rates: TQuoteResponse; warnings: TRateWarning[] };

/**
 * POST /api/rates/quote as a query: no retries, and a fresh quote on every visit (a quote is stored
 * server-side for 15 minutes, so cached prices would go out of date).
 */
export function quoteQueryOptions(shipment: StoredShipment) {
  return queryOptions({
    queryKey: ['rates-quote', shipment],
    queryFn: async (): Promise<Quote> => {
      const { data, headers } = await apiFetch<TQuoteResponse>('POST', '/api/rates/quote', toQuoteRequest(shipment));
      return { rates: data, warnings: decodeWarningsHeader(headers.get(CARRIER_WARNINGS_HEADER)) };
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
