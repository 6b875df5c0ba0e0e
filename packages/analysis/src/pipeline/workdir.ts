/** Layout of a job's working directory (every step reads and writes Parquet here). */
import path from 'node:path';
import { existsSync, readdirSync } from 'node:fs';

export const WORK_FILES = {
  suppliers: 'suppliers.parquet',
  matches: 'matches.parquet',
  /** every supplier's match in every loaded network, one row per (network, supplier): network/networks.ts */
  networkMatches: 'network-matches.parquet',
  enriched: 'enriched.parquet',
  scored: 'scored.parquet',
  model: 'acceptance-model.json',
  resultsDir: 'results',
} as const;

export function workFile(workDir: string, key: keyof typeof WORK_FILES): string {
  return path.join(workDir, WORK_FILES[key]);
}

/** Where the matches of the further network number i (0: the first after the reference network) are written. */
export function furtherMatchesFile(workDir: string, i: number): string {
  return path.join(workDir, 'networks', `${i + 1}.matches.parquet`);
}

/** Ingested Parquet files (excluding issue files). */
export function ingestedFiles(workDir: string): string[] {
  const dir = path.join(workDir, 'ingest');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.parquet') && !f.endsWith('.issues.parquet'))
    .sort()
    .map((f) => path.join(dir, f));
}
