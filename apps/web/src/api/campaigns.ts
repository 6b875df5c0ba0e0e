/**
 * Campaign workflows API: query-key factory, query options and mutations for /api/v1/jobs/{jobId}/campaign-workflows…
 * and the cross-job list /api/v1/campaign-workflows.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  ENROL_TOKEN_HEADER,
  type TCampaignCreate,
  type TCampaignUpdate,
  type TEnrolDecision,
  type TEnrolmentStatus,
  type TSupplierSelection,
} from '@sextant/shared/values';
import { http, ok, withForm, type TQuery } from './client.ts';

const W = '/api/v1/jobs/{jobId}/campaign-workflows/{id}';
const wf = (jobId: string, id: string) => ({ path: { jobId, id } });

export type TWorkflowListParams = TQuery<'/api/v1/campaign-workflows', 'get'>;
type TSupplierQuery = TQuery<`${typeof W}/suppliers`, 'get'>;
/** The supplier list's query; the page always names its page and size. */
export type TWorkflowSupplierParams = TSupplierQuery & Required<Pick<TSupplierQuery, 'pageNumber' | 'pageSize'>>;

export const campaignKeys = {
  all: ['campaign-workflows'] as const,
  global: (p: TWorkflowListParams) => [...campaignKeys.all, 'global', p] as const,
  job: (jobId: string) => [...campaignKeys.all, 'job', jobId] as const,
  list: (jobId: string) => [...campaignKeys.job(jobId), 'list'] as const,
  sources: (jobId: string) => [...campaignKeys.job(jobId), 'sources'] as const,
  detail: (jobId: string, id: string) => [...campaignKeys.job(jobId), id] as const,
  suppliers: (jobId: string, id: string, p?: TWorkflowSupplierParams) =>
    [...campaignKeys.detail(jobId, id), 'suppliers', ...(p ? [p] : [])] as const,
  supplier: (jobId: string, id: string, key: string) => [...campaignKeys.detail(jobId, id), 'supplier', key] as const,
};

export const globalWorkflowsQuery = (p: TWorkflowListParams) =>
  queryOptions({
    queryKey: campaignKeys.global(p),
    queryFn: () => ok(http.GET('/api/v1/campaign-workflows', { params: { query: { ...p } } })),
    meta: { operation: 'Loading campaign workflows' },
  });

export const jobWorkflowsQuery = (jobId: string) =>
  queryOptions({
    queryKey: campaignKeys.list(jobId),
    queryFn: () =>
      ok(
        http.GET('/api/v1/jobs/{jobId}/campaign-workflows', { params: { path: { jobId }, query: { pageSize: 100 } } }),
      ),
    meta: { operation: 'Loading campaign workflows' },
  });

export const workflowSourcesQuery = (jobId: string) =>
  queryOptions({
    queryKey: campaignKeys.sources(jobId),
    queryFn: () => ok(http.GET('/api/v1/jobs/{jobId}/campaign-workflows/sources', { params: { path: { jobId } } })),
    meta: { operation: 'Loading use cases' },
  });

export const workflowQuery = (jobId: string, id: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(jobId, id),
    queryFn: () => ok(http.GET(W, { params: wf(jobId, id) })),
    meta: { operation: 'Loading campaign workflow' },
  });

export const workflowSuppliersQuery = (jobId: string, id: string, p: TWorkflowSupplierParams) =>
  queryOptions({
    queryKey: campaignKeys.suppliers(jobId, id, p),
    queryFn: () => ok(http.GET(`${W}/suppliers`, { params: { ...wf(jobId, id), query: { ...p } } })),
    meta: { operation: 'Loading workflow suppliers' },
  });

export const workflowSupplierQuery = (jobId: string, id: string, key: string) =>
  queryOptions({
    queryKey: campaignKeys.supplier(jobId, id, key),
    queryFn: () => ok(http.GET(`${W}/suppliers/{supplierKey}`, { params: { path: { jobId, id, supplierKey: key } } })),
    meta: { operation: 'Loading workflow supplier' },
  });

