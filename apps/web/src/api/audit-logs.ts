/** System audit log calls (/api/v1/system-audit-logs). */
import { queryOptions } from '@tanstack/react-query';
import type { TPagingRequest } from '@sextant/shared/values';
import { http, ok } from './client.ts';

export const auditLogKeys = {
  all: ['system-audit-logs'] as const,
  lists: () => [...auditLogKeys.all, 'list'] as const,
  detail: (id: number) => [...auditLogKeys.all, 'detail', id] as const,
  facets: () => [...auditLogKeys.all, 'facets'] as const,
};

export const fetchAuditLog = (req: TPagingRequest) => ok(http.POST('/api/v1/system-audit-logs/get', { body: req }));
export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: auditLogKeys.facets(),
    queryFn: () => ok(http.GET('/api/v1/system-audit-logs/facets')),
  });
