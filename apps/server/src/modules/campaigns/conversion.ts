/**
 * Campaigns that learn (issue #34 point 4; docs/CAMPAIGN-LEARNING.md): the predicted conversion of a workflow's
 * suppliers, learnt from the recorded outcomes of the issuer's own campaigns (never another issuer's), or the
 * business case's assumed conversion (the prior) while fewer than MIN_OUTCOMES outcomes are recorded.
 *
 * - The model (packages/analysis score/conversion-model.ts) is trained lazily and cached per issuer and version of
 *   its outcomes (count and latest change): listing suppliers costs one small version query, not a training run;
 *   concurrent requests share one training (the cache holds promises).
 * - The run's facts of each supplier (Optima level, the acceptance model's probability, the best route's value) are
 *   read once per run from its suppliers file and cached (at most RUN_FACTS_CACHE runs).
 * - Prior = conversion(level) of the job's business case inputs (saved, else the defaults: High 60 %, Medium 30 %,
 *   Low 10 %, None 0 %); a supplier whose level is unknown gets the Medium rate.
 * - Route value = the best route's value − cost (bestRouteExpectedValue / bestRouteProbability of the run); for a
 *   run without routes, the spend × (rebate + working capital) of the business case defaults. Expected value =
 *   predicted conversion × route value.
 */
import {
  BUSINESS_CASE_DEFAULTS,
  type TBusinessCaseInputs,
  type TConversionPrediction,
  type TEnrolmentStatus,
  type TLearnedConversion,
} from '@sextant/shared';
import {
  MIN_OUTCOMES,
  predictConversion,
  trainConversionModel,
  type ConversionFacts,
  type ConversionModel,
} from '@sextant/analysis';
import type { AppContext } from '../../context.ts';
import { openResultsForPipeline } from '../../lib/duckdb/index.ts';
import { businessCaseConversionOf } from '../results/index.ts';
import * as conversionRepo from './conversion.repo.ts';

export interface RunFact {
  level: string | null;
  acceptanceProbability: number | null;
  /** The best route's value − cost, a year (job currency). */
  routeValue: number;
}

const RUN_FACTS_CACHE = 8;
const runFactsCache = new Map<string, Promise<Map<string, RunFact> | null>>();

const num = (v: unknown) => (v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v));

/** Value of a supplier's spend when the run has no routes: rebate + working capital at the business case defaults. */
export const fallbackRouteValue = (spend: number) =>
  Math.max(0, spend) *
  (BUSINESS_CASE_DEFAULTS.rebateBps / 10_000 +
    (BUSINESS_CASE_DEFAULTS.dpoExtensionDays / 365) * (BUSINESS_CASE_DEFAULTS.costOfCapitalPct / 100));

async function loadRunFacts(ctx: AppContext, jobId: string): Promise<Map<string, RunFact> | null> {
  let res;
  try {
    res = await openResultsForPipeline(ctx, jobId);
  } catch {
    return null;
  }
  if (!res.has('suppliers')) return null;
  const table = res.table('suppliers');
  const cols = new Set(
    (await res.all<{ column_name: string }>(`DESCRIBE SELECT * FROM ${table}`)).map((c) => c.column_name),
  );
  const col = (name: string) => (cols.has(name) ? `"${name}"` : 'NULL');
  const rows = await res.all<{ k: string; l: unknown; a: unknown; p: unknown; ev: unknown; s: unknown }>(
    `SELECT supplierKey AS k, ${col('OptimaLevel')} AS l, ${col('acceptanceProbability')} AS a,
       ${col('bestRouteProbability')} AS p, ${col('bestRouteExpectedValue')} AS ev, ${col('spend')} AS s FROM ${table}`,
  );
  const out = new Map<string, RunFact>();
  for (const r of rows) {
    const p = num(r.p);
    const ev = num(r.ev);
    out.set(String(r.k), {
      level: r.l === null || r.l === undefined ? null : String(r.l),
      acceptanceProbability: num(r.a),
      routeValue: p && p > 0 && ev !== null ? ev / p : fallbackRouteValue(num(r.s) ?? 0),
    });
  }
  return out;
}