export const createWorkflow = (
  jobId: string,
  body: { name: string; useCaseId?: string; filter?: Partial<TSupplierSelection> },
) => ok(http.POST('/api/v1/jobs/{jobId}/campaign-workflows', { params: { path: { jobId } }, body }));
export const renameWorkflow = (jobId: string, id: string, name: string) =>
  ok(http.PATCH(W, { params: wf(jobId, id), body: { name } }));
export const deleteWorkflow = (jobId: string, id: string) => ok(http.DELETE(W, { params: wf(jobId, id) }));
export const createCampaign = (jobId: string, id: string, body: TCampaignCreate) =>
  ok(http.POST(`${W}/campaigns`, { params: wf(jobId, id), body }));
export const updateCampaign = (jobId: string, id: string, campaignId: string, body: TCampaignUpdate) =>
  ok(http.PATCH(`${W}/campaigns/{campaignId}`, { params: { path: { jobId, id, campaignId } }, body }));
export const previewOutreach = (
  jobId: string,
  id: string,
  campaignId: string,
  body: { templateSubject?: string; templateBody?: string; supplierKey?: string },
) =>
  ok(http.POST(`${W}/campaigns/{campaignId}/outreach/preview`, { params: { path: { jobId, id, campaignId } }, body }));
export const sendOutreach = (jobId: string, id: string, campaignId: string) =>
  ok(http.POST(`${W}/campaigns/{campaignId}/outreach`, { params: { path: { jobId, id, campaignId } } }));
export const bulkStatus = (
  jobId: string,
  id: string,
  body: { supplierKeys: string[]; status: TEnrolmentStatus; note?: string },
) => ok(http.POST(`${W}/suppliers/status`, { params: wf(jobId, id), body }));
export const patchWorkflowSupplier = (
  jobId: string,
  id: string,
  key: string,
  body: { status?: TEnrolmentStatus; note?: string; contactEmail?: string | null },
) => ok(http.PATCH(`${W}/suppliers/{supplierKey}`, { params: { path: { jobId, id, supplierKey: key } }, body }));
export const recordBounce = (jobId: string, id: string, key: string, emailId: string, reason?: string) =>
  ok(
    http.POST(`${W}/suppliers/{supplierKey}/emails/{emailId}/bounce`, {
      params: { path: { jobId, id, supplierKey: key, emailId } },
      body: reason ? { reason } : {},
    }),
  );

/** Uploads an outcome (kind "outcomes") or contact (kind "contacts") CSV. */
export function uploadWorkflowFile(jobId: string, id: string, kind: 'outcomes' | 'contacts', file: File) {
  const body = new FormData();
  body.append('file', file);
  return kind === 'outcomes'
    ? ok(http.POST(`${W}/outcomes`, { params: wf(jobId, id), middleware: [withForm(body)] }))
    : ok(http.POST(`${W}/contacts`, { params: wf(jobId, id), middleware: [withForm(body)] }));
}

/** Uploads bounce messages (.eml delivery status notifications), several at once. */
export function uploadBounces(jobId: string, id: string, files: File[]) {
  const body = new FormData();
  for (const f of files) body.append('file', f);
  return ok(http.POST(`${W}/bounces`, { params: wf(jobId, id), middleware: [withForm(body)] }));
}

/** The public enrolment page (no sign-in): what the link stands for, and the supplier's answer. */
export const enrolKeys = { view: (token: string) => ['enrol', token.slice(-16)] as const };
export const enrolLandingQuery = (token: string, workflow?: string) =>
  queryOptions({
    queryKey: enrolKeys.view(token),
    // The token goes in a header, never the URL (proxy and access logs keep URLs).
    queryFn: () =>
      ok(
        http.GET('/api/v1/enrol', {
          params: { header: { [ENROL_TOKEN_HEADER]: token }, query: workflow ? { workflow } : {} },
        }),
      ),
    retry: false,
    meta: { silent: true },
  });
export const decideEnrolment = (body: TEnrolDecision) => ok(http.POST('/api/v1/enrol', { body }));
