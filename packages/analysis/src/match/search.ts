/**
 * Vendor search: one query against the reference network with the job matcher's own normalisation
 * (normalise-sql.ts macros) and pair scoring (match.ts scorePairsSql, the match ruleset's rules and ambiguity step),
 * so a result's confidence means what a job match means.
 *
 * The index is a DuckDB file built once per network (buildVendorIndex) and opened read-only (VendorIndex):
 * - net       the prepared network with a merchant number (mid) and industry labels from the reference tables,
 *             with ART indexes on merchantId and the normalised tax id (point look-ups);
 * - net_tok   one row per (name token, merchant) with every column a search reads, sorted by token: a token's
 *             merchants are contiguous, so fetching some of them reads a few vectors (a fetch of rows scattered
 *             over the network by an index costs milliseconds per row);
 * - tok_post  each name token's merchants (postings, sorted by mid).
 * Opening loads the postings into memory (typed arrays: token → merchants and merchant → tokens, ≈ 30 MB for
 * 1M merchants), so candidates are found without touching the file.
 *
 * A search is two statements: the query words normalised by the matcher's macros; then, after the candidates are
 * chosen in memory, one statement that fetches the chosen merchants from their tokens' ranges of net_tok (and any
 * tax-id hit), scores them as a
 * job's suppliers are scored and returns the ranked results with their display columns.
 *
 * Candidates: each query word becomes the network tokens it may be (itself; typos: the same first 3 letters and
 * Jaro-Winkler >= 0.85, those one edit away first; the last word also as a prefix, for search as you type). The
 * merchants of every word that few merchants carry are candidates, and those carrying two of the four rarest words
 * where both are common; so a misspelt or extra word cannot hide the merchant the other words name. They are ranked
 * by a soft token similarity of their names to the query (best Jaro-Winkler per word, both ways) and the best
 * SEARCH_SCORED scored. Equal scores are ordered by the written name's closeness to the query.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DuckDBInstance, DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { VENDOR_SEARCH_MAX_WORDS } from '@sextant/shared';

/** DuckDB, loaded on first use (a server start needs none of it). */
const duckdb = () => import('@duckdb/node-api').then((m) => m.DuckDBInstance);
import { lit } from '../db.ts';
import type { Db } from '../db.ts';
import { loadReference } from '../reference/load.ts';
import { createNormaliseMacros, SEGMENT_RE } from './normalise-sql.ts';
import { dropLegalForms } from './name-rules.ts';
import { ambiguousConfidenceSql, NAME_JW_SQL, scorePairsSql } from './match-sql.ts';
import { jaroWinkler } from '../ingest/detect.ts';
import { defaultMatchRuleset, rulesSql, type TMatchRuleset } from './rules.ts';
import type { ProgressFn } from '../progress.ts';

/** Bump when the index layout or the normalisation changes: an index of another format is rebuilt. */
export const VENDOR_INDEX_FORMAT = 'vx4';
/** A query word carried by at most this many merchants narrows the candidates alone; otherwise two words together. */
export const SEARCH_MAX_TOKEN_DF = 5_000;
/** Candidate merchants ranked in memory per query (name words). */
export const SEARCH_MAX_CANDIDATES = 200_000;
/** Candidates scored per query (the best by soft token similarity; tax-id hits always). */
export const SEARCH_SCORED = 100;
/**
 * Query words ranked per search, at most (the first distinct ones after normalisation; the API refuses a name of more
 * words first): a name has a few words, and each word costs a scan of the tokens sharing its first letters and a
 * similarity per candidate token, so a long query of many short words must not fan out.
 */