/** The run's facts of every supplier of the job's latest run (null: no results), cached per run. */
export async function runFactsOf(ctx: AppContext, jobId: string): Promise<Map<string, RunFact> | null> {
  let runId: string;
  try {
    runId = (await openResultsForPipeline(ctx, jobId)).runId;
  } catch {
    return null;
  }
  let hit = runFactsCache.get(runId);
  if (!hit) {
    hit = loadRunFacts(ctx, jobId);
    runFactsCache.set(runId, hit);
    hit.catch(() => runFactsCache.delete(runId));
    if (runFactsCache.size > RUN_FACTS_CACHE) runFactsCache.delete(runFactsCache.keys().next().value!);
  }
  return hit;
}

function factsOf(row: conversionRepo.EnrolmentFactsRow, run: Map<string, RunFact> | null): ConversionFacts {
  const f = run?.get(row.supplierKey);
  return {
    supplierKey: row.supplierKey,
    supplierName: row.supplierName,
    country: row.country,
    spend: row.spend,
    route: row.route,
    wave: row.wave,
    emailsSent: row.emailsSent,
    emailsBounced: row.emailsBounced,
    level: f?.level ?? null,
    acceptanceProbability: f?.acceptanceProbability ?? null,
  };
}

export interface LearnedConversion {
  version: string;
  model: ConversionModel;
}

/**
 * The outcomes version is read at most once per OUTCOMES_VERSION_TTL_MS per issuer (200 users listing suppliers cost
 * one aggregate query per issuer and interval, not one each); a status change in this process drops it at once
 * (`outcomesChanged`), one made by another process shows within the interval.
 */
const OUTCOMES_VERSION_TTL_MS = 2_000;
const versions = new Map<string, { until: number; version: Promise<string> }>();

function outcomesVersionOf(ctx: AppContext, issuerId: string): Promise<string> {
  const now = Date.now();
  const hit = versions.get(issuerId);
  if (hit && hit.until > now) return hit.version;
  const version = conversionRepo.outcomesVersion(ctx.db, issuerId);
  versions.set(issuerId, { until: now + OUTCOMES_VERSION_TTL_MS, version });
  version.catch(() => versions.delete(issuerId));
  if (versions.size > 1_000) versions.delete(versions.keys().next().value!);
  return version;
}

/** An enrolment's status changed here: the next request reads the outcomes version again. */
export function outcomesChanged(): void {
  versions.clear();
}

const MODEL_CACHE = 200;
const models = new Map<string, { version: string; model: Promise<LearnedConversion> }>();

async function train(ctx: AppContext, issuerId: string, version: string): Promise<LearnedConversion> {
  const rows = await conversionRepo.outcomeFacts(ctx.db, issuerId);
  const runs = new Map<string, Map<string, RunFact> | null>();
  // The run facts are only needed once there is something to learn.
  if (rows.length >= MIN_OUTCOMES)
    for (const jobId of new Set(rows.map((r) => r.jobId))) runs.set(jobId, await runFactsOf(ctx, jobId));
  const model = trainConversionModel(
    rows.map((r) => ({ facts: factsOf(r, runs.get(r.jobId) ?? null), succeeded: r.status === 'Succeeded' })),
  );
  return { version, model };
}

/**
 * The issuer's conversion model for its current outcomes: trained on first use after any outcome changed, then
 * shared by every request (one version query per call).
 */
export async function learnedConversion(ctx: AppContext, issuerId: string): Promise<LearnedConversion> {
  const version = await outcomesVersionOf(ctx, issuerId);
  const hit = models.get(issuerId);
  if (hit && hit.version === version) return hit.model;
  const model = train(ctx, issuerId, version);
  models.set(issuerId, { version, model });
  model.catch(() => {
    if (models.get(issuerId)?.model === model) models.delete(issuerId);
  });
  if (models.size > MODEL_CACHE) models.delete(models.keys().next().value!);
  return model;
}

