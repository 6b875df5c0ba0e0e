/**
 * Vendor search: one query against the reference network with the job matcher's own normalisation
 * (normalise-sql.ts: its macros, or the same rules in JavaScript for printable-ASCII text) and pair scoring (pair-score.ts,
 * the JavaScript of match-sql.ts scorePairsSql and of the match ruleset's rules and ambiguity step, tested equal on
 * generated pairs), so a result's confidence means what a job match means.
 *
 * The index is a DuckDB file built once per network (buildVendorIndex) and opened read-only (VendorIndex), with a
 * record file beside it (`<index>.rec`):
 * - net       merchant number (mid), merchantId and the normalised tax id, with ART indexes on both (point look-ups);
 * - tok_post  each name token's merchants (postings, sorted by mid);
 * - industry  the industry labels of each MCC the network has (reference tables);
 * - the record file: each merchant's columns (display and normalised) as one JSON array, by mid, followed by the
 *   records' byte offsets; a search reads its candidates' records with one positioned read each (DuckDB reads a
 *   row group's vectors to fetch one row: milliseconds per scattered row).
 * Opening loads the postings into memory (typed arrays: token → merchants and merchant → tokens, ≈ 30 MB for
 * 1M merchants) and the record offsets (8 bytes per merchant), so candidates are found without touching the file.
 *
 * A search runs no SQL for a printable-ASCII query without a tax id: the query is normalised in JavaScript, the
 * candidates are chosen in memory, their records read from the record file, scored, ranked and given the ruleset's
 * confidence in JavaScript. Other text is normalised by the macros (one or two statements); a tax id is looked up
 * through the ART index.
 *
 * Candidates: each query word becomes the network tokens it may be (itself; typos: the same first 3 letters and
 * Jaro-Winkler >= 0.85, those one edit away first; the last word also as a prefix, for search as you type). The
 * merchants of every word that few merchants carry are candidates, and those carrying two of the four rarest words
 * where both are common; so a misspelt or extra word cannot hide the merchant the other words name. They are ranked
 * by a soft token similarity of their names to the query (best Jaro-Winkler per word, both ways) and the best
 * SEARCH_SCORED scored. Equal scores are ordered by the written name's closeness to the query.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { DuckDBInstance, DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { VENDOR_SEARCH_MAX_WORDS } from '@sextant/shared';

/** DuckDB, loaded on first use (a server start needs none of it). */
const duckdb = () => import('@duckdb/node-api').then((m) => m.DuckDBInstance);
import { lit } from '../db.ts';
import { NETWORK_COLUMNS } from '../network/generate.ts';
import type { Db } from '../db.ts';
import { loadReference } from '../reference/load.ts';
import {
  cleanAscii,
  createNormaliseMacros,
  nameClean0Ascii,
  postcodeAscii,
  PRINTABLE_ASCII,
  segmentedAscii,
  segmentsClean0Ascii,
  SEGMENT_RE,
  taxIdAscii,
  tokensOfClean,
} from './normalise-sql.ts';
import { dropLegalForms } from './name-rules.ts';
import { ambiguousConfidence, jaroWinklerSql, ruleOf, scorePair, type PairScore, type PairSide } from './pair-score.ts';
import { jaroWinkler } from '../ingest/detect.ts';
import { defaultMatchRuleset, type TMatchRuleset } from './rules.ts';
import type { ProgressFn } from '../progress.ts';

export { oneEditApart } from './pair-score.ts';
import { oneEditApart } from './pair-score.ts';

/** Bump when the index layout or the normalisation changes: an index of another format is rebuilt. */
export const VENDOR_INDEX_FORMAT = 'vx5';
/** A query word carried by at most this many merchants narrows the candidates alone; otherwise two words together. */
export const SEARCH_MAX_TOKEN_DF = 5_000;
/** Candidate merchants ranked in memory per query (name words). */
export const SEARCH_MAX_CANDIDATES = 200_000;
/** Candidates scored per query (the best by soft token similarity; tax-id hits always). */
export const SEARCH_SCORED = 100;
/** Merchants scored per query at most: the candidates and tax-id hits, tax-id hits first, then by name Jaro-Winkler. */
const SEARCH_SCORED_MAX = SEARCH_SCORED + 50;
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

/** The record file of an index file. */
const recordFileOf = (indexFile: string) => `${indexFile}.rec`;
/** The record file's trailer: this magic, then the number of records (float64); the offsets come before it. */
const REC_MAGIC = 'SXREC001';
const REC_TRAILER = 16;

