/**
 * The matcher's pair scoring (match-sql.ts scorePairsSql) and confidence (rules.ts rulesSql, match-sql.ts
 * ambiguousConfidenceSql) in JavaScript, for the vendor search: a search scores at most ~100 candidates, and planning
 * the scoring SQL (its lambdas and common table expressions) cost more than scoring them. Each step follows the SQL
 * expression by expression, with DuckDB's semantics where they differ from JavaScript's: NULL-skipping greatest /
 * least / list_max / list_avg, Jaro-Winkler over UTF-8 bytes (0 for empty strings), round half away from zero.
 * test/pair-score.test.ts checks that it gives scorePairsSql's evidence and scores, and rulesSql's confidence, on many
 * generated pairs.
 */
import type { TMatchRuleset } from './rules.ts';
import { MATCH_FIELDS } from './rules.ts';
import { TOKEN_AGREES_JW, TYPO_JW_FROM } from './match-sql.ts';

type Parameters = TMatchRuleset['parameters'];

/** The normalised columns of one side of a pair (a supplier or a merchant), as `sup` and `net` have them. */
export interface PairSide {
  nameTokens: readonly string[];
  nameSegments: readonly (readonly string[])[] | null;
  nameCore: string | null;
  nameSorted: string | null;
  postcodeNorm: string | null;
  cityNorm: string | null;
  taxNorm: string | null;
  country: string | null;
  addrNum: number | null;
  addrNumHi: number | null;
  addrStreet: string | null;
}

export type Agreement = 'agree' | 'differ' | 'unknown';

/** The columns scorePairsSql's `scored` adds to a pair (its evidence and scores). */
export interface PairScore {
  jw: number | null;
  segContain: number | null;
  sharedWord: boolean;
  taxAgrees: boolean | null;
  postcodeAgrees: boolean | null;
  cityAgrees: boolean | null;
  countryAgrees: boolean | null;
  numAgrees: boolean | null;
  addressScore: number | null;
  nameChance: number;
  acronymLetters: number;
  soft: number | null;
  contain: number;
  nameWeighted: number;
  acronym: boolean;
  taxE: Agreement;
  postcodeE: Agreement;
  cityE: Agreement;
  countryE: Agreement;
  streetNumberE: Agreement;
  streetE: Agreement;
  addressE: Agreement;
  nameScore: number | null;
  totalScore: number;
}

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * DuckDB's jaro_winkler_similarity: over the UTF-8 bytes of both strings, 0 when either is empty (even both), the
 * prefix bonus (0.1 per common leading byte, at most 4) only above a Jaro similarity of 0.7, transpositions halved
 * as an integer.
 */
