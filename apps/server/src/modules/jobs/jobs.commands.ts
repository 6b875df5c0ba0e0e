/**
 * The analysis pipeline as ProQ command types (DESIGN §4): job.ingest → job.normalise → job.match → job.enrich →
 * job.score → job.aggregate, chained by prerequisites in one batch per run. Each step reads and writes Parquet in
 * the run's folder and is idempotent (it rewrites its own outputs), so a retried or re-delivered step is safe.
 * The last step records the run's summary and marks the run Completed and the job Ready, then publishes the run's
 * completion (job-events.ts); until then the previous run's results stay in place.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { jobArtifacts, jobRuns } from '@sextant/db';
import type { TPipelineStep } from '@sextant/shared';
import { PIPELINE_STEP_LABELS, SCORE_KIND_LABELS, formatMoney, offeredKinds } from '@sextant/shared';
import {
  aggregateResults,
  applySupplierListsToFile,
  type ColumnMapping,
  enrich,
  ensurePreparedNetwork,
  ingestFile,
  furtherMatchesFile,
  matchNetworks,
  matchSuppliers,
  normaliseAndAggregate,
  score,
  workFile,
} from '@sextant/analysis';
import type { AppContext } from '../../context.ts';
import { tempPathFor } from '../../lib/durable-fs.ts';
import {
  defineCommandType,
  ProqPermanentError,
  type CommandDefOf,
  type CommandTypeDef,
  type HandlerContext,
} from '../../proq/index.ts';
import { errorMessage } from '../../proq/errors.ts';
import { addJobLog, completeRun, filesOf, markRunRunning, runWithJob } from './jobs.repo.ts';
import { ensureNetwork, ensureNetworks } from './network.ts';
import { recordStepFailure } from './run-failure.ts';
import { publishRunCompleted } from './job-events.ts';
import { rulesetsForRun } from '../rulesets/index.ts';
import { supplierListEntriesOf } from '../supplier-lists/index.ts';
import { offerOfRun } from './issuer-offer.ts';

const ZStepPayload = z.object({ runId: z.uuid() });

declare module '../../proq/types.ts' {
  // One command type per pipeline step (job.ingest … ), all with the run as payload.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the extended map
  interface ProqCommands extends Record<`job.${TPipelineStep}`, typeof ZStepPayload> {}
}

/** How a file was read in the mapping step (delimiter, header row, worksheet; kept in `validation.layout`). */
function hintsOf(f: { delimiter: string | null; validation: unknown }): {
  delimiter?: string;
  headerRow?: number;
  sheet?: string;
} {
  const layout = (f.validation as { layout?: { headerRow: number; sheet: string | null } } | null)?.layout;
  return {
    ...(f.delimiter ? { delimiter: f.delimiter } : {}),
    ...(layout ? { headerRow: layout.headerRow } : {}),
    ...(layout?.sheet ? { sheet: layout.sheet } : {}),
  };
}

interface RunContext {
  run: typeof jobRuns.$inferSelect;
  job: typeof jobArtifacts.$inferSelect;
  currency: string | null;
  /** Blob-store keys of the run's intermediate files and of its results. */
  workKey: string;
  resultsKey: string;
  /** Local folders: the intermediate files (mirrored from the blob store before each step) and the results. */
  workDir: string;
  outDir: string;
}

async function loadRun(ctx: AppContext, runId: string): Promise<RunContext> {
  const row = await runWithJob(ctx.db, runId);
  if (!row) throw new Error(`Run ${runId} no longer exists (job deleted?)`);
  const workKey = `${row.run.resultPath}/work`;
  const resultsKey = `${row.run.resultPath}/results`;
  return {
    ...row,
    workKey,
    resultsKey,
    workDir: ctx.blobs.scratchDir(workKey),
    outDir: ctx.blobs.scratchDir(resultsKey),
  };
}

