/**
 * Key-indexed rows for one supplier's detail: a DuckDB file per run (and reference network) holding
 * - s   every column of the run's suppliers file, sorted by supplierKey, with an index on it;
 * - m   the reference network's merchants the run matched or proposed (matched / candidate merchant ids), sorted and
 *       indexed by merchantId;
 * - uc  the supplier's use cases (use-case-suppliers joined with use-cases), sorted and indexed by supplierKey.
 * A detail request is then three point look-ups in one connection instead of scans of the whole suppliers file,
 * the network and the use-case file. Built once per run (when the run completes, or by the first request), written
 * under a temporary name and renamed, reused across restarts; a changed network file gives a new file name.
 */
import path from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ident, lit, withConnection, type JobResults } from './results.store.ts';

/** Format of the lookup files (bump when their tables change). */
const FORMAT = 'v1';
const SUFFIX = `.detail-${FORMAT}.duckdb`;

type R = Record<string, unknown>;

export interface SupplierDetailUseCase {
  useCaseId: string;
  name: string;
  rebateBps: number;
  spend: number;
  estimatedRebate: number;
}

export interface SupplierDetailRows {
  supplier: R | undefined;
  /** The matched (else candidate) merchant's network row, when the network file is present. */
  merchant: R | undefined;
  useCases: SupplierDetailUseCase[];
}

/** Merchant columns the detail shows. */
export const MERCHANT_COLUMNS =
  'merchantId, name, addressLine1, addressLine2, city, region, postcode, country, taxId, mcc, acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes';

const detailDir = (dataDir: string) => path.join(dataDir, 'cache', 'supplier-detail');

function lookupFile(dataDir: string, res: JobResults, network: string | null): string {
  let net = 'none';
  if (network) {
    const st = statSync(network);
    net = `${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}`;
  }
  return path.join(detailDir(dataDir), `${res.jobId}.${res.runId.replace(/[^a-zA-Z0-9-]/g, '')}.${net}${SUFFIX}`);
}

const aliasOf = (file: string) =>
  `dx_${path
    .basename(file)
    .replace(/[^a-zA-Z0-9]/g, '')
    .slice(0, 60)}`;

async function rows(conn: DuckDBConnection, sql: string): Promise<R[]> {
  const reader = await conn.runAndReadAll(sql);
  return reader.getRowObjectsJS().map((r) => plainRow(r));
}

function plainValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (Array.isArray(v)) return v.map(plainValue);
  if (v && typeof v === 'object' && !(v instanceof Uint8Array)) return plainRow(v as R);
  return v;
}
function plainRow(r: R): R {
  const o: R = {};
  for (const [k, x] of Object.entries(r)) o[k] = plainValue(x);
  return o;
}

async function build(conn: DuckDBConnection, res: JobResults, network: string | null, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const b = ident(`${aliasOf(file)}_build`);
  try {
    await conn.run(`ATTACH ${lit(tmp)} AS ${b}`);
    const suppliers = res.table('suppliers');
    await conn.run(`CREATE TABLE ${b}.s AS SELECT * FROM ${suppliers} ORDER BY supplierKey`);
    await conn.run(`CREATE INDEX s_key ON ${b}.s (supplierKey)`);
    const columns = new Set(
      (await rows(conn, `SELECT column_name FROM (DESCRIBE ${b}.s)`)).map((c) => String(c.column_name)),
    );
    const ids = ['matchedMerchantId', 'candidateMerchantId'].filter((c) => columns.has(c));
    await conn.run(
      network && ids.length
        ? `CREATE TABLE ${b}.m AS SELECT ${MERCHANT_COLUMNS} FROM read_parquet(${lit(network)})
           WHERE merchantId IN (${ids.map((c) => `SELECT CAST(${ident(c)} AS VARCHAR) FROM ${b}.s WHERE ${ident(c)} IS NOT NULL`).join(' UNION ')})
           QUALIFY row_number() OVER (PARTITION BY merchantId) = 1 ORDER BY merchantId`
        : `CREATE TABLE ${b}.m AS SELECT ${MERCHANT_COLUMNS} FROM (SELECT NULL::VARCHAR AS merchantId, NULL::VARCHAR AS name,
             NULL::VARCHAR AS addressLine1, NULL::VARCHAR AS addressLine2, NULL::VARCHAR AS city, NULL::VARCHAR AS region,
             NULL::VARCHAR AS postcode, NULL::VARCHAR AS country, NULL::VARCHAR AS taxId, NULL::VARCHAR AS mcc,
             NULL::BOOLEAN AS acceptsCard, NULL::BOOLEAN AS vcAccepting, NULL::INTEGER AS detailLevel,
             NULL::BOOLEAN AS stpCapable, NULL::VARCHAR[] AS lockboxes) WHERE false`,
    );
    await conn.run(`CREATE INDEX m_id ON ${b}.m (merchantId)`);
    await conn.run(
      res.has('useCaseSuppliers') && res.has('useCases')
        ? `CREATE TABLE ${b}.uc AS SELECT u.supplierKey, u.useCaseId, c.name, c.rebateBps, u.spend, u.estimatedRebate
           FROM ${res.table('useCaseSuppliers')} u JOIN ${res.table('useCases')} c USING (useCaseId)
           ORDER BY u.supplierKey, u.estimatedRebate DESC, c.name`
        : `CREATE TABLE ${b}.uc (supplierKey VARCHAR, useCaseId VARCHAR, name VARCHAR, rebateBps DOUBLE, spend DOUBLE, estimatedRebate DOUBLE)`,
    );
    await conn.run(`CREATE INDEX uc_key ON ${b}.uc (supplierKey)`);
    await conn.run(`DETACH ${b}`);
    await rename(tmp, file);
  } catch (err) {
    await conn.run(`DETACH DATABASE IF EXISTS ${b}`).catch(() => {});
    await rm(tmp, { force: true });
    await rm(`${tmp}.wal`, { force: true });
    throw err;
  }
  // the job's lookup files of earlier runs (or of another network file) are stale now
  for (const f of await readdir(path.dirname(file)).catch(() => [] as string[]))
    if (f.startsWith(`${res.jobId}.`) && f.endsWith('.duckdb') && path.join(path.dirname(file), f) !== file)
      await rm(path.join(path.dirname(file), f), { force: true }).catch(() => {});
}