/** A merchant's record: its columns in this order (a JSON array per merchant in the record file). */
const REC_COLUMNS = [
  // the network's documented columns, then the matcher's normalised ones
  ...NETWORK_COLUMNS,
  'nameTokens',
  'nameSegments',
  'nameCore',
  'nameSorted',
  'postcodeNorm',
  'cityNorm',
  'taxNorm',
  'addrNum',
  'addrNumHi',
  'addrStreet',
  // DuckDB's lower(name) where the name is not ASCII (the tie-break of equal scores compares it with the query)
  'nameLower',
] as const;
type RecordRow = [
  merchantId: string,
  name: string | null,
  addressLine1: string | null,
  addressLine2: string | null,
  city: string | null,
  region: string | null,
  postcode: string | null,
  country: string | null,
  taxId: string | null,
  mcc: string | null,
  acceptsCard: boolean,
  vcAccepting: boolean,
  detailLevel: number | null,
  stpCapable: boolean,
  lockboxes: string[],
  nameTokens: string[] | null,
  nameSegments: string[][] | null,
  nameCore: string | null,
  nameSorted: string | null,
  postcodeNorm: string | null,
  cityNorm: string | null,
  taxNorm: string | null,
  addrNum: number | null,
  addrNumHi: number | null,
  addrStreet: string | null,
  nameLower: string | null,
];
const recordSql = (rel: string) =>
  `json_array(${REC_COLUMNS.map((c) =>
    c === 'acceptsCard' || c === 'vcAccepting' || c === 'stpCapable'
      ? `coalesce(${c}, FALSE)`
      : c === 'lockboxes'
        ? `coalesce(lockboxes, [])`
        : c === 'nameLower'
          ? `CASE WHEN regexp_matches(name, '[^\\x00-\\x7f]') THEN lower(name) END`
          : c,
  ).join(', ')})::VARCHAR FROM ${rel}`;

/**
 * Builds the search index of a prepared network into `indexFile` and its record file (written beside under temporary
 * names and renamed, the record file first, so a concurrent reader never opens a half-written index). Does nothing
 * when it exists. One read of the network into a temporary table, then: the merchant keys (net, two ART indexes), the
 * token postings (one GROUP BY), the MCC industries, and the records streamed to the record file.
 */