const SEARCH_MAX_WORDS = VENDOR_SEARCH_MAX_WORDS;
/** Fuzzy token matches per query token (network tokens within jw 0.85 sharing the first 3 letters). */
const FUZZY_TOKEN_JW = 0.85;
/** Network tokens a query word may be (itself and its look-alikes), at most. */
const SEARCH_TOKEN_VARIANTS = 16;

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
  /** postings (token, merchant pairs) */
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
  /** Stops the build (its running statement is interrupted, the temporary file removed); the promise rejects. */
  signal?: AbortSignal,
): Promise<VendorIndexInfo> {
  const t0 = performance.now();
  signal?.throwIfAborted();
  if (existsSync(indexFile)) return { ...(await indexInfo(indexFile)), seconds: 0, built: false };
  const tmp = `${indexFile}.${process.pid}.${Date.now()}.tmp`;
  const instance = await (await duckdb()).create(':memory:', { memory_limit: '1500MB', threads: '2' });
  const conn = await instance.connect();
  const db = dbOf(conn);
  const interrupt = () => conn.interrupt();
  signal?.addEventListener('abort', interrupt, { once: true });
  // a statement started after the abort is not interrupted: each step checks first
  const run = (sql: string) => {
    signal?.throwIfAborted();
    return conn.run(sql);
  };
  try {
    await run(`SET temp_directory = ${lit(path.join(path.dirname(indexFile), '.tmp'))}`);
    await loadReference(db);
    await run(`ATTACH ${lit(tmp)} AS vx`);
    onProgress(5, 'Copying the network');
    const u = (v: string) => `nullif(${v}, '')`;
    await run(`CREATE TABLE vx.net AS SELECT row_number() OVER () AS mid, n.merchantId, n.name, n.addressLine1, n.addressLine2, n.city, n.region,
        n.postcode, n.country, n.taxId, n.mcc, coalesce(n.acceptsCard, FALSE) AS acceptsCard, coalesce(n.vcAccepting, FALSE) AS vcAccepting,
        n.detailLevel, coalesce(n.stpCapable, FALSE) AS stpCapable, coalesce(n.lockboxes, []) AS lockboxes,
        n.nameTokens, n.nameCore, n.nameSorted, n.nameSegments, n.postcodeNorm, n.cityNorm, n.taxNorm, n.addrNum, n.addrNumHi, n.addrStreet,
        ${u('r.mccDescription')} AS mccDescription, ${u('r.mccGroup')} AS mccGroup, ${u('r.mccType')} AS mccType,
        ${u(`r.sicIndustry || ' - ' || r.sicIndustryTitle`)} AS sicIndustry, ${u(`r.naics || ' - ' || r.naicsTitle`)} AS naicsNationalIndustry,
        ${u(`r.unspscFamily || ' - ' || r.unspscFamilyTitle`)} AS unspscCategory
      FROM read_parquet(${lit(networkFile)}) n LEFT JOIN ref_mcc_industry r ON r.mcc = n.mcc ORDER BY mid`);
    onProgress(40, 'Indexing merchants');
    await run(`CREATE INDEX net_merchant ON vx.net (merchantId)`);
    await run(`CREATE INDEX net_tax ON vx.net (taxNorm)`);
    onProgress(60, 'Indexing name tokens');
    await run(`CREATE TABLE vx.net_tok AS SELECT t.tok, n.* FROM (SELECT DISTINCT mid, unnest(nameTokens) AS tok FROM vx.net) t
        JOIN vx.net n USING (mid) ORDER BY t.tok, t.mid`);
    await run(`CREATE TABLE vx.tok_post AS SELECT tok, list(mid ORDER BY mid)::INTEGER[] AS mids
        FROM (SELECT DISTINCT mid, unnest(nameTokens) AS tok FROM vx.net) GROUP BY tok ORDER BY tok`);
    await run(`CREATE TABLE vx.meta AS SELECT ${lit(VENDOR_INDEX_FORMAT)} AS format, ${lit(networkFile)} AS network,
        (SELECT count(*) FROM vx.net) AS merchants, (SELECT sum(len(mids)) FROM vx.tok_post) AS keys, (SELECT count(*) FROM vx.tok_post) AS tokens,
        (SELECT max(mid) FROM vx.net) AS maxMid, now() AS builtAt`);
    await run(`DETACH vx`);
  } catch (err) {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.wal`, { force: true });
    throw err;
  } finally {
    signal?.removeEventListener('abort', interrupt);
    conn.closeSync();
    instance.closeSync();
  }
  if (signal?.aborted) {
    rmSync(tmp, { force: true });
    signal.throwIfAborted();
  }
  renameSync(tmp, indexFile);
  // indexes of this network file in an older format (or of an earlier version of it) are not read again
  const dir = path.dirname(indexFile);
  const base = `${path.basename(networkFile).replace(/\.parquet$/i, '')}.`;
  for (const f of readdirSync(dir))
    if (f.startsWith(base) && f.endsWith('.duckdb') && path.join(dir, f) !== indexFile)
      rmSync(path.join(dir, f), { force: true });
  onProgress(100, 'Vendor index ready');
  return { ...(await indexInfo(indexFile)), seconds: (performance.now() - t0) / 1000, built: true };
}

async function indexInfo(file: string): Promise<Omit<VendorIndexInfo, 'seconds' | 'built'>> {
  const instance = await (await duckdb()).create(':memory:', { threads: '1' });
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

/** Name tokens in memory: token → merchants (postings) and merchant → tokens, as typed arrays. */
interface Postings {
  /** tokens, sorted by JavaScript string order */
  toks: string[];
  /** merchants of token i: post[postOff[i] .. postOff[i + 1]) */
  postOff: Int32Array;
  post: Int32Array;
  /** tokens of merchant m: mtok[mtokOff[m] .. mtokOff[m + 1]) */
  mtokOff: Int32Array;
  mtok: Int32Array;
}

async function loadPostings(db: Db): Promise<Postings> {
  const [meta] = await db.all<{ maxMid: number }>(`SELECT maxMid FROM vx.meta`);
  const maxMid = meta?.maxMid ?? 0;
  const reader = await db.conn.runAndReadAll(`SELECT tok, mids FROM vx.tok_post`);
  const rows = reader.getRowsJS() as [string, number[]][];
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const toks = rows.map((r) => r[0]);
  const postOff = new Int32Array(rows.length + 1);
  for (let i = 0; i < rows.length; i++) postOff[i + 1] = postOff[i]! + rows[i]![1].length;
  const post = new Int32Array(postOff[rows.length]!);
  const count = new Int32Array(maxMid + 2);
  for (let i = 0; i < rows.length; i++) {
    const mids = rows[i]![1];
    post.set(mids, postOff[i]!);
    for (const m of mids) count[m]!++;
  }
  const mtokOff = new Int32Array(maxMid + 2);
  for (let m = 0; m <= maxMid; m++) mtokOff[m + 1] = mtokOff[m]! + count[m]!;
  const fill = mtokOff.slice(0, maxMid + 1);
  const mtok = new Int32Array(post.length);
  for (let i = 0; i < rows.length; i++) for (let k = postOff[i]!; k < postOff[i + 1]!; k++) mtok[fill[post[k]!]!++] = i;
  return { toks, postOff, post, mtokOff, mtok };
}

/** First index of a sorted array whose value is >= x. */
function lowerBound(xs: readonly string[], x: string): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether b is a within one edit of a: a letter dropped, added or changed, or two neighbours swapped. */
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

/** A search query as a one-row supplier: normalised as the job matcher normalises a supplier (normalise-sql.ts). */
export interface NormalisedVendorQuery {
  /** sx_name_tokens of the name */
  nameTokens: string[];
  /** sx_name_segments of the name (null: a name of one part) */
  nameSegments: string[][] | null;
  postcodeNorm: string | null;
  cityNorm: string | null;
  taxNorm: string | null;
  country: string | null;
  /** the last word as written (cleaned), searched as a prefix too */
  last: string | null;
}

/**
 * The query normalised by the matcher's macros (createNormaliseMacros) in two statements (three for a name in parts),
 * but for the legal forms of the name and of its parts (rare: "X t/a Y"), dropped in JavaScript between them
 * (name-rules.ts dropLegalForms, a look-up by word): the macros' legal-form regexes (sx_drop_forms) cost ~0.1 s to
 * compile in every statement that uses them. Same result as sx_name_tokens / sx_name_segments
 * (test/vendor-search-query.test.ts).
 */
export async function normaliseVendorQuery(db: Db, query: VendorQuery): Promise<NormalisedVendorQuery | null> {
  const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
  const all = async (sql: string, params: DuckDBValue[]) =>
    (await db.conn.runAndReadAll(sql, params)).getRowObjectsJS() as Record<string, unknown>[];
  const [q] = await all(
    `SELECT sx_name_clean0($1) AS clean0, regexp_matches(sx_lower($1), ${lit(SEGMENT_RE)}) AS segmented,
       sx_postcode($2) AS postcodeNorm, nullif(sx_clean($3), '') AS cityNorm, sx_taxid($4) AS taxNorm,
       nullif(upper(trim($5)), '') AS country, list_reverse(string_split(trim(sx_clean($1)), ' '))[1] AS last`,
    [query.q, blank(query.postcode), blank(query.city), blank(query.taxId), blank(query.country)],
  );
  if (!q) return null;
  const cleaned = dropLegalForms(String(q.clean0 ?? ''));
  // the parts of a name in parts: a statement of their own (a second sx_name_clean0, in a lambda, costs ~3 ms to bind)
  const [p] = q.segmented
    ? await all(
        `SELECT list_transform(regexp_split_to_array(sx_lower($1), ${lit(SEGMENT_RE)}), seg -> sx_name_clean0(seg)) AS segments0`,
        [query.q],
      )
    : [];
  const segments = Array.isArray(p?.segments0) ? p.segments0.map((x) => dropLegalForms(String(x ?? ''))) : null;
  const [n] = await all(
    `SELECT sx_tokens_of_clean($1) AS nameTokens, ${
      segments
        ? `list_filter(list_transform([${segments.map(lit).join(', ')}]::VARCHAR[], c -> sx_tokens_of_clean(c)), t -> len(t) > 0 AND t[1] <> '')`
        : 'NULL'
    } AS nameSegments`,
    [cleaned],
  );
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    nameTokens: Array.isArray(n?.nameTokens) ? n.nameTokens.map(String) : [],
    nameSegments: Array.isArray(n?.nameSegments)
      ? n.nameSegments.map((t: unknown) => (Array.isArray(t) ? t.map(String) : []))
      : null,
    postcodeNorm: str(q.postcodeNorm),
    cityNorm: str(q.cityNorm),
    taxNorm: str(q.taxNorm),
    country: str(q.country),
    last: str(q.last),
  };
}

/** An opened vendor index: searches run concurrently, each on its own connection. */
export class VendorIndex {
  private constructor(
    private readonly instance: DuckDBInstance,
    readonly file: string,
    private readonly ruleset: TMatchRuleset,
    private readonly postings: Postings,
  ) {
    this.mark = new Int32Array(postings.mtokOff.length);
  }

  /** Membership marks by merchant for intersections: mark[mid] === stamp (candidates() is synchronous). */
  private readonly mark: Int32Array;
  private stamp = 0;

  static async open(file: string, options: { threads?: number; memoryLimit?: string } = {}): Promise<VendorIndex> {
    const instance = await (
      await duckdb()
    ).create(':memory:', {
      // one thread: a search is small, and handing its pipelines to worker threads costs more than it saves
      threads: String(options.threads ?? 1),
      memory_limit: options.memoryLimit ?? '512MB',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const conn = await instance.connect();
    try {
      await conn.run(`ATTACH ${lit(file)} AS vx (READ_ONLY)`);
      // without the legal-form macros: the query's legal forms are dropped in JavaScript (normaliseVendorQuery), by a
      // look-up built here rather than on the first search
      await createNormaliseMacros(dbOf(conn), { legalFormMacros: false });
      dropLegalForms('');
      const postings = await loadPostings(dbOf(conn));
      return new VendorIndex(instance, file, defaultMatchRuleset(), postings);
    } catch (err) {
      instance.closeSync();
      throw err;
    } finally {
      conn.closeSync();
    }
  }

  close(): void {
    this.instance.closeSync();
  }

  /** Connections of the searches and look-ups running now. */
  private readonly open = new Set<DuckDBConnection>();
  /** Whether the searches running now were interrupted (their statements fail; no new ones start). */
  private interrupted = false;

  /** Stops the searches running now: their running statement is interrupted and fails, and so does any later one. */
  interrupt(): void {
    this.interrupted = true;
    for (const conn of this.open) conn.interrupt();
  }

  private async withConn<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (this.interrupted) throw new Error('The vendor index was interrupted');
    const conn = await this.instance.connect();
    this.open.add(conn);
    try {
      return await fn(dbOf(conn));
    } finally {
      this.open.delete(conn);
      conn.closeSync();
    }
  }

  /** How many merchants carry a name token (0: none). */
  private tokenDf(tok: string): number {
    const p = this.postings;
    const at = lowerBound(p.toks, tok);
    return p.toks[at] === tok ? p.postOff[at + 1]! - p.postOff[at]! : 0;
  }

  async get(vendorId: string): Promise<VendorRecord | null> {
    return this.withConn(async (db) => {
      const rows = await db.all<Record<string, unknown>>(
        `SELECT ${RECORD_COLUMNS} FROM vx.net WHERE merchantId = ${lit(vendorId)} LIMIT 1`,
      );
      return rows[0] ? recordOf(rows[0]) : null;
    });
  }

  /**
   * The network tokens a query word may be, best first (itself; typos: same first 3 letters and Jaro-Winkler >=
   * 0.85; `prefix`: also the tokens it begins), at most SEARCH_TOKEN_VARIANTS. Tokens one edit away (a letter
   * dropped, added, changed or two swapped) come before other look-alikes, so the word meant is not crowded out by
   * many similar names.
   */
  private expand(word: string, prefix: boolean): number[] {
    const { toks } = this.postings;
    if (word.length < 3) {
      // no typo or prefix variants below 3 letters: only the word itself (a look-up, not a scan of every token
      // beginning with the same one or two letters)
      const at = lowerBound(toks, word);
      return toks[at] === word ? [at] : [];
    }
    const lo = word.slice(0, 3);
    const found: { i: number; rank: number }[] = [];
    for (let i = lowerBound(toks, lo); i < toks.length && toks[i]!.startsWith(lo); i++) {
      const tok = toks[i]!;
      const jw = jaroWinkler(tok, word);
      if (tok === word || (word.length >= 3 && jw >= FUZZY_TOKEN_JW) || (prefix && tok.startsWith(word)))
        found.push({ i, rank: tok === word ? 3 : (word.length >= 4 && oneEditApart(tok, word) ? 1 : 0) + jw });
    }
    return found
      .sort((a, b) => b.rank - a.rank || a.i - b.i)
      .slice(0, SEARCH_TOKEN_VARIANTS)
      .map((f) => f.i);
  }

  /**
   * The merchants to score for the query words: those carrying any word that few merchants carry (df <=
   * SEARCH_MAX_TOKEN_DF), and those carrying two of the four rarest words where both are common; so one misspelt or
   * extra word cannot hide a merchant that carries the others. The SEARCH_SCORED most similar by name tokens are kept
   * (soft similarity: the weaker of the average best match of each query word and of each merchant token, the
   * measure the matcher scores).
   */
  candidates(words: readonly string[], last: string | null): { mid: number; tok: string }[] {
    const p = this.postings;
    const groups = words
      .map((w) => {
        const toks = this.expand(w, w === last && w.length >= 3);
        return { toks, df: toks.reduce((n, t) => n + p.postOff[t + 1]! - p.postOff[t]!, 0) };
      })
      .filter((g) => g.toks.length > 0)
      .sort((a, b) => a.df - b.df);
    if (!groups.length) return [];
    // each candidate with a token it carries of the rarest word that brought it (where the search reads its row)
    const anchor = new Map<number, number>();
    const take = (toks: readonly number[], keep: (mid: number) => boolean = () => true) => {
      for (const t of toks)
        for (let k = p.postOff[t]!; k < p.postOff[t + 1]!; k++) {
          const mid = p.post[k]!;
          if (!anchor.has(mid) && keep(mid)) anchor.set(mid, t);
        }
    };
    const rare = (g: (typeof groups)[number]) => g.df <= SEARCH_MAX_TOKEN_DF || groups.length === 1;
    for (const g of groups) if (rare(g)) take(g.toks);
    const top = groups.slice(0, 4);
    for (let i = 0; i < top.length; i++)
      for (let j = i + 1; j < top.length; j++)
        if (!rare(top[i]!) && !rare(top[j]!)) {
          const stamp = ++this.stamp;
          for (const t of top[j]!.toks)
            for (let k = p.postOff[t]!; k < p.postOff[t + 1]!; k++) this.mark[p.post[k]!] = stamp;
          take(top[i]!.toks, (mid) => this.mark[mid] === stamp);
        }
    let mids = Int32Array.from(anchor.keys()).sort();
    if (mids.length > SEARCH_MAX_CANDIDATES) mids = mids.subarray(0, SEARCH_MAX_CANDIDATES);
    // similarity of each query word to each network token, computed once per token seen (-1: not yet)
    const sims = words.map(() => new Float32Array(p.toks.length).fill(-1));
    const sim = (q: number, tok: number) => {
      const m = sims[q]!;
      let v = m[tok]!;
      if (v < 0) m[tok] = v = jaroWinkler(words[q]!, p.toks[tok]!);
      return v;
    };
    const scored: { mid: number; score: number; extra: number }[] = [];
    const best = new Float64Array(words.length);
    for (const mid of mids) {
      const from = p.mtokOff[mid]!;
      const to = p.mtokOff[mid + 1]!;
      if (to <= from) continue;
      best.fill(0);
      let colSum = 0;
      for (let k = from; k < to; k++) {
        const tok = p.mtok[k]!;
        let colBest = 0;
        for (let q = 0; q < words.length; q++) {
          const v = sim(q, tok);
          if (v > best[q]!) best[q] = v;
          if (v > colBest) colBest = v;
        }
        colSum += colBest;
      }
      let rowSum = 0;
      for (let q = 0; q < words.length; q++) rowSum += best[q]!;
      const score = Math.min(rowSum / words.length, colSum / (to - from));
      scored.push({ mid, score, extra: Math.abs(to - from - words.length) });
    }
    scored.sort((a, b) => b.score - a.score || a.extra - b.extra || a.mid - b.mid);
    return scored.slice(0, SEARCH_SCORED).map((s) => ({ mid: s.mid, tok: p.toks[anchor.get(s.mid)!]! }));
  }

  async search(query: VendorQuery): Promise<VendorHit[]> {
    const limit = Math.max(1, Math.min(query.limit ?? 25, 100));
    return this.withConn(async (db) => {
      const q = await normaliseVendorQuery(db, query);
      if (!q) return [];
      const nameTokens = q.nameTokens;
      const words = [...new Set(nameTokens)].filter((t) => t !== '').slice(0, SEARCH_MAX_WORDS);
      const cands = this.candidates(words, q.last);
      const taxNorm = typeof q.taxNorm === 'string' && q.taxNorm.length >= 6 ? q.taxNorm : null;
      if (!cands.length && !taxNorm) return [];
      if (this.interrupted) throw new Error('The vendor index was interrupted');
      // 2. fetch, score and rank the candidates against the normalised query (a one-row supplier); equal scores (the
      // matcher drops legal forms and word order) are ordered by how close the written name is to the query
      const P = this.ruleset.parameters;
      // the network frequency of each name token of the query and the candidates, from the postings in memory (a
      // merchant found by its tax id only counts its other tokens as rare)
      const sql = scorePairsSql(
        P,
        { pairs: 'p', sup: 's', net: 'n', supDf: 'sd', netDf: 'nd', pm: 'pm', pair: 'pair' },
        this.postings.mtokOff.length - 2,
      );
      const dfOf = new Map<string, number>();
      for (const w of nameTokens) dfOf.set(w, this.tokenDf(w));
      for (const c of cands)
        for (let k = this.postings.mtokOff[c.mid]!; k < this.postings.mtokOff[c.mid + 1]!; k++) {
          const t = this.postings.mtok[k]!;
          dfOf.set(this.postings.toks[t]!, this.postings.postOff[t + 1]! - this.postings.postOff[t]!);
        }
      const rules = rulesSql(this.ruleset);
      const text = (v: unknown) => (typeof v === 'string' ? lit(v) : 'NULL');
      const list = (v: unknown): string =>
        Array.isArray(v) ? `[${v.map((x) => (Array.isArray(x) ? list(x) : text(x))).join(', ')}]` : 'NULL';
      // the candidates by token (a range per token: DuckDB skips the row groups of the sorted table outside it)
      const byTok = new Map<string, number[]>();
      for (const c of cands) (byTok.get(c.tok) ?? byTok.set(c.tok, []).get(c.tok)!).push(c.mid);
      const fetch = [
        ...[...byTok].map(
          ([tok, mids]) =>
            `SELECT * EXCLUDE (tok) FROM vx.net_tok WHERE tok >= ${lit(tok)} AND tok <= ${lit(tok)} AND mid IN (${mids.join(', ')})`,
        ),
        ...(taxNorm ? [`SELECT * FROM vx.net WHERE taxNorm = ${lit(taxNorm)}`] : []),
      ];
      const rows = await (db.all as (s: string, p?: DuckDBValue[]) => Promise<Record<string, unknown>[]>)(
        `WITH s AS (SELECT 1 AS sid, nameTokens, nameSegments, array_to_string(nameTokens, ' ') AS nameCore,
             array_to_string(list_sort(nameTokens), ' ') AS nameSorted, ${text(q.postcodeNorm)}::VARCHAR AS postcodeNorm,
             ${text(q.cityNorm)}::VARCHAR AS cityNorm, ${text(q.taxNorm)}::VARCHAR AS taxNorm, ${text(q.country)}::VARCHAR AS country,
             NULL::INTEGER AS addrNum, NULL::INTEGER AS addrNumHi, NULL::VARCHAR AS addrStreet
           FROM (SELECT ${list(nameTokens)}::VARCHAR[] AS nameTokens, ${list(q.nameSegments)}::VARCHAR[][] AS nameSegments)),
         n AS MATERIALIZED (SELECT * FROM (${fetch.join(' UNION ALL ')}) QUALIFY row_number() OVER (PARTITION BY mid) = 1),
         sd AS (SELECT 1 AS sid, [${nameTokens.map((w) => dfOf.get(w) ?? 0).join(', ')}]::INTEGER[] AS nameDf),
         nd AS (SELECT mid, list_transform(nameTokens, t -> coalesce(([${[...dfOf.values()].join(', ')}]::INTEGER[])[list_position(${list([...dfOf.keys()])}::VARCHAR[], t)], 0)) AS nameDf FROM n),
         p AS (SELECT 1 AS sid, n.mid, ${NAME_JW_SQL} AS jw FROM n, s
           QUALIFY row_number() OVER (ORDER BY coalesce(s.taxNorm = n.taxNorm, FALSE) DESC, jw DESC, n.mid) <= ${SEARCH_SCORED + 50}),
         pm AS (${sql.pm}),
         pair AS (${sql.pair}),
         sc AS (${sql.scored}),
         r AS (SELECT *, row_number() OVER (ORDER BY totalScore DESC, mid) AS rk,
             max(totalScore) OVER () AS best, nth_value(totalScore, 2) OVER (ORDER BY totalScore DESC, mid ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS second
           FROM sc),
         c AS (SELECT *, CASE WHEN rk = 1 THEN second ELSE best END AS runnerUp, ${rules.confidence} AS rawConfidence, ${rules.ruleId} AS ruleId FROM r)
        SELECT n.mid, ${RECORD_COLUMNS.split(',')
          .map((c) => `n.${c.trim()}`)
          .join(', ')}, c.totalScore AS score, c.nameScore, ${ambiguousConfidenceSql(P)} AS confidence, c.ruleId,
          [x FOR x IN [['taxId', taxE], ['postcode', postcodeE], ['city', cityE], ['country', countryE]]] AS evidence
        FROM c JOIN n USING (mid)
        ORDER BY c.totalScore DESC, jaro_winkler_similarity(lower(n.name), ${lit(query.q.trim().toLowerCase())}) DESC, mid LIMIT ${limit}`,
      );
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
