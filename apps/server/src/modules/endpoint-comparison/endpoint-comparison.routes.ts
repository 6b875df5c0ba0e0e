/** /api/v1/endpoint-comparison: two runs of a job, or two users, answered by the API and compared field by field. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZComparisonJob,
  ZComparisonUser,
  ZJobComparison,
  ZJobComparisonQuery,
  ZJobParams,
  ZUserComparison,
  ZUserComparisonRequest,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { compareRuns, compareUsers, comparisonUsers, listComparisonJobs } from './endpoint-comparison.service.ts';

const tags = ['Endpoint comparison'];
const base = '/api/v1/endpoint-comparison';
const access = { permissions: ['DevOps_Area_VIEW'] } as const;

export async function endpointComparisonRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(`${base}/jobs`, {
    config: { access },
    schema: { tags, summary: 'Jobs with their runs', response: { 200: z.array(ZComparisonJob) } },
    handler: async (req) => listComparisonJobs(ctx, authOf(req)),
  });

  r.get(`${base}/jobs/:jobId`, {
    config: { access },
    schema: {
      tags,
      summary: 'Differences between what two completed runs answer (summary, views, suppliers)',
      params: ZJobParams,
      querystring: ZJobComparisonQuery,
      response: { 200: ZJobComparison },
    },
    handler: async (req) =>
      compareRuns(ctx, authOf(req), req.params.jobId, req.query.baseRunId, req.query.compareRunId),
  });

  r.get(`${base}/users`, {
    config: { access },
    schema: { tags, summary: 'Users the caller may compare', response: { 200: z.array(ZComparisonUser) } },
    handler: async (req) => comparisonUsers(ctx, authOf(req)),
  });

  r.post(`${base}/users`, {
    config: { access },
    schema: {
      tags,
      summary: 'Differences between what the API answers to two users (read-only endpoints)',
      body: ZUserComparisonRequest,
      response: { 200: ZUserComparison },
    },
    handler: async (req) => compareUsers(app, authOf(req), req.body.userA, req.body.userB, req),
  });
}
