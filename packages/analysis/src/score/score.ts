/**
 * Scoring (DESIGN §4 step 5): trains the acceptance model, builds the feature table, and
 * evaluates the scoring and confidence rulesets (compiled to SQL) in DuckDB. Every score keeps
 * the id of the rule that produced it; the ruleset versions used are returned and written to
 * the results summary. Only the score kinds the issuer offers are scored (`offer`, packages/shared issuer-offer.ts):
 * the others keep NULL levels and the rule id NOT-OFFERED. The offered routes are ranked by expected value
 * (routes-sql.ts) and Optima is the best of them. Boost counts
 * only the lockbox programmes the issuer supports (`payableLockboxes`, written by enrich).
 */
import { writeFileSync } from 'node:fs';
import { offeredKinds, type TIssuerOffer } from '@sextant/shared';
import { copyToParquet, lit, tempDirOf, withDb } from '../db.ts';
import { createNormaliseMacros } from '../match/normalise-sql.ts';
import { workFile } from '../pipeline/workdir.ts';
import type { ProgressFn } from '../progress.ts';
import { compileConfidence, compileOptima, compileScoring } from './ruleset.ts';
import { optimaRouteSql, routesSql } from './routes-sql.ts';
import type { TConfidenceRuleset, TScoringRuleset } from './ruleset.ts';
import { defaultConfidenceRuleset, defaultScoringRuleset } from './defaults.ts';
import { trainAndPredictAcceptance } from './acceptance-model.ts';
import type { AcceptanceModelReport } from './acceptance-model.ts';

export interface ScoreOptions {
  workDir: string;
  scoringRuleset?: TScoringRuleset;
  confidenceRuleset?: TConfidenceRuleset;
  /** The prepared reference network: the acceptance model reads its name words' acceptance rates. */
  networkFile?: string;
  /** The issuer's offer (absent: every kind and lockbox); its acceptance fee table prices the supplier's case. */
  offer?: TIssuerOffer | null;
  /** The reference network's name: fee rows of that network apply (absent: only the '*' rows). */
  networkName?: string;
  onProgress?: ProgressFn;
}

export interface ScoreResult {
  suppliers: number;
  scoringRulesetVersion: number;
  confidenceRulesetVersion: number;
  model: AcceptanceModelReport;
  file: string;
}

export async function score(options: ScoreOptions): Promise<ScoreResult> {
  const { workDir } = options;
  const scoring = options.scoringRuleset ?? defaultScoringRuleset();
  const confidence = options.confidenceRuleset ?? defaultConfidenceRuleset();
  const onProgress = options.onProgress ?? (() => {});
  const out = workFile(workDir, 'scored');
  const { offered, lockboxes } = offeredKinds(options.offer);
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    await createNormaliseMacros(db);
    await db.run(`CREATE TABLE feat_src AS SELECT * FROM read_parquet(${lit(workFile(workDir, 'enriched'))})`);
    onProgress(10, 'Training acceptance model');
    const model = await trainAndPredictAcceptance(db, options.networkFile ? { networkFile: options.networkFile } : {});
    writeFileSync(workFile(workDir, 'model'), JSON.stringify(model, null, 2));
    onProgress(50, 'Evaluating rulesets');
    // One pipeline from features to the written file: the wide supplier rows are not materialised per step.
    const features = `SELECT e.*, a.acceptanceProbability, a.acceptancePrediction, a.acceptanceExplanation, a.acceptanceDrivers,
        len(coalesce(e.payableLockboxes, []::VARCHAR[])) AS lockboxCount, e.spend / nullif(sum(e.spend) OVER (), 0) AS spendShare
      FROM feat_src e LEFT JOIN acceptance a USING (supplierKey)`;
    const s1 = `SELECT *, ${compileScoring(scoring, offered).join(', ')} FROM (${features})`;
    const s2 = `SELECT *, ${compileOptima(scoring, offered).join(', ')} FROM (${s1})`;
    // Routes ranked by expected value (packages/shared supplier-routes.ts); Optima becomes the best route.
    const fees = { table: options.offer?.acceptanceFees ?? null, network: options.networkName ?? '*' };
    const s3 = optimaRouteSql(routesSql(s2, offered, lockboxes, fees), offered, lockboxes);
    await db.run(
      copyToParquet(
        `SELECT *, ${compileConfidence(confidence, offered).join(', ')}, ${scoring.version} AS scoringRulesetVersion, ${confidence.version} AS confidenceRulesetVersion FROM (${s3}) ORDER BY inputOrder NULLS LAST, spend DESC, supplierKey`,
        out,
        'snappy', // a working file, read by the aggregate step
      ),
    );
    const n = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM read_parquet(${lit(out)})`))!.n;
    onProgress(100, `${n} suppliers scored`);
    return {
      suppliers: n,
      scoringRulesetVersion: scoring.version,
      confidenceRulesetVersion: confidence.version,
      model,
      file: out,
    };
  });
}
