/**
 * Scoring and confidence ruleset versions (analysis admin): list, view, create a version (validated with the
 * engine's own schema, every problem by path), activate, and dry-run a version on a job's latest results. Versions
 * are never edited: a change is a new version. New runs record the active versions (`activeRulesetVersions`) and
 * the score step evaluates exactly those (`rulesetsForRun`). Every change and its audit row share a transaction.
 * The jobs a version lists and counts are those the caller may see (tenant scope); creating and activating a version
 * change what every tenant gets, so Scoring_UPDATE and Confidence_UPDATE are platform-only (internal staff).
 */
import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  RULESET_PERMISSIONS,
  SCORE_KINDS,
  type TRulesetDryRun,
  type TRulesetKind,
  type TRulesetList,
  type TRulesetVersionDetail,
  type TRulesetVersionSummary,
} from '@sextant/shared';
import {
  compileConfidence,
  compileOptima,
  compileScoring,
  defaultConfidenceRuleset,
  defaultScoringRuleset,
  SCORE_FIELDS,
  type TConfidenceRuleset,
  type TScoringRuleset,
  validateRuleset,
} from '@sextant/analysis';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import type { DbOrTx } from '@sextant/db';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { columnsSql, openResults, rowCountSql } from '../../lib/duckdb/index.ts';
import { dryRunSql, type DryRunRow, type KindedRuleset } from './rulesets-sql.ts';
import { jobVisibleCondition, jobVisibilityOf } from '../authorization/index.ts';
import {
  activateVersion,
  activeVersionNumbers,
  definitionOf,
  findActive,
  findVersion,
  insertVersion,
  listVersions,
  nextVersionNumber,
  runVersionsOf,
  runsUsing,
  seedVersion,
} from './rulesets.repo.ts';

const KIND_LABEL: Record<TRulesetKind, string> = { scoring: 'scoring', confidence: 'confidence' };
const canUpdate = (auth: AuthContext, kind: TRulesetKind) => auth.permissions.has(RULESET_PERMISSIONS[kind].update);

/** Existence checks count no jobs. */
const NO_JOBS = sql`false`;

/**
 * The jobs whose names and count a version shows: those the caller may see (the one job rule, jobVisibilityOf), so
 * a tenant user holding Scoring_VIEW or Confidence_VIEW never learns another tenant's job names or figures.
 */
async function visibleJobsOf(ctx: AppContext, auth: AuthContext): Promise<SQL> {
  return jobVisibleCondition(await jobVisibilityOf(ctx, auth));
}

type VersionJoin = NonNullable<Awaited<ReturnType<typeof findVersion>>>;
function toSummary(r: VersionJoin): TRulesetVersionSummary {
  return {
    version: r.row.version,
    name: r.row.name,
    description: r.row.description,
    createdBy: r.createdBy ?? null,
    createdAt: r.row.createdAt.toISOString(),
    basedOn: r.row.basedOn,
    isActive: r.row.isActive,
    activatedAt: r.row.activatedAt?.toISOString() ?? null,
    jobsCount: Number(r.jobsCount),
  };
}

export async function listRulesets(ctx: AppContext, auth: AuthContext, kind: TRulesetKind): Promise<TRulesetList> {
  const rows = await listVersions(ctx.db, kind, await visibleJobsOf(ctx, auth));
  return {
    kind,
    activeVersion: rows.find((r) => r.row.isActive)?.row.version ?? null,
    canUpdate: canUpdate(auth, kind),
    versions: rows.map(toSummary),
  };
}

export const SCORE_FIELD_LIST = Object.entries(SCORE_FIELDS).map(([name, f]) => ({
  name,
  type: f.type,
  description: f.description,
}));

