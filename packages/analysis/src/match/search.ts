/**
 * Vendor search: one query against the reference network with the job matcher's own normalisation
 * (normalise-sql.ts macros) and pair scoring (match.ts scorePairs, the match ruleset's rules and ambiguity step),
 * so a result's confidence means what a job match means.
 *
 * The index is a DuckDB file built once per network (buildVendorIndex) and opened read-only (VendorIndex):
 * - net       the prepared network with a merchant number (mid) and industry labels from the reference tables;
 * - net_tok   one row per (name token, merchant) with every column a search reads, sorted by token;
 * - tok_df    each token's network frequency; tax_idx the network sorted by normalised tax id.
 * A look-up is a range over a sorted table, so DuckDB's zone maps skip all but a few row groups (an IN list of
 * strings is not pruned that way).
 *
 * Candidates of a query: each query word becomes the network tokens it may be (itself; typos: the same first 3
 * letters and Jaro-Winkler >= 0.85; the last word also as a prefix, for search as you type). The rarest word's
 * merchants are the candidates, or, when it is common, those carrying both of the two rarest words; a tax id is
 * looked up directly. The best candidates by name Jaro-Winkler are then scored like a job's suppliers.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { lit } from '../db.ts';
import type { Db } from '../db.ts';
import { loadReference } from '../reference/load.ts';
import { createNormaliseMacros } from './normalise-sql.ts';
import { ambiguousConfidenceSql, NAME_JW_SQL, scorePairs } from './match.ts';
import { defaultMatchRuleset, rulesSql, type TMatchRuleset } from './rules.ts';
import type { ProgressFn } from '../progress.ts';

/** Bump when the index layout or the normalisation changes: an index of another format is rebuilt. */
export const VENDOR_INDEX_FORMAT = 'vx2';
/** A query word carried by at most this many merchants narrows the candidates alone; otherwise two words together. */
export const SEARCH_MAX_TOKEN_DF = 5_000;
/** Candidate merchants read per look-up (name words, tax id). */
export const SEARCH_MAX_CANDIDATES = 20_000;
/** Candidates scored per query (the best by name Jaro-Winkler; tax-id hits always). */
export const SEARCH_SCORED = 200;
/** Fuzzy token matches per query token (network tokens within jw 0.85 sharing the first 3 letters). */
const FUZZY_TOKEN_JW = 0.85;

export interface VendorQuery {
  q: string;
  city?: string | undefined;
  postcode?: string | undefined;
  country?: string | undefined;
  taxId?: string | undefined;
  limit?: number | undefined;
}

export interface VendorRecord {
  vendorId: string;
  name: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  country: string | null;
  taxId: string | null;
  mcc: string | null;
  acceptsCard: boolean;
  vcAccepting: boolean;
  detailLevel: number | null;
  stpCapable: boolean;
  lockboxes: string[];
  industry: {
    mccDescription: string | null;
    mccGroup: string | null;
    mccType: string | null;
    sicIndustry: string | null;
    naicsNationalIndustry: string | null;
    unspscCategory: string | null;
  };
}

export interface VendorHit extends VendorRecord {
  score: number;
  nameScore: number;
  /** High / Medium / Low as the job matcher decides it (null: no rule holds, a job would not match it). */
  confidence: 'High' | 'Medium' | 'Low' | null;
  rule: string | null;
  /** Evidence fields agreeing / differing (name, taxId, postcode, city, country, address). */
  agreeing: string[];
  differing: string[];
}

export interface VendorIndexInfo {
  file: string;
  merchants: number;
  /** rows of net_tok (token, merchant pairs) */
  keys: number;
  tokens: number;
  bytes: number;
  seconds: number;
  built: boolean;
}

/** The index file of a network: DATA_DIR-relative callers pass the folder; the name carries format and network. */
export function vendorIndexFile(dir: string, networkFile: string): string {
  const st = statSync(networkFile);
  const base = path.basename(networkFile).replace(/\.parquet$/i, '');
  return path.join(dir, `${base}.${st.size}.${Math.floor(st.mtimeMs)}.${VENDOR_INDEX_FORMAT}.duckdb`);
}