const opened = new Map<string, Promise<string>>();

/** Attaches (building first if needed) the run's lookup file; the alias it is attached under. */
function lookup(dataDir: string, res: JobResults, network: string | null): Promise<string> {
  const file = lookupFile(dataDir, res, network);
  let p = opened.get(file);
  if (!p) {
    p = withConnection(async (conn) => {
      const alias = aliasOf(file);
      const attached = await rows(conn, `SELECT 1 FROM duckdb_databases() WHERE database_name = ${lit(alias)}`);
      if (attached.length) return alias;
      if (!existsSync(file)) await build(conn, res, network, file);
      await conn.run(`ATTACH ${lit(file)} AS ${ident(alias)} (READ_ONLY)`);
      return alias;
    });
    opened.set(file, p);
    p.catch(() => opened.delete(file));
  }
  return p;
}

/** Builds the run's lookup ahead of the first detail request (the pipeline calls it when a run completes). */
export async function warmSupplierDetail(dataDir: string, res: JobResults, network: string | null): Promise<void> {
  await lookup(dataDir, res, network);
}

/** The supplier's row, its matched (else candidate) merchant and its use cases, each by a key look-up. */
export async function supplierDetailRows(
  dataDir: string,
  res: JobResults,
  supplierKey: string,
  network: string | null,
): Promise<SupplierDetailRows> {
  const alias = ident(await lookup(dataDir, res, network));
  return withConnection(async (conn) => {
    const [supplier] = await rows(conn, `SELECT * FROM ${alias}.s WHERE supplierKey = ${lit(supplierKey)}`);
    if (!supplier) return { supplier: undefined, merchant: undefined, useCases: [] };
    const id = supplier.matchedMerchantId ?? supplier.candidateMerchantId;
    const merchantId = id === null || id === undefined ? null : String(id);
    const [merchant] = merchantId
      ? await rows(conn, `SELECT * FROM ${alias}.m WHERE merchantId = ${lit(merchantId)}`)
      : [];
    const useCases = (await rows(
      conn,
      `SELECT useCaseId, name, rebateBps, spend, estimatedRebate FROM ${alias}.uc WHERE supplierKey = ${lit(supplierKey)}
       ORDER BY estimatedRebate DESC, name`,
    )) as unknown as SupplierDetailUseCase[];
    return { supplier, merchant, useCases };
  });
}

/** Detaches and removes a job's lookup files (job deleted, results removed). */
export async function dropSupplierDetail(dataDir: string, jobId: string): Promise<void> {
  for (const [file, p] of opened)
    if (path.basename(file).startsWith(`${jobId}.`)) {
      opened.delete(file);
      const alias = await p.catch(() => null);
      if (alias) await withConnection((conn) => conn.run(`DETACH DATABASE IF EXISTS ${ident(alias)}`));
    }
  const dir = detailDir(dataDir);
  for (const f of await readdir(dir).catch(() => [] as string[]))
    if (f.startsWith(`${jobId}.`)) await rm(path.join(dir, f), { force: true }).catch(() => {});
}
