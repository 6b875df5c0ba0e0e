/**
 * Match ruleset: the confidence rules and thresholds of the matcher in one versioned JSON file
 * (rulesets/match-v<N>.json), like the scoring and confidence rulesets. Each rule is a condition over
 * the pair evidence (MATCH_FIELDS); the first rule that holds gives the confidence and its id is kept
 * with the match (evidence.rule). `parameters` hold the thresholds the evidence itself is built with.
 *
 * Conditions: {"all": [...]}, {"any": [...]}, {"not": c}, or {"field": F, "op": eq|ne|gte|gt|lte|lt, "value": V}.
 * "ne" on an agreement field means "not known to differ" (agree or unknown).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AnalysisInputError } from '../errors.ts';
import { lit } from '../db.ts';

/** Evidence a rule may test → SQL column of the pair-evidence table and type. */
export const MATCH_FIELDS = {
  nameScore: {
    column: 'nameScore',
    type: 'number',
    description: 'name similarity 0..1: 0.4 Jaro-Winkler + 0.6 soft token similarity (weaker direction)',
  },
  nameContainment: {
    column: 'contain',
    type: 'number',
    description: 'how fully the shorter name is found in the longer (stronger token direction), 0..1',
  },
  nameJaroWinkler: {
    column: 'jw',
    type: 'number',
    description: 'Jaro-Winkler of the normalised names (best of as-is and sorted tokens)',
  },
  nameWeighted: {
    column: 'nameWeighted',
    type: 'number',
    description:
      "share of each name's words that agree with the other name, each word weighted by its rarity in the network (ln(1 + merchants / merchants carrying it)), weaker name, 0..1",
  },
  nameChance: {
    column: 'nameChance',
    type: 'number',
    description:
      "how many network merchants would carry all the agreeing words by chance (merchants × the product of each word's share of merchants); about 1 or less: the words single out one merchant",
  },
  sharedWord: { column: 'sharedWord', type: 'boolean', description: 'the names share a word of at least 3 letters' },
  acronym: {
    column: 'acronym',
    type: 'boolean',
    description:
      "a word of one name spells the initials of the other name's words that its other words leave unmatched (IBM / International Business Machines, P&G / Procter & Gamble, IBM Deutschland / International Business Machines Deutschland)",
  },
  acronymLetters: {
    column: 'acronymLetters',
    type: 'number',
    description: 'letters of the acronym when one name has one (acronym), else 0',
  },
  taxId: { column: 'taxE', type: 'agreement', description: 'tax id: agree, differ or unknown' },
  postcode: { column: 'postcodeE', type: 'agreement', description: 'postcode: agree, differ or unknown' },
  city: { column: 'cityE', type: 'agreement', description: 'city: agree, differ or unknown' },
  country: { column: 'countryE', type: 'agreement', description: 'country: agree, differ or unknown' },
  streetNumber: {
    column: 'streetNumberE',
    type: 'agreement',
    description: 'street number (ranges contain their numbers): agree, differ or unknown',
  },
  street: {
    column: 'streetE',
    type: 'agreement',
    description: 'street name (type and direction left out): agree, differ or unknown',
  },
  address: {
    column: 'addressE',
    type: 'agreement',
    description: 'agree = number and street agree; differ = both known on both sides and one differs',
  },
} as const;
export type MatchField = keyof typeof MATCH_FIELDS;
export const AGREEMENT_VALUES = ['agree', 'differ', 'unknown'] as const;

type Cond =
  | { all: Cond[] }
  | { any: Cond[] }
  | { not: Cond }
  | { field: MatchField; op: 'eq' | 'ne' | 'gte' | 'gt' | 'lte' | 'lt'; value: number | string | boolean };
const ZCond: z.ZodType<Cond> = z.lazy(() =>
  z.union([
    z.object({ all: z.array(ZCond).min(1) }).strict(),
    z.object({ any: z.array(ZCond).min(1) }).strict(),
    z.object({ not: ZCond }).strict(),
    z
      .object({
        field: z.enum(Object.keys(MATCH_FIELDS) as [MatchField, ...MatchField[]]),
        op: z.enum(['eq', 'ne', 'gte', 'gt', 'lte', 'lt']),
        value: z.union([z.number(), z.string(), z.boolean()]),
      })
      .strict(),
  ]),
);

