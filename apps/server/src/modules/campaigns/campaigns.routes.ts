/**
 * Campaign workflows under /api/v1/jobs/{jobId}/campaign-workflows and the cross-job list /api/v1/campaign-workflows.
 * Every call needs the Campaigns tab's permissions (JobCampaignsAccessor, CampaignManager_Feature_VIEW) and
 * Campaign_View; changes add Campaign_Create / Campaign_Edit / Campaign_Delete, file uploads CampaignManager_Upload.
 * Another issuer's job or workflow answers 404 (campaigns.service openWorkflow).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JOB_TABS_BY_KEY,
  ZBounceBody,
  ZBounceReport,
  ZEnrolDecision,
  ZEnrolLanding,
  ZEnrolQuery,
  ZEnrolHeaders,
  ENROL_TOKEN_HEADER,
  ZEnrolResult,
  ZCampaignCreate,
  ZCampaignEmailParams,
  ZCampaignParams,
  ZCampaignUpdate,
  ZJobWorkflowsParams,
  ZMutationResult,
  ZOutcomeUploadResult,
  ZOutreachPreview,
  ZOutreachPreviewBody,
  ZOutreachSendResult,
  ZWorkflowBulkResult,
  ZWorkflowBulkStatus,
  ZWorkflowCreate,
  ZWorkflowDetail,
  ZWorkflowListQuery,
  ZWorkflowPage,
  ZWorkflowParams,
  ZWorkflowSources,
  ZWorkflowSupplierDetail,
  ZWorkflowSupplierPage,
  ZWorkflowSupplierParams,
  ZWorkflowSupplierPatch,
  ZWorkflowSuppliersQuery,
  ZWorkflowUpdate,
  type TGrant,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import {
  createWorkflow,
  listWorkflows,
  removeWorkflow,
  renameWorkflow,
  workflowDetail,
  workflowSources,
} from './workflows.service.ts';
import { changeCampaign, createCampaign } from './waves.service.ts';
import { bulkStatus, patchSupplier, workflowSupplier, workflowSuppliers } from './suppliers.service.ts';
import { previewOutreach, recordBounce, sendOutreach } from './campaigns.outreach.ts';
import { uploadContacts, uploadOutcomes } from './campaigns.outcomes.ts';
import { uploadBounces } from './campaigns.bounces.ts';
import { enrolDecide, enrolLanding } from './campaigns.enrol.ts';

const tags = ['Campaigns'];
const base = '/api/v1/jobs/:jobId/campaign-workflows';
const VIEW: readonly TGrant[] = [...JOB_TABS_BY_KEY['campaign-workflows'].permissions, 'Campaign_View'];
const CREATE: readonly TGrant[] = [...VIEW, 'Campaign_Create'];
const EDIT: readonly TGrant[] = [...VIEW, 'Campaign_Edit'];
const DELETE: readonly TGrant[] = [...VIEW, 'Campaign_Delete'];
const UPLOAD: readonly TGrant[] = [...EDIT, 'CampaignManager_Upload'];
const GLOBAL: readonly TGrant[] = ['CampaignManager_Feature_VIEW', 'Campaign_View'];

export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/campaign-workflows', {
    config: { access: { permissions: GLOBAL } },
    schema: {
      tags,
      summary:
        'Every campaign workflow the caller may see, across jobs (paged; search, jobId, issuerId, state), with counters',
      querystring: ZWorkflowListQuery,
      response: { 200: ZWorkflowPage },
    },
    handler: async (req) => listWorkflows(ctx, authOf(req), req.query),
  });

  r.get(base, {
    config: { access: { permissions: VIEW } },
    schema: {
      tags,
      summary: 'The campaign workflows of a job with their counters (total, pending, active, succeeded, failed)',
      params: ZJobWorkflowsParams,
      querystring: ZWorkflowListQuery,
      response: { 200: ZWorkflowPage },
    },
    handler: async (req) => listWorkflows(ctx, authOf(req), req.query, req.params.jobId),
  });

  r.get(`${base}/sources`, {
    config: { access: { permissions: CREATE } },
    schema: {
      tags,
      summary: 'What a workflow can be created from: the job’s use cases with their supplier counts',
      params: ZJobWorkflowsParams,
      response: { 200: ZWorkflowSources },
    },
    handler: async (req) => workflowSources(ctx, authOf(req), req.params.jobId),
  });

  r.post(base, {
    config: { access: { permissions: CREATE } },
    schema: {
      tags,
      summary:
        'Create a workflow from a use case (useCaseId) or a suppliers-table selection (filter): enrols its suppliers',
      params: ZJobWorkflowsParams,
      body: ZWorkflowCreate,
      response: { 201: ZWorkflowDetail },
    },
    handler: async (req, reply) => {
      const out = await createWorkflow(ctx, req, authOf(req), req.params.jobId, req.body);
      return reply.code(201).send(out);
    },
  });

  r.get(`${base}/:id`, {
    config: { access: { permissions: VIEW } },
    schema: {
      tags,
      summary: 'One workflow: its campaigns (waves) with counters and emails, counters by route and for All Routes',
      params: ZWorkflowParams,
      response: { 200: ZWorkflowDetail },
    },
    handler: async (req) => workflowDetail(ctx, authOf(req), req.params.jobId, req.params.id),
  });

  r.patch(`${base}/:id`, {
    config: { access: { permissions: EDIT } },
    schema: {
      tags,
      summary: 'Rename a workflow',
      params: ZWorkflowParams,
      body: ZWorkflowUpdate,
      response: { 200: ZWorkflowDetail },
    },
    handler: async (req) => renameWorkflow(ctx, req, authOf(req), req.params.jobId, req.params.id, req.body.name),
  });

  r.delete(`${base}/:id`, {
    config: { access: { permissions: DELETE } },
    schema: {
      tags,
      summary: 'Delete a workflow with its campaigns, enrolments, history and email records',
      params: ZWorkflowParams,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await removeWorkflow(ctx, req, authOf(req), req.params.jobId, req.params.id);
      return { success: true, statusCode: 200, message: 'Campaign workflow deleted' };
    },
  });

  r.post(`${base}/:id/campaigns`, {
    config: { access: { permissions: EDIT } },
    schema: {
      tags,
      summary:
        'Add a campaign (wave) with a route, outreach template and schedule; it takes supplierKeys, or the `count` best suppliers not in a wave yet by expected value = predicted conversion × route value (all when absent)',
      params: ZWorkflowParams,
      body: ZCampaignCreate,
      response: { 201: ZWorkflowDetail },
    },
    handler: async (req, reply) =>
      reply.code(201).send(await createCampaign(ctx, req, authOf(req), req.params.jobId, req.params.id, req.body)),
  });

  r.patch(`${base}/:id/campaigns/:campaignId`, {
    config: { access: { permissions: EDIT } },
    schema: {
      tags,
      summary: 'Change a campaign: stage (Pending → Active → Completed, never back: 409), name, template, schedule',
      params: ZCampaignParams,
      body: ZCampaignUpdate,
      response: { 200: ZWorkflowDetail },
    },
    handler: async (req) =>
      changeCampaign(ctx, req, authOf(req), req.params.jobId, req.params.id, req.params.campaignId, req.body),
  });

  r.post(`${base}/:id/campaigns/:campaignId/outreach/preview`, {
    config: { access: { permissions: VIEW } },
    schema: {
      tags,
      summary: 'Preview the campaign email for one supplier (branded, merged), with how many would receive it',
      params: ZCampaignParams,
      body: ZOutreachPreviewBody,
      response: { 200: ZOutreachPreview },
    },
    handler: async (req) =>
      previewOutreach(ctx, authOf(req), req.params.jobId, req.params.id, req.params.campaignId, req.body),
  });

  r.post(`${base}/:id/campaigns/:campaignId/outreach`, {
    config: { access: { permissions: EDIT } },
    schema: {
      tags,
      summary:
        'Send the campaign email to every supplier of the wave with a contact and no email yet (a rate-limited ProQ command; progress on the command)',
      params: ZCampaignParams,
      response: { 202: ZOutreachSendResult },
    },
    handler: async (req, reply) =>
      reply
        .code(202)
        .send(await sendOutreach(ctx, req, authOf(req), req.params.jobId, req.params.id, req.params.campaignId)),
  });

  r.get(`${base}/:id/suppliers`, {
    config: { access: { permissions: VIEW } },
    schema: {
      tags,
      summary:
        "Suppliers of a workflow (paged; filters as a JSON array of filter items like the suppliers table, orderBy=property:asc|desc, search, status, campaignId), each with its predicted conversion (learnt from the issuer's outcomes, or the prior below 50: `prediction`)",
      params: ZWorkflowParams,
      querystring: ZWorkflowSuppliersQuery,
      response: { 200: ZWorkflowSupplierPage },
    },
    handler: async (req) => workflowSuppliers(ctx, authOf(req), req.params.jobId, req.params.id, req.query),
  });

  r.post(`${base}/:id/suppliers/status`, {
    config: { access: { permissions: EDIT } },
    schema: {
      tags,
      summary:
        'Change the status of many suppliers at once (all or nothing: unknown keys 400, illegal transitions 409)',
      params: ZWorkflowParams,
      body: ZWorkflowBulkStatus,
      response: { 200: ZWorkflowBulkResult },
    },
    handler: async (req) => bulkStatus(ctx, req, authOf(req), req.params.jobId, req.params.id, req.body),
  });

  r.get(`${base}/:id/suppliers/:supplierKey`, {
    config: { access: { permissions: VIEW } },
    schema: {
      tags,
      summary: 'One supplier in a workflow: status, campaign, contact, dated history with notes, emails sent',
      params: ZWorkflowSupplierParams,
      response: { 200: ZWorkflowSupplierDetail },
    },
    handler: async (req) => workflowSupplier(ctx, authOf(req), req.params.jobId, req.params.id, req.params.supplierKey),
  });

  r.patch(`${base}/:id/suppliers/:supplierKey`, {
    config: { access: { permissions: EDIT } },
    schema: {
      tags,
      summary: 'Change one supplier: status (Pending → Active → Succeeded | Failed), note, contact email, campaign',
      params: ZWorkflowSupplierParams,
      body: ZWorkflowSupplierPatch,
      response: { 200: ZWorkflowSupplierDetail },
    },
    handler: async (req) =>
      patchSupplier(ctx, req, authOf(req), req.params.jobId, req.params.id, req.params.supplierKey, req.body),
  });

  r.post(`${base}/:id/suppliers/:supplierKey/emails/:emailId/bounce`, {
    config: { access: { permissions: EDIT } },
    schema: {
      tags,
      summary: 'Record that an outreach email bounced',
      params: ZCampaignEmailParams,
      body: ZBounceBody,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const p = req.params;
      await recordBounce(ctx, req, authOf(req), p.jobId, p.id, p.supplierKey, p.emailId, req.body.reason);
      return { success: true, statusCode: 200, message: 'Bounce recorded' };
    },
  });

  r.post(`${base}/:id/outcomes`, {
    config: { access: { permissions: UPLOAD } },
    schema: {
      tags,
      summary:
        'Upload outcomes (CSV, multipart field "file": supplierKey or supplierId, status, date, note); a file with any error is refused with a row-level report and nothing is applied',
      params: ZWorkflowParams,
      consumes: ['multipart/form-data'],
      response: { 200: ZOutcomeUploadResult },
    },
    handler: async (req) => uploadOutcomes(ctx, req, authOf(req), req.params.jobId, req.params.id),
  });

  r.post(`${base}/:id/contacts`, {
    config: { access: { permissions: UPLOAD } },
    schema: {
      tags,
      summary:
        'Upload supplier contacts (CSV, multipart field "file": supplierKey or supplierId, contactEmail); all or nothing with a row-level report',
      params: ZWorkflowParams,
      consumes: ['multipart/form-data'],
      response: { 200: ZOutcomeUploadResult },
    },
    handler: async (req) => uploadContacts(ctx, req, authOf(req), req.params.jobId, req.params.id),
  });

  r.post(`${base}/:id/bounces`, {
    config: { access: { permissions: UPLOAD } },
    schema: {
      tags,
      summary:
        'Upload bounce messages (.eml, multipart field "file", several allowed): delivery status notifications (RFC 3464) are matched to this workflow’s outreach emails by Message-ID or recipient and recorded as bounces; a report per file and recipient',
      params: ZWorkflowParams,
      consumes: ['multipart/form-data'],
      response: { 200: ZBounceReport },
    },
    handler: async (req) => uploadBounces(ctx, req, authOf(req), req.params.jobId, req.params.id),
  });

  // The public enrolment page: no sign-in; the signed, expiring token of the outreach email's link is the credential.
  r.get('/api/v1/enrol', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary:
        'What an enrolment link stands for (public; rate-limited; the token in the X-Enrolment-Token header, never the URL): branding, buyer, supplier and status. A forged, foreign, expired or used token is refused (400, 410, 409), a token of no sent email 403',
      querystring: ZEnrolQuery,
      headers: ZEnrolHeaders,
      response: { 200: ZEnrolLanding },
    },
    handler: async (req) =>
      enrolLanding(ctx, req, { token: req.headers[ENROL_TOKEN_HEADER], workflow: req.query.workflow }),
  });

  r.post('/api/v1/enrol', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary:
        'Confirm or decline an enrolment through its link (public; rate-limited; once per link): confirming moves Pending to Active, declining to Failed, with a dated history entry by the supplier’s contact',
      body: ZEnrolDecision,
      response: { 200: ZEnrolResult },
    },
    handler: async (req) => enrolDecide(ctx, req, req.body),
  });
}