function step<N extends TPipelineStep>(
  ctx: AppContext,
  name: N,
  body: (rc: RunContext, hc: HandlerContext, progress: (p: number, m: string) => void) => Promise<string>,
): CommandTypeDef<typeof ZStepPayload, `job.${N}`> {
  async function runStep(rc: RunContext, hc: HandlerContext): Promise<string> {
    // The first step starts the run; a later step running again (a retry) reopens a failed run.
    // The step may run on another machine than the previous one: the working folder comes from the blob store
    // (ingest starts it afresh) and what the step wrote goes back before the step counts as done.
    if (name !== 'ingest') await ctx.blobs.pullDir(rc.workKey);
    await markRunRunning(ctx.db, rc.run.id, rc.job.id, name === 'ingest');
    await addJobLog(ctx.db, {
      jobId: rc.job.id,
      runId: rc.run.id,
      message: `Run ${rc.run.runNumber}: ${PIPELINE_STEP_LABELS[name]}…`,
    });
    // Progress is reported at most every 500 ms (each report is a database write that renews the lease).
    let last = 0;
    const progress = (p: number, m: string) => {
      const now = Date.now();
      if (now - last < 500 && p < 100) return;
      last = now;
      void hc.progress(p, m).catch(() => undefined);
    };
    const message = await body(rc, hc, progress);
    if (name !== 'aggregate') await ctx.blobs.pushDir(rc.workKey);
    await addJobLog(ctx.db, { jobId: rc.job.id, runId: rc.run.id, message: `Run ${rc.run.runNumber}: ${message}` });
    return message;
  }

  return defineCommandType({
    name: `job.${name}`,
    description: `Analysis pipeline: ${PIPELINE_STEP_LABELS[name]}`,
    category: 'analysis',
    schema: ZStepPayload,
    maxAttempts: 3,
    stuckTimeOutInSeconds: 600,
    retry: { baseDelayMs: 2_000, maxDelayMs: 30_000 },
    async handler(payload, hc) {
      const rc = await loadRun(ctx, payload.runId);
      try {
        return await runStep(rc, hc);
      } catch (err) {
        // A step that fails for good fails its run (recorded here, before ProQ records the command's Error).
        const final = err instanceof ProqPermanentError || hc.command.attempts >= hc.command.maxAttempts;
        if (final && !hc.signal.aborted)
          await recordStepFailure(ctx.db, {
            runId: rc.run.id,
            commandType: `job.${name}`,
            state: 'Error',
            message: errorMessage(err).slice(0, 8000),
          });
        throw err;
      }
    },
  });
}

/**
 * The issuer's supplier include and exclude lists (issuer admin): with an include list only the suppliers on it
 * are analysed; suppliers on the exclude list never are. Matched by supplier id, else by normalised name, in DuckDB
 * (the engine's applySupplierListsToFile). Rewrites the run's suppliers.parquet; returns a note for the step message
 * ('' when the issuer has no lists).
 */
async function applySupplierLists(ctx: AppContext, rc: RunContext): Promise<string> {
  const entries = await supplierListEntriesOf(ctx.db, rc.job.issuerId);
  if (entries.length === 0) return '';
  const { before, after } = await applySupplierListsToFile({
    suppliersFile: workFile(rc.workDir, 'suppliers'),
    entries,
    tempDir: path.join(rc.workDir, 'tmp'),
  });
  const dropped = before - after;
  if (dropped === 0) return `; the supplier lists keep all ${before} suppliers`;
  await addJobLog(ctx.db, {
    jobId: rc.job.id,
    runId: rc.run.id,
    message: `The issuer's supplier lists removed ${dropped} of ${before} suppliers from the analysis`,
  });
  return `; the supplier lists removed ${dropped}`;
}

