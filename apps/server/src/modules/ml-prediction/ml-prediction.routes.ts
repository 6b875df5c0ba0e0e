/** /api/v1/ml-prediction: monitoring of the acceptance-prediction model (MlPrediction_VIEW), tenant-scoped. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMlJobDetail, ZMlJobParam, ZMlOverview } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { jobDetail, overview } from './ml-prediction.service.ts';

const tags = ['ML prediction monitoring'];
const base = '/api/v1/ml-prediction';
const access = { access: { permissions: ['MlPrediction_VIEW' as const] } };

export async function mlPredictionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(`${base}/jobs`, {
    config: access,
    schema: {
      tags,
      summary:
        'Per job: the latest evaluated run (AUC, accuracy, High precision/recall, drift, alerts) and AUC over time',
      response: { 200: ZMlOverview },
    },
    handler: async (req) => overview(ctx, authOf(req)),
  });

  r.get(`${base}/jobs/:jobId`, {
    config: access,
    schema: {
      tags,
      summary: 'Every evaluated run of a job (newest first) with calibration by decile, input distributions and drift',
      params: ZMlJobParam,
      response: { 200: ZMlJobDetail },
    },
    handler: async (req) => jobDetail(ctx, authOf(req), req.params.jobId),
  });
}
