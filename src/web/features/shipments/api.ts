import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SHIPMENT_DESTINATIONS,
  SHIPMENT_PAGE_SIZES,
  type TShipmentDestination,
  type TShipmentDetail,
  type TShipmentList,
  type TTrackingLookup,
} from '../../../shared/contracts/shipments';
import { api, isApiError } from '../../lib/api-client';
import { afterOrderKeys, queryKeys } from '../../lib/queries/keys';

/** Spec §9: page sizes 10, 25, 50, 100; 25 by default. */
export const PAGE_SIZES = SHIPMENT_PAGE_SIZES;
export const DEFAULT_PAGE_SIZE = 25;

/** Live or test shipments (issue 28): '' for both, 'live' (test=false) or 'test' (test=true, bought with a test API key). */
export type ShipmentTestFilter = '' | 'live' | 'test';

/** `destination`: '' for every destination, else domestic, us or international (issue 25). */
export type ShipmentListParams = {
  search: string;
  page: number;
  limit: number;
  destination: TShipmentDestination | '';
  test: ShipmentTestFilter;
};

/**
 * The list's query string: the search when there is one, the destination and live/test when one is
 * chosen, page unless 1, limit unless 25 (spec §2).
 */
export function listSearchParams({ search, page, limit, destination, test }: ShipmentListParams): URLSearchParams {
  const params = new URLSearchParams();
  const q = search.trim();
  if (q) params.set('search', q);
  if (destination) params.set('destination', destination);
  if (test) params.set('test', test === 'test' ? 'true' : 'false');
  if (page !== 1) params.set('page', String(page));
  if (limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(limit));
  return params;
}

/** Reads page, limit, destination and live/test from the address bar: anything unreadable falls back to the default. */
export function readListParams(params: URLSearchParams): ShipmentListParams {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const destination = params.get('destination') ?? '';
  const test = params.get('test');
  return {
    search: params.get('search') ?? '',
    destination: (SHIPMENT_DESTINATIONS as readonly string[]).includes(destination)
      ? (destination as TShipmentDestination)
      : '',
    test: test === 'true' ? 'test' : test === 'false' ? 'live' : '',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** GET /api/shipments?search&destination&test&page&limit → { data, pagination }, newest first. */
export function shipmentsQueryOptions(params: ShipmentListParams) {
  const normalized = { ...params, search: params.search.trim() };
  const qs = listSearchParams(normalized).toString();
  return queryOptions({
    queryKey: [...queryKeys.shipments, normalized] as const,
    queryFn: () => api.get<TShipmentList>(`/api/shipments${qs ? `?${qs}` : ''}`),
  });
}

/** The list keeps the previous page on screen (marked busy) while the next one loads. */
export function useShipments(params: ShipmentListParams) {
  return useQuery({ ...shipmentsQueryOptions(params), placeholderData: keepPreviousData });
}

/** Spec §7: the detail retries 3 times, the delay doubling from 1 s and capped at 30 s. */
export const detailRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Up to 3 retries, except after an answer that another try cannot change (a 4xx other than 408 and
 * 429: not found, not signed in): those show the failure at once rather than after 7 s.
 */
export function detailRetry(failures: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return false;
  }
  return failures < 3;
}

/** GET /api/shipments/{id}: the detail with addresses, package, costs and tracking events. */
export function shipmentDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.shipmentDetail(id),
    queryFn: () => api.get<TShipmentDetail>(`/api/shipments/${encodeURIComponent(id)}`),
    retry: detailRetry,
    retryDelay: detailRetryDelay,
    // Tracking moves on: opening the detail again asks the server again.
    staleTime: 0,
  });
}

export function useShipmentDetail(id: string | null) {
  return useQuery({ ...shipmentDetailQueryOptions(id ?? ''), enabled: id !== null });
}

/** POST /api/shipments/{id}/void: cancels the label and refunds what it cost. */
export function voidShipment(id: string): Promise<TShipmentDetail> {
  return api.post<TShipmentDetail>(`/api/shipments/${encodeURIComponent(id)}/void`);
}

/** Voids, then refreshes everything an order touches (lists, wallet, transactions, dashboard, tracking). */
export function useVoidShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidShipment,
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.shipmentDetail(detail.id), detail),
    onSettled: () => Promise.all(afterOrderKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A tracking number as typed, tidied: no surrounding or inner spaces. */
export function normalizeTrackingInput(value: string): string {
  return value.replace(/\s+/g, '');
}

/** GET /api/tracking/{trackingNumber}: one of the user's shipments by tracking number or order code. */
export function trackingQueryOptions(trackingNumber: string) {
  return queryOptions({
    queryKey: queryKeys.tracking(trackingNumber),
    queryFn: () => api.get<TTrackingLookup>(`/api/tracking/${encodeURIComponent(trackingNumber)}`),
    staleTime: 0,
  });
}

export function useTracking(trackingNumber: string) {
  return useQuery({ ...trackingQueryOptions(trackingNumber), enabled: trackingNumber !== '' });
}
