/**
 * Scoring and confidence rulesets: a documented, versioned JSON format (zod schemas Z…, types T…)
 * that the admin UI can show and edit, compiled to SQL CASE expressions evaluated in DuckDB.
 *
 * Scoring ruleset: for each score kind but Optima, an ordered list of rules; the first rule whose
 * condition holds gives the metric level (High/Medium/Low/None) and its id is kept with the score.
 * Optima is "best of": the highest level among the listed kinds, ties broken by list order; its
 * rule id names the kind and the rule it came from.
 * Confidence ruleset: an ordered list of rules, each for some score kinds ("*" = all); the first
 * that applies and holds gives the score's confidence (High/Medium/Low) and its rule id.
 *
 * Conditions: {"all": [...]}, {"any": [...]}, {"not": c}, or a comparison
 * {"field": F, "op": OP, "value": V} with OP one of eq, ne, gt, gte, lt, lte, in, notIn,
 * isNull, notNull, and F one of SCORE_FIELDS (typed; values are checked against the type).
 */
import { z } from 'zod';
import { SCORE_KINDS, ZConfidenceLevel, ZScoreKind, ZScoreMetricLevel } from '@sextant/shared';
import type { TScoreKind } from '@sextant/shared';
import { AnalysisInputError } from '../errors.ts';
import { ident, lit } from '../db.ts';

/** Supplier features a rule may test: name → type and meaning. */
export const SCORE_FIELDS = {
  spend: { type: 'number', description: 'annual spend in the job currency' },
  cardSpend: { type: 'number', description: 'spend already paid by card or virtual card' },
  avgTransactionValue: { type: 'number', description: 'average transaction (document) value' },
  transactionsPerYear: { type: 'number', description: 'annualised number of transactions' },
  documentCount: { type: 'number', description: 'number of transactions / documents behind the spend' },
  paymentTermsDays: { type: 'number', description: 'payment terms in days (median)' },
  paymentMethod: {
    type: 'string',
    description: 'main payment method: ACH, Wire, Check, Card, VirtualCard, DirectDebit, Cash, Other, Unknown',
  },
  paymentMethodCount: { type: 'number', description: 'number of distinct payment methods' },
  matchStatus: { type: 'string', description: 'MATCHED or UNMATCHED' },
  matchConfidence: { type: 'string', description: 'High, Medium, Low or empty' },
  cardAcceptor: { type: 'boolean', description: 'matched merchant accepts cards' },
  vcAccepting: { type: 'string', description: 'YES, NO or UNMATCHED' },
  detailLevel: { type: 'string', description: "data detail level '3', '2', '1' or ''" },
  stpCapable: { type: 'string', description: 'TRUE or FALSE' },
  cardCapability: { type: 'string', description: 'STP, VC, L3, Card Acceptor, Unmatched' },
  lockboxCount: { type: 'number', description: 'number of virtual lockboxes the merchant is enrolled in' },
  mcc: { type: 'string', description: '4-digit MCC' },
  mccType: { type: 'string', description: 'MCC type, e.g. Travel and Entertainment, Business to Business' },
  mccGroup: { type: 'string', description: 'MCC group, e.g. Airlines, Lodging, Business Services' },
  country: { type: 'string', description: 'ISO3 country' },
  acceptancePrediction: {
    type: 'string',
    description: 'predicted card acceptance High/Medium/Low (model; for unmatched suppliers)',
  },
  acceptanceProbability: { type: 'number', description: 'predicted probability of card acceptance' },
  spendShare: { type: 'number', description: "supplier's share of total spend (0–1)" },
} as const;
export type ScoreField = keyof typeof SCORE_FIELDS;

