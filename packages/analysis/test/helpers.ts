import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateNetwork } from '../src/network/import.ts';

export function tmpDir(prefix = 'sx-analysis-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }) };
}

export function writeFile(dir: string, name: string, content: string | Buffer): string {
  const f = path.join(dir, name);
  writeFileSync(f, content);
  return f;
}

let cached: Promise<string> | undefined;
/** A small shared network (3,000 merchants, seed 7) for tests. */
export function smallNetwork(): Promise<string> {
  const dir = path.join(os.tmpdir(), `sx-test-network-${process.pid}`);
  cached ??= generateNetwork({ merchants: 3000, seed: 7, out: path.join(dir, 'network.parquet') }).then((r) => r.out);
  return cached;
}