export function jaroWinklerSql(a: string, b: string): number {
  if (NON_ASCII.test(a)) a = Buffer.from(a, 'utf8').toString('latin1');
  if (NON_ASCII.test(b)) b = Buffer.from(b, 'utf8').toString('latin1');
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  if (a === b) return 1;
  const range = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const ma = new Uint8Array(la);
  const mb = new Uint8Array(lb);
  let m = 0;
  for (let i = 0; i < la; i++) {
    const hi = Math.min(lb, i + range + 1);
    for (let j = Math.max(0, i - range); j < hi; j++)
      if (!mb[j] && a.charCodeAt(i) === b.charCodeAt(j)) {
        ma[i] = mb[j] = 1;
        m++;
        break;
      }
  }
  if (!m) return 0;
  let t = 0;
  for (let i = 0, k = 0; i < la; i++) {
    if (!ma[i]) continue;
    while (!mb[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) t++;
    k++;
  }
  t = Math.floor(t / 2);
  let sim = (m / la + m / lb + (m - t) / m) / 3;
  if (sim > 0.7) {
    let p = 0;
    const maxP = Math.min(4, la, lb);
    while (p < maxP && a.charCodeAt(p) === b.charCodeAt(p)) p++;
    sim += p * 0.1 * (1 - sim);
  }
  return sim;
}

/** Whether b is within one edit of a (damerau_levenshtein(a, b) <= 1): a letter dropped, added or changed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

// DuckDB's NULL-skipping aggregates and comparisons
type N = number | null;
const listMax = (xs: readonly N[]): N => {
  let m: N = null;
  for (const x of xs) if (x !== null && (m === null || x > m)) m = x;
  return m;
};
const listSum = (xs: readonly N[]): N => {
  let s: N = null;
  for (const x of xs) if (x !== null) s = s === null ? x : s + x;
  return s;
};
const listAvg = (xs: readonly N[]): N => {
  let s = 0;
  let n = 0;
  for (const x of xs)
    if (x !== null) {
      s += x;
      n++;
    }
  return n ? s / n : null;
};
const greatest = (...xs: N[]): N => listMax(xs);
const least = (...xs: N[]): N => {
  let m: N = null;
  for (const x of xs) if (x !== null && (m === null || x < m)) m = x;
  return m;
};
const and3 = (a: boolean | null, b: boolean | null): boolean | null =>
  a === false || b === false ? false : a === null || b === null ? null : true;
const agreement = (b: boolean | null): Agreement => (b === null ? 'unknown' : b ? 'agree' : 'differ');
const jwOrNull = (a: string | null, b: string | null): N => (a === null || b === null ? null : jaroWinklerSql(a, b));
/** DuckDB's round(x, 4) of a DOUBLE: half away from zero. */
const round4 = (x: number): number => {
  const v = x * 10000;
  const r = (v < 0 ? -Math.round(-v) : Math.round(v)) / 10000;
  return Number.isFinite(r) ? r : x;
};

/** sx_abbr: the name as an abbreviation (one word of 2 to 6 characters, or 2 to 6 single letters), null when none. */
function abbr(toks: readonly string[], core: string | null): string | null {
  if (core === null) return null;
  if (toks.length === 1 && core.length >= 2 && core.length <= 6) return core;
  if (toks.length >= 2 && toks.length <= 6 && core.length === 2 * toks.length - 1) return core.replaceAll(' ', '');
  return null;
}
const initials = (toks: readonly string[]) => toks.map((t) => t.slice(0, 1)).join('');

/** acronymLettersSql: S's word spelling the initials of T's words its other words leave unmatched (0: none). */
function acronymLetters(
  S: readonly string[],
  T: readonly string[],
  core: string | null,
  best: readonly N[] | null,
  m: (i: number, j: number) => number,
): number {
  const a = T.length >= 2 && abbr(S, core) === initials(T) ? T.length : 0;
  if (!(T.length >= 2 && T.length > S.length)) return a;
  let b: N = null;
  for (let i = 0; i < S.length; i++) {
    let v = 0;
    const w = S[i]!;
    if (w.length >= 2 && w.length <= 6) {
      // NOT coalesce(list_bool_or(others: best[k] < TOKEN_AGREES_JW), FALSE): a NULL best never counts as below
      let otherBelow = false;
      for (let k = 0; k < S.length; k++) {
        const bk = best?.[k] ?? null;
        if (k !== i && bk !== null && bk < TOKEN_AGREES_JW) otherBelow = true;
      }
      if (!otherBelow) {
        let spelt = '';
        for (let j = 0; j < T.length; j++) {
          let matched = false;
          for (let k = 0; k < S.length; k++) if (k !== i && m(k, j) >= TOKEN_AGREES_JW) matched = true;
          if (!matched) spelt += T[j]!.slice(0, 1);
        }
        if (w === spelt) v = w.length;
      }
    }
    b = b === null ? v : Math.max(b, v);
  }
  return Math.max(a, b ?? 0);
}

/**
 * The evidence and scores of a pair as scorePairsSql gives them: `s` the supplier (query), `n` the merchant, `sDf` /
 * `nDf` the network frequencies of their name tokens (null: no row, counted as no merchant carrying them),
 * `merchants` the network's size.
 */
export function scorePair(
  P: Parameters,
  s: PairSide,
  n: PairSide,
  sDf: readonly (number | null)[] | null,
  nDf: readonly (number | null)[] | null,
  merchants: number,
): PairScore {
  const N = Math.max(1, Math.round(merchants));
  const sTok = s.nameTokens;
  const nTok = n.nameTokens;
  const jw = greatest(jwOrNull(s.nameCore, n.nameCore), jwOrNull(s.nameSorted, n.nameSorted));
  const tm = sTok.map((x) => nTok.map((y) => jaroWinklerSql(x, y)));
  const segOf = (segs: readonly (readonly string[])[] | null, other: readonly string[], fromSup: boolean): N =>
    segs === null
      ? null
      : listMax(
          segs.map((seg) =>
            listAvg(seg.map((t) => listMax(other.map((o) => (fromSup ? jaroWinklerSql(t, o) : jaroWinklerSql(o, t)))))),
          ),
        );
  const segContain = greatest(segOf(n.nameSegments, sTok, false), segOf(s.nameSegments, nTok, true));
  const sharedWord = sTok.some((t, i) => t.length >= 3 && sTok.indexOf(t) === i && nTok.includes(t));
  const known = <T>(a: T | null, b: T | null, f: (a: T, b: T) => boolean): boolean | null =>
    a !== null && b !== null ? f(a, b) : null;
  const taxAgrees = known(s.taxNorm, n.taxNorm, (a, b) => a === b);
  const postcodeAgrees = known(s.postcodeNorm, n.postcodeNorm, (a, b) => a === b);
  const cityAgrees = known(s.cityNorm, n.cityNorm, (a, b) => jaroWinklerSql(a, b) >= P.cityAgreesAtLeast);
  const countryAgrees = known(s.country, n.country, (a, b) => a === b);
  const numAgrees =
    s.addrNum !== null && n.addrNum !== null
      ? and3(
          n.addrNumHi === null ? null : s.addrNum <= n.addrNumHi,
          s.addrNumHi === null ? null : n.addrNum <= s.addrNumHi,
        )
      : null;
  const addressScore = jwOrNull(s.addrStreet, n.addrStreet);
  // pair: token agreement (a typo of one edit in a word of 4+ letters agrees as TOKEN_AGREES_JW)
  const am = tm.map((row, i) =>
    row.map((v, j) =>
      v >= TOKEN_AGREES_JW
        ? v
        : v >= TYPO_JW_FROM && Math.min(sTok[i]!.length, nTok[j]!.length) >= 4 && oneEditApart(sTok[i]!, nTok[j]!)
          ? TOKEN_AGREES_JW
          : 0,
    ),
  );
  const rowBest = tm.map((r) => listMax(r));
  const colBest = tm.length ? nTok.map((_, j) => listMax(tm.map((r) => r[j] ?? null))) : null;
  const weights = (df: readonly (number | null)[]) => df.map((d) => Math.log(1 + N / Math.max(d ?? 1, 1)));
  const sW = weights(sDf ?? []);
  const nW = weights(nDf ?? []);
  const rowAgree = am.map((r) => listMax(r) ?? 0);
  const colAgree = nTok.map((_, j) => listMax(am.map((r) => r[j] ?? null)) ?? 0);
  const r = listAvg(rowBest);
  const c = colBest === null ? null : listAvg(colBest);
  const weighted = (w: number[], agree: number[]): N => {
    if (w.length !== agree.length)
      throw new Error(`list_inner_product: lists of different lengths (${w.length}, ${agree.length})`);
    let ip = 0;
    for (let k = 0; k < w.length; k++) ip += w[k]! * agree[k]!;
    const sum = listSum(w);
    return sum === null || sum === 0 ? null : ip / sum;
  };
  const wr = weighted(sW, rowAgree);
  const wc = weighted(nW, colAgree);
  const chance = listSum(colAgree.map((a, j) => (a > 0 ? Math.log(Math.max(nDf?.[j] ?? 1, 1) / N) : 0)));
  const nameChance = Math.min(N, Math.exp(Math.log(N) + (chance ?? 0)));
  const acr = Math.max(
    acronymLetters(sTok, nTok, s.nameCore, rowBest, (i, j) => tm[i]![j]!),
    acronymLetters(nTok, sTok, n.nameCore, colBest, (i, j) => tm[j]![i]!),
  );
  const soft = least(r, c);
  const contain = greatest(r, c, segContain ?? 0)!;
  const nameWeighted = least(wr, wc) ?? 0;
  const acronym = acr > 0;
  const taxE = agreement(taxAgrees);
  const postcodeE = agreement(postcodeAgrees);
  const cityE = agreement(cityAgrees);
  const countryE = agreement(countryAgrees);
  const streetNumberE = agreement(numAgrees);
  const streetE: Agreement =
    addressScore !== null && addressScore >= P.streetAgreesAtLeast
      ? 'agree'
      : addressScore !== null && addressScore < P.streetDiffersBelow
        ? 'differ'
        : 'unknown';
  const addressE: Agreement =
    numAgrees === true && addressScore !== null && addressScore >= P.streetAgreesAtLeast
      ? 'agree'
      : numAgrees !== null && addressScore !== null && (!numAgrees || addressScore < P.streetDiffersBelow)
        ? 'differ'
        : 'unknown';
  const name = jw === null || soft === null ? null : 0.4 * jw + 0.6 * soft;
  const one = (b: boolean) => (b ? 1 : 0);
  const totalScore = round4(
    (greatest(name, 0.9 * one(acronym)) ?? 0) +
      0.05 * contain +
      0.3 * one(taxE === 'agree') +
      0.12 * one(postcodeE === 'agree') +
      0.15 * one(addressE === 'agree') +
      0.04 * one(cityE === 'agree') -
      0.3 * one(countryE === 'differ') -
      0.08 * one(postcodeE === 'differ') -
      0.05 * one(cityE === 'differ') -
      0.12 * one(addressE === 'differ'),
  );
  return {
    jw,
    segContain,
    sharedWord,
    taxAgrees,
    postcodeAgrees,
    cityAgrees,
    countryAgrees,
    numAgrees,
    addressScore,
    nameChance,
    acronymLetters: acr,
    soft,
    contain,
    nameWeighted,
    acronym,
    taxE,
    postcodeE,
    cityE,
    countryE,
    streetNumberE,
    streetE,
    addressE,
    nameScore: name === null ? null : round4(name),
    totalScore,
  };
}

type Cond = TMatchRuleset['rules'][number]['when'];

/** A rule's condition over a scored pair, as condSql: a NULL value satisfies no comparison. */
function holds(c: Cond, x: PairScore): boolean {
  if ('all' in c) return c.all.every((y) => holds(y, x));
  if ('any' in c) return c.any.some((y) => holds(y, x));
  if ('not' in c) return !holds(c.not, x);
  const v = x[MATCH_FIELDS[c.field].column as keyof PairScore] as number | string | boolean | null;
  if (v === null) return false;
  const w = c.value;
  switch (c.op) {
    case 'eq':
      return v === w;
    case 'ne':
      return v !== w;
    case 'gte':
      return v >= w;
    case 'gt':
      return v > w;
    case 'lte':
      return v <= w;
    case 'lt':
      return v < w;
  }
}

/** The deciding rule of a scored pair and its confidence (rulesSql; nulls: no rule holds). */
export function ruleOf(
  rs: TMatchRuleset,
  x: PairScore,
): { confidence: 'High' | 'Medium' | 'Low' | null; ruleId: string | null } {
  for (const r of rs.rules) if (holds(r.when, x)) return { confidence: r.confidence, ruleId: r.id };
  return { confidence: null, ruleId: null };
}

/** The confidence after the ambiguity rule (ambiguousConfidenceSql). */
export function ambiguousConfidence(
  P: Parameters,
  raw: 'High' | 'Medium' | 'Low' | null,
  runnerUp: number | null,
  x: Pick<PairScore, 'totalScore' | 'nameScore' | 'taxE' | 'postcodeE' | 'addressE'>,
): 'High' | 'Medium' | 'Low' | null {
  if (
    raw !== null &&
    runnerUp !== null &&
    runnerUp >= x.totalScore - P.ambiguityMargin &&
    !(x.taxE === 'agree' || x.postcodeE === 'agree' || x.addressE === 'agree') &&
    !(x.nameScore !== null && x.nameScore >= 1 && runnerUp < x.totalScore)
  )
    return raw === 'High' ? 'Medium' : 'Low';
  return raw;
}
