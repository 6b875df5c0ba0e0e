/**
 * Demo jobs: on the first start of a demo installation, a few jobs are created from generated supplier files (real
 * suppliers of the reference network with realistic noise, plus suppliers absent from it) and run through the real
 * pipeline, so a new user sees real results at once.
 */
import { count, eq } from 'drizzle-orm';
import { buyers, issuers, jobArtifacts, users } from '@sextant/db';
import { queueCampaignDemo } from '../modules/campaigns/campaigns.commands.ts';
import type { TInputKind, TJobType } from '@sextant/shared';
import { labelledCsv, makeDemoDocuments, makeLabelledSuppliers } from '@sextant/analysis';
import type { AppContext } from '../context.ts';
import { uploadKey } from '../modules/jobs/job-access.ts';
import { registerStoredFile } from '../modules/jobs/job-files.ts';
import { queueRun } from '../modules/jobs/job-runs.ts';
import { addJobLog } from '../modules/jobs/jobs.repo.ts';
import { NETWORK_SEED } from '../modules/jobs/network.ts';

const DEMO_JOBS: { issuerKey: string; buyer: string; name: string; type: TJobType; present: number; absent: number }[] =
  [
    {
      issuerKey: 'northbridge',
      buyer: 'Albion Foods plc',
      name: 'Albion Foods — supplier review 2026',
      type: 'base',
      present: 700,
      absent: 200,
    },
    {
      issuerKey: 'pacific',
      buyer: 'Cascade Health Systems Inc',
      name: 'Cascade Health — card acceptance',
      type: 'base',
      present: 450,
      absent: 150,
    },
    {
      issuerKey: 'meridian',
      buyer: 'Rheinwerk Maschinenbau GmbH',
      name: 'Rheinwerk — matched suppliers',
      type: 'matched-data-only',
      present: 300,
      absent: 100,
    },
    {
      // A consultant upload: supplier master, a year of invoices and their payments, so the frequency,
      // payment-terms and payment-method views and the per-kind document counts have real figures.
      issuerKey: 'northbridge',
      buyer: 'Severn Logistics Ltd',
      name: 'Severn Logistics — payables analysis 2025',
      type: 'advanced',
      present: 380,
      absent: 120,
    },
  ];

/** Creates and queues the demo jobs once (when the installation has no job yet). Returns how many were queued. */
export async function seedDemoJobs(ctx: AppContext): Promise<number> {
  const [existing] = await ctx.db.select({ n: count() }).from(jobArtifacts);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const [owner] = await ctx.db.select().from(users).where(eq(users.username, 'ptcoJobManager'));
  if (!owner) return 0;
  let queued = 0;
  for (const [i, spec] of DEMO_JOBS.entries()) {
    const [issuer] = await ctx.db.select().from(issuers).where(eq(issuers.issuerKey, spec.issuerKey));
    const [buyer] = issuer ? await ctx.db.select().from(buyers).where(eq(buyers.name, spec.buyer)) : [];
    if (!issuer || !buyer) continue;
    const [job] = await ctx.db
      .insert(jobArtifacts)
      .values({
        name: spec.name,
        type: spec.type,
        issuerId: issuer.id,
        buyerId: buyer.id,
        ownerId: owner.id,
        isPublished: true,
      })
      .returning();
    await addJobLog(ctx.db, { jobId: job!.id, message: 'Demo job created with a generated supplier file' });
    const rows = makeLabelledSuppliers({
      networkSeed: NETWORK_SEED,
      networkSize: ctx.config.NETWORK_MERCHANTS,
      present: spec.present,
      absent: spec.absent,
      seed: 4242 + i,
    });
    const prefix = spec.buyer.replace(/\W+/g, '-').toLowerCase();
    const files: [TInputKind, string, string][] = [];
    if (spec.type === 'advanced') {
      const docs = makeDemoDocuments(rows, { seed: 4242 + i, year: 2025 });
      files.push(
        ['suppliers', `${prefix}-supplier-master.csv`, docs.suppliers],
        ['invoices', `${prefix}-invoices-2025.csv`, docs.invoices],
        ['payments', `${prefix}-payments-2025.csv`, docs.payments],
      );
    } else files.push(['suppliers', `${prefix}-suppliers.csv`, labelledCsv(rows)]);
    for (const [dataKind, originalName, content] of files) {
      const fileId = crypto.randomUUID();
      const key = uploadKey(job!.id, fileId);
      const stored = await ctx.blobs.put(key, content);
      await registerStoredFile(ctx, { jobId: job!.id, fileId, dataKind, key, stored, originalName, userId: owner.id });
    }
    await ctx.db.transaction(async (tx) => {
      const runId = await queueRun(ctx, tx, job!, { id: owner.id, displayName: owner.displayName });
      if (i === 0) await queueCampaignDemo(ctx, tx, job!.id, runId); // the demo campaign workflow, after the run
    });
    queued++;
  }
  return queued;
}