export type TCondition =
  | { all: TCondition[] }
  | { any: TCondition[] }
  | { not: TCondition }
  | { field: ScoreField; op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte'; value: string | number | boolean }
  | { field: ScoreField; op: 'in' | 'notIn'; value: (string | number)[] }
  | { field: ScoreField; op: 'isNull' | 'notNull' };

export const COMPARISON_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export const LIST_OPS = ['in', 'notIn'] as const;
export const NULL_OPS = ['isNull', 'notNull'] as const;
export const CONDITION_OPS = [...COMPARISON_OPS, ...LIST_OPS, ...NULL_OPS] as const;

type Issue = { path: (string | number)[]; message: string };
const typeOf = (v: unknown) => (Array.isArray(v) ? 'a list' : v === null ? 'null' : `a ${typeof v}`);

/**
 * Every problem of a condition, each with its path: an unknown field, an unknown operator, a value of the wrong
 * type for the field (SCORE_FIELDS), a missing or superfluous key. Hand-written rather than a zod union, whose
 * failure is one "Invalid input" at the condition instead of the key at fault.
 */
export function conditionIssues(c: unknown, path: (string | number)[] = []): Issue[] {
  const at = (p: (string | number)[], message: string): Issue[] => [{ path: [...path, ...p], message }];
  if (typeof c !== 'object' || c === null || Array.isArray(c))
    return at([], `a condition is an object ({"all"}, {"any"}, {"not"} or {"field", "op", "value"}); got ${typeOf(c)}`);
  const o = c as Record<string, unknown>;
  const keys = Object.keys(o);
  const extra = (allowed: string[]) =>
    keys.filter((k) => !allowed.includes(k)).flatMap((k) => at([k], `unexpected key "${k}"`));
  for (const group of ['all', 'any'] as const) {
    if (group in o) {
      const list = o[group];
      if (!Array.isArray(list) || list.length === 0)
        return [...at([group], `"${group}" is a non-empty list of conditions`), ...extra([group])];
      return [...list.flatMap((x, i) => conditionIssues(x, [...path, group, i])), ...extra([group])];
    }
  }
  if ('not' in o) return [...conditionIssues(o.not, [...path, 'not']), ...extra(['not'])];
  if (!('field' in o)) return at([], 'a condition needs "all", "any", "not" or "field"');
  const issues: Issue[] = [];
  const field = o.field;
  const known = typeof field === 'string' && Object.hasOwn(SCORE_FIELDS, field);
  if (!known)
    issues.push(
      ...at(
        ['field'],
        `unknown field ${JSON.stringify(field)}; the fields are ${Object.keys(SCORE_FIELDS).join(', ')}`,
      ),
    );
  const op = o.op;
  if (!(CONDITION_OPS as readonly unknown[]).includes(op)) {
    issues.push(...at(['op'], `unknown operator ${JSON.stringify(op)}; the operators are ${CONDITION_OPS.join(', ')}`));
    return [...issues, ...extra(['field', 'op', 'value'])];
  }
  const type = known ? SCORE_FIELDS[field as ScoreField].type : null;
  const fits = (v: unknown) => type === null || typeof v === type;
  if ((NULL_OPS as readonly unknown[]).includes(op)) {
    if ('value' in o) issues.push(...at(['value'], `"${String(op)}" takes no value`));
    return [...issues, ...extra(['field', 'op', 'value'])];
  }
  if (!('value' in o)) issues.push(...at(['value'], `"${String(op)}" needs a value`));
  else if ((LIST_OPS as readonly unknown[]).includes(op)) {
    const v = o.value;
    if (!Array.isArray(v) || v.length === 0) issues.push(...at(['value'], `"${String(op)}" takes a non-empty list`));
    else if (type === 'boolean') issues.push(...at(['op'], `field ${String(field)} is a boolean; use eq or ne`));
    else
      v.forEach((x, i) => {
        if (!fits(x)) issues.push(...at(['value', i], `field ${String(field)} is a ${type}; got ${JSON.stringify(x)}`));
      });
  } else {
    const v = o.value;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      issues.push(...at(['value'], `a value is a string, number or boolean; got ${typeOf(v)}`));
    else if (!fits(v)) issues.push(...at(['value'], `field ${String(field)} is a ${type}; got ${JSON.stringify(v)}`));
    else if (type === 'boolean' && ['gt', 'gte', 'lt', 'lte'].includes(op as string))
      issues.push(...at(['op'], `field ${String(field)} is a boolean; use eq or ne`));
  }
  return [...issues, ...extra(['field', 'op', 'value'])];
}

export const ZCondition = z.unknown().superRefine((value, ctx) => {
  for (const i of conditionIssues(value)) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
}) as unknown as z.ZodType<TCondition>;

const ZRuleId = z.string().regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'rule ids are 1–40 letters, digits, _ . : -');
export const ZScoringRule = z
  .object({ id: ZRuleId, description: z.string().min(1), when: ZCondition, level: ZScoreMetricLevel })
  .strict();
