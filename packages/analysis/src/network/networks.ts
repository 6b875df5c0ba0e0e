/**
 * Several reference networks at once (issue #34 point 3; docs/NETWORKS.md). The match step matches every supplier
 * against the primary network (matches.parquet, what enrich and score read, unchanged); `matchNetworks` then matches
 * them against each further network with the same matcher and rules (match.ts, each network's matches in
 * `networks/<order>.matches.parquet`) and writes `network-matches.parquet`: one row per (network, supplier), the
 * primary network's rows included (networks-sql.ts). Enrich adds the merged view to each supplier from it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TIssuerOffer, TNetworkMatchMode } from '@sextant/shared';
import { offeredKinds } from '@sextant/shared';
import { copyToParquet, lit, tempDirOf, withDb } from '../db.ts';
import { ensurePreparedNetwork, matchSuppliers, type MatchResult } from '../match/match.ts';
import { confirmMatchNetworks } from '../match/confirm.ts';
import { furtherMatchesFile, workFile } from '../pipeline/workdir.ts';
import type { ProgressFn } from '../progress.ts';
import { allNetworkRowsSql } from './networks-sql.ts';

export interface NetworkRef {
  /** name and version as registered */
  name: string;
  version: string;
  /** the network's file (prepared Parquet, else a file in the documented layout, prepared into the working dir) */
  file: string;
}

export interface NetworkMatchSummary {
  network: string;
  version: string;
  suppliers: number;
  matched: number;
}

export interface MatchNetworksOptions {
  workDir: string;
  /** the network matches.parquet was matched against (the primary) */
  primary: NetworkRef;
  /** the further networks, in order; each is matched here */
  others: readonly NetworkRef[];
  offer?: TIssuerOffer | null;
  /**
   * How further networks are searched (docs/NETWORKS.md): `confirm` (default) — candidates by exact keys and the
   * reference network's best candidates' names (match/confirm.ts); `full` — the whole matcher again per network.
   */
  mode?: NetworkMatchMode;
  /**
   * The further networks' matches made by the reference match itself (matchSuppliers' `further`, confirm mode), in
   * the order of `others`; without them, confirm mode matches them here (match/confirm.ts).
   */
  matched?: readonly MatchResult[];
  onProgress?: ProgressFn;
}

type NetworkMatchMode = TNetworkMatchMode;

/** Matches the suppliers against each further network and writes network-matches.parquet (every network's rows). */
export async function matchNetworks(options: MatchNetworksOptions): Promise<NetworkMatchSummary[]> {
  const { workDir, primary, others } = options;
  const onProgress = options.onProgress ?? (() => {});
  const { offered } = offeredKinds(options.offer);
  const dir = path.join(workDir, 'networks');
  mkdirSync(dir, { recursive: true });
  const sources = [
    {
      network: primary.name,
      version: primary.version,
      order: 0,
      matchesFile: workFile(workDir, 'matches'),
      networkFile: await ensurePreparedNetwork(primary.file, workDir),
      candidateSearch: 'full' as NetworkMatchMode,
    },
  ];
  const summaries: NetworkMatchSummary[] = [];
  const mode = options.mode ?? 'confirm';
  const outFile = (i: number) => furtherMatchesFile(workDir, i);
  const results =
    mode === 'confirm'
      ? others.length === 0
        ? []
        : options.matched?.length === others.length
          ? options.matched
          : await confirmMatchNetworks({
              workDir,
              primaryNetworkFile: sources[0]!.networkFile,
              networks: others.map((n, i) => ({ name: n.name, file: n.file, outFile: outFile(i) })),
              onProgress: (p, m) => onProgress(p * 0.9, m),
            })
      : [];
  for (const [i, n] of others.entries()) {
    const share = 90 / Math.max(1, others.length);
    const r =
      mode === 'confirm'
        ? results[i]!
        : await matchSuppliers({
            workDir,
            networkFile: n.file,
            outFile: outFile(i),
            onProgress: (p, m) => onProgress(i * share + (p / 100) * share, `${n.name}: ${m}`),
          });
    sources.push({
      network: n.name,
      version: n.version,
      order: i + 1,
      matchesFile: r.file,
      networkFile: r.networkFile,
      candidateSearch: mode,
    });
  }
  onProgress(92, 'Writing the matches of every network');
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    const union = allNetworkRowsSql(sources, offered);
    const out = workFile(workDir, 'networkMatches');
    // unordered (readers group the rows by supplier and order them by networkOrder), snappy: read by enrich (the
    // merged view), then copied as it is to the results' networks.parquet by the aggregate step
    await db.run(copyToParquet(union, out, 'snappy'));
    for (const r of await db.all<{ network: string; version: string; n: number; matched: number }>(
      `SELECT network, any_value(networkVersion) AS version, count(*) AS n, count(*) FILTER (WHERE matchStatus = 'MATCHED') AS matched
       FROM read_parquet(${lit(out)}) GROUP BY network, networkOrder ORDER BY networkOrder`,
    ))
      summaries.push({ network: r.network, version: r.version, suppliers: Number(r.n), matched: Number(r.matched) });
    onProgress(100, summaries.map((s) => `${s.network}: ${s.matched} matched`).join('; '));
    return summaries;
  });
}
