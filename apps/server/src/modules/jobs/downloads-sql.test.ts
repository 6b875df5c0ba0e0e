/** The download query (downloads-sql.ts) on a tiny suppliers file, and a review snapshot of its text. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lit, openDb, type Db } from '@sextant/analysis';
import { downloadSql } from './downloads-sql.ts';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), 'sx-download-sql-'));
const file = path.join(dir, "o'suppliers.parquet");

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  await db.run(`COPY (SELECT * FROM (VALUES ('k1', 'Acme Ltd', 'Acme\tLtd', 10.5, 'x'), ('k2', 'Bolt', NULL, 2.0, 'y'))
    t(supplierKey, supplierName, supplierNameOriginal, spend, "odd ""name""")) TO ${lit(file)} (FORMAT parquet)`);
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('downloadSql on a tiny file', () => {
  it('reads the profile datapoints in order, names as the file had them', async () => {
    const available = new Set(['supplierKey', 'supplierName', 'supplierNameOriginal', 'spend', 'odd "name"']);
    const sql = downloadSql(file, ['spend', 'supplierName', 'odd "name"'], available);
    // the headers are the profile's; the columns come in its order
    expect((await db.all(`${sql} ORDER BY spend`)).map((r) => Object.values(r))).toEqual([
      [2, 'Bolt', 'y'],
      [10.5, 'Acme\tLtd', 'x'],
    ]);
  });

  it('without the original names, the normalised name', async () => {
    const sql = downloadSql(file, ['supplierName'], new Set(['supplierName']));
    expect((await db.all(sql)).map((r) => Object.values(r)[0])).toEqual(['Acme Ltd', 'Bolt']);
  });
});

it('review snapshot of the generated SQL', async () => {
  const text = `-- downloadSql\n${downloadSql(
    '/data/jobs/<job>/runs/1/results/suppliers.parquet',
    ['supplierKey', 'supplierName', 'spend'],
    new Set(['supplierKey', 'supplierName', 'supplierNameOriginal', 'spend']),
  )};\n`;
  await expect(text).toMatchFileSnapshot('./__snapshots__/downloads-sql.snap.sql');
});