/** Rule ids name the rule behind each score, so they are unique within their list (and apart from the default). */
function uniqueIds(rules: { id: string }[], defaultId: string, ctx: z.RefinementCtx, at: (string | number)[] = []) {
  const seen = new Map<string, number>();
  rules.forEach((r, i) => {
    if (seen.has(r.id) || r.id === defaultId)
      ctx.addIssue({
        code: 'custom',
        path: [...at, 'rules', i, 'id'],
        message: `rule id "${r.id}" is already used${seen.has(r.id) ? ` by rule ${seen.get(r.id)! + 1}` : ' as the default rule id'}`,
      });
    seen.set(r.id, i);
  });
}
export const ZScoreKindRules = z
  .object({ rules: z.array(ZScoringRule), defaultLevel: ZScoreMetricLevel, defaultRuleId: ZRuleId })
  .strict()
  .superRefine((k, ctx) => uniqueIds(k.rules, k.defaultRuleId, ctx));
const SCORED_KINDS = SCORE_KINDS.filter((k) => k !== 'Optima') as Exclude<TScoreKind, 'Optima'>[];
export const ZScoringRuleset = z
  .object({
    format: z.literal('sextant.scoring-ruleset'),
    version: z.number().int().positive(),
    name: z.string().min(1),
    description: z.string().optional(),
    createdAt: z.string().optional(),
    scores: z
      .object(
        Object.fromEntries(SCORED_KINDS.map((k) => [k, ZScoreKindRules])) as Record<
          Exclude<TScoreKind, 'Optima'>,
          typeof ZScoreKindRules
        >,
      )
      .strict(),
    optima: z
      .object({
        method: z.literal('best-of'),
        order: z.array(ZScoreKind.exclude(['Optima'])).min(1),
        description: z.string().optional(),
      })
      .strict(),
  })
  .strict();
export type TScoringRuleset = z.infer<typeof ZScoringRuleset>;

export const ZConfidenceRule = z
  .object({
    id: ZRuleId,
    description: z.string().min(1),
    appliesTo: z.union([z.literal('*'), z.array(ZScoreKind).min(1)]),
    when: ZCondition,
    confidence: ZConfidenceLevel,
  })
  .strict();
export const ZConfidenceRuleset = z
  .object({
    format: z.literal('sextant.confidence-ruleset'),
    version: z.number().int().positive(),
    name: z.string().min(1),
    description: z.string().optional(),
    createdAt: z.string().optional(),
    rules: z.array(ZConfidenceRule),
    defaultConfidence: ZConfidenceLevel,
    defaultRuleId: ZRuleId,
  })
  .strict()
  .superRefine((rs, ctx) => uniqueIds(rs.rules, rs.defaultRuleId, ctx));
export type TConfidenceRuleset = z.infer<typeof ZConfidenceRuleset>;

function formatZodError(e: z.ZodError): string {
  return rulesetIssues(e)
    .map((i) => `${i.path || '(root)'}: ${i.message}`)
    .join('; ');
}

