/**
 * The per-run supplier-detail store: every supplier's detail (its row of the run's suppliers file, its matched —
 * else candidate — merchant of the reference network, its use cases) precomputed once and written to one file in
 * the blob store (`<run>/supplier-detail/<network id>.v4.sxd`, next to the run's `results/`), so a detail request is
 * a hash look-up in an in-memory index and one positioned read of the file: no DuckDB, no scan.
 *
 * File layout (all integers little-endian):
 *   header   "SXDETAIL" · u32 format · u32 n · JSON {columns} (supplier column names, in file order)
 *   blocks   up to BLOCK_RECORDS records (at most BLOCK_BYTES of JSON) deflated together (raw deflate), one after
 *            the other; a record is one JSON text: [supplier values in column order, merchant object | null,
 *            use cases[], the supplier's match in each network[]]. Deflating a block rather than a record lets neighbouring records share their repeated
 *            text (field names of the evidence, codes, countries): a fifth to a ninth of the JSON's size.
 *   table    per block: f64 offset · u32 compressed length · u32 JSON length; then per supplier, ordered by key hash:
 *            u32 hash (crc32 of the supplier key) · u32 block · u32 offset in the block's JSON · u32 length ·
 *            u32 crc32 of the record's JSON
 *   footer   "SXDXEND4" · u32 n · u32 block count · f64 table offset · u32 crc32 of the table · u32 0   (32 bytes)
 * The table costs about 21 bytes per supplier in memory (10.5 MB for 500,000). Loading checks the header, the footer,
 * the table's checksum and that the sizes add up; a read inflates one block (bounded by its recorded JSON length)
 * and checks the record's checksum and its supplier key. A file that fails any check is removed and built again
 * (once per request; a second failure is an error).
 *
 * Built when a run completes (the pipeline warms it with the supplier cache) or by the first detail request of an
 * older run; written under a temporary name, fsynced and renamed (`ctx.blobs.putFile`, durable-fs.ts), so a crash
 * leaves no half-written store behind. The network id is a hash of the network file's content: processes sharing
 * a blob store agree on it, and a changed network file gives a new store. Open stores (file handle + index) are
 * kept for at most OPEN_STORES runs per process.
 */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { mkdir, open, readdir, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { AppContext } from '../../context.ts';
import { tempPathFor } from '../../lib/durable-fs.ts';
import { columnsSql, withConnection, type JobResults } from '../../lib/duckdb/index.ts';
import { MERCHANT_COL, NETWORKS_COL, supplierDetailSql, USE_CASES_COL } from './supplier-detail-sql.ts';

/** Format of the store files (bump when their content changes). */
const FORMAT = 4;
const MAGIC = Buffer.from('SXDETAIL', 'latin1');
const END = Buffer.from('SXDXEND4', 'latin1');
const FOOTER_BYTES = 32;
/** Table bytes per block (offset, compressed length, JSON length) and per supplier (hash, block, offset, length, crc). */
const BLOCK_ENTRY_BYTES = 16;
const ROW_ENTRY_BYTES = 20;
/** A block holds at most this many records, and is closed once its JSON reaches BLOCK_BYTES. */
const BLOCK_RECORDS = 16;
const BLOCK_BYTES = 64 * 1024;
/** Runs whose store is kept open per process (file handle + index). */
const OPEN_STORES = 8;

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
  /** The supplier's match in each loaded network, in network order (runs since several networks; else empty). */
  networks: R[];
}

/** A store file failed a check (truncated, corrupt, of another format). */
class CorruptStoreError extends Error {}

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

// ---------------------------------------------------------------------------------------------------------------
// Keys

const networkIds = new Map<string, Promise<string>>();

/** A content hash of the network file (cached per path, size and modification time), 'none' without one. */
function networkId(network: string | null): Promise<string> {
  if (!network) return Promise.resolve('none');
  const st = statSync(network);
  const k = `${network}:${st.size}:${st.mtimeMs}`;
  let id = networkIds.get(k);
  if (!id) {
    id = new Promise<string>((resolve, reject) => {
      const h = createHash('sha256');
      createReadStream(network)
        .on('data', (c) => h.update(c))
        .on('error', reject)
        .on('end', () => resolve(h.digest('hex').slice(0, 16)));
    });
    id.catch(() => networkIds.delete(k));
    networkIds.set(k, id);
  }
  return id;
}