export const ZMatchRuleset = z.object({
  format: z.literal('sextant.match-ruleset'),
  version: z.number().int().positive(),
  name: z.string(),
  description: z.string().optional(),
  createdAt: z.string().optional(),
  parameters: z.object({
    streetAgreesAtLeast: z.number().min(0).max(1),
    streetDiffersBelow: z.number().min(0).max(1),
    cityAgreesAtLeast: z.number().min(0).max(1),
    ambiguityMargin: z.number().min(0).max(1),
    addressKeyMaxMerchants: z.number().int().positive(),
  }),
  rules: z
    .array(
      z.object({
        id: z.string().regex(/^[A-Z0-9-]+$/),
        description: z.string(),
        confidence: z.enum(['High', 'Medium', 'Low']),
        when: ZCond,
      }),
    )
    .min(1),
});
export type TMatchRuleset = z.infer<typeof ZMatchRuleset>;

function checkCond(c: Cond, where: string): void {
  if ('all' in c) return c.all.forEach((x) => checkCond(x, where));
  if ('any' in c) return c.any.forEach((x) => checkCond(x, where));
  if ('not' in c) return checkCond(c.not, where);
  const f = MATCH_FIELDS[c.field];
  const ok =
    f.type === 'number'
      ? typeof c.value === 'number'
      : f.type === 'boolean'
        ? typeof c.value === 'boolean' && (c.op === 'eq' || c.op === 'ne')
        : typeof c.value === 'string' &&
          (AGREEMENT_VALUES as readonly string[]).includes(c.value) &&
          (c.op === 'eq' || c.op === 'ne');
  if (!ok)
    throw new AnalysisInputError(
      'INVALID_RULESET',
      `match rule ${where}: "${c.field}" ${c.op} ${JSON.stringify(c.value)} is not valid (${f.type}${f.type === 'agreement' ? ': agree, differ or unknown with eq/ne' : ''})`,
    );
}

export function parseMatchRuleset(raw: unknown): TMatchRuleset {
  const r = ZMatchRuleset.safeParse(raw);
  if (!r.success)
    throw new AnalysisInputError(
      'INVALID_RULESET',
      `match ruleset: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const ids = new Set<string>();
  for (const rule of r.data.rules) {
    if (ids.has(rule.id))
      throw new AnalysisInputError('INVALID_RULESET', `match ruleset: duplicate rule id ${rule.id}`);
    ids.add(rule.id);
    checkCond(rule.when, rule.id);
  }
  return r.data;
}

const OPS = { eq: '=', ne: '<>', gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;

/** SQL boolean of a condition over the pair-evidence columns (NULL numbers never satisfy a comparison). */
export function condSql(c: Cond): string {
  if ('all' in c) return `(${c.all.map(condSql).join(' AND ')})`;
  if ('any' in c) return `(${c.any.map(condSql).join(' OR ')})`;
  if ('not' in c) return `(NOT ${condSql(c.not)})`;
  const col = MATCH_FIELDS[c.field].column;
  const v = typeof c.value === 'string' ? lit(c.value) : String(c.value);
  return `coalesce(${col} ${OPS[c.op]} ${v}, FALSE)`;
}

/** CASE expressions giving the deciding rule's confidence and id (NULL when no rule holds). */
export function rulesSql(r: TMatchRuleset): { confidence: string; ruleId: string } {
  const whens = r.rules.map((x) => ({ cond: condSql(x.when), x }));
  return {
    confidence: `CASE ${whens.map((w) => `WHEN ${w.cond} THEN ${lit(w.x.confidence)}`).join(' ')} END`,
    ruleId: `CASE ${whens.map((w) => `WHEN ${w.cond} THEN ${lit(w.x.id)}`).join(' ')} END`,
  };
}

export const MATCH_RULESET_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'rulesets',
  'match-v3.json',
);
const shipped = new Map<number, TMatchRuleset | null>();
/**
 * The match ruleset of a version as shipped (rulesets/match-v<N>.json; null: none of that version), for the rule
 * descriptions of runs made with an earlier version.
 */
export function shippedMatchRuleset(version: number): TMatchRuleset | null {
  if (!Number.isInteger(version) || version < 1) return null;
  if (!shipped.has(version)) {
    const file = path.join(path.dirname(MATCH_RULESET_FILE), `match-v${version}.json`);
    shipped.set(version, existsSync(file) ? parseMatchRuleset(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  return shipped.get(version) ?? null;
}

let cached: TMatchRuleset | undefined;
/** The default match ruleset (rulesets/match-v3.json). */
export function defaultMatchRuleset(): TMatchRuleset {
  cached ??= parseMatchRuleset(JSON.parse(readFileSync(MATCH_RULESET_FILE, 'utf8')));
  return cached;
}
