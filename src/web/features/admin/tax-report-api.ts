import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { TOperatorIdentity, TTaxReport } from '../../../shared/contracts/documents';

export const operatorQuery = queryOptions({
  queryKey: ['admin', 'operator'],
  queryFn: () => api.get<TOperatorIdentity>('/api/admin/operator'),
});

export function taxReportQuery(from: string, to: string) {
  return queryOptions({
    queryKey: ['admin', 'tax-report', from, to],
    queryFn: () =>
      api.get<TTaxReport>(
        `/api/admin/tax-report?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=json`,
      ),
  });
}

export const useOperator = () => useQuery(operatorQuery);
export const useTaxReport = (from: string, to: string, enabled: boolean) =>
  useQuery({ ...taxReportQuery(from, to), enabled });