/** A ruleset problem: the dotted path of the key at fault (`scores.Vcard.rules.0.when.field`) and the reason. */
export interface RulesetIssue {
  path: string;
  message: string;
}
function rulesetIssues(e: z.ZodError): RulesetIssue[] {
  return e.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Checks a ruleset with the engine's own schema: the parsed ruleset, or every problem by path. */
export function validateRuleset(
  kind: 'scoring',
  json: unknown,
): { ok: true; ruleset: TScoringRuleset } | { ok: false; issues: RulesetIssue[] };
export function validateRuleset(
  kind: 'confidence',
  json: unknown,
): { ok: true; ruleset: TConfidenceRuleset } | { ok: false; issues: RulesetIssue[] };
export function validateRuleset(
  kind: 'scoring' | 'confidence',
  json: unknown,
): { ok: true; ruleset: TScoringRuleset | TConfidenceRuleset } | { ok: false; issues: RulesetIssue[] } {
  const r = (kind === 'scoring' ? ZScoringRuleset : ZConfidenceRuleset).safeParse(json);
  return r.success ? { ok: true, ruleset: r.data } : { ok: false, issues: rulesetIssues(r.error) };
}

export function parseScoringRuleset(json: unknown): TScoringRuleset {
  const r = ZScoringRuleset.safeParse(json);
  if (!r.success)
    throw new AnalysisInputError('INVALID_RULESET', `invalid scoring ruleset: ${formatZodError(r.error)}`);
  return r.data;
}
export function parseConfidenceRuleset(json: unknown): TConfidenceRuleset {
  const r = ZConfidenceRuleset.safeParse(json);
  if (!r.success)
    throw new AnalysisInputError('INVALID_RULESET', `invalid confidence ruleset: ${formatZodError(r.error)}`);
  return r.data;
}

function valueSql(field: ScoreField, v: string | number | boolean): string {
  const t = SCORE_FIELDS[field].type;
  if (t === 'number' && typeof v !== 'number')
    throw new AnalysisInputError('INVALID_RULESET', `field ${field} is a number; got ${JSON.stringify(v)}`);
  if (t === 'boolean' && typeof v !== 'boolean')
    throw new AnalysisInputError('INVALID_RULESET', `field ${field} is a boolean; got ${JSON.stringify(v)}`);
  if (t === 'string' && typeof v !== 'string')
    throw new AnalysisInputError('INVALID_RULESET', `field ${field} is a string; got ${JSON.stringify(v)}`);
  return lit(v);
}

/** Compiles a condition to a SQL boolean expression over the feature columns (NULL → false). */
export function compileCondition(c: TCondition): string {
  if ('all' in c) return `(${c.all.map(compileCondition).join(' AND ')})`;
  if ('any' in c) return `(${c.any.map(compileCondition).join(' OR ')})`;
  if ('not' in c) return `(NOT ${compileCondition(c.not)})`;
  const f = ident(c.field);
  switch (c.op) {
    case 'isNull':
      return `(${f} IS NULL)`;
    case 'notNull':
      return `(${f} IS NOT NULL)`;
    case 'in':
    case 'notIn':
      return `coalesce(${f} ${c.op === 'in' ? 'IN' : 'NOT IN'} (${c.value.map((v) => valueSql(c.field, v)).join(', ')}), FALSE)`;
    default: {
      const op = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }[c.op];
      return `coalesce(${f} ${op} ${valueSql(c.field, c.value)}, FALSE)`;
    }
  }
}

/** The rule id of a score kind the issuer does not offer (its level and confidence are NULL). */
export const NOT_OFFERED_RULE_ID = 'NOT-OFFERED';

/**
 * SQL select list: `<kind>Level`, `<kind>RuleId` for every kind but Optima. A kind not in `offered` (the issuer's
 * offer, packages/shared offeredKinds) is not scored: NULL level, rule id NOT-OFFERED.
 */