export async function buildVendorIndex(
  networkFile: string,
  indexFile: string,
  onProgress: ProgressFn = () => {},
  /** Stops the build (its running statement is interrupted, the temporary files removed); the promise rejects. */
  signal?: AbortSignal,
): Promise<VendorIndexInfo> {
  const t0 = performance.now();
  signal?.throwIfAborted();
  if (existsSync(indexFile) && existsSync(recordFileOf(indexFile)))
    return { ...(await indexInfo(indexFile)), seconds: 0, built: false };
  const tmp = `${indexFile}.${process.pid}.${Date.now()}.tmp`;
  const tmpRec = `${tmp}.rec`;
  const instance = await (await duckdb()).create(':memory:', { memory_limit: '1500MB', threads: '2' });
  const conn = await instance.connect();
  const db = dbOf(conn);
  const interrupt = () => conn.interrupt();
  signal?.addEventListener('abort', interrupt, { once: true });
  const timing = process.env.SEXTANT_SQL_TIMING === '1';
  // a statement started after the abort is not interrupted: each step checks first
  const run = async (sql: string) => {
    signal?.throwIfAborted();
    const t = performance.now();
    await conn.run(sql);
    if (timing) console.error(Math.round(performance.now() - t), sql.replace(/\s+/g, ' ').slice(0, 90));
  };
  let fd: number | undefined;
  try {
    await run(`SET temp_directory = ${lit(path.join(path.dirname(indexFile), '.tmp'))}`);
    await loadReference(db, ['ref_mcc', 'ref_sic', 'ref_naics', 'ref_unspsc', 'ref_crosswalk']);
    await run(`ATTACH ${lit(tmp)} AS vx`);
    onProgress(5, 'Reading the network');
    // a fresh table keeps the file order: mid = rowid + 1
    await run(
      `CREATE TEMP TABLE src AS SELECT ${REC_COLUMNS.filter((c) => c !== 'nameLower').join(', ')} FROM read_parquet(${lit(networkFile)})`,
    );
    onProgress(20, 'Indexing merchants');
    await run(`CREATE TABLE vx.net AS SELECT rowid + 1 AS mid, merchantId, taxNorm FROM src ORDER BY mid`);
    await run(`CREATE INDEX net_merchant ON vx.net (merchantId)`);
    await run(`CREATE INDEX net_tax ON vx.net (taxNorm)`);
    onProgress(40, 'Indexing name tokens');
    await run(`CREATE TABLE vx.tok_post AS SELECT tok, list(mid ORDER BY mid)::INTEGER[] AS mids
        FROM (SELECT DISTINCT rowid + 1 AS mid, unnest(nameTokens) AS tok FROM src) GROUP BY tok`);
    const u = (v: string) => `nullif(${v}, '')`;
    await run(`CREATE TABLE vx.industry AS SELECT mcc, ${u('mccDescription')} AS mccDescription, ${u('mccGroup')} AS mccGroup, ${u('mccType')} AS mccType,
        ${u(`sicIndustry || ' - ' || sicIndustryTitle`)} AS sicIndustry, ${u(`naics || ' - ' || naicsTitle`)} AS naicsNationalIndustry,
        ${u(`unspscFamily || ' - ' || unspscFamilyTitle`)} AS unspscCategory
      FROM ref_mcc_industry WHERE mcc IN (SELECT DISTINCT mcc FROM src) QUALIFY row_number() OVER (PARTITION BY mcc) = 1`);
    onProgress(60, 'Writing the merchant records');
    const [c] = await db.all<{ n: number }>(`SELECT count(*) AS n FROM src`);
    const n = c?.n ?? 0;
    const offsets = new Float64Array(n + 1);
    fd = openSync(tmpRec, 'w');
    signal?.throwIfAborted();
    const t = performance.now();
    const res = await conn.stream(`SELECT ${recordSql('src')} ORDER BY rowid`);
    let at = 0;
    let k = 0;
    for (;;) {
      const chunk = await res.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const buf = Buffer.from(`${(chunk.getColumnValues(0) as string[]).join('\n')}\n`, 'utf8');
      // each record's offset: the newlines of the chunk end them
      for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) offsets[++k] = at + i + 1;
      writeSync(fd, buf, 0, buf.length, at);
      at += buf.length;
      signal?.throwIfAborted();
    }
    if (k !== n) throw new Error(`The vendor index wrote ${k} records of ${n}`);
    const trailer = Buffer.alloc(REC_TRAILER);
    trailer.write(REC_MAGIC, 0, 'latin1');
    trailer.writeDoubleLE(n, 8);
    writeSync(fd, Buffer.from(offsets.buffer), 0, offsets.byteLength, at);
    writeSync(fd, trailer, 0, REC_TRAILER, at + offsets.byteLength);
    closeSync(fd);
    fd = undefined;
    if (timing) console.error(Math.round(performance.now() - t), 'records written');
    await run(`CREATE TABLE vx.meta AS SELECT ${lit(VENDOR_INDEX_FORMAT)} AS format, ${lit(networkFile)} AS network,
        ${n} AS merchants, (SELECT sum(len(mids)) FROM vx.tok_post) AS keys, (SELECT count(*) FROM vx.tok_post) AS tokens,
        ${n} AS maxMid, now() AS builtAt`);
    await run(`DETACH vx`);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    for (const f of [tmp, `${tmp}.wal`, tmpRec]) rmSync(f, { force: true });
    throw err;
  } finally {
    signal?.removeEventListener('abort', interrupt);
    conn.closeSync();
    instance.closeSync();
  }
  if (signal?.aborted) {
    rmSync(tmp, { force: true });
    rmSync(tmpRec, { force: true });
    signal.throwIfAborted();
  }
  renameSync(tmpRec, recordFileOf(indexFile));
  renameSync(tmp, indexFile);
  // indexes of this network file in an older format (or of an earlier version of it) are not read again
  const dir = path.dirname(indexFile);
  const base = `${path.basename(networkFile).replace(/\.parquet$/i, '')}.`;
  const keep = new Set([indexFile, recordFileOf(indexFile)]);
  for (const f of readdirSync(dir))
    if (f.startsWith(base) && (f.endsWith('.duckdb') || f.endsWith('.duckdb.rec')) && !keep.has(path.join(dir, f)))
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
    return { file, ...m, bytes: statSync(file).size + statSync(recordFileOf(file)).size };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

