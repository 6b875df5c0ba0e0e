/**
 * `npm run bench -- routes [--suppliers 100000]`: the cost of ranking routes (score/routes-sql.ts, issue #34) in the
 * score step. A generated scored-supplier file (the columns the ranking reads plus 80 other columns, as wide as a
 * real scored row) is written once more as the score step writes it, without and with the route columns (and Optima
 * made the best route); the difference is what the ranking adds to a run. One JSON line per measurement (util.ts
 * `measure`) and a last line with the difference in CPU seconds.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SCORE_KINDS, VIRTUAL_LOCKBOXES } from '@sextant/shared';
import { copyToParquet, lit, withDb } from '../src/db.ts';
import { optimaRouteSql, routesSql } from '../src/score/routes-sql.ts';
import { arg, CACHE_DIR, measure } from './util.ts';

const n = arg('suppliers', 100_000);
const dir = path.join(CACHE_DIR, `routes-${process.pid}`);
mkdirSync(dir, { recursive: true });
const input = path.join(dir, 'scored.parquet');
const levels = `['High', 'Medium', 'Low', 'None', 'None']`;
const level = (salt: number) => `${levels}[(1 + hash(i, ${salt}) % 5)::BIGINT]`;
const kinds = SCORE_KINDS.filter((k) => k !== 'Optima');
try {
  await withDb({}, async (db) => {
    const filler = Array.from({ length: 80 }, (_, j) => `'v' || (hash(i, ${100 + j}) % 1000) AS f${j}`).join(', ');
    await db.run(
      copyToParquet(
        `SELECT 'S' || i AS supplierKey, (hash(i, 1) % 2000000)::DOUBLE AS spend,
           ['ACH', 'Check', 'Wire', 'Card', 'Other'][(1 + hash(i, 2) % 5)::BIGINT] AS paymentMethod, (hash(i, 3) % 60)::BIGINT AS paymentCount,
           CASE WHEN hash(i, 4) % 10 = 0 THEN NULL ELSE (hash(i, 4) % 90)::DOUBLE END AS paymentTermsDays,
           (hash(i, 5) % 30000)::DOUBLE AS avgTransactionValue,
           ['Business to Business', 'Travel and Entertainment', 'Government', NULL][(1 + hash(i, 6) % 4)::BIGINT] AS mccType,
           CASE WHEN hash(i, 7) % 3 = 0 THEN 'UNMATCHED' ELSE 'MATCHED' END AS matchStatus,
           (hash(i, 8) % 1000) / 1000.0 AS acceptanceProbability,
           CASE WHEN hash(i, 9) % 10 = 0 THEN 'Its' END AS lockboxProgramme,
           ${kinds.map((k, j) => `${level(20 + j)} AS ${k}Level, 'R-' || ${j} AS ${k}RuleId`).join(', ')},
           'High' AS OptimaLevel, 'Vcard' AS optimaMethod, 'OPTIMA:Vcard:x' AS OptimaRuleId, ${filler}
         FROM range(${n}) t(i)`,
        input,
      ),
    );
  });
  const offered = [...SCORE_KINDS];
  const lockboxes = [...VIRTUAL_LOCKBOXES];
  const src = `SELECT * FROM read_parquet(${lit(input)})`;
  const run = (label: string, sql: string) =>
    measure(label, n, () =>
      withDb({}, (db) => db.run(copyToParquet(`${sql} ORDER BY supplierKey`, path.join(dir, `${label}.parquet`)))),
    );
  const cpu = async (label: string, sql: string) => {
    const before = process.cpuUsage();
    await run(label, sql);
    const u = process.cpuUsage(before);
    return (u.user + u.system) / 1e6;
  };
  // warm the file cache, then each variant twice (the lower of the two)
  await cpu('routes-warm', src);
  const without = Math.min(await cpu('routes-without', src), await cpu('routes-without', src));
  const withRoutes = optimaRouteSql(routesSql(src, offered, lockboxes), offered, lockboxes);
  const withIt = Math.min(await cpu('routes-with', withRoutes), await cpu('routes-with', withRoutes));
  console.log(
    JSON.stringify({
      stage: 'routes-added',
      rows: n,
      cpuSecondsWithout: Math.round(without * 100) / 100,
      cpuSecondsWith: Math.round(withIt * 100) / 100,
      addedCpuSeconds: Math.round((withIt - without) * 100) / 100,
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
