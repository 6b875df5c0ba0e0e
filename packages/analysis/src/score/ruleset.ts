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
const FIELD_NAMES = Object.keys(SCORE_FIELDS) as [ScoreField, ...ScoreField[]];

const ZScalar = z.union([z.string(), z.number(), z.boolean()]);
export type TCondition =
  | { all: TCondition[] }
  | { any: TCondition[] }
  | { not: TCondition }
  | { field: ScoreField; op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte'; value: string | number | boolean }
  | { field: ScoreField; op: 'in' | 'notIn'; value: (string | number)[] }
  | { field: ScoreField; op: 'isNull' | 'notNull' };
export const ZCondition: z.ZodType<TCondition> = z.lazy(() =>
  z.union([
    z.object({ all: z.array(ZCondition).min(1) }).strict(),
    z.object({ any: z.array(ZCondition).min(1) }).strict(),
    z.object({ not: ZCondition }).strict(),
    z
      .object({ field: z.enum(FIELD_NAMES), op: z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte']), value: ZScalar })
      .strict(),
    z
      .object({
        field: z.enum(FIELD_NAMES),
        op: z.enum(['in', 'notIn']),
        value: z.array(z.union([z.string(), z.number()])).min(1),
      })
      .strict(),
    z.object({ field: z.enum(FIELD_NAMES), op: z.enum(['isNull', 'notNull']) }).strict(),
  ]),
);

const ZRuleId = z.string().regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'rule ids are 1–40 letters, digits, _ . : -');
export const ZScoringRule = z
  .object({ id: ZRuleId, description: z.string().min(1), when: ZCondition, level: ZScoreMetricLevel })
  .strict();
export const ZScoreKindRules = z
  .object({ rules: z.array(ZScoringRule), defaultLevel: ZScoreMetricLevel, defaultRuleId: ZRuleId })
  .strict();
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
  .strict();
export type TConfidenceRuleset = z.infer<typeof ZConfidenceRuleset>;

function formatZodError(e: z.ZodError): string {
  return e.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
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

/** SQL select list: `<kind>Level`, `<kind>RuleId` for every kind but Optima. */
export function compileScoring(rs: TScoringRuleset): string[] {
  return SCORED_KINDS.flatMap((k) => {
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

/** Optima over already-scored columns: level, the chosen method and the rule id behind it. */
export function compileOptima(rs: TScoringRuleset): string[] {
  const order = rs.optima.order;
  // rank*100 - position keeps the earlier kind on ties.
  const keys = order.map((k, i) => `${LEVEL_RANK.replaceAll('x', ident(`${k}Level`))} * 100 - ${i}`);
  const best = `greatest(${keys.join(', ')})`;
  const pickBy = (col: (k: string) => string) =>
    `CASE ${order.map((k, i) => `WHEN ${keys[i]} = ${best} THEN ${col(k)}`).join(' ')} END`;
  return [
    `${pickBy((k) => ident(`${k}Level`))} AS "OptimaLevel"`,
    `CASE WHEN ${pickBy((k) => ident(`${k}Level`))} = 'None' THEN NULL ELSE ${pickBy((k) => lit(k))} END AS "optimaMethod"`,
    `'OPTIMA:' || ${pickBy((k) => `${lit(k)} || ':' || ${ident(`${k}RuleId`)}`)} AS "OptimaRuleId"`,
  ];
}

export function compileConfidence(rs: TConfidenceRuleset): string[] {
  return SCORE_KINDS.flatMap((k) => {
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