type Industry = VendorRecord['industry'];
const NO_INDUSTRY: Industry = {
  mccDescription: null,
  mccGroup: null,
  mccType: null,
  sicIndustry: null,
  naicsNationalIndustry: null,
  unspscCategory: null,
};

function recordOf(r: RecordRow, industry: Industry | undefined): VendorRecord {
  return {
    vendorId: String(r[0]),
    name: r[1] ?? '',
    addressLine1: r[2],
    addressLine2: r[3],
    city: r[4],
    region: r[5],
    postcode: r[6],
    country: r[7],
    taxId: r[8],
    mcc: r[9],
    acceptsCard: r[10] === true,
    vcAccepting: r[11] === true,
    detailLevel: r[12] === null ? null : Number(r[12]),
    stpCapable: r[13] === true,
    lockboxes: Array.isArray(r[14]) ? r[14].map(String) : [],
    industry: { ...(industry ?? NO_INDUSTRY) },
  };
}

/** A merchant record as a scored side of a pair. */
const sideOf = (r: RecordRow): PairSide => ({
  nameTokens: r[15] ?? [],
  nameSegments: r[16],
  nameCore: r[17],
  nameSorted: r[18],
  postcodeNorm: r[19],
  cityNorm: r[20],
  taxNorm: r[21],
  country: r[7],
  addrNum: r[22],
  addrNumHi: r[23],
  addrStreet: r[24],
});

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
  return normaliseVendorQueryAscii(query) ?? normaliseVendorQuerySql(db, query);
}

const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

/**
 * The query normalised in JavaScript (normalise-sql.ts: the macros' rules for printable-ASCII text), undefined when a
 * field has other characters: the same result as normaliseVendorQuerySql (test/vendor-search-query.test.ts).
 */
export function normaliseVendorQueryAscii(query: VendorQuery): NormalisedVendorQuery | undefined {
  const fields = [query.q, query.postcode, query.city, query.taxId, query.country];
  if (!fields.every((f) => f === undefined || PRINTABLE_ASCII.test(f))) return undefined;
  const city = blank(query.city);
  const country = blank(query.country);
  const segments = segmentedAscii(query.q) ? segmentsClean0Ascii(query.q).map(dropLegalForms) : null;
  return {
    nameTokens: tokensOfClean(dropLegalForms(nameClean0Ascii(query.q))),
    nameSegments: segments ? segments.map(tokensOfClean).filter((t) => t.length > 0 && t[0] !== '') : null,
    postcodeNorm: postcodeAscii(blank(query.postcode)),
    cityNorm: city === null ? null : cleanAscii(city) || null,
    taxNorm: taxIdAscii(blank(query.taxId)),
    country: country === null ? null : country.toUpperCase() || null,
    last: cleanAscii(query.q).split(' ').at(-1) ?? '',
  };
}

