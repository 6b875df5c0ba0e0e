/** The reference network every job matches against: the configured file, or one generated once from a seed. */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { generateNetwork, importNetwork, isPreparedNetwork, withDb } from '@sextant/analysis';
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

/** The reference network every job matches against: the configured file, or a generated one (made once). */
const networks = new Map<string, Promise<string>>();
export function ensureNetwork(ctx: AppContext): Promise<string> {
  const dir = path.join(ctx.config.dataDir, 'network');
  const source = ctx.config.NETWORK_FILE;
  const out = path.join(
    dir,
    source ? 'imported.parquet' : `generated-${ctx.config.NETWORK_MERCHANTS}-${NETWORK_SEED}.parquet`,
  );
  let ready = networks.get(out);
  if (!ready) {
    ready = (async () => {
      // A network prepared by an older matcher (without the current matching columns) is prepared again once
      // here, not in every job's working directory.
      if (existsSync(out) && (await withDb({}, (db) => isPreparedNetwork(db, out)))) return out;
      await mkdir(dir, { recursive: true });
      const tmp = `${out}.${process.pid}.tmp.parquet`;
      if (source) await importNetwork(path.resolve(source), tmp);
      else await generateNetwork({ merchants: ctx.config.NETWORK_MERCHANTS, seed: NETWORK_SEED, out: tmp });
      await commitFile(tmp, out);
      ctx.log.info({ network: out }, 'Reference network ready');
      return out;
    })();
    // a failure is not remembered: the next step tries again
    ready.catch(() => networks.delete(out));
    networks.set(out, ready);
  }
  return ready.then((file) => (existsSync(file) ? file : (networks.delete(out), ensureNetwork(ctx))));
}
