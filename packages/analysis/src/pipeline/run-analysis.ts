/**
 * runAnalysis: the whole pipeline in one call (the server runs the same steps one ProQ command
 * at a time): ingest every input → normalise & aggregate → match → enrich → [score] → aggregate.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TIssuerOffer, TJobType, TNetworkMatchMode } from '@sextant/shared';
import { AnalysisInputError } from '../errors.ts';
import { ingestFile } from '../ingest/ingest.ts';
import type { ColumnMapping, IngestReport } from '../ingest/ingest.ts';
import { INPUT_KINDS } from '../ingest/datapoints.ts';
import type { InputKind } from '../ingest/datapoints.ts';
import { normaliseAndAggregate } from '../aggregate/normalise.ts';
import type { NormaliseResult } from '../aggregate/normalise.ts';
import { ensurePreparedNetwork, matchSuppliers } from '../match/match.ts';
import type { MatchResult } from '../match/match.ts';
import { enrich } from '../enrich/enrich.ts';
import { matchNetworks } from '../network/networks.ts';
import type { NetworkRef } from '../network/networks.ts';
import { furtherMatchesFile } from './workdir.ts';
import { score } from '../score/score.ts';
import type { ScoreResult } from '../score/score.ts';
import type { TConfidenceRuleset, TScoringRuleset } from '../score/ruleset.ts';
import { aggregateResults } from '../aggregate/results.ts';
import type { AnalysisSummary } from '../aggregate/results.ts';
import { subProgress } from '../progress.ts';
import type { ProgressFn } from '../progress.ts';

export interface AnalysisInput {
  kind: InputKind;
  file: string;
  mapping?: ColumnMapping;
}

export interface RunAnalysisOptions {
  type: TJobType;
  networkFile: string;
  inputs: AnalysisInput[];
  outDir: string;
  /** working directory for intermediate Parquet; default <outDir>/work */
  workDir?: string;
  currency?: string;
  scoringRuleset?: TScoringRuleset;
  confidenceRuleset?: TConfidenceRuleset;
  /** The issuer's offer (capabilities, virtual lockboxes): what is scored, counted and offered; absent: everything. */
  offer?: TIssuerOffer | null;
  /**
   * Further reference networks matched after the primary one (network/networks.ts), and the primary's name and
   * version in their table; absent: the primary network only, and no per-network table.
   */
  networks?: { primary: Omit<NetworkRef, 'file'>; others: NetworkRef[]; mode?: TNetworkMatchMode };
  onProgress?: ProgressFn;
}

export interface RunAnalysisResult {
  ingest: IngestReport[];
  normalise: NormaliseResult;
  match: MatchResult;
  score: ScoreResult | null;
  summary: AnalysisSummary;
  timings: Record<string, number>;
}

export async function runAnalysis(options: RunAnalysisOptions): Promise<RunAnalysisResult> {
  const { type, inputs, outDir } = options;
  const workDir = options.workDir ?? path.join(outDir, 'work');
  mkdirSync(workDir, { recursive: true });
  if (!inputs.length) throw new AnalysisInputError('INVALID_ARGUMENT', 'at least one input file is needed');
  for (const i of inputs)
    if (!INPUT_KINDS.includes(i.kind))
      throw new AnalysisInputError(
        'INVALID_ARGUMENT',
        `unknown input kind "${i.kind}" (expected one of ${INPUT_KINDS.join(', ')})`,
      );
  if (type === 'base' && !inputs.some((i) => i.kind === 'suppliers'))
    throw new AnalysisInputError(
      'INVALID_ARGUMENT',
      'a base analysis needs a supplier summary file (--input suppliers=FILE)',
    );
  const p = options.onProgress;
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await fn();
    timings[name] = Math.round(performance.now() - t) / 1000;
    return r;
  };
  const ingest: IngestReport[] = [];
  const names = new Set<string>();
  for (const [i, input] of inputs.entries()) {
    const base = `${input.kind}-${path
      .basename(input.file)
      .replace(/\.[^.]+$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .slice(0, 60)}`;
    const name = names.has(base) ? `${base}-${i}` : base;
    names.add(name);
    ingest.push(
      await timed(`ingest:${name}`, () =>
        ingestFile({
          file: input.file,
          kind: input.kind,
          workDir,
          mapping: input.mapping,
          name,
          onProgress: subProgress(p, (i / inputs.length) * 30, ((i + 1) / inputs.length) * 30),
        }),
      ),
    );
  }
  const normalise = await timed('normalise', () =>
    normaliseAndAggregate({ workDir, currency: options.currency, onProgress: subProgress(p, 30, 40) }),
  );
  const networkFile = await timed('prepareNetwork', () =>
    ensurePreparedNetwork(options.networkFile, workDir, subProgress(p, 40, 45)),
  );
  const networks = options.networks;
  // further networks by the confirmatory match, in the reference match's session (docs/NETWORKS.md "Matching")
  const further =
    networks && (networks.mode ?? 'confirm') === 'confirm'
      ? networks.others.map((n, i) => ({ name: n.name, file: n.file, outFile: furtherMatchesFile(workDir, i) }))
      : undefined;
  const match = await timed('match', () =>
    matchSuppliers({ workDir, networkFile, further, onProgress: subProgress(p, 45, 70) }),
  );
  if (networks)
    await timed('networks', () =>
      matchNetworks({
        workDir,
        primary: { ...networks.primary, file: networkFile },
        others: networks.others,
        mode: networks.mode,
        matched: match.further,
        offer: options.offer ?? null,
      }),
    );
  await timed('enrich', () =>
    enrich({ workDir, networkFile, offer: options.offer ?? null, onProgress: subProgress(p, 70, 78) }),
  );
  const scored =
    type === 'matched-data-only'
      ? null
      : await timed('score', () =>
          score({
            workDir,
            scoringRuleset: options.scoringRuleset,
            confidenceRuleset: options.confidenceRuleset,
            networkFile,
            offer: options.offer ?? null,
            onProgress: subProgress(p, 78, 88),
          }),
        );
  const summary = await timed('aggregate', () =>
    aggregateResults({ workDir, outDir, type, offer: options.offer ?? null, onProgress: subProgress(p, 88, 100) }),
  );
  return { ingest, normalise, match, score: scored, summary, timings };
}