const storePrefix = (res: JobResults) => `${res.key}/supplier-detail`;
const storeKey = (res: JobResults, net: string) => `${storePrefix(res)}/${net}.v${FORMAT}.sxd`;

/** Compares two strings by their crc32 key hash. */
const hashOf = (key: string) => crc32(key);

// ---------------------------------------------------------------------------------------------------------------
// Build

/** Writes buffers to a file in batches of about 1 MB. */
class BatchWriter {
  private parts: Buffer[] = [];
  private size = 0;
  position = 0;
  constructor(private readonly fh: FileHandle) {}
  async add(b: Buffer): Promise<void> {
    this.parts.push(b);
    this.size += b.length;
    this.position += b.length;
    if (this.size >= 1 << 20) await this.flush();
  }
  async flush(): Promise<void> {
    if (!this.size) return;
    const data = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    await this.fh.write(data);
  }
}

/** The query giving each supplier's row with its merchant (a struct) and use cases (a list of structs). */
async function detailQuery(res: JobResults, network: string | null): Promise<string> {
  const suppliers = res.table('suppliers');
  const described = await res.all<{ column_name: string }>(columnsSql(suppliers));
  const withUseCases = res.has('useCaseSuppliers') && res.has('useCases');
  const networks = res.has('networks') ? res.table('networks') : null;
  const networkColumns = networks
    ? new Set((await res.all<{ column_name: string }>(columnsSql(networks))).map((c) => c.column_name))
    : undefined;
  return supplierDetailSql({
    suppliers,
    columns: new Set(described.map((c) => c.column_name)),
    network,
    useCases: withUseCases
      ? { useCaseSuppliers: res.table('useCaseSuppliers'), useCases: res.table('useCases') }
      : null,
    networks,
    networkColumns,
  });
}

