import { queryOptions } from '@tanstack/react-query';
import type {
  TBulkImportDetail,
  TBulkImportList,
  TBulkImportRow,
  TBulkMapping,
  TBulkQuoteRequest,
  TPatchBulkRow,
} from '../../../shared/contracts/bulk-imports';
import { api } from '../../lib/api-client';

const base = '/api/bulk-imports';

export const bulkListQuery = queryOptions({
  queryKey: ['bulk-imports'],
  queryFn: () => api.get<TBulkImportList>(base),
});

/**
 * A batch; asked again every 1.5 s while it is being bought, so the progress moves (and survives a
 * reload), and after a cancel while the rows then in flight settle (bought or cancelled).
 */
export const bulkImportQuery = (id: string) =>
  queryOptions({
    queryKey: ['bulk-imports', id],
    queryFn: () => api.get<TBulkImportDetail>(`${base}/${encodeURIComponent(id)}`),
    refetchInterval: (q) => {
      const b = q.state.data;
      return b && (b.status === 'purchasing' || (b.status === 'cancelled' && b.counts.pending > 0)) ? 1500 : false;
    },
  });

/**
 * Sends the file as multipart/form-data (field `file`, decision 038): its bytes as they are, the
 * server reads their encoding (UTF-8, with or without BOM, or Windows-1252); a chosen mapping rides
 * along as JSON in the field `mapping`.
 */
export const createBulkImport = (body: { filename: string; file: Blob; mapping?: TBulkMapping }) => {
  const form = new FormData();
  if (body.mapping) form.append('mapping', JSON.stringify(body.mapping));
  form.append('file', body.file, body.filename);
  return api.post<TBulkImportDetail>(base, form);
};

export const patchBulkRow = (id: string, n: number, body: TPatchBulkRow) =>
  api.patch<TBulkImportRow>(`${base}/${encodeURIComponent(id)}/rows/${n}`, body);

export const quoteBulkImport = (id: string, body: TBulkQuoteRequest) =>
  api.post<TBulkImportDetail>(`${base}/${encodeURIComponent(id)}/quote`, body);

/** One key per batch, kept for the tab's life: a second click or a retry after a reload buys nothing twice. */
export function purchaseKeyFor(id: string): string {
  const name = `voyageur.bulk-purchase.${id}`;
  try {
    const kept = sessionStorage.getItem(name);
    if (kept) return kept;
    const key = `bulk-${crypto.randomUUID()}`;
    sessionStorage.setItem(name, key);
    return key;
  } catch {
    return `bulk-${id}`;
  }
}

export const purchaseBulkImport = (id: string) =>
  api.post<TBulkImportDetail>(`${base}/${encodeURIComponent(id)}/purchase`, undefined, {
    headers: { 'idempotency-key': purchaseKeyFor(id) },
  });

export const cancelBulkImport = (id: string) => api.post<TBulkImportDetail>(`${base}/${encodeURIComponent(id)}/cancel`);

export const labelsUrl = (id: string, format: 'pdf' | 'zpl' = 'pdf') =>
  `${base}/${encodeURIComponent(id)}/labels?format=${format}`;
export const resultsUrl = (id: string) => `${base}/${encodeURIComponent(id)}/results.csv`;
export const templateUrl = `${base}/template.csv`;