/** The prior of a supplier: the business case's assumed conversion of its Optima level (unknown: Medium). */
export function priorConversion(level: string | null, conversion: TBusinessCaseInputs['conversion']): number {
  if (level === 'High' || level === 'Medium' || level === 'Low') return conversion[level] / 100;
  if (level === 'None') return 0;
  return conversion.Medium / 100;
}

export interface Scored {
  id: string;
  supplierKey: string;
  status: TEnrolmentStatus;
  campaignId: string | null;
  predictedConversion: number;
  routeValue: number;
  expectedValue: number;
  level: string | null;
}

export interface ScoringContext {
  learned: LearnedConversion;
  run: Map<string, RunFact> | null;
  conversion: TBusinessCaseInputs['conversion'];
}

export async function scoringContext(ctx: AppContext, issuerId: string, jobId: string): Promise<ScoringContext> {
  const [learned, run, conversion] = await Promise.all([
    learnedConversion(ctx, issuerId),
    runFactsOf(ctx, jobId),
    businessCaseConversionOf(ctx, jobId),
  ]);
  return { learned, run, conversion };
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Scores enrolments. `as` sets the route and wave they are scored for (a new wave's); otherwise each is scored for
 * its own wave, and one not in a wave for wave `nextWave` (route unknown).
 */
export function scoreRows(
  s: ScoringContext,
  rows: readonly conversionRepo.EnrolmentFactsRow[],
  as: { route: string | null; wave: number } | { nextWave: number },
): Scored[] {
  return rows.map((row) => {
    const at = 'nextWave' in as ? (row.wave > 0 ? row : { ...row, route: null, wave: as.nextWave }) : { ...row, ...as };
    const facts = factsOf(at, s.run);
    const fact = s.run?.get(row.supplierKey);
    const p = predictConversion(s.learned.model, facts) ?? priorConversion(facts.level, s.conversion);
    const routeValue = fact?.routeValue ?? fallbackRouteValue(row.spend);
    return {
      id: row.id,
      supplierKey: row.supplierKey,
      status: row.status,
      campaignId: row.campaignId,
      predictedConversion: round4(p),
      routeValue: Math.round(routeValue * 100) / 100,
      expectedValue: Math.round(p * routeValue * 100) / 100,
      level: facts.level,
    };
  });
}

/** What the predictions of a page rest on (the API's `prediction`). */
export function predictionOf(l: LearnedConversion): TConversionPrediction {
  const m = l.model;
  return {
    source: m.trained ? 'learned' : 'prior',
    outcomes: m.outcomes,
    succeeded: m.succeeded,
    minOutcomes: MIN_OUTCOMES,
    reason: m.reason,
    brier: m.brier === null ? null : round4(m.brier),
  };
}

export interface WaveConversion {
  achievedPct: number | null;
  predictedPct: number | null;
  decided: number;
  source: 'learned' | 'prior';
}

const waveCache = new Map<string, Promise<Map<string | null, { sum: number; n: number }>>>();

/**
 * Achieved vs predicted conversion per wave of a workflow: achieved = succeeded / (succeeded + failed); predicted =
 * the mean predicted conversion of the wave's suppliers by the current model (cached per workflow change, email
 * counts, outcomes version and run).
 */
export async function waveConversions(
  ctx: AppContext,
  wf: { id: string; jobId: string; issuerId: string; updatedAt: Date | string },
  waves: readonly { id: string; counters: { succeeded: number; failed: number } }[],
  emailsKey: string,
): Promise<Map<string, WaveConversion>> {
  if (!waves.length) return new Map();
  const s = await scoringContext(ctx, wf.issuerId, wf.jobId);
  const key = `${wf.id}|${new Date(wf.updatedAt).toISOString()}|${emailsKey}|${s.learned.version}|${s.run ? 'run' : '-'}`;
  let sums = waveCache.get(key);
  if (!sums) {
    sums = (async () => {
      const rows = scoreRows(s, await conversionRepo.workflowFacts(ctx.db, wf, { inWaves: true }), {
        nextWave: waves.length + 1,
      });
      const out = new Map<string | null, { sum: number; n: number }>();
      for (const r of rows) {
        const a = out.get(r.campaignId) ?? { sum: 0, n: 0 };
        a.sum += r.predictedConversion;
        a.n++;
        out.set(r.campaignId, a);
      }
      return out;
    })();
    waveCache.set(key, sums);
    sums.catch(() => waveCache.delete(key));
    if (waveCache.size > 100) waveCache.delete(waveCache.keys().next().value!);
  }
  const got = await sums;
  const source = s.learned.model.trained ? 'learned' : 'prior';
  const pct1 = (x: number) => Math.round(x * 1000) / 10;
  return new Map(
    waves.map((w) => {
      const decided = w.counters.succeeded + w.counters.failed;
      const p = got.get(w.id);
      return [
        w.id,
        {
          achievedPct: decided ? pct1(w.counters.succeeded / decided) : null,
          predictedPct: p && p.n ? pct1(p.sum / p.n) : null,
          decided,
          source,
        },
      ];
    }),
  );
}

/**
 * The enrolments not in a wave yet, best first for a new wave of `route` (number `wave`): by expected value =
 * predicted conversion × route value, then spend, then supplier key.
 */
export async function nextWaveOrder(
  ctx: AppContext,
  wf: { id: string; jobId: string; issuerId: string },
  as: { route: string; wave: number },
): Promise<Scored[]> {
  const [s, facts] = await Promise.all([
    scoringContext(ctx, wf.issuerId, wf.jobId),
    conversionRepo.workflowFacts(ctx.db, wf, { unassigned: true }),
  ]);
  const spend = new Map(facts.map((f) => [f.id, f.spend]));
  return scoreRows(s, facts, as).sort(
    (a, b) =>
      b.expectedValue - a.expectedValue ||
      spend.get(b.id)! - spend.get(a.id)! ||
      (a.supplierKey < b.supplierKey ? -1 : a.supplierKey > b.supplierKey ? 1 : 0),
  );
}

const JOB_RATES_TTL_MS = 30_000;
const jobRates = new Map<string, { until: number; rates: Promise<TLearnedConversion> }>();

/**
 * The business case's learned conversion of a job: per Optima level, the mean predicted conversion (%) of the
 * suppliers enrolled in the job's workflows, each scored for its own wave (not in a wave: the next). Cached per job
 * and outcomes version for JOB_RATES_TTL_MS (new enrolments show within that time).
 */
export async function learnedConversionOfJob(
  ctx: AppContext,
  issuerId: string,
  jobId: string,
): Promise<TLearnedConversion> {
  const s = await scoringContext(ctx, issuerId, jobId);
  const key = `${jobId}|${s.learned.version}`;
  const hit = jobRates.get(key);
  if (hit && hit.until > Date.now()) return hit.rates;
  const rates = (async (): Promise<TLearnedConversion> => {
    const rows = await conversionRepo.jobFacts(ctx.db, jobId);
    const scored = scoreRows(s, rows, { nextWave: 1 });
    const sums = { High: { sum: 0, n: 0 }, Medium: { sum: 0, n: 0 }, Low: { sum: 0, n: 0 } };
    for (const r of scored)
      if (r.level === 'High' || r.level === 'Medium' || r.level === 'Low') {
        sums[r.level].sum += r.predictedConversion;
        sums[r.level].n++;
      }
    const learned = s.learned.model.trained;
    const pct = (a: { sum: number; n: number }) => (learned && a.n ? Math.round((a.sum / a.n) * 1000) / 10 : null);
    return {
      source: learned ? 'learned' : 'prior',
      outcomes: s.learned.model.outcomes,
      minOutcomes: MIN_OUTCOMES,
      suppliers: rows.length,
      byLevel: { High: pct(sums.High), Medium: pct(sums.Medium), Low: pct(sums.Low) },
    };
  })();
  jobRates.set(key, { until: Date.now() + JOB_RATES_TTL_MS, rates });
  rates.catch(() => jobRates.delete(key));
  if (jobRates.size > 200) jobRates.delete(jobRates.keys().next().value!);
  return rates;
}