/** Builds the store into a local temporary file and stores it under `key`; the number of suppliers. */
async function build(ctx: AppContext, res: JobResults, network: string | null, key: string): Promise<number> {
  const sql = await detailQuery(res, network);
  const dir = path.join(ctx.config.dataDir, 'cache', 'supplier-detail');
  await mkdir(dir, { recursive: true });
  const tmp = tempPathFor(path.join(dir, `${res.jobId}.${path.basename(key)}`));
  const fh = await open(tmp, 'wx');
  let n = 0;
  try {
    const hashes: number[] = [];
    const blocks: number[] = [];
    const inners: number[] = [];
    const lengths: number[] = [];
    const crcs: number[] = [];
    const blockOffsets: number[] = [];
    const blockLengths: number[] = [];
    const blockJsonLengths: number[] = [];
    const w = new BatchWriter(fh);
    let parts: Buffer[] = [];
    let partBytes = 0;
    const closeBlock = async () => {
      if (!parts.length) return;
      const z = deflateRawSync(Buffer.concat(parts, partBytes), { level: 1 });
      blockOffsets.push(w.position);
      blockLengths.push(z.length);
      blockJsonLengths.push(partBytes);
      await w.add(z);
      parts = [];
      partBytes = 0;
    };
    await withConnection(async (conn) => {
      const result = await conn.stream(sql);
      const names = result.columnNames();
      const iMerchant = names.indexOf(MERCHANT_COL);
      const iUseCases = names.indexOf(USE_CASES_COL);
      const iNetworks = names.indexOf(NETWORKS_COL);
      const extra = (i: number) => i === iMerchant || i === iUseCases || i === iNetworks;
      const iKey = names.indexOf('supplierKey');
      if (iKey < 0) throw new Error('The suppliers file has no supplierKey column');
      const columns = names.filter((_, i) => !extra(i));
      const head = Buffer.from(JSON.stringify({ columns }), 'utf8');
      const fixed = Buffer.alloc(16);
      MAGIC.copy(fixed, 0);
      fixed.writeUInt32LE(FORMAT, 8);
      fixed.writeUInt32LE(head.length, 12);
      await w.add(fixed);
      await w.add(head);
      for await (const rows of result.yieldRowsJs()) {
        for (const row of rows) {
          const values: unknown[] = [];
          for (let i = 0; i < row.length; i++) if (!extra(i)) values.push(plainValue(row[i]));
          const m = row[iMerchant];
          const uc = row[iUseCases];
          const nw = iNetworks < 0 ? null : row[iNetworks];
          const record = Buffer.from(
            JSON.stringify([
              values,
              m === null || m === undefined ? null : plainValue(m),
              uc ? plainValue(uc) : [],
              nw ? plainValue(nw) : [],
            ]),
            'utf8',
          );
          hashes.push(hashOf(String(row[iKey])));
          blocks.push(blockOffsets.length);
          inners.push(partBytes);
          lengths.push(record.length);
          crcs.push(crc32(record));
          parts.push(record);
          partBytes += record.length;
          n++;
          if (parts.length >= BLOCK_RECORDS || partBytes >= BLOCK_BYTES) await closeBlock();
        }
      }
    });
    await closeBlock();
    // the table: blocks, then suppliers ordered by key hash
    const nb = blockOffsets.length;
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => hashes[a]! - hashes[b]!);
    const table = Buffer.alloc(nb * BLOCK_ENTRY_BYTES + n * ROW_ENTRY_BYTES);
    for (let b = 0; b < nb; b++) {
      table.writeDoubleLE(blockOffsets[b]!, b * 8);
      table.writeUInt32LE(blockLengths[b]!, nb * 8 + b * 4);
      table.writeUInt32LE(blockJsonLengths[b]!, nb * 12 + b * 4);
    }
    const rows = nb * BLOCK_ENTRY_BYTES;
    for (let j = 0; j < n; j++) {
      const i = order[j]!;
      table.writeUInt32LE(hashes[i]!, rows + j * 4);
      table.writeUInt32LE(blocks[i]!, rows + n * 4 + j * 4);
      table.writeUInt32LE(inners[i]!, rows + n * 8 + j * 4);
      table.writeUInt32LE(lengths[i]!, rows + n * 12 + j * 4);
      table.writeUInt32LE(crcs[i]!, rows + n * 16 + j * 4);
    }
    const tableOffset = w.position;
    await w.add(table);
    const footer = Buffer.alloc(FOOTER_BYTES);
    END.copy(footer, 0);
    footer.writeUInt32LE(n, 8);
    footer.writeUInt32LE(nb, 12);
    footer.writeDoubleLE(tableOffset, 16);
    footer.writeUInt32LE(crc32(table), 24);
    await w.add(footer);
    await w.flush();
    await fh.close();
  } catch (err) {
    await fh.close().catch(() => {});
    await rm(tmp, { force: true });
    throw err;
  }
  // fsynced, renamed into place (locally) or uploaded (S3); gone from tmp afterwards
  await ctx.blobs.putFile(key, tmp).catch(async (err: unknown) => {
    await rm(tmp, { force: true });
    throw err;
  });
  // stores of another network (or format) for this run are stale now; so are the DuckDB lookups of format v1
  for (const e of await ctx.blobs.list(storePrefix(res)))
    if (e.key !== key) await ctx.blobs.delete(e.key).catch(() => {});
  for (const f of await readdir(dir).catch(() => [] as string[]))
    if (f.startsWith(`${res.jobId}.`) && f.endsWith('.duckdb')) await rm(path.join(dir, f), { force: true });
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// Read

interface OpenStore {
  key: string;
  fh: FileHandle;
  columns: string[];
  iKey: number;
  n: number;
  blockOffsets: Float64Array;
  blockLengths: Uint32Array;
  blockJsonLengths: Uint32Array;
  hashes: Uint32Array;
  blocks: Uint32Array;
  inners: Uint32Array;
  lengths: Uint32Array;
  crcs: Uint32Array;
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw new CorruptStoreError('short read');
  return buf;
}

