/**
 * The reference networks jobs match against (docs/NETWORKS.md): the reference network (the configured file, or one
 * generated once from a seed), the demo's second generated network, and the further networks of NETWORKS_EXTRA.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { generateNetwork, importNetwork, isPreparedNetwork, lit, withDb } from '@sextant/analysis';
import type { AppContext } from '../../context.ts';
import { commitFile } from '../../lib/durable-fs.ts';

/** Seed of the generated reference network (the demo supplier files are drawn from the same network). */
export const NETWORK_SEED = 20_261_122;

/** The prepared reference network when it has been made already (ensureNetwork makes it), else null. */
export function existingNetworkFile(ctx: AppContext): string | null {
  const dir = path.join(ctx.config.dataDir, 'network');
  const file = ctx.config.NETWORK_FILE
    ? path.join(dir, 'imported.parquet')
    : path.join(dir, `generated-${ctx.config.NETWORK_MERCHANTS}-${NETWORK_SEED}.parquet`);
  return existsSync(file) ? file : null;
}

/** Seed of the demo's second generated network ("Scheme B"), which overlaps the first (docs/NETWORKS.md). */
export const SECOND_NETWORK_SEED = 20_261_128;

/** A loaded reference network: GET /api/v1/networks lists them, the match step matches against each. */
export interface RegisteredNetwork {
  name: string;
  version: string;
  /** the prepared Parquet file */
  file: string;
  merchants: number;
  /** when the prepared file was written (ISO) */
  loadedAt: string;
  /** the reference network (NETWORK_FILE or the generated one): what enrich, score and the matched columns use */
  primary: boolean;
}

interface NetworkSpec {
  name: string;
  version: string | null;
  /** the prepared file's name under DATA_DIR/network */
  out: string;
  /** how it is made when missing */
  make: (tmp: string) => Promise<unknown>;
}

/** `name[@version]=file` entries separated by `;` (NETWORKS_EXTRA); an entry that does not parse is an error. */
export function parseExtraNetworks(
  value: string | undefined,
): { name: string; version: string | null; file: string }[] {
  if (!value?.trim()) return [];
  return value
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => {
      const m = /^([^=@]+?)\s*(?:@\s*([^=]+?))?\s*=\s*(.+)$/.exec(e);
      if (!m) throw new Error(`NETWORKS_EXTRA: "${e}" is not name[@version]=file`);
      return { name: m[1]!.trim(), version: m[2]?.trim() || null, file: m[3]!.trim() };
    });
}

/** The reference network as configured. */
function primarySpec(ctx: AppContext): NetworkSpec {
  const c = ctx.config;
  return c.NETWORK_FILE
    ? {
        name: c.NETWORK_NAME ?? 'Reference network',
        version: c.NETWORK_VERSION ?? null,
        out: 'imported.parquet',
        make: (tmp) => importNetwork(path.resolve(c.NETWORK_FILE!), tmp),
      }
    : {
        name: c.NETWORK_NAME ?? 'Scheme A',
        version: c.NETWORK_VERSION ?? `generated-${NETWORK_SEED}`,
        out: `generated-${c.NETWORK_MERCHANTS}-${NETWORK_SEED}.parquet`,
        make: (tmp) => generateNetwork({ merchants: c.NETWORK_MERCHANTS, seed: NETWORK_SEED, out: tmp }),
      };
}

/** The networks the configuration names, the reference network first. */
function networkSpecs(ctx: AppContext): NetworkSpec[] {
  const c = ctx.config;
  const specs = [primarySpec(ctx)];
  if (!c.NETWORK_FILE && c.NETWORK_SECOND)
    specs.push({
      name: 'Scheme B',
      version: `generated-${SECOND_NETWORK_SEED}`,
      out: `generated-${c.NETWORK_MERCHANTS}-${SECOND_NETWORK_SEED}-overlap-${NETWORK_SEED}.parquet`,
      make: (tmp) =>
        generateNetwork({
          merchants: c.NETWORK_MERCHANTS,
          seed: SECOND_NETWORK_SEED,
          overlapsSeed: NETWORK_SEED,
          out: tmp,
        }),
    });
  for (const [i, e] of parseExtraNetworks(c.NETWORKS_EXTRA).entries())
    specs.push({
      name: e.name,
      version: e.version,
      out: `extra-${i + 1}-${createHash('sha256')
        .update(`${e.name}\0${path.resolve(e.file)}`)
        .digest('hex')
        .slice(0, 12)}.parquet`,
      make: (tmp) => importNetwork(path.resolve(e.file), tmp),
    });
  return specs;
}

const prepared = new Map<string, Promise<string>>();
/** The prepared file of a network (made once per process; a failure is not remembered). */
function ensurePrepared(ctx: AppContext, spec: NetworkSpec): Promise<string> {
  const dir = path.join(ctx.config.dataDir, 'network');
  const out = path.join(dir, spec.out);
  let ready = prepared.get(out);
  if (!ready) {
    ready = (async () => {
      // A network prepared by an older matcher (without the current matching columns) is prepared again once
      // here, not in every job's working directory.
      if (existsSync(out) && (await withDb({}, (db) => isPreparedNetwork(db, out)))) return out;
      await mkdir(dir, { recursive: true });
      const tmp = `${out}.${process.pid}.tmp.parquet`;
      await spec.make(tmp);
      await rm(`${tmp.replace(/\.parquet$/i, '')}.import-report.json`, { force: true });
      await commitFile(tmp, out);
      ctx.log.info({ network: out, name: spec.name }, 'Reference network ready');
      return out;
    })();
    ready.catch(() => prepared.delete(out));
    prepared.set(out, ready);
  }
  return ready.then((file) => {
    if (existsSync(file)) return file;
    prepared.delete(out);
    return ensurePrepared(ctx, spec);
  });
}

/** The reference network every job matches against: the configured file, or a generated one (made once). */
export function ensureNetwork(ctx: AppContext): Promise<string> {
  return ensurePrepared(ctx, primarySpec(ctx));
}

const counts = new Map<string, Promise<number>>();
/** Merchants of a prepared network (Parquet metadata; cached per file and modification time). */
function merchantCount(file: string, mtimeMs: number): Promise<number> {
  const k = `${file}:${mtimeMs}`;
  let n = counts.get(k);
  if (!n) {
    n = withDb(
      {},
      async (db) => (await db.one<{ n: number }>(`SELECT count(*) AS n FROM read_parquet(${lit(file)})`))!.n,
    ).then(Number);
    n.catch(() => counts.delete(k));
    counts.set(k, n);
  }
  return n;
}

/**
 * Every loaded network, the reference network first, each prepared when missing (the jobs' match step and
 * GET /api/v1/networks). The version is the configured one, else the prepared file's date.
 */
export async function ensureNetworks(ctx: AppContext): Promise<RegisteredNetwork[]> {
  const out: RegisteredNetwork[] = [];
  // one after the other: preparing a large network takes most of a DuckDB instance's memory
  for (const [i, spec] of networkSpecs(ctx).entries()) {
    const file = await ensurePrepared(ctx, spec);
    const st = statSync(file);
    const loadedAt = st.mtime.toISOString();
    out.push({
      name: spec.name,
      version: spec.version ?? loadedAt.slice(0, 10),
      file,
      merchants: await merchantCount(file, st.mtimeMs),
      loadedAt,
      primary: i === 0,
    });
  }
  return out;
}
