/**
 * Vendor lookup (BETA): GET /api/v1/vendors/search (JSON, or the result list as CSV) and GET /api/v1/vendors/{vendorId}
 * with "in your jobs".
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import {
  ZNetworkList,
  ZVendorDetail,
  ZVendorParams,
  ZVendorSearchQuery,
  ZVendorSearchResult,
  type TVendorSearchResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { csvSafe } from '../jobs/index.ts';
import { closeVendorIndex, listNetworks, searchVendors, vendorDetail, vendorIndex } from './vendors.service.ts';

const tags = ['Vendors'];
const access = { permissions: ['VendorsSearchView' as const] };

/** The result list as CSV (the columns the result table shows, industry labels and attributes). */
export function vendorsCsv(r: TVendorSearchResult): string {
  const head = [
    'vendorId',
    'name',
    'addressLine1',
    'city',
    'postcode',
    'country',
    'confidence',
    'score',
    'cardAcceptor',
    'vcAccepting',
    'detailLevel',
    'stpCapable',
    'lockboxes',
    'mcc',
    'mccDescription',
    'sicIndustry',
    'naicsNationalIndustry',
    'network',
  ];
  const rows = r.results.map((v) => [
    v.vendorId,
    v.name,
    v.addressLine1 ?? '',
    v.city ?? '',
    v.postcode ?? '',
    v.country ?? '',
    v.confidence ?? '',
    v.score,
    v.acceptsCard ? 'YES' : 'NO',
    v.vcAccepting ? 'YES' : 'NO',
    v.detailLevel ?? '',
    v.stpCapable ? 'TRUE' : 'FALSE',
    v.lockboxes.join(' '),
    v.mcc ?? '',
    v.industry.mccDescription ?? '',
    v.industry.sicIndustry ?? '',
    v.industry.naicsNationalIndustry ?? '',
    v.network,
  ]);
  return stringify([head, ...rows.map((row) => row.map((c) => (typeof c === 'string' ? csvSafe(c) : c)))], {
    record_delimiter: 'windows',
    // csv-stringify quotes the record delimiter (CRLF) only: a lone line break in a cell must be quoted too.
    quoted_match: /[\r\n]/,
  });
}

export async function vendorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onClose', async () => closeVendorIndex(ctx));
  // Outside tests the index is prepared in the background at start, so the first search does not wait for it — once
  // the start-up work is done: the start-up checks remove unfinished files, a network being written among them.
  if (ctx.config.APP_ENV !== 'test')
    app.addHook('onReady', async () => {
      void app.startUp
        .then(() => vendorIndex(ctx))
        .catch((err: unknown) => ctx.log.warn({ err }, 'Vendor index not prepared'));
    });

  r.get('/api/v1/vendors/search', {
    config: { access },
    schema: {
      tags,
      summary:
        'Search the reference network by name (typo and word-order tolerant), with optional city, postcode, country and tax id; ranked with the job matcher’s scoring',
      querystring: ZVendorSearchQuery,
      produces: ['application/json', 'text/csv'],
      response: { 200: ZVendorSearchResult.or(z.string()) },
    },
    handler: async (req, reply) => {
      const result = await searchVendors(ctx, req.query);
      if (req.query.format === 'json') return result;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="vendors.csv"')
        .header('cache-control', 'no-store')
        .send(vendorsCsv(result));
    },
  });

  r.get('/api/v1/networks', {
    config: { access },
    schema: {
      tags,
      summary:
        'The loaded reference networks (name, version, merchants, loaded at), the reference network first; jobs match every supplier against each (docs/NETWORKS.md)',
      response: { 200: ZNetworkList },
    },
    handler: async () => listNetworks(ctx),
  });

  r.get('/api/v1/vendors/:vendorId', {
    config: { access },
    schema: {
      tags,
      summary: 'A vendor with its attributes and industry codes, and the jobs the caller may see where it is matched',
      params: ZVendorParams,
      response: { 200: ZVendorDetail },
    },
    handler: async (req) => vendorDetail(ctx, authOf(req), req.params.vendorId),
  });
}
