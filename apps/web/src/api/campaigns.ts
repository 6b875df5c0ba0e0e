/**
 * Campaign workflows API: query-key factory, query options and mutations for /api/v1/jobs/{jobId}/campaign-workflows…
 * and the cross-job list /api/v1/campaign-workflows.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  TBounceReport,
  TCampaignCreate,
  TEnrolDecision,
  TEnrolLanding,
  TEnrolResult,
  TCampaignUpdate,
  TEnrolmentStatus,
  TOutcomeUploadResult,
  TOutreachPreview,
  TOutreachSendResult,
  TSupplierSelection,
  TWorkflowDetail,
  TWorkflowPage,
  TWorkflowSources,
  TWorkflowSupplierDetail,
  TWorkflowSupplierPage,
} from '@sextant/shared/values';
import { api } from './client.ts';

const enc = encodeURIComponent;
export const workflowsUrl = (jobId: string) => `/api/v1/jobs/${enc(jobId)}/campaign-workflows`;
export const workflowUrl = (jobId: string, id: string) => `${workflowsUrl(jobId)}/${enc(id)}`;

export interface TWorkflowListParams {
  pageNumber?: number;
  pageSize?: number;
  search?: string;
  jobId?: string;
  issuerId?: string;
  state?: 'open' | 'closed';
}
export interface TWorkflowSupplierParams {
  pageNumber: number;
  pageSize: number;
  orderBy?: string;
  search?: string;
  status?: TEnrolmentStatus;
  campaignId?: string;
  /** Seek paging: the previous page's nextCursor. */
  after?: string;
}

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
    queryFn: () => api<TWorkflowPage>('/api/v1/campaign-workflows', { query: { ...p } }),
    meta: { operation: 'Loading campaign workflows' },
  });

export const jobWorkflowsQuery = (jobId: string) =>
  queryOptions({
    queryKey: campaignKeys.list(jobId),
    queryFn: () => api<TWorkflowPage>(workflowsUrl(jobId), { query: { pageSize: 100 } }),
    meta: { operation: 'Loading campaign workflows' },
  });

export const workflowSourcesQuery = (jobId: string) =>
  queryOptions({
    queryKey: campaignKeys.sources(jobId),
    queryFn: () => api<TWorkflowSources>(`${workflowsUrl(jobId)}/sources`),
    meta: { operation: 'Loading use cases' },
  });

export const workflowQuery = (jobId: string, id: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(jobId, id),
    queryFn: () => api<TWorkflowDetail>(workflowUrl(jobId, id)),
    meta: { operation: 'Loading campaign workflow' },
  });

export const workflowSuppliersQuery = (jobId: string, id: string, p: TWorkflowSupplierParams) =>
  queryOptions({
    queryKey: campaignKeys.suppliers(jobId, id, p),
    queryFn: () => api<TWorkflowSupplierPage>(`${workflowUrl(jobId, id)}/suppliers`, { query: { ...p } }),
    meta: { operation: 'Loading workflow suppliers' },
  });

export const workflowSupplierQuery = (jobId: string, id: string, key: string) =>
  queryOptions({
    queryKey: campaignKeys.supplier(jobId, id, key),
    queryFn: () => api<TWorkflowSupplierDetail>(`${workflowUrl(jobId, id)}/suppliers/${enc(key)}`),
    meta: { operation: 'Loading workflow supplier' },
  });

export const createWorkflow = (
  jobId: string,
  body: { name: string; useCaseId?: string; filter?: Partial<TSupplierSelection> },
) => api<TWorkflowDetail>(workflowsUrl(jobId), { method: 'POST', body });
export const renameWorkflow = (jobId: string, id: string, name: string) =>
  api<TWorkflowDetail>(workflowUrl(jobId, id), { method: 'PATCH', body: { name } });
export const deleteWorkflow = (jobId: string, id: string) =>
  api<{ success: boolean }>(workflowUrl(jobId, id), { method: 'DELETE' });
export const createCampaign = (jobId: string, id: string, body: TCampaignCreate) =>
  api<TWorkflowDetail>(`${workflowUrl(jobId, id)}/campaigns`, { method: 'POST', body });
export const updateCampaign = (jobId: string, id: string, campaignId: string, body: TCampaignUpdate) =>
  api<TWorkflowDetail>(`${workflowUrl(jobId, id)}/campaigns/${enc(campaignId)}`, { method: 'PATCH', body });
export const previewOutreach = (
  jobId: string,
  id: string,
  campaignId: string,
  body: { templateSubject?: string; templateBody?: string; supplierKey?: string },
) =>
  api<TOutreachPreview>(`${workflowUrl(jobId, id)}/campaigns/${enc(campaignId)}/outreach/preview`, {
    method: 'POST',
    body,
  });
export const sendOutreach = (jobId: string, id: string, campaignId: string) =>
  api<TOutreachSendResult>(`${workflowUrl(jobId, id)}/campaigns/${enc(campaignId)}/outreach`, { method: 'POST' });
export const bulkStatus = (
  jobId: string,
  id: string,
  body: { supplierKeys: string[]; status: TEnrolmentStatus; note?: string },
) =>
  api<{ updated: number; unchanged: number }>(`${workflowUrl(jobId, id)}/suppliers/status`, { method: 'POST', body });
export const patchWorkflowSupplier = (
  jobId: string,
  id: string,
  key: string,
  body: { status?: TEnrolmentStatus; note?: string; contactEmail?: string | null },
) => api<TWorkflowSupplierDetail>(`${workflowUrl(jobId, id)}/suppliers/${enc(key)}`, { method: 'PATCH', body });
export const recordBounce = (jobId: string, id: string, key: string, emailId: string, reason?: string) =>
  api<{ success: boolean }>(`${workflowUrl(jobId, id)}/suppliers/${enc(key)}/emails/${enc(emailId)}/bounce`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });

/** Uploads an outcome (kind "outcomes") or contact (kind "contacts") CSV. */
export function uploadWorkflowFile(jobId: string, id: string, kind: 'outcomes' | 'contacts', file: File) {
  const body = new FormData();
  body.append('file', file);
  return api<TOutcomeUploadResult>(`${workflowUrl(jobId, id)}/${kind}`, { method: 'POST', body });
}

/** Uploads bounce messages (.eml delivery status notifications), several at once. */
export function uploadBounces(jobId: string, id: string, files: File[]) {
  const body = new FormData();
  for (const f of files) body.append('file', f);
  return api<TBounceReport>(`${workflowUrl(jobId, id)}/bounces`, { method: 'POST', body });
}

/** The public enrolment page (no sign-in): what the link stands for, and the supplier's answer. */
export const enrolKeys = { view: (token: string) => ['enrol', token.slice(-16)] as const };
export const enrolLandingQuery = (token: string, workflow?: string) =>
  queryOptions({
    queryKey: enrolKeys.view(token),
    queryFn: () => api<TEnrolLanding>('/api/v1/enrol', { query: { token, ...(workflow ? { workflow } : {}) } }),
    retry: false,
    meta: { silent: true },
  });
export const decideEnrolment = (body: TEnrolDecision) => api<TEnrolResult>('/api/v1/enrol', { method: 'POST', body });