/** Opens a local store file and loads its table; CorruptStoreError when any check fails. */
async function load(key: string, file: string): Promise<OpenStore> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size < 16 + FOOTER_BYTES) throw new CorruptStoreError('too small');
    const fixed = await readAt(fh, 0, 16);
    if (!fixed.subarray(0, 8).equals(MAGIC) || fixed.readUInt32LE(8) !== FORMAT)
      throw new CorruptStoreError('not a store');
    const headLength = fixed.readUInt32LE(12);
    const footer = await readAt(fh, size - FOOTER_BYTES, FOOTER_BYTES);
    if (!footer.subarray(0, 8).equals(END)) throw new CorruptStoreError('no footer');
    const n = footer.readUInt32LE(8);
    const nb = footer.readUInt32LE(12);
    const tableOffset = footer.readDoubleLE(16);
    const tableBytes = nb * BLOCK_ENTRY_BYTES + n * ROW_ENTRY_BYTES;
    if (tableOffset + tableBytes !== size - FOOTER_BYTES || tableOffset < 16 + headLength)
      throw new CorruptStoreError('sizes do not add up');
    const table = await readAt(fh, tableOffset, tableBytes);
    if (crc32(table) !== footer.readUInt32LE(24)) throw new CorruptStoreError('table checksum');
    let columns: string[];
    try {
      columns = (JSON.parse((await readAt(fh, 16, headLength)).toString('utf8')) as { columns: string[] }).columns;
    } catch {
      throw new CorruptStoreError('header');
    }
    const iKey = columns.indexOf('supplierKey');
    if (iKey < 0) throw new CorruptStoreError('header');
    // copies with their own aligned memory (the table buffer's offset into its pool need not be aligned)
    const copy = (start: number, bytes: number) =>
      table.buffer.slice(table.byteOffset + start, table.byteOffset + start + bytes);
    const rows = nb * BLOCK_ENTRY_BYTES;
    return {
      key,
      fh,
      columns,
      iKey,
      n,
      blockOffsets: new Float64Array(copy(0, nb * 8)),
      blockLengths: new Uint32Array(copy(nb * 8, nb * 4)),
      blockJsonLengths: new Uint32Array(copy(nb * 12, nb * 4)),
      hashes: new Uint32Array(copy(rows, n * 4)),
      blocks: new Uint32Array(copy(rows + n * 4, n * 4)),
      inners: new Uint32Array(copy(rows + n * 8, n * 4)),
      lengths: new Uint32Array(copy(rows + n * 12, n * 4)),
      crcs: new Uint32Array(copy(rows + n * 16, n * 4)),
    };
  } catch (err) {
    await fh.close();
    throw err;
  }
}

type Found = [values: unknown[], merchant: R | null, useCases: SupplierDetailUseCase[], networks?: R[]];

/** A block's JSON: read, inflated (never past its recorded length) and checked for that length. */
async function blockJson(store: OpenStore, b: number): Promise<Buffer> {
  if (b >= store.blockOffsets.length) throw new CorruptStoreError('block number');
  const z = await readAt(store.fh, store.blockOffsets[b]!, store.blockLengths[b]!);
  const jsonLength = store.blockJsonLengths[b]!;
  let json: Buffer;
  try {
    json = inflateRawSync(z, { maxOutputLength: Math.max(1, jsonLength) });
  } catch {
    throw new CorruptStoreError('block');
  }
  if (json.length !== jsonLength) throw new CorruptStoreError('block length');
  return json;
}

/** The record of `supplierKey`, or undefined. */
async function find(store: OpenStore, supplierKey: string): Promise<Found | undefined> {
  const h = hashOf(supplierKey);
  const { hashes } = store;
  let lo = 0;
  let hi = store.n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (hashes[mid]! < h) lo = mid + 1;
    else hi = mid;
  }
  // every record with this hash (crc32 collisions are rare but possible): the one whose key matches
  for (let j = lo; j < store.n && hashes[j] === h; j++) {
    const json = await blockJson(store, store.blocks[j]!);
    const start = store.inners[j]!;
    const buf = json.subarray(start, start + store.lengths[j]!);
    if (buf.length !== store.lengths[j] || crc32(buf) !== store.crcs[j]) throw new CorruptStoreError('record checksum');
    let rec: Found;
    try {
      rec = JSON.parse(buf.toString('utf8')) as Found;
    } catch {
      throw new CorruptStoreError('record');
    }
    if (rec[0][store.iKey] === supplierKey) return rec;
  }
  return undefined;
}

interface Entry {
  p: Promise<OpenStore>;
  /** The store once open. */
  s?: OpenStore;
  /** Reads in progress, and whether the entry was dropped (its handle closes when the last read is done). */
  reads: number;
  dropped: boolean;
}
const stores = new Map<string, Entry>();

