/**
 * Jobs: POST /api/v1/job-artifacts (create, SPEC §7 "with query params"), and under /api/v1/jobs/{jobId}: details,
 * file uploads with column mapping and validation, runs of the pipeline with live step progress, retry, logs.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateJob,
  ZJobCreationOption,
  ZJobDetails,
  ZJobDownloadQuery,
  ZJobFile,
  ZJobFileParams,
  ZJobFileUploadQuery,
  ZJobLog,
  ZJobLogQuery,
  ZJobMappingUpdate,
  ZJobParams,
  ZJobPublish,
  ZJobRename,
  ZJobRun,
  ZJobRunParams,
  ZLayoutChange,
  ZMutationResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { openDownload } from './downloads.ts';
import { createJob, creationOptions, deleteJob, jobDetails, renameJob, setPublished } from './jobs.service.ts';
import { deleteFile, updateLayout, updateMapping, uploadFile } from './job-files.ts';
import { retryRun, runViews, startRun } from './job-runs.ts';
import { visibleJob } from '../authorization/index.ts';
import { jobLogPage } from './jobs.repo.ts';

const tags = ['Jobs'];

export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post('/api/v1/job-artifacts', {
    config: { access: { permissions: ['JobCreate'] } },
    schema: {
      tags,
      summary: 'Create a job for an issuer’s buyer',
      querystring: ZCreateJob,
      response: { 200: ZMutationResult.extend({ id: z.uuid() }) },
    },
    handler: async (req) => {
      const id = await createJob(ctx, authOf(req), req.query, req);
      return { success: true, statusCode: 200, message: `Job "${req.query.name}" created`, id };
    },
  });

  r.get('/api/v1/jobs/creation-options', {
    config: { access: { permissions: ['JobCreate'] } },
    schema: {
      tags,
      summary: 'Issuers the caller may create jobs for, with their buyers',
      response: {
        200: z.array(ZJobCreationOption),
      },
    },
    handler: async (req) => creationOptions(ctx, authOf(req)),
  });

  r.patch('/api/v1/jobs/:jobId', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary: 'Rename a job (owner or JobName_UPDATE)',
      params: ZJobParams,
      body: ZJobRename,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await renameJob(ctx, authOf(req), req.params.jobId, req.body.name, req);
      return { success: true, statusCode: 200, message: 'Job renamed' };
    },
  });

  r.post('/api/v1/jobs/:jobId/publish', {
    config: { access: { permissions: ['AnalysisPublish'] } },
    schema: {
      tags,
      summary: 'Publish or unpublish a job',
      params: ZJobParams,
      body: ZJobPublish,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await setPublished(ctx, authOf(req), req.params.jobId, req.body.isPublished, req);
      return { success: true, statusCode: 200, message: req.body.isPublished ? 'Job published' : 'Job unpublished' };
    },
  });

  r.delete('/api/v1/jobs/:jobId', {
    config: { access: { permissions: ['Job_Delete'] } },
    schema: {
      tags,
      summary: 'Delete a job with its files and results',
      params: ZJobParams,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await deleteJob(ctx, authOf(req), req.params.jobId, req);
      return { success: true, statusCode: 200, message: 'Job deleted' };
    },
  });

  r.get('/api/v1/jobs/:jobId', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary: 'A job with its files, runs (steps with live progress) and the caller’s abilities',
      params: ZJobParams,
      response: { 200: ZJobDetails },
    },
    handler: async (req) => jobDetails(ctx, authOf(req), req.params.jobId),
  });

  r.post('/api/v1/jobs/:jobId/files', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary:
        'Upload a CSV or XLSX file (multipart field "file"): stored, checked by content, columns auto-mapped, rows validated',
      params: ZJobParams,
      querystring: ZJobFileUploadQuery,
      consumes: ['multipart/form-data'],
      response: { 200: ZJobFile },
    },
    handler: async (req) => uploadFile(ctx, authOf(req), req.params.jobId, req.query.dataKind, req),
  });

  r.put('/api/v1/jobs/:jobId/files/:fileId/mapping', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary: 'Change the column mapping of a file; rows are validated again',
      params: ZJobFileParams,
      body: ZJobMappingUpdate,
      response: { 200: ZJobFile },
    },
    handler: async (req) => updateMapping(ctx, authOf(req), req.params.jobId, req.params.fileId, req.body.mapping),
  });

  r.put('/api/v1/jobs/:jobId/files/:fileId/layout', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary:
        'Read a file from another header row (1-based) or worksheet; headers and mapping are detected again and rows validated',
      params: ZJobFileParams,
      body: ZLayoutChange,
      response: { 200: ZJobFile },
    },
    handler: async (req) => updateLayout(ctx, authOf(req), req.params.jobId, req.params.fileId, req.body),
  });

  r.delete('/api/v1/jobs/:jobId/files/:fileId', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: { tags, summary: 'Remove an uploaded file', params: ZJobFileParams, response: { 200: ZMutationResult } },
    handler: async (req) => {
      await deleteFile(ctx, authOf(req), req.params.jobId, req.params.fileId);
      return { success: true, statusCode: 200, message: 'File removed' };
    },
  });

  r.post('/api/v1/jobs/:jobId/runs', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary: 'Run the analysis pipeline on the job’s files (previous results stay until it completes)',
      params: ZJobParams,
      response: { 200: ZJobRun },
    },
    handler: async (req) => startRun(ctx, authOf(req), req.params.jobId, req),
  });

  r.get('/api/v1/jobs/:jobId/runs', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary: 'Runs, latest first, with each step’s state, progress and timings',
      params: ZJobParams,
      response: { 200: z.array(ZJobRun) },
    },
    handler: async (req) => {
      await visibleJob(ctx, authOf(req), req.params.jobId);
      return runViews(ctx, req.params.jobId);
    },
  });

  r.post('/api/v1/jobs/:jobId/runs/:runId/retry', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: { tags, summary: 'Retry the failed step of a run', params: ZJobRunParams, response: { 200: ZJobRun } },
    handler: async (req) => retryRun(ctx, authOf(req), req.params.jobId, req.params.runId, req),
  });

  r.get('/api/v1/jobs/:jobId/logs', {
    config: { access: { permissions: ['JobLogs_VIEW'] } },
    schema: {
      tags,
      summary: 'The job’s log, newest first (page with beforeId)',
      params: ZJobParams,
      querystring: ZJobLogQuery,
      response: { 200: z.array(ZJobLog) },
    },
    handler: async (req) => {
      await visibleJob(ctx, authOf(req), req.params.jobId);
      const rows = await jobLogPage(ctx.db, req.params.jobId, req.query.limit, req.query.beforeId);
      return rows.map((l) => ({
        id: l.id,
        at: l.at.toISOString(),
        level: l.level as 'info' | 'warn' | 'error',
        message: l.message,
        runId: l.runId,
      }));
    },
  });

  // The onboarding data download (the issuer's third datapoint profile) is offered beside the analysis data, on the
  // Analysis Data tab, so it takes that tab's permission.
  const downloadTitles = {
    'analysis-data': 'the analysis data',
    'matched-data-only': 'the matched-data-only results',
    onboarding: 'the onboarding data',
  } as const;
  for (const [kind, permission] of [
    ['analysis-data', 'JobDataDownloadAccessor'],
    ['matched-data-only', 'JobMatchedDataOnlyDownloadAccessor'],
    ['onboarding', 'JobDataDownloadAccessor'],
  ] as const) {
    r.get(`/api/v1/jobs/:jobId/downloads/${kind}`, {
      config: { access: { permissions: [permission] } },
      schema: {
        tags,
        summary: `Download ${downloadTitles[kind]} (columns of the issuer’s datapoint profile), streamed`,
        params: ZJobParams,
        querystring: ZJobDownloadQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
      handler: async (req, reply) => {
        const d = await openDownload(ctx, authOf(req), req.params.jobId, kind, req.query.format);
        return reply
          .header('content-type', d.contentType)
          .header('content-disposition', `attachment; filename="${d.filename}"`)
          .header('cache-control', 'no-store')
          .send(d.body);
      },
    });
  }
}
