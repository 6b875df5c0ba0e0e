/** The companies lookup's network search (companies-sql.ts) on a tiny network file, and a review snapshot of its text. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lit, openDb, type Db } from '@sextant/analysis';
import { networkSearchSql, type NetworkCompanyRow } from './companies-sql.ts';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), "sx-companies'sql-"));
const file = path.join(dir, "net'work.parquet");

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  await db.run(`COPY (SELECT * FROM (VALUES
      ('M1', 'Acme Ltd', 'GB 123-456', true),
      ('M2', 'Big Acme Holdings', NULL, false),
      ('ACME', 'Zeta Trading', NULL, NULL),
      ('M4', '100% Pure Juice', 'DE999', true),
      ('M5', '1000 Pure Juices', NULL, true),
      ('M6', 'O''Brien & Sons', NULL, true))
    t(merchantId, name, taxId, acceptsCard))
    TO ${lit(file)} (FORMAT parquet)`);
  // the other columns the lookup reads, empty here
  await db.run(`COPY (SELECT merchantId, name, NULL::VARCHAR AS addressLine1, NULL::VARCHAR AS addressLine2,
      NULL::VARCHAR AS city, NULL::VARCHAR AS region, NULL::VARCHAR AS postcode, 'GB' AS country, taxId,
      '5411' AS mcc, acceptsCard FROM read_parquet(${lit(file)})) TO ${lit(file + '.full')} (FORMAT parquet)`);
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = async (q: string, limit = 10) =>
  (await db.all<NetworkCompanyRow>(networkSearchSql(`${file}.full`, q, limit))).map((r) => r.merchantId);

describe('networkSearchSql on a tiny network file', () => {
  it('puts the exact merchant id first, then names starting with the text, then names containing it', async () => {
    expect(await search('acme')).toEqual(['ACME', 'M1', 'M2']);
  });

  it('finds a merchant by its tax id written without spaces or punctuation, and by its id in any case', async () => {
    expect(await search('gb123456')).toEqual(['M1']);
    expect(await search('m4')).toEqual(['M4']);
  });

  it('matches % and _ in the text literally, not as wildcards', async () => {
    expect(await search('100%')).toEqual(['M4']);
    expect(await search('_')).toEqual([]);
  });

  it('takes a quote in the text as text (no injection), and keeps to the limit', async () => {
    expect(await search("o'brien")).toEqual(['M6']);
    expect(await search("' OR 1=1 --")).toEqual([]);
    expect(await search('juice', 1)).toEqual(['M4']);
  });
});

it('review snapshot of the generated SQL', async () => {
  const text = `-- networkSearchSql\n${networkSearchSql('/data/reference/network.parquet', "Acme 50%_O'Brien", 25)};\n`;
  await expect(text).toMatchFileSnapshot('./__snapshots__/companies-sql.snap.sql');
});