/** The query normalised by the macros (any text). */
export async function normaliseVendorQuerySql(db: Db, query: VendorQuery): Promise<NormalisedVendorQuery | null> {
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
/** The record file of an opened index: its descriptor and the records' byte offsets (record of mid m: [off[m - 1], off[m])). */
interface Records {
  fd: number;
  off: Float64Array;
}

function openRecords(file: string): Records {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const trailer = Buffer.alloc(REC_TRAILER);
    readSync(fd, trailer, 0, REC_TRAILER, size - REC_TRAILER);
    if (trailer.toString('latin1', 0, 8) !== REC_MAGIC) throw new Error(`${file} is not a vendor record file`);
    const n = trailer.readDoubleLE(8);
    const off = new Float64Array(n + 1);
    readSync(fd, Buffer.from(off.buffer), 0, off.byteLength, size - REC_TRAILER - off.byteLength);
    return { fd, off };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

interface RankedCandidate {
  mid: number;
  score: number;
  extra: number;
}
/** Whether a ranks before b: higher score, then fewer extra words, then lower mid. */
const ranksBefore = (a: RankedCandidate, b: RankedCandidate) =>
  a.score !== b.score ? a.score > b.score : a.extra !== b.extra ? a.extra < b.extra : a.mid < b.mid;

/**
 * The best k of the candidates offered (ranksBefore), without sorting them all: a binary heap whose root is the worst
 * kept (no parent ranks before its children), so most candidates are turned away by one comparison.
 */
class TopK {
  private readonly heap: RankedCandidate[] = [];
  constructor(private readonly k: number) {}

  offer(mid: number, score: number, extra: number): void {
    const h = this.heap;
    if (h.length < this.k) {
      h.push({ mid, score, extra });
      for (let i = h.length - 1; i > 0;) {
        const up = (i - 1) >> 1;
        if (!ranksBefore(h[up]!, h[i]!)) break;
        [h[up], h[i]] = [h[i]!, h[up]!];
        i = up;
      }
      return;
    }
    const root = h[0];
    // (ranksBefore, without an object for the many turned away)
    if (
      !root ||
      !(score !== root.score ? score > root.score : extra !== root.extra ? extra < root.extra : mid < root.mid)
    )
      return;
    h[0] = { mid, score, extra };
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const w = r < h.length && ranksBefore(h[l]!, h[r]!) ? r : l;
      if (!ranksBefore(h[i]!, h[w]!)) break;
      [h[i], h[w]] = [h[w]!, h[i]!];
      i = w;
    }
  }

  /** The mids kept, best first. */
  sorted(): number[] {
    return [...this.heap].sort((a, b) => (ranksBefore(a, b) ? -1 : 1)).map((x) => x.mid);
  }
}

/** The query as the supplier side of a pair. */
const querySide = (q: NormalisedVendorQuery): PairSide => ({
  nameTokens: q.nameTokens,
  nameSegments: q.nameSegments,
  nameCore: q.nameTokens.join(' '),
  // list_sort: the tokens are ASCII, so code-unit order is DuckDB's byte order
  nameSorted: [...q.nameTokens].sort().join(' '),
  postcodeNorm: q.postcodeNorm,
  cityNorm: q.cityNorm,
  taxNorm: q.taxNorm,
  country: q.country,
  addrNum: null,
  addrNumHi: null,
  addrStreet: null,
});

/** An opened vendor index: searches run concurrently (a DuckDB statement, when one is needed, on its own connection). */
export class VendorIndex {
  private constructor(
    private readonly instance: DuckDBInstance,
    readonly file: string,
    private readonly ruleset: TMatchRuleset,
    private readonly postings: Postings,
    private readonly records: Records,
    private readonly industries: Map<string, Industry>,
  ) {
    this.mark = new Int32Array(postings.mtokOff.length);
    this.chosen = new Int32Array(postings.mtokOff.length);
  }

  /**
   * Marks by merchant (candidates() is synchronous): mark[mid] === stamp for intersections, chosen[mid] === stamp for
   * the candidates chosen.
   */
  private readonly mark: Int32Array;
  private readonly chosen: Int32Array;
  private stamp = 0;

  static async open(file: string, options: { threads?: number; memoryLimit?: string } = {}): Promise<VendorIndex> {
    const instance = await (
      await duckdb()
    ).create(':memory:', {
      // one thread: a statement of a search is a point look-up or a one-row normalisation
      threads: String(options.threads ?? 1),
      memory_limit: options.memoryLimit ?? '512MB',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const conn = await instance.connect();
    let records: Records | undefined;
    try {
      await conn.run(`ATTACH ${lit(file)} AS vx (READ_ONLY)`);
      // without the legal-form macros: the query's legal forms are dropped in JavaScript (normaliseVendorQuery), by a
      // look-up built here rather than on the first search
      await createNormaliseMacros(dbOf(conn), { legalFormMacros: false });
      dropLegalForms('');
      const postings = await loadPostings(dbOf(conn));
      records = openRecords(recordFileOf(file));
      const industries = new Map(
        (await dbOf(conn).all<Industry & { mcc: string }>(`SELECT * FROM vx.industry`)).map(
          ({ mcc, ...industry }) => [mcc, industry] as const,
        ),
      );
      return new VendorIndex(instance, file, defaultMatchRuleset(), postings, records, industries);
    } catch (err) {
      if (records) closeSync(records.fd);
      instance.closeSync();
      throw err;
    } finally {
      conn.closeSync();
    }
  }

  close(): void {
    closeSync(this.records.fd);
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

  /** The record of a merchant (one positioned read of the record file). */
  private record(mid: number): RecordRow {
    const { fd, off } = this.records;
    const from = off[mid - 1]!;
    const len = off[mid]! - from - 1;
    const buf = Buffer.allocUnsafe(len);
    readSync(fd, buf, 0, len, from);
    return JSON.parse(buf.toString('utf8')) as RecordRow;
  }

  private vendorRecord(r: RecordRow): VendorRecord {
    return recordOf(r, r[9] === null ? undefined : this.industries.get(r[9]));
  }

  async get(vendorId: string): Promise<VendorRecord | null> {
    const rows = await this.withConn((db) =>
      db.all<{ mid: number }>(`SELECT mid FROM vx.net WHERE merchantId = ${lit(vendorId)} LIMIT 1`),
    );
    return rows[0] ? this.vendorRecord(this.record(rows[0].mid)) : null;
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
  candidates(words: readonly string[], last: string | null): { mid: number }[] {
    const p = this.postings;
    const groups = words
      .map((w) => {
        const toks = this.expand(w, w === last && w.length >= 3);
        return { toks, df: toks.reduce((n, t) => n + p.postOff[t + 1]! - p.postOff[t]!, 0) };
      })
      .filter((g) => g.toks.length > 0)
      .sort((a, b) => a.df - b.df);
    if (!groups.length) return [];
    // the candidates, each once (chosen[mid] === this search's stamp)
    const chosen = ++this.stamp;
    const found: number[] = [];
    const take = (toks: readonly number[], keep: (mid: number) => boolean = () => true) => {
      for (const t of toks)
        for (let k = p.postOff[t]!; k < p.postOff[t + 1]!; k++) {
          const mid = p.post[k]!;
          if (this.chosen[mid] !== chosen && keep(mid)) {
            this.chosen[mid] = chosen;
            found.push(mid);
          }
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
    let mids = Int32Array.from(found).sort();
    if (mids.length > SEARCH_MAX_CANDIDATES) mids = mids.subarray(0, SEARCH_MAX_CANDIDATES);
    // similarity of each query word to each network token (sims[tok * W + q], float32), and each token's best over the
    // words (colOf[tok]), computed once per token seen (-1: not yet)
    const W = words.length;
    const sims = new Float32Array(p.toks.length * W);
    const colOf = new Float64Array(p.toks.length).fill(-1);
    // the best SEARCH_SCORED by score, then fewer extra words, then mid: a heap whose root is the worst kept
    const kept = new TopK(SEARCH_SCORED);
    const best = new Float64Array(W);
    for (const mid of mids) {
      const from = p.mtokOff[mid]!;
      const to = p.mtokOff[mid + 1]!;
      if (to <= from) continue;
      best.fill(0);
      let colSum = 0;
      for (let k = from; k < to; k++) {
        const tok = p.mtok[k]!;
        const at = tok * W;
        let colBest = colOf[tok]!;
        if (colBest < 0) {
          // the token's first sight ranks by the similarities as computed, later ones by them as stored (float32):
          // the ranking this replaced did so, and its results are kept
          colBest = 0;
          let col32 = 0;
          for (let q = 0; q < W; q++) {
            const v = jaroWinkler(words[q]!, p.toks[tok]!);
            sims[at + q] = v;
            if (v > best[q]!) best[q] = v;
            if (v > colBest) colBest = v;
            if (sims[at + q]! > col32) col32 = sims[at + q]!;
          }
          colOf[tok] = col32;
        } else
          for (let q = 0; q < W; q++) {
            const v = sims[at + q]!;
            if (v > best[q]!) best[q] = v;
          }
        colSum += colBest;
      }
      let rowSum = 0;
      for (let q = 0; q < W; q++) rowSum += best[q]!;
      kept.offer(mid, Math.min(rowSum / W, colSum / (to - from)), Math.abs(to - from - W));
    }
    return kept.sorted().map((mid) => ({ mid }));
  }

  async search(query: VendorQuery): Promise<VendorHit[]> {
    const limit = Math.max(1, Math.min(query.limit ?? 25, 100));
    if (this.interrupted) throw new Error('The vendor index was interrupted');
    const q = normaliseVendorQueryAscii(query) ?? (await this.withConn((db) => normaliseVendorQuerySql(db, query)));
    if (!q) return [];
    const nameTokens = q.nameTokens;
    const words = [...new Set(nameTokens)].filter((t) => t !== '').slice(0, SEARCH_MAX_WORDS);
    const cands = this.candidates(words, q.last);
    const taxNorm = typeof q.taxNorm === 'string' && q.taxNorm.length >= 6 ? q.taxNorm : null;
    if (!cands.length && !taxNorm) return [];
    const taxHits = taxNorm
      ? await this.withConn((db) =>
          db.all<{ mid: number }>(`SELECT mid FROM vx.net WHERE taxNorm = ${lit(taxNorm)} ORDER BY mid`),
        )
      : [];
    if (this.interrupted) throw new Error('The vendor index was interrupted');
    const P = this.ruleset.parameters;
    const p = this.postings;
    // the network frequency of each name token of the query and the candidates, from the postings in memory (a
    // merchant found by its tax id only counts its other tokens as carried by no merchant)
    const dfOf = new Map<string, number>();
    for (const w of nameTokens) dfOf.set(w, this.tokenDf(w));
    for (const c of cands)
      for (let k = p.mtokOff[c.mid]!; k < p.mtokOff[c.mid + 1]!; k++) {
        const t = p.mtok[k]!;
        dfOf.set(p.toks[t]!, p.postOff[t + 1]! - p.postOff[t]!);
      }
    const s = querySide(q);
    const sDf = nameTokens.map((w) => dfOf.get(w) ?? 0);
    // 1. the candidates and tax-id hits, read from the record file; tax-id hits first, then by name Jaro-Winkler
    const seen = new Set<number>();
    const found: { mid: number; rec: RecordRow; n: PairSide; taxHit: boolean; jw: number | null }[] = [];
    for (const mid of [...cands.map((c) => c.mid), ...taxHits.map((t) => t.mid)]) {
      if (seen.has(mid)) continue;
      seen.add(mid);
      const rec = this.record(mid);
      const n = sideOf(rec);
      const jw =
        s.nameCore === null || n.nameCore === null || n.nameSorted === null
          ? null
          : Math.max(jaroWinklerSql(s.nameCore, n.nameCore), jaroWinklerSql(s.nameSorted!, n.nameSorted));
      found.push({ mid, rec, n, taxHit: s.taxNorm !== null && s.taxNorm === n.taxNorm, jw });
    }
    found.sort(
      (a, b) => Number(b.taxHit) - Number(a.taxHit) || (b.jw ?? -Infinity) - (a.jw ?? -Infinity) || a.mid - b.mid,
    );
    // 2. scored as a job scores its candidates (the query is a one-row supplier), ranked by score
    const scored = found.slice(0, SEARCH_SCORED_MAX).map((f) => ({
      ...f,
      x: scorePair(
        P,
        s,
        f.n,
        sDf,
        f.n.nameTokens.map((t) => dfOf.get(t) ?? 0),
        this.postings.mtokOff.length - 2,
      ),
    }));
    scored.sort((a, b) => b.x.totalScore - a.x.totalScore || a.mid - b.mid);
    const best = scored[0]?.x.totalScore ?? null;
    const second = scored[1]?.x.totalScore ?? null;
    // 3. each result's confidence, judged against the best (the best against the second) as a job's runner-up;
    // equal scores (the matcher drops legal forms and word order) ordered by how close the written name is to the query
    const written = query.q.trim().toLowerCase();
    const ranked = scored.map((r, rk) => ({ ...r, runnerUp: rk === 0 ? second : best, close: 0 }));
    for (const r of ranked) r.close = jaroWinklerSql(r.rec[25] ?? (r.rec[1] ?? '').toLowerCase(), written);
    ranked.sort((a, b) => b.x.totalScore - a.x.totalScore || b.close - a.close || a.mid - b.mid);
    return ranked.slice(0, limit).map((r) => {
      const rule = ruleOf(this.ruleset, r.x);
      const ev = hitEvidence(r.x);
      return {
        ...this.vendorRecord(r.rec),
        score: r.x.totalScore,
        nameScore: r.x.nameScore ?? 0,
        confidence: ambiguousConfidence(P, rule.confidence, r.runnerUp, r.x),
        rule: rule.ruleId,
        agreeing: [
          ...((r.x.nameScore ?? 0) >= 0.9 ? ['name'] : []),
          ...ev.filter((e) => e[1] === 'agree').map((e) => e[0]),
        ],
        differing: ev.filter((e) => e[1] === 'differ').map((e) => e[0]),
      };
    });
  }
}

/** The evidence fields a hit lists as agreeing or differing. */
const hitEvidence = (x: PairScore): [string, string][] => [
  ['taxId', x.taxE],
  ['postcode', x.postcodeE],
  ['city', x.cityE],
  ['country', x.countryE],
];