export async function getRuleset(
  ctx: AppContext,
  auth: AuthContext,
  kind: TRulesetKind,
  version: number,
): Promise<TRulesetVersionDetail> {
  const visibleJobs = await visibleJobsOf(ctx, auth);
  const r = await findVersion(ctx.db, kind, version, visibleJobs);
  if (!r) throw notFound(`Version ${version} of the ${KIND_LABEL[kind]} ruleset`);
  const jobs = await runsUsing(ctx.db, kind, version, visibleJobs);
  return {
    ...toSummary(r),
    kind,
    canUpdate: canUpdate(auth, kind),
    definition: r.row.definition,
    jobs: jobs.map((j) => ({ ...j, createdAt: j.createdAt.toISOString() })),
    fields: SCORE_FIELD_LIST,
    scoreKinds: [...SCORE_KINDS],
  };
}

/** JSON text → value, or a 400 naming the line and column of the syntax error. */
function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const pos = /position (\d+)/.exec(message);
    let where = '';
    if (pos) {
      const before = text.slice(0, Number(pos[1]));
      const line = before.split('\n').length;
      where = ` at line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
    }
    const reason = `invalid JSON${where}: ${message.replace(/^JSON\.parse: /, '')}`;
    throw badRequest(`definition: ${reason}`, [{ path: 'body.definition', message: reason }]);
  }
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export async function createRuleset(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  kind: TRulesetKind,
  body: { basedOn?: number | undefined; definition: Record<string, unknown> | string },
): Promise<TRulesetVersionDetail> {
  const raw = typeof body.definition === 'string' ? parseJsonText(body.definition) : body.definition;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest('definition: a ruleset is a JSON object', [
      { path: 'body.definition', message: 'a ruleset is a JSON object' },
    ]);
  if (body.basedOn !== undefined && !(await findVersion(ctx.db, kind, body.basedOn, NO_JOBS)))
    throw badRequest(`basedOn: there is no version ${body.basedOn}`, [
      { path: 'body.basedOn', message: `there is no version ${body.basedOn}` },
    ]);
  const created = await ctx.db
    .transaction(async (tx) => {
      const version = await nextVersionNumber(tx, kind);
      // The server numbers versions; the definition carries its number (the engine writes it into every result).
      const definition = {
        ...(raw as Record<string, unknown>),
        version,
        createdAt: new Date().toISOString().slice(0, 10),
      };
      const checked = validateKinded(kind, definition);
      if (!checked.ok) {
        const errors = checked.issues.map((i) => ({
          path: `body.definition${i.path ? `.${i.path}` : ''}`,
          message: i.message,
        }));
        throw badRequest(
          `The ${KIND_LABEL[kind]} ruleset is not valid: ${errors
            .slice(0, 5)
            .map((e) => `${e.path.replace(/^body\.definition\.?/, '') || '(root)'}: ${e.message}`)
            .join('; ')}${errors.length > 5 ? `; and ${errors.length - 5} more` : ''}`,
          errors,
        );
      }
      // Compiling catches what a schema cannot express (the SQL the engine would run).
      try {
        const c = checked.parsed;
        if (c.kind === 'scoring') {
          compileScoring(c.ruleset);
          compileOptima(c.ruleset);
        } else compileConfidence(c.ruleset);
      } catch (err) {
        throw badRequest(`definition: ${(err as Error).message}`, [
          { path: 'body.definition', message: (err as Error).message },
        ]);
      }
      const row = await insertVersion(tx, {
        kind,
        version,
        name: checked.parsed.ruleset.name,
        description: checked.parsed.ruleset.description ?? null,
        definition: { ...checked.parsed.ruleset },
        basedOn: body.basedOn ?? null,
        createdBy: auth.user.id,
      });
      await writeAudit(
        tx,
        {
          action: `ruleset.${kind}.create`,
          targetType: `${kind}-ruleset`,
          targetId: String(version),
          details: { kind, version, name: row.name, basedOn: row.basedOn, before: null, after: row.definition },
        },
        req,
      );
      return row;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err))
        throw conflict('Another version was created at the same moment; open the list and try again');
      throw err;
    });
  return getRuleset(ctx, auth, kind, created.version);
}

export async function activateRuleset(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  kind: TRulesetKind,
  version: number,
): Promise<TRulesetVersionDetail> {
  await ctx.db.transaction(async (tx) => {
    const target = await findVersion(tx, kind, version, NO_JOBS);
    if (!target) throw notFound(`Version ${version} of the ${KIND_LABEL[kind]} ruleset`);
    const before = await findActive(tx, kind);
    if (before?.version === version)
      throw conflict(`Version ${version} is already the active ${KIND_LABEL[kind]} ruleset`);
    await activateVersion(tx, kind, version);
    await writeAudit(
      tx,
      {
        action: `ruleset.${kind}.activate`,
        targetType: `${kind}-ruleset`,
        targetId: String(version),
        details: { kind, before: { activeVersion: before?.version ?? null }, after: { activeVersion: version } },
      },
      req,
    );
  });
  return getRuleset(ctx, auth, kind, version);
}

// ---------- the pipeline's side ----------

/** Seeds version 1 of each kind from the rulesets the engine ships (kept in step at every start). */
export async function syncDefaultRulesets(db: DbOrTx): Promise<void> {
  await seedVersion(db, 'scoring', { ...defaultScoringRuleset() });
  await seedVersion(db, 'confidence', { ...defaultConfidenceRuleset() });
}

/** The versions a new run records: the active ones (the shipped version 1 when none is stored). */
export async function activeRulesetVersions(db: DbOrTx): Promise<{ scoring: string; confidence: string }> {
  const active = await activeVersionNumbers(db);
  return {
    scoring: String(active.scoring ?? defaultScoringRuleset().version),
    confidence: String(active.confidence ?? defaultConfidenceRuleset().version),
  };
}

type RulesetInvalid = Extract<ReturnType<typeof validateRuleset>, { ok: false }>;

function validateKinded(kind: TRulesetKind, json: unknown): { ok: true; parsed: KindedRuleset } | RulesetInvalid {
  if (kind === 'scoring') {
    const c = validateRuleset('scoring', json);
    return c.ok ? { ok: true, parsed: { kind, ruleset: c.ruleset } } : c;
  }
  const c = validateRuleset('confidence', json);
  return c.ok ? { ok: true, parsed: { kind, ruleset: c.ruleset } } : c;
}

function scoringOf(p: KindedRuleset): TScoringRuleset {
  if (p.kind !== 'scoring') throw new Error(`Expected a scoring ruleset, got a ${p.kind} ruleset`);
  return p.ruleset;
}
function confidenceOf(p: KindedRuleset): TConfidenceRuleset {
  if (p.kind !== 'confidence') throw new Error(`Expected a confidence ruleset, got a ${p.kind} ruleset`);
  return p.ruleset;
}

const parsedCache = new Map<string, KindedRuleset>();
/** The stored definition of a version, parsed by the engine (versions never change, so they are cached). */
async function parsedVersion(db: DbOrTx, kind: TRulesetKind, version: number): Promise<KindedRuleset> {
  const key = `${kind}:${version}`;
  const hit = parsedCache.get(key);
  if (hit) return hit;
  const def = await definitionOf(db, kind, version);
  if (!def) throw new Error(`The ${kind} ruleset version ${version} recorded on the run does not exist`);
  const checked = validateKinded(kind, def);
  if (!checked.ok)
    throw new Error(`The stored ${kind} ruleset version ${version} is not valid: ${checked.issues[0]!.message}`);
  parsedCache.set(key, checked.parsed);
  return checked.parsed;
}

/** The rulesets of the versions a run recorded (scoring, confidence). */
export async function rulesetsForRun(
  db: DbOrTx,
  run: { scoringRulesetVersion: string | null; confidenceRulesetVersion: string | null },
): Promise<{ scoring: TScoringRuleset; confidence: TConfidenceRuleset }> {
  const scoring = run.scoringRulesetVersion
    ? scoringOf(await parsedVersion(db, 'scoring', Number(run.scoringRulesetVersion)))
    : defaultScoringRuleset();
  const confidence = run.confidenceRulesetVersion
    ? confidenceOf(await parsedVersion(db, 'confidence', Number(run.confidenceRulesetVersion)))
    : defaultConfidenceRuleset();
  return { scoring, confidence };
}

/** Rule id → description of a stored version (for explaining a score), or null when the version is unknown. */
export async function ruleDescriptions(
  db: DbOrTx,
  kind: TRulesetKind,
  version: number,
): Promise<Map<string, string> | null> {
  const parsed = await parsedVersion(db, kind, version).catch(() => null);
  if (!parsed) return null;
  const index = new Map<string, string>();
  if (parsed.kind === 'scoring') {
    const s = parsed.ruleset;
    for (const [k, def] of Object.entries(s.scores)) {
      for (const r of def.rules) index.set(r.id, r.description);
      index.set(def.defaultRuleId, `No ${k} rule applies: default level ${def.defaultLevel}`);
    }
    index.set('OPTIMA', s.optima.description ?? 'Best method for the supplier');
  } else {
    const c = parsed.ruleset;
    for (const r of c.rules) index.set(r.id, r.description);
    index.set(c.defaultRuleId, `No confidence rule applies: default confidence ${c.defaultConfidence}`);
  }
  return index;
}

// ---------- dry run ----------

/**
 * Evaluates a version over the supplier features of a job's latest completed run, in DuckDB, and compares each
 * supplier's level (scoring) or confidence (confidence) per score kind with what the run gave: how many change,
 * up or down, and the largest suppliers that change. Nothing is written.
 */
export async function dryRun(
  ctx: AppContext,
  auth: AuthContext,
  kind: TRulesetKind,
  version: number,
  jobId: string,
): Promise<TRulesetDryRun> {
  const res = await openResults(ctx, auth, jobId); // 404 outside the caller's scope, 409 without results
  if (!(await findVersion(ctx.db, kind, version, NO_JOBS)))
    throw notFound(`Version ${version} of the ${KIND_LABEL[kind]} ruleset`);
  if (!res.scored)
    throw new AppError(
      409,
      'Conflict',
      `The job "${res.jobName}" is a matched-data-only job: its results have no scores`,
    );
  const rs = await parsedVersion(ctx.db, kind, version);
  const src = res.table('suppliers');
  const columns = new Set((await res.all<{ column_name: string }>(columnsSql(src))).map((c) => c.column_name));
  const { sql, kinds } = dryRunSql(rs, src, columns);
  const rows = await res.all<DryRunRow>(sql);
  const total = rows[0]?.suppliers ?? Number((await res.one<{ n: number }>(rowCountSql(src)))?.n ?? 0);
  const byKind = new Map<string, typeof rows>();
  for (const r of rows) byKind.set(r.scoreKind, [...(byKind.get(r.scoreKind) ?? []), r]);
  const runVersion = await runVersionsOf(ctx.db, res.runId);
  return {
    kind,
    version,
    jobId,
    jobName: res.jobName,
    runNumber: res.runNumber,
    runVersion: (kind === 'scoring' ? runVersion?.scoringRulesetVersion : runVersion?.confidenceRulesetVersion) ?? null,
    suppliers: Number(total),
    changedSuppliers: Number(rows[0]?.changedSuppliers ?? 0),
    scoreKinds: kinds.map((k) => {
      const list = byKind.get(k) ?? [];
      const changed = Number(list[0]?.changed ?? 0);
      const up = Number(list[0]?.up ?? 0);
      return {
        scoreKind: k,
        changed,
        up,
        down: changed - up,
        examples: list.map((r) => ({
          supplierKey: r.supplierKey,
          supplierName: r.supplierName,
          spend: r.spend === null ? null : Number(r.spend),
          from: r.from,
          to: r.to,
          ruleId: r.ruleId,
        })),
      };
    }),
  };
}