export function jobCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    step(ctx, 'ingest', async (rc, _hc, progress) => {
      await rm(rc.workDir, { recursive: true, force: true });
      await mkdir(rc.workDir, { recursive: true });
      const files = await filesOf(ctx.db, rc.job.id);
      if (!files.length) throw new Error('The job has no files');
      let rows = 0;
      for (const [i, f] of files.entries()) {
        const report = await ingestFile({
          file: await ctx.blobs.localFile(f.storedPath),
          kind: f.dataKind,
          workDir: rc.workDir,
          mapping: f.mapping as ColumnMapping,
          name: `${f.dataKind}-${i + 1}`,
          ...hintsOf(f),
          onProgress: (p, m) =>
            progress(
              ((i + p / 100) / files.length) * 100,
              `${f.originalName}: ${m.replaceAll(path.basename(f.storedPath), '').replace(/^[:\s]+/, '')}`,
            ),
        });
        rows += report.rowsAccepted;
      }
      return `read ${rows} rows from ${files.length} file(s)`;
    }),
    step(ctx, 'normalise', async (rc, _hc, progress) => {
      const r = await normaliseAndAggregate({
        workDir: rc.workDir,
        currency: rc.currency ?? undefined,
        onProgress: progress,
      });
      const lists = await applySupplierLists(ctx, rc);
      // the run log is English: the amount as an English reader reads money (issue #33)
      return `${r.suppliers} suppliers, ${formatMoney(r.totalSpend, r.currency, 'en-GB')} spend${lists}`;
    }),
    step(ctx, 'match', async (rc, _hc, progress) => {
      progress(1, 'Preparing the reference network');
      const network = await ensurePreparedNetwork(await ensureNetwork(ctx), rc.workDir);
      const [primary, ...others] = await ensureNetworks(ctx);
      // further networks by the confirmatory match in the reference match's own session (docs/NETWORKS.md)
      const confirm = ctx.config.NETWORKS_MATCH === 'confirm';
      const r = await matchSuppliers({
        workDir: rc.workDir,
        networkFile: network,
        further: confirm
          ? others.map((n, i) => ({ name: n.name, file: n.file, outFile: furtherMatchesFile(rc.workDir, i) }))
          : undefined,
        onProgress: (p, m) => progress(p * (others.length && !confirm ? 0.6 : 0.95), m),
      });
      // The per-network rows (and with NETWORKS_MATCH=full, every further network matched by the whole matcher).
      const perNetwork = await matchNetworks({
        workDir: rc.workDir,
        primary: { name: primary!.name, version: primary!.version, file: network },
        others: others.map((n) => ({ name: n.name, version: n.version, file: n.file })),
        offer: await offerOfRun(ctx.db, rc.run, rc.job.issuerId),
        mode: ctx.config.NETWORKS_MATCH,
        matched: r.further,
        onProgress: (p, m) => progress(others.length && !confirm ? 60 + p * 0.4 : 95 + p * 0.05, m),
      });
      const more = perNetwork.slice(1).map((n) => `; ${n.network}: ${n.matched} matched`);
      return `${r.matched} of ${r.suppliers} suppliers matched (High ${r.byConfidence.High}, Medium ${r.byConfidence.Medium})${more.join('')}`;
    }),
    step(ctx, 'enrich', async (rc, _hc, progress) => {
      const network = await ensurePreparedNetwork(await ensureNetwork(ctx), rc.workDir);
      // The waterfall counts the tiers of the kinds the issuer offered when the run was queued (issuer-offer.ts).
      const offer = await offerOfRun(ctx.db, rc.run, rc.job.issuerId);
      const r = await enrich({ workDir: rc.workDir, networkFile: network, offer, onProgress: progress });
      return `${r.suppliers} suppliers enriched`;
    }),
    step(ctx, 'score', async (rc, _hc, progress) => {
      if (rc.job.type === 'matched-data-only') return 'not scored (matched data only)';
      // The versions and the issuer's offer recorded on the run when it was queued, whatever is active now.
      const offer = await offerOfRun(ctx.db, rc.run, rc.job.issuerId);
      const rulesets = await rulesetsForRun(ctx.db, rc.run);
      const r = await score({
        workDir: rc.workDir,
        networkFile: await ensurePreparedNetwork(await ensureNetwork(ctx), rc.workDir),
        scoringRuleset: rulesets.scoring,
        confidenceRuleset: rulesets.confidence,
        offer,
        // Fee rows of the reference network apply (the supplier's case; the supplier detail reads the same name).
        networkName: (await ensureNetworks(ctx))[0]?.name,
        onProgress: progress,
      });
      const absent = offeredKinds(offer).notOffered.map((n) => SCORE_KIND_LABELS[n.kind]);
      return `${r.suppliers} suppliers scored (rulesets v${r.scoringRulesetVersion}/v${r.confidenceRulesetVersion})${absent.length ? `; not offered by ${offer.issuerName}: ${absent.join(', ')}` : ''}`;
    }),
    step(ctx, 'aggregate', async (rc, _hc, progress) => {
      // Written to a temporary folder, flushed and renamed into place before the run is marked Completed: a
      // completed run's results are whole, and a crash mid-way leaves only a temporary folder (removed at start).
      await mkdir(path.dirname(rc.outDir), { recursive: true });
      const tmpOut = tempPathFor(rc.outDir);
      let summary;
      try {
        summary = await aggregateResults({
          workDir: rc.workDir,
          outDir: tmpOut,
          type: rc.job.type,
          offer: await offerOfRun(ctx.db, rc.run, rc.job.issuerId),
          onProgress: progress,
        });
        await ctx.blobs.publishDir(rc.resultsKey, tmpOut);
      } catch (err) {
        await rm(tmpOut, { recursive: true, force: true });
        throw err;
      }
      await ctx.db.transaction((tx) => completeRun(tx, rc.run.id, rc.job.id, summary));
      // With object storage the intermediate files stay in the store only (removed with the job or cleaned).
      await ctx.blobs.forgetLocal(rc.workKey);
      // The result caches of this process, the global insights and the job's campaign workflows catch up
      // (subscribers of job-events.ts: results, global insights, campaigns).
      await publishRunCompleted(ctx, { jobId: rc.job.id, runId: rc.run.id });
      return `results ready: ${summary.suppliers} suppliers, ${summary.matched.suppliers} matched`;
    }),
  ];
}
