/**
 * The JavaScript pair scoring of the vendor search (pair-score.ts) gives what the job matcher's SQL gives
 * (scorePairsSql, rulesSql, ambiguousConfidenceSql) on thousands of generated pairs: every evidence field, the
 * scores and the confidence; and its Jaro-Winkler is DuckDB's.
 */
import { describe, expect, it } from 'vitest';
import { lit, withDb } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import { ambiguousConfidenceSql, scorePairsSql } from '../src/match/match-sql.ts';
import { defaultMatchRuleset, rulesSql } from '../src/match/rules.ts';
import { ambiguousConfidence, jaroWinklerSql, ruleOf, scorePair, type PairSide } from '../src/match/pair-score.ts';
import { makeNamesEvalSet } from '../bench/names-eval.ts';
import { rng, int, pick } from '../src/network/random.ts';

const RS = defaultMatchRuleset();
const P = RS.parameters;

describe('pair scoring in JavaScript', () => {
  it("computes DuckDB's jaro_winkler_similarity", async () => {
    const r = rng(7);
    const pairs: [string, string][] = [
      ['', ''],
      ['', 'a'],
      ['abc', 'abc'],
      ['müller', 'muller'],
      ['é', 'e'],
      ['Zürich AG', 'zurich ag'],
      ['ООО Ромашка', 'ооо ромашка'],
    ];
    for (let k = 0; k < 6000; k++) {
      const alpha = ['ab', 'abc', 'abcdefghij', 'aeioulmnrst ', 'aäöüé'][k % 5]!;
      const s = () => Array.from({ length: int(r, 0, 14) }, () => pick(r, [...alpha])).join('');
      pairs.push([s(), s()]);
    }
    const want = await withDb({ threads: 1, memoryLimit: '256MB' }, (db) =>
      db.all<{ v: number }>(
        `SELECT jaro_winkler_similarity(a, b) AS v FROM (VALUES ${pairs.map(([a, b], i) => `(${i}, ${lit(a)}, ${lit(b)})`).join(', ')}) t(i, a, b) ORDER BY i`,
      ),
    );
    const wrong = pairs.filter(([a, b], i) => jaroWinklerSql(a, b) !== want[i]!.v);
    expect(wrong).toEqual([]);
  });

  it('scores pairs, decides their confidence and the ambiguity step as the matcher SQL does', async () => {
    const set = makeNamesEvalSet(5, 400, 300, 100);
    const r = rng(11);
    const maybe = <T>(v: T, p = 0.7): T | null => (r() < p ? v : null);
    const merchants = set.network.map((m, i) => ({
      id: i + 1,
      // some names in parts, some single letters and acronyms, one with no words left
      name:
        i % 17 === 0 ? `${m.name} - ${pick(r, set.network).name}` : i === 5 ? '!!!' : i % 23 === 0 ? 'I B M' : m.name,
      address: maybe(
        i % 9 === 0 ? `${int(r, 1, 90)}-${int(r, 1, 9)} ${m.address.split(' ').slice(1).join(' ')}` : m.address,
      ),
      postcode: maybe(m.postcode),
      city: maybe(m.city),
      country: maybe(m.country),
      taxId: maybe(`DE${100000 + i * 37}`, 0.5),
    }));
    const suppliers = set.suppliers.map((s, i) => {
      const m = set.network.findIndex((x) => x.merchantId === s.merchantId);
      const mm = m >= 0 ? merchants[m]! : null;
      return {
        id: i + 1,
        name:
          i % 13 === 0
            ? `${s.supplierName} t/a ${pick(r, set.network).name}`
            : i % 29 === 0
              ? 'International Business Machines'
              : s.supplierName,
        address: maybe(r() < 0.5 && mm?.address ? mm.address : s.address),
        postcode: maybe(r() < 0.3 ? String(int(r, 10000, 99999)) : s.postcode),
        city: maybe(r() < 0.2 ? s.city.slice(0, -1) : s.city),
        country: maybe(r() < 0.2 ? 'ZZZ' : s.country),
        taxId: maybe(r() < 0.5 && mm?.taxId ? mm.taxId.slice(2) : `${200000 + i}`, 0.4),
        merchant: m,
      };
    });
    // each supplier with its merchant, a few random ones and those sharing its first word
    const pairs: [number, number][] = [];
    for (const s of suppliers) {
      const ms = new Set<number>();
      if (s.merchant >= 0) ms.add(s.merchant + 1);
      for (let k = 0; k < 3; k++) ms.add(int(r, 1, merchants.length));
      const first = s.name.split(' ')[0]!.toLowerCase();
      for (const m of merchants) if (ms.size < 9 && m.name.toLowerCase().includes(first)) ms.add(m.id);
      for (const m of ms) pairs.push([s.id, m]);
    }
    const side = (rows: typeof merchants, id: string) =>
      `SELECT *, array_to_string(nameTokens, ' ') AS nameCore, array_to_string(list_sort(nameTokens), ' ') AS nameSorted,
         sx_addr_num(a0) AS addrNum, sx_addr_num_hi(a0) AS addrNumHi, sx_addr_street(a0) AS addrStreet FROM (
         SELECT id AS ${id}, sx_name_tokens(name) AS nameTokens, sx_name_segments(name) AS nameSegments, sx_postcode(postcode) AS postcodeNorm,
           sx_addr_base(address) AS a0, nullif(sx_clean(city), '') AS cityNorm, sx_taxid(taxId) AS taxNorm, country
         FROM (VALUES ${rows.map((x) => `(${x.id}, ${lit(x.name)}, ${lit(x.address)}, ${lit(x.postcode)}, ${lit(x.city)}, ${lit(x.country)}, ${lit(x.taxId)})`).join(', ')})
           t(id, name, address, postcode, city, country, taxId))`;
    const N = merchants.length;
    const out = await withDb({ threads: 1, memoryLimit: '512MB' }, async (db) => {
      await createNormaliseMacros(db);
      await db.run(`CREATE TABLE sup AS ${side(suppliers, 'sid')}`);
      await db.run(`CREATE TABLE net AS ${side(merchants, 'mid')}`);
      await db.run(
        `CREATE TABLE tok_df AS SELECT tok, count(*)::INTEGER AS df FROM (SELECT unnest(list_distinct(nameTokens)) AS tok FROM net) GROUP BY tok`,
      );
      const df = (rel: string, id: string) =>
        `SELECT ${id}, list(coalesce(d.df, 0) ORDER BY u.i) AS nameDf FROM (SELECT ${id}, unnest(nameTokens) AS tok, unnest(range(1, len(nameTokens) + 1)) AS i FROM ${rel}) u
         LEFT JOIN tok_df d USING (tok) GROUP BY ${id}`;
      await db.run(`CREATE TABLE sd AS ${df('sup', 'sid')}`);
      await db.run(`CREATE TABLE nd AS ${df('net', 'mid')}`);
      await db.run(
        `CREATE TABLE p AS SELECT sid, mid, greatest(jaro_winkler_similarity(s.nameCore, n.nameCore), jaro_winkler_similarity(s.nameSorted, n.nameSorted)) AS jw
         FROM (VALUES ${pairs.map(([s, m]) => `(${s}, ${m})`).join(', ')}) t(sid, mid) JOIN sup s USING (sid) JOIN net n USING (mid)`,
      );
      const sql = scorePairsSql(
        P,
        { pairs: 'p', sup: 'sup', net: 'net', supDf: 'sd', netDf: 'nd', pm: 'pm', pair: 'pair' },
        N,
      );
      await db.run(`CREATE TABLE pm AS ${sql.pm}`);
      await db.run(`CREATE TABLE pair AS ${sql.pair}`);
      const rules = rulesSql(RS);
      // a runner-up for the ambiguity step: the next pair's score, as a job's ranked table has it
      const scored = await db.all<Record<string, unknown>>(
        `SELECT *, ${ambiguousConfidenceSql(P)} AS confidence FROM (
           SELECT *, ${rules.confidence} AS rawConfidence, ${rules.ruleId} AS ruleId,
             lead(totalScore) OVER (ORDER BY sid, mid) AS runnerUp FROM (${sql.scored})) ORDER BY sid, mid`,
      );
      const sides = async (rel: string, id: string) =>
        new Map(
          (await db.all<Record<string, unknown>>(`SELECT * FROM ${rel}`)).map((x) => [Number(x[id]), x] as const),
        );
      return {
        scored,
        sup: await sides('sup', 'sid'),
        net: await sides('net', 'mid'),
        sd: await sides('sd', 'sid'),
        nd: await sides('nd', 'mid'),
      };
    });
    const asSide = (x: Record<string, unknown>): PairSide => {
      const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
      const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return {
        nameTokens: (x.nameTokens as string[]) ?? [],
        nameSegments: (x.nameSegments as string[][] | null) ?? null,
        nameCore: s(x.nameCore),
        nameSorted: s(x.nameSorted),
        postcodeNorm: s(x.postcodeNorm),
        cityNorm: s(x.cityNorm),
        taxNorm: s(x.taxNorm),
        country: s(x.country),
        addrNum: n(x.addrNum),
        addrNumHi: n(x.addrNumHi),
        addrStreet: s(x.addrStreet),
      };
    };
    const fields = [
      'jw',
      'soft',
      'contain',
      'nameWeighted',
      'nameChance',
      'acronymLetters',
      'acronym',
      'sharedWord',
      'taxE',
      'postcodeE',
      'cityE',
      'countryE',
      'streetNumberE',
      'streetE',
      'addressE',
      'nameScore',
      'totalScore',
    ] as const;
    const seen = { acronym: 0, segments: 0, taxAgree: 0, addressAgree: 0, addressDiffer: 0, High: 0, ambiguous: 0 };
    expect(out.scored.length).toBe(pairs.length);
    for (const row of out.scored) {
      const sid = Number(row.sid);
      const mid = Number(row.mid);
      const sd = out.sd.get(sid)?.nameDf as number[] | undefined;
      const nd = out.nd.get(mid)?.nameDf as number[] | undefined;
      const got = scorePair(P, asSide(out.sup.get(sid)!), asSide(out.net.get(mid)!), sd ?? null, nd ?? null, N);
      const rule = ruleOf(RS, got);
      const runnerUp = row.runnerUp === null ? null : Number(row.runnerUp);
      const confidence = ambiguousConfidence(P, rule.confidence, runnerUp, got);
      for (const f of fields) {
        const want = row[f];
        const g = got[f];
        if (typeof want === 'number' && typeof g === 'number' && !['nameScore', 'totalScore'].includes(f))
          expect([sid, mid, f, g]).toEqual([sid, mid, f, expect.closeTo(want, 12)]);
        else expect([sid, mid, f, g]).toEqual([sid, mid, f, want]);
      }
      expect([sid, mid, rule.confidence, rule.ruleId, confidence]).toEqual([
        sid,
        mid,
        row.rawConfidence,
        row.ruleId,
        row.confidence,
      ]);
      if (got.acronym) seen.acronym++;
      if (got.segContain !== null) seen.segments++;
      if (got.taxE === 'agree') seen.taxAgree++;
      if (got.addressE === 'agree') seen.addressAgree++;
      if (got.addressE === 'differ') seen.addressDiffer++;
      if (rule.confidence === 'High') seen.High++;
      if (confidence !== rule.confidence) seen.ambiguous++;
    }
    // the generated pairs reach every kind of evidence
    for (const [k, v] of Object.entries(seen)) expect([k, v]).toEqual([k, expect.any(Number)]);
    expect(Math.min(...Object.values(seen))).toBeGreaterThan(0);
  }, 120_000);
});
