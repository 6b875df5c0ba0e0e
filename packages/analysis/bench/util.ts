/** Benchmark helpers: per-stage peak RSS (Linux VmHWM, reset through clear_refs) and JSON lines. */
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { generateNetwork } from '../src/network/import.ts';

export const CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.bench-cache');

function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    /* not Linux or not permitted: peak is then process-wide */
  }
}

function peakRssMb(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Math.round(Number(m[1]) / 1024);
  } catch {
    /* fall through */
  }
  return Math.round(process.memoryUsage().rss / 1048576);
}

export async function measure<T>(
  stage: string,
  rows: number,
  fn: () => Promise<T>,
  extra: Record<string, unknown> = {},
): Promise<T> {
  (globalThis as { gc?: () => void }).gc?.();
  resetPeak();
  const t = performance.now();
  const cpu = process.cpuUsage();
  const r = await fn();
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      stage,
      rows,
      seconds: Math.round(seconds * 100) / 100,
      rowsPerSecond: Math.round(rows / seconds),
      peakRssMb: peakRssMb(),
      // process CPU time (all DuckDB threads) and the machine's 1-minute load average: on a shared
      // machine, wall-clock seconds grow with the load; CPU seconds much less so.
      cpuSeconds: Math.round((used.user + used.system) / 10000) / 100,
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
      ...extra,
    }),
  );
  return r;
}

export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

export const NETWORK_SEED = 20250101;

/** The benchmark network, generated once per size and cached in .bench-cache/. */
export async function benchNetwork(merchants: number): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true });
  // v4: the generator version (bump when the generator changes); p3: the prepared columns (street address; legal forms
  // and transliteration in the name tokens).
  const file = path.join(CACHE_DIR, `network-v4p3-${merchants}-${NETWORK_SEED}.parquet`);
  if (!existsSync(file))
    await measure('network-generate', merchants, () => generateNetwork({ merchants, seed: NETWORK_SEED, out: file }));
  return file;
}
