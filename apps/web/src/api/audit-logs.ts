/** System audit log calls (/api/v1/system-audit-logs). */
import { queryOptions } from '@tanstack/react-query';
import type { TAuditLogEntry, TAuditLogFacets, TPagedResult, TPagingRequest } from '@sextant/shared/values';
import { api } from './client.ts';

export const auditLogKeys = {
  all: ['system-audit-logs'] as const,
  lists: () => [...auditLogKeys.all, 'list'] as const,
  detail: (id: number) => [...auditLogKeys.all, 'detail', id] as const,
  facets: () => [...auditLogKeys.all, 'facets'] as const,
};

export const fetchAuditLog = (req: TPagingRequest) =>
  api<TPagedResult<TAuditLogEntry>>('/api/v1/system-audit-logs/get', { body: req });
export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: auditLogKeys.facets(),
    queryFn: () => api<TAuditLogFacets>('/api/v1/system-audit-logs/facets'),
  });