function closeIfIdle(e: Entry): void {
  if (e.dropped && e.reads === 0 && e.s) void e.s.fh.close().catch(() => {});
}

function forget(key: string): void {
  const e = stores.get(key);
  if (!e) return;
  stores.delete(key);
  e.dropped = true;
  closeIfIdle(e);
}

/**
 * The run's store entry, opened (built first when missing). `failed`: a store that failed a check — unless another
 * request already replaced it, it is dropped, its file removed and the store built again (once for all requests).
 */
async function entryOf(ctx: AppContext, res: JobResults, network: string | null, failed?: OpenStore): Promise<Entry> {
  const key = storeKey(res, await networkId(network));
  let e = stores.get(key);
  if (e && failed && (e.s === failed || !e.s)) {
    if (e.s === failed) forget(key);
    else return e; // being built or opened: possibly already the replacement
    e = undefined;
  }
  if (e) {
    stores.delete(key);
    stores.set(key, e);
    return e;
  }
  const rebuild = Boolean(failed);
  const entry: Entry = {
    reads: 0,
    dropped: false,
    p: (async () => {
      if (rebuild) await ctx.blobs.delete(key);
      if (rebuild || !(await ctx.blobs.stat(key))) await build(ctx, res, network, key);
      try {
        return await load(key, await ctx.blobs.localFile(key));
      } catch (err) {
        if (rebuild || !(err instanceof CorruptStoreError)) throw err;
        // unusable as found (a truncated file, a corrupt copy): built again once
        ctx.log.warn({ jobId: res.jobId, runId: res.runId, reason: err.message }, 'Supplier detail store rebuilt');
        await ctx.blobs.delete(key);
        await build(ctx, res, network, key);
        return load(key, await ctx.blobs.localFile(key));
      }
    })(),
  };
  entry.p.then(
    (s) => {
      entry.s = s;
      closeIfIdle(entry);
    },
    () => {
      if (stores.get(key) === entry) stores.delete(key);
    },
  );
  stores.set(key, entry);
  while (stores.size > OPEN_STORES) forget(stores.keys().next().value!);
  return entry;
}

/** Builds the run's store ahead of the first detail request (the pipeline calls it when a run completes). */
export async function warmSupplierDetail(ctx: AppContext, res: JobResults, network: string | null): Promise<void> {
  await (
    await entryOf(ctx, res, network)
  ).p;
}

async function lookup(e: Entry, supplierKey: string): Promise<SupplierDetailRows> {
  const store = await e.p;
  e.reads++;
  let rec: Found | undefined;
  try {
    rec = await find(store, supplierKey);
  } finally {
    e.reads--;
    closeIfIdle(e);
  }
  if (!rec) return { supplier: undefined, merchant: undefined, useCases: [], networks: [] };
  const supplier: R = {};
  store.columns.forEach((c, i) => (supplier[c] = rec[0][i]));
  return { supplier, merchant: rec[1] ?? undefined, useCases: rec[2], networks: rec[3] ?? [] };
}

/** The supplier's row, its matched (else candidate) merchant and its use cases: one look-up in the run's store. */
export async function supplierDetailRows(
  ctx: AppContext,
  res: JobResults,
  supplierKey: string,
  network: string | null,
): Promise<SupplierDetailRows> {
  const e = await entryOf(ctx, res, network);
  try {
    return await lookup(e, supplierKey);
  } catch (err) {
    if (!(err instanceof CorruptStoreError) || !e.s) throw err;
    ctx.log.warn({ jobId: res.jobId, runId: res.runId, reason: err.message }, 'Supplier detail store rebuilt');
    return lookup(await entryOf(ctx, res, network, e.s), supplierKey);
  }
}

/** Closes a job's open stores (job deleted, results removed: its blobs go with the job's folder). */
export async function dropSupplierDetail(ctx: AppContext, jobId: string): Promise<void> {
  for (const key of [...stores.keys()]) if (key.startsWith(`jobs/${jobId}/`)) forget(key);
  const dir = path.join(ctx.config.dataDir, 'cache', 'supplier-detail');
  for (const f of await readdir(dir).catch(() => [] as string[]))
    if (f.startsWith(`${jobId}.`)) await rm(path.join(dir, f), { force: true }).catch(() => {});
}