function dbOf(conn: DuckDBConnection): Db {
  const all = async <T>(sql: string, params?: DuckDBValue[]): Promise<T[]> => {
    const t = performance.now();
    const reader = await conn.runAndReadAll(sql, params);
    if (process.env.SEXTANT_SQL_TIMING === '1')
      console.error(Math.round(performance.now() - t), sql.replace(/\s+/g, ' ').slice(0, 90));
    return reader.getRowObjectsJS().map((r) => plain(r)) as T[];
  };
  return {
    conn,
    run: async (sql) => {
      const t = performance.now();
      await conn.run(sql);
      if (process.env.SEXTANT_SQL_TIMING === '1')
        console.error(Math.round(performance.now() - t), sql.replace(/\s+/g, ' ').slice(0, 90));
    },
    all,
    one: async <T>(sql: string) => (await all<T>(sql))[0],
    close: () => conn.closeSync(),
  };
}

function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object' && (v as object).constructor === Object) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = plain(x);
    return o;
  }
  return v;
}

/**
 * Builds the search index of a prepared network into `indexFile` (written beside under a temporary name and
 * renamed, so a concurrent reader never opens a half-written file). Does nothing when it exists.
 */
export async function buildVendorIndex(
  networkFile: string,
  indexFile: string,
  onProgress: ProgressFn = () => {},
): Promise<VendorIndexInfo> {
  const t0 = performance.now();
  if (existsSync(indexFile)) return { ...(await indexInfo(indexFile)), seconds: 0, built: false };
  const tmp = `${indexFile}.${process.pid}.${Date.now()}.tmp`;
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '1500MB', threads: '2' });
  const conn = await instance.connect();
  const db = dbOf(conn);
  try {
    await conn.run(`SET temp_directory = ${lit(path.join(path.dirname(indexFile), '.tmp'))}`);
    await loadReference(db);
    await conn.run(`ATTACH ${lit(tmp)} AS vx`);
    onProgress(5, 'Copying the network');
    const u = (v: string) => `nullif(${v}, '')`;
    await conn.run(`CREATE TABLE vx.net AS SELECT row_number() OVER () AS mid, n.merchantId, n.name, n.addressLine1, n.addressLine2, n.city, n.region,
        n.postcode, n.country, n.taxId, n.mcc, coalesce(n.acceptsCard, FALSE) AS acceptsCard, coalesce(n.vcAccepting, FALSE) AS vcAccepting,
        n.detailLevel, coalesce(n.stpCapable, FALSE) AS stpCapable, coalesce(n.lockboxes, []) AS lockboxes,
        n.nameTokens, n.nameCore, n.nameSorted, n.nameSegments, n.postcodeNorm, n.cityNorm, n.taxNorm, n.addrNum, n.addrNumHi, n.addrStreet,
        ${u('r.mccDescription')} AS mccDescription, ${u('r.mccGroup')} AS mccGroup, ${u('r.mccType')} AS mccType,
        ${u(`r.sicIndustry || ' - ' || r.sicIndustryTitle`)} AS sicIndustry, ${u(`r.naics || ' - ' || r.naicsTitle`)} AS naicsNationalIndustry,
        ${u(`r.unspscFamily || ' - ' || r.unspscFamilyTitle`)} AS unspscCategory
      FROM read_parquet(${lit(networkFile)}) n LEFT JOIN ref_mcc_industry r ON r.mcc = n.mcc ORDER BY mid`);
    onProgress(30, 'Indexing name tokens');
    // One row per (name token, merchant) with every column a search needs, sorted by token: a token's merchants are
    // contiguous, so a look-up reads a few row groups instead of fetching merchants scattered over the network.
    await conn.run(`CREATE TABLE vx.net_tok AS SELECT t.tok, n.* FROM (SELECT DISTINCT mid, unnest(nameTokens) AS tok FROM vx.net) t
        JOIN vx.net n USING (mid) ORDER BY t.tok, t.mid`);
    await conn.run(`CREATE TABLE vx.tok_df AS SELECT tok, count(*) AS df FROM vx.net_tok GROUP BY tok ORDER BY tok`);
    onProgress(80, 'Indexing tax ids');
    await conn.run(`CREATE TABLE vx.tax_idx AS SELECT * FROM vx.net WHERE taxNorm IS NOT NULL ORDER BY taxNorm, mid`);
    await conn.run(`CREATE TABLE vx.meta AS SELECT ${lit(VENDOR_INDEX_FORMAT)} AS format, ${lit(networkFile)} AS network,
        (SELECT count(*) FROM vx.net) AS merchants, (SELECT count(*) FROM vx.net_tok) AS keys, (SELECT count(*) FROM vx.tok_df) AS tokens, now() AS builtAt`);
    await conn.run(`DETACH vx`);
  } catch (err) {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.wal`, { force: true });
    throw err;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  renameSync(tmp, indexFile);
  onProgress(100, 'Vendor index ready');
  return { ...(await indexInfo(indexFile)), seconds: (performance.now() - t0) / 1000, built: true };
}

async function indexInfo(file: string): Promise<Omit<VendorIndexInfo, 'seconds' | 'built'>> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const conn = await instance.connect();
  try {
    await conn.run(`ATTACH ${lit(file)} AS vx (READ_ONLY)`);
    const [m] = (await dbOf(conn).all<{ merchants: number; keys: number; tokens: number }>(
      `SELECT merchants, keys, tokens FROM vx.meta`,
    )) as [{ merchants: number; keys: number; tokens: number }];
    return { file, ...m, bytes: statSync(file).size };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The normalised columns the matcher compares (see match.ts). */
const MATCH_COLUMNS =
  'mid, nameTokens, nameCore, nameSorted, nameSegments, postcodeNorm, cityNorm, taxNorm, country, addrNum, addrNumHi, addrStreet';
const RECORD_COLUMNS = `merchantId, name, addressLine1, addressLine2, city, region, postcode, country, taxId, mcc, acceptsCard, vcAccepting,
  detailLevel, stpCapable, lockboxes, mccDescription, mccGroup, mccType, sicIndustry, naicsNationalIndustry, unspscCategory`;

function recordOf(r: Record<string, unknown>): VendorRecord {
  const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    vendorId: String(r.merchantId),
    name: String(r.name ?? ''),
    addressLine1: s(r.addressLine1),
    addressLine2: s(r.addressLine2),
    city: s(r.city),
    region: s(r.region),
    postcode: s(r.postcode),
    country: s(r.country),
    taxId: s(r.taxId),
    mcc: s(r.mcc),
    acceptsCard: r.acceptsCard === true,
    vcAccepting: r.vcAccepting === true,
    detailLevel: r.detailLevel === null || r.detailLevel === undefined ? null : Number(r.detailLevel),
    stpCapable: r.stpCapable === true,
    lockboxes: Array.isArray(r.lockboxes) ? r.lockboxes.map(String) : [],
    industry: {
      mccDescription: s(r.mccDescription),
      mccGroup: s(r.mccGroup),
      mccType: s(r.mccType),
      sicIndustry: s(r.sicIndustry),
      naicsNationalIndustry: s(r.naicsNationalIndustry),
      unspscCategory: s(r.unspscCategory),
    },
  };
}

const inList = (xs: readonly (string | number)[]) =>
  xs.map((x) => (typeof x === 'number' ? String(x) : lit(x))).join(', ');

/** An opened vendor index: searches run concurrently, each on its own connection (temporary tables are per connection). */
export class VendorIndex {
  private constructor(
    private readonly instance: DuckDBInstance,
    readonly file: string,
    private readonly ruleset: TMatchRuleset,
  ) {}

  static async open(file: string, options: { threads?: number; memoryLimit?: string } = {}): Promise<VendorIndex> {
    const instance = await DuckDBInstance.create(':memory:', {
      threads: String(options.threads ?? 2),
      memory_limit: options.memoryLimit ?? '512MB',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const conn = await instance.connect();
    try {
      await conn.run(`ATTACH ${lit(file)} AS vx (READ_ONLY)`);
      await createNormaliseMacros(dbOf(conn));
    } finally {
      conn.closeSync();
    }
    return new VendorIndex(instance, file, defaultMatchRuleset());
  }

  close(): void {
    this.instance.closeSync();
  }

  private async withConn<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const conn = await this.instance.connect();
    try {
      return await fn(dbOf(conn));
    } finally {
      conn.closeSync();
    }
  }

  async get(vendorId: string): Promise<VendorRecord | null> {
    return this.withConn(async (db) => {
      const rows = await (db.all as (s: string, p?: DuckDBValue[]) => Promise<Record<string, unknown>[]>)(
        `SELECT ${RECORD_COLUMNS} FROM vx.net WHERE merchantId = $1 LIMIT 1`,
        [vendorId],
      );
      return rows[0] ? recordOf(rows[0]) : null;
    });
  }

  async search(query: VendorQuery): Promise<VendorHit[]> {
    const limit = Math.max(1, Math.min(query.limit ?? 25, 100));
    return this.withConn(async (db) => {
      const all = db.all as <T>(s: string, p?: DuckDBValue[]) => Promise<T[]>;
      const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
      // The query as a one-row supplier, normalised by the matcher's macros.
      await all(
        `CREATE OR REPLACE TEMP TABLE q_sup AS SELECT 1 AS sid, nameTokens, nameSegments, array_to_string(nameTokens, ' ') AS nameCore,
           array_to_string(list_sort(nameTokens), ' ') AS nameSorted, sx_postcode($2) AS postcodeNorm, nullif(sx_clean($3), '') AS cityNorm,
           sx_taxid($4) AS taxNorm, nullif(upper(trim($5)), '') AS country, NULL::INTEGER AS addrNum, NULL::INTEGER AS addrNumHi, NULL::VARCHAR AS addrStreet
         FROM (SELECT sx_name_tokens($1) AS nameTokens, sx_name_segments($1) AS nameSegments)`,
        [query.q, blank(query.postcode), blank(query.city), blank(query.taxId), blank(query.country)],
      );
      const [sup] = await all<{ nameTokens: string[]; nameSorted: string; taxNorm: string | null; last: string }>(
        `SELECT nameTokens, nameSorted, taxNorm, list_reverse(string_split(trim(sx_clean($1)), ' '))[1] AS last FROM q_sup`,
        [query.q],
      );
      if (!sup) return [];
      const tokens = [...new Set(sup.nameTokens.filter((t) => t !== ''))];
      // Each query word → the network tokens it may be (itself, typos: same first 3 letters and jw >= 0.85; the last
      // word as typed also as a prefix), with how many merchants carry them.
      const groups: { toks: string[]; df: number }[] = [];
      for (const t of tokens) {
        const lo = t.slice(0, Math.min(3, t.length));
        const prefix = t === sup.last && t.length >= 3 ? ` OR starts_with(tok, ${lit(t)})` : '';
        const found = await all<{ tok: string; df: number }>(
          `SELECT tok, df FROM vx.tok_df WHERE tok >= ${lit(lo)} AND tok < ${lit(lo + '\u{10FFFF}')}
             AND (tok = ${lit(t)} OR (length(${lit(t)}) >= 3 AND jaro_winkler_similarity(tok, ${lit(t)}) >= ${FUZZY_TOKEN_JW})${prefix})
           ORDER BY tok = ${lit(t)} DESC, jaro_winkler_similarity(tok, ${lit(t)}) DESC LIMIT 8`,
        );
        if (found.length) groups.push({ toks: found.map((f) => f.tok), df: found.reduce((n, f) => n + f.df, 0) });
      }
      groups.sort((x, y) => x.df - y.df);
      const parts: string[] = [];
      const [g1, g2] = groups;
      // (a range per token: DuckDB prunes row groups of the sorted table by a range, not by an IN list of strings)
      const byToken = (toks: string[], cols: string) =>
        toks
          .map((t) => `SELECT ${cols} FROM vx.net_tok WHERE tok >= ${lit(t)} AND tok <= ${lit(t)}`)
          .join(' UNION ALL ');
      if (g1 && (g1.df <= SEARCH_MAX_TOKEN_DF || !g2)) {
        // the rarest word alone narrows enough (or is all there is: the candidate limit cuts it)
        parts.push(byToken(g1.toks, MATCH_COLUMNS));
      } else if (g1 && g2) {
        // two common words: the merchants carrying both
        parts.push(`SELECT * FROM (${byToken(g1.toks, MATCH_COLUMNS)}) WHERE mid IN (${byToken(g2.toks, 'mid')})`);
      }
      if (sup.taxNorm && sup.taxNorm.length >= 6)
        parts.push(
          `SELECT ${MATCH_COLUMNS} FROM vx.tax_idx WHERE taxNorm >= ${lit(sup.taxNorm)} AND taxNorm <= ${lit(sup.taxNorm)}`,
        );
      if (!parts.length) return [];
      await db.run(`CREATE OR REPLACE TEMP TABLE q_net AS SELECT * FROM (${parts.map((x) => `(${x} LIMIT ${SEARCH_MAX_CANDIDATES})`).join(' UNION ALL ')})
        QUALIFY row_number() OVER (PARTITION BY mid) = 1`);
      await db.run(`CREATE OR REPLACE TEMP TABLE q_pairs AS SELECT 1 AS sid, n.mid, ${NAME_JW_SQL} AS jw
        FROM q_net n, q_sup s
        QUALIFY row_number() OVER (ORDER BY coalesce(s.taxNorm = n.taxNorm, FALSE) DESC, jw DESC, n.mid) <= ${SEARCH_SCORED}`);
      await scorePairs(db, this.ruleset.parameters, 'q_pairs', 'q_scored', { sup: 'q_sup', net: 'q_net', temp: true });
      // The display columns of the best only, from the same token ranges (or the tax-id range).
      const top = (
        await all<{ mid: number }>(`SELECT mid FROM q_scored ORDER BY totalScore DESC, mid LIMIT ${limit}`)
      ).map((m) => m.mid);
      if (!top.length) return [];
      const display: string[] = [];
      if (g1) display.push(byToken(g1.toks, `mid, ${RECORD_COLUMNS}`));
      if (sup.taxNorm && sup.taxNorm.length >= 6)
        display.push(
          `SELECT mid, ${RECORD_COLUMNS} FROM vx.tax_idx WHERE taxNorm >= ${lit(sup.taxNorm)} AND taxNorm <= ${lit(sup.taxNorm)}`,
        );
      await db.run(`CREATE OR REPLACE TEMP TABLE q_disp AS SELECT * FROM (${display.join(' UNION ALL ')}) WHERE mid IN (${inList(top)})
        QUALIFY row_number() OVER (PARTITION BY mid) = 1`);
      const rules = rulesSql(this.ruleset);
      const rows = await all<Record<string, unknown>>(`
        WITH r AS (SELECT *, row_number() OVER (ORDER BY totalScore DESC, mid) AS rk,
            max(totalScore) OVER () AS best, nth_value(totalScore, 2) OVER (ORDER BY totalScore DESC, mid ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS second
          FROM q_scored),
        c AS (SELECT *, CASE WHEN rk = 1 THEN second ELSE best END AS runnerUp, ${rules.confidence} AS rawConfidence, ${rules.ruleId} AS ruleId FROM r)
        SELECT n.*, c.totalScore AS score, c.nameScore, ${ambiguousConfidenceSql(this.ruleset.parameters)} AS confidence, c.ruleId,
          [x FOR x IN [['taxId', taxE], ['postcode', postcodeE], ['city', cityE], ['country', countryE]]] AS evidence
        FROM c JOIN q_disp n USING (mid) ORDER BY c.totalScore DESC, mid LIMIT ${limit}`);
      return rows.map((r) => {
        const ev = (r.evidence as [string, string][]) ?? [];
        const nameScore = Number(r.nameScore);
        return {
          ...recordOf(r),
          score: Number(r.score),
          nameScore,
          confidence: (r.confidence as VendorHit['confidence']) ?? null,
          rule: (r.ruleId as string | null) ?? null,
          agreeing: [...(nameScore >= 0.9 ? ['name'] : []), ...ev.filter((e) => e[1] === 'agree').map((e) => e[0])],
          differing: ev.filter((e) => e[1] === 'differ').map((e) => e[0]),
        };
      });
    });
  }
}