export function compileScoring(rs: TScoringRuleset, offered: readonly TScoreKind[] = SCORE_KINDS): string[] {
  return SCORED_KINDS.flatMap((k) => {
    if (!offered.includes(k))
      return [
        `CAST(NULL AS VARCHAR) AS ${ident(`${k}Level`)}`,
        `${lit(NOT_OFFERED_RULE_ID)} AS ${ident(`${k}RuleId`)}`,
      ];
    const { rules, defaultLevel, defaultRuleId } = rs.scores[k];
    const level = `CASE ${rules.map((r) => `WHEN ${compileCondition(r.when)} THEN ${lit(r.level)}`).join(' ')} ELSE ${lit(defaultLevel)} END`;
    const rule = `CASE ${rules.map((r) => `WHEN ${compileCondition(r.when)} THEN ${lit(r.id)}`).join(' ')} ELSE ${lit(defaultRuleId)} END`;
    return [
      `${rules.length ? level : lit(defaultLevel)} AS ${ident(`${k}Level`)}`,
      `${rules.length ? rule : lit(defaultRuleId)} AS ${ident(`${k}RuleId`)}`,
    ];
  });
}

const LEVEL_RANK = `CASE x WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END`;

/**
 * Optima over already-scored columns: level, the chosen method and the rule id behind it. Only offered kinds are
 * candidates; with Optima itself not offered (or no candidate left) its columns are NULL / NOT-OFFERED.
 */
export function compileOptima(rs: TScoringRuleset, offered: readonly TScoreKind[] = SCORE_KINDS): string[] {
  const order = rs.optima.order.filter((k) => offered.includes(k));
  if (!offered.includes('Optima') || order.length === 0)
    return [
      `CAST(NULL AS VARCHAR) AS "OptimaLevel"`,
      `CAST(NULL AS VARCHAR) AS "optimaMethod"`,
      `${lit(NOT_OFFERED_RULE_ID)} AS "OptimaRuleId"`,
    ];
  // rank*100 - position keeps the earlier kind on ties.
  const keys = order.map((k, i) => `${LEVEL_RANK.replaceAll('x', ident(`${k}Level`))} * 100 - ${i}`);
  const best = order.length > 1 ? `greatest(${keys.join(', ')})` : keys[0]!;
  const pickBy = (col: (k: string) => string) =>
    `CASE ${order.map((k, i) => `WHEN ${keys[i]} = ${best} THEN ${col(k)}`).join(' ')} END`;
  return [
    `${pickBy((k) => ident(`${k}Level`))} AS "OptimaLevel"`,
    `CASE WHEN ${pickBy((k) => ident(`${k}Level`))} = 'None' THEN NULL ELSE ${pickBy((k) => lit(k))} END AS "optimaMethod"`,
    `'OPTIMA:' || ${pickBy((k) => `${lit(k)} || ':' || ${ident(`${k}RuleId`)}`)} AS "OptimaRuleId"`,
  ];
}

/** `<kind>Confidence`, `<kind>ConfidenceRuleId` per kind; NULL / NOT-OFFERED for a kind not offered. */
export function compileConfidence(rs: TConfidenceRuleset, offered: readonly TScoreKind[] = SCORE_KINDS): string[] {
  return SCORE_KINDS.flatMap((k) => {
    if (!offered.includes(k))
      return [
        `CAST(NULL AS VARCHAR) AS ${ident(`${k}Confidence`)}`,
        `${lit(NOT_OFFERED_RULE_ID)} AS ${ident(`${k}ConfidenceRuleId`)}`,
      ];
    const rules = rs.rules.filter((r) => r.appliesTo === '*' || r.appliesTo.includes(k));
    const conf = rules.length
      ? `CASE ${rules.map((r) => `WHEN ${compileCondition(r.when)} THEN ${lit(r.confidence)}`).join(' ')} ELSE ${lit(rs.defaultConfidence)} END`
      : lit(rs.defaultConfidence);
    const id = rules.length
      ? `CASE ${rules.map((r) => `WHEN ${compileCondition(r.when)} THEN ${lit(r.id)}`).join(' ')} ELSE ${lit(rs.defaultRuleId)} END`
      : lit(rs.defaultRuleId);
    return [`${conf} AS ${ident(`${k}Confidence`)}`, `${id} AS ${ident(`${k}ConfidenceRuleId`)}`];
  });
}
