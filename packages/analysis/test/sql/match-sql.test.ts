/**
 * The matching SQL builders on tiny tables: hand-made relations where a builder reads only a few columns, and a
 * few suppliers and merchants normalised by the real macros where the evidence matters.
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { lit, withDb, type Db } from '../../src/db.ts';
import { createNormaliseMacros } from '../../src/match/normalise-sql.ts';
import { scorePairs } from '../../src/match/match.ts';
import { defaultMatchRuleset } from '../../src/match/rules.ts';
import {
  acronymKeysSql,
  ADDR_PARSED_TABLE,
  addressFrequencySql,
  ambiguousConfidenceSql,
  bestCandidateSql,
  blockingKeysSql,
  candidateJwSql,
  candidatePairsSql,
  confidenceCountsSql,
  CONFIRM_CANDIDATES,
  CONFIRM_RUNNER_UP_MIN,
  confirmCandidatePairsSql,
  finalConfidenceSql,
  keptCandidatesSql,
  KEY_DF_BUDGET,
  keyFrequencySql,
  MAX_NAME_DF,
  MAX_SCORED_CANDIDATES,
  matchOutputSql,
  nameFrequenciesSql,
  nameTokensSql,
  networkColumnsSql,
  networkViewSql,
  ruledCandidateSql,
  supplierAcronymKeysSql,
  supplierColumnsSql,
  supplierKeysSql,
  tokenFrequencySql,
  topCandidatesSql,
} from '../../src/match/match-sql.ts';
import { tmpDir } from '../helpers.ts';

const { dir, cleanup } = tmpDir('sx-match-sql-');
afterAll(cleanup);
const RS = defaultMatchRuleset();
const P = RS.parameters;

const tiny = <T>(fn: (db: Db) => Promise<T>) =>
  withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
    await createNormaliseMacros(db);
    return fn(db);
  });

type Cell = string | number | boolean | null;
const values = (rows: readonly Cell[][]) => `(VALUES ${rows.map((r) => `(${r.map(lit).join(', ')})`).join(', ')})`;
/** A table of typed columns ("sid BIGINT, nameSorted VARCHAR") holding `rows` (a NULL-only column keeps its type). */
async function table(db: Db, name: string, columns: string, rows: readonly Cell[][]): Promise<void> {
  await db.run(`CREATE TABLE ${name} (${columns})`);
  if (rows.length)
    await db.run(`INSERT INTO ${name} VALUES ${rows.map((r) => `(${r.map(lit).join(', ')})`).join(', ')}`);
}

interface Party {
  key: string;
  name: string;
  address?: string;
  postcode?: string;
  city?: string;
  country?: string;
  taxId?: string;
}
let fileNo = 0;
/** A suppliers.parquet as aggregation writes it (the columns the matcher reads). */
async function suppliersFile(db: Db, parties: Party[]): Promise<string> {
  const f = path.join(dir, `suppliers-${++fileNo}.parquet`);
  const rows = parties.map((p) => [
    p.key,
    p.name,
    p.address ?? null,
    p.postcode ?? null,
    p.city ?? null,
    p.country ?? null,
    p.taxId ?? null,
  ]);
  const t = `t_${fileNo}`;
  await table(
    db,
    t,
    'supplierKey VARCHAR, supplierName VARCHAR, addressLine1 VARCHAR, postcode VARCHAR, city VARCHAR, country VARCHAR, taxId VARCHAR',
    rows,
  );
  await db.run(`COPY ${t} TO ${lit(f)} (FORMAT parquet)`);
  return f;
}

/** `sup` from suppliers and `net` from merchants, both through the supplier normalisation (as the network's is). */
async function supAndNet(db: Db, suppliers: Party[], merchants: Party[]): Promise<void> {
  await db.run(ADDR_PARSED_TABLE);
  await db.run(`CREATE TABLE sup AS ${supplierColumnsSql(await suppliersFile(db, suppliers))}`);
  const netFile = path.join(dir, `network-${++fileNo}.parquet`);
  await db.run(
    `COPY (SELECT supplierKey AS merchantId, * EXCLUDE (sid, supplierKey) FROM (${supplierColumnsSql(await suppliersFile(db, merchants))})) TO ${lit(netFile)} (FORMAT parquet)`,
  );
  await db.run(`CREATE TABLE net0 AS ${networkColumnsSql(netFile)}`);
  await db.run(`CREATE VIEW net AS ${networkViewSql('net0')}`);
}

/** The builders in matchSuppliers' order, from `sup` and `net` to `final` (blocking keys computed, not cached). */
async function matchTables(db: Db): Promise<void> {
  const table = (name: string, sql: string) => db.run(`CREATE TABLE ${name} AS ${sql}`);
  await table('net_tok', nameTokensSql('net', 'mid'));
  await table('net_key', `${blockingKeysSql('net_tok', 'mid')} UNION ALL ${acronymKeysSql('net', 'mid', 'network')}`);
  await table('tok_df', tokenFrequencySql('net'));
  await table('key_df', keyFrequencySql('net_key'));
  await table('sup_tok', nameTokensSql('sup', 'sid'));
  await table('sup_key', supplierKeysSql('sup_tok', 'key_df'));
  await db.run(`INSERT INTO sup_key ${supplierAcronymKeysSql('sup', 'key_df')}`);
  await table('addr_df', addressFrequencySql());
  await table('cand', candidatePairsSql(P));
  await table('pair0', candidateJwSql('cand'));
  await table('pair1', topCandidatesSql('pair0'));
  await table('sup_df', nameFrequenciesSql('sup', 'sid', 'tok_df'));
  await table('net_df', nameFrequenciesSql('net', 'mid', 'tok_df', 'WHERE mid IN (SELECT mid FROM pair1)'));
  const merchants = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM net`))!.n;
  await scorePairs(db, P, 'pair1', 'scored', { merchants });
  await table('ranked', bestCandidateSql('scored'));
  await table('best', ruledCandidateSql(RS, 'ranked'));
  await table('final', finalConfidenceSql(P, 'best'));
}

describe('supplier and network tables', () => {
  it('normalises suppliers as the network is normalised, numbering both in file order', async () => {
    const got = await tiny(async (db) => {
      await supAndNet(
        db,
        [
          { key: 'S2', name: 'ACME Widgets Ltd', address: '10-12 High Street', postcode: 'sw1a 1aa', city: 'London' },
          { key: 'S1', name: 'Globex GmbH', taxId: 'DE 123.456.789' },
        ],
        [
          { key: 'M1', name: 'Initech' },
          { key: 'M2', name: 'Acme Widgets Limited', address: '11 High St', postcode: 'SW1A1AA' },
        ],
      );
      return {
        sup: await db.all<Record<string, unknown>>(
          `SELECT sid, supplierKey, nameTokens, nameCore, nameSorted, postcodeNorm, cityNorm, taxNorm, addrNum, addrNumHi, addrStreet FROM sup ORDER BY sid`,
        ),
        net: await db.all<Record<string, unknown>>(
          `SELECT mid, merchantId, nameCore, postcodeNorm, addrNum, addrStreet FROM net ORDER BY mid`,
        ),
      };
    });
    expect(got.sup.map((s) => [s.sid, s.supplierKey, s.nameCore, s.nameSorted])).toEqual([
      [1, 'S2', 'acme widgets', 'acme widgets'],
      [2, 'S1', 'globex', 'globex'],
    ]);
    expect(got.sup[0]).toMatchObject({ addrNum: 10, addrNumHi: 12, cityNorm: 'london' });
    expect(got.sup[0]!.postcodeNorm).toBe(got.net[1]!.postcodeNorm);
    expect(got.sup[0]!.addrStreet).toBe(got.net[1]!.addrStreet);
    expect(got.sup[1]!.taxNorm).toMatch(/123456789/);
    expect(got.net.map((n) => [n.mid, n.merchantId, n.nameCore])).toEqual([
      [1, 'M1', 'initech'],
      [2, 'M2', 'acme widgets'],
    ]);
  });

  it('keys a supplier address by the parsed street line where the parser read one', async () => {
    const got = await tiny(async (db) => {
      await db.run(ADDR_PARSED_TABLE);
      await db.run(`INSERT INTO addr_parsed VALUES ('123 Main St Apt 4, Springfield, IL 62701', 'USA', '123 Main St')`);
      const f = await suppliersFile(db, [
        { key: 'S1', name: 'A', address: '123 Main St Apt 4, Springfield, IL 62701', country: 'USA' },
        { key: 'S2', name: 'B', address: '123 Main St Apt 4, Springfield, IL 62701', country: 'GBR' },
      ]);
      return db.all<{ addrNum: number; addrStreet: string }>(
        `SELECT addrNum, addrStreet FROM (${supplierColumnsSql(f)}) ORDER BY sid`,
      );
    });
    expect(got[0]!.addrNum).toBe(123);
    // the parsed line only for its own country; the other keeps the raw line
    expect(got[1]!.addrStreet).not.toBe(got[0]!.addrStreet);
  });
});

describe('blocking keys', () => {
  it('keys token pairs and their 3-letter prefixes, and a one-token name by its token', async () => {
    const got = await tiny(async (db) => {
      await table(db, 'tok', 'id BIGINT, tok VARCHAR', [
        [1, 'acme'],
        [1, 'widgets'],
        [2, 'globex'],
      ]);
      return db.all<{ id: number; key: string }>(`SELECT * FROM (${blockingKeysSql('tok', 'id')}) ORDER BY id, key`);
    });
    expect(got.map((r) => [r.id, r.key])).toEqual([
      [1, 'acme|widgets'],
      [1, '~acm|wid'],
      [2, 'globex'],
    ]);
  });

  it("keeps a supplier's rarest keys within the budget, never a key too common to block on", async () => {
    const got = await tiny(async (db) => {
      // supplier 1: three tokens → keys a|b, a|c, b|c (and their prefixes, the same here: tokens of 3 letters)
      await db.run(
        `CREATE TABLE sup_tok AS SELECT * FROM ${values([
          [1, 'aaa'],
          [1, 'bbb'],
          [1, 'ccc'],
          [2, 'ddd'],
          [2, 'eee'],
        ])} t(sid, tok)`,
      );
      await db.run(
        `CREATE TABLE key_df AS SELECT * FROM ${values([
          ['aaa|bbb', 5],
          ['aaa|ccc', 10],
          ['bbb|ccc', KEY_DF_BUDGET],
          ['~aaa|bbb', 300],
          ['~aaa|ccc', 301],
          ['~bbb|ccc', 302],
          ['ddd|eee', 150],
          ['~ddd|eee', 151],
        ])} t(key, df)`,
      );
      return db.all<{ sid: number; key: string; df: number }>(`SELECT * FROM (${supplierKeysSql()}) ORDER BY sid, df`);
    });
    expect(got.map((r) => [r.sid, r.key])).toEqual([
      [1, 'aaa|bbb'],
      [1, 'aaa|ccc'],
      // bbb|ccc would take the sum past KEY_DF_BUDGET; the prefix keys are over MAX_KEY_DF
      // supplier 2: the rarest key is kept even over the budget, the next is not
      [2, 'ddd|eee'],
    ]);
  });
});

describe('candidate pairs', () => {
  const supRows: Cell[][] = [
    // sid, nameSorted, taxNorm, postcodeNorm, addrNum, addrStreet
    [1, 'acme widgets', null, null, null, null],
    [2, 'common name', null, null, null, null],
    [3, 'zzz', 'gb123456', null, null, null],
    [4, 'zzz', 'gb123', null, null, null],
    [5, 'beta bakery', null, 'sw1a1aa', null, null],
    [6, 'omega', null, 'sw1a1aa', null, null],
    [7, 'qqq', null, null, 5, 'market'],
  ];
  const netRows: Cell[][] = [
    // mid, nameSorted, taxNorm, postcodeNorm, addrNum, addrStreet
    [101, 'acme widgets', null, null, null, null],
    [102, 'xxx', 'gb123456', null, null, null],
    [103, 'yyy', 'gb123', null, null, null],
    [104, 'beta bakeries', null, 'sw1a1aa', null, null],
    [105, 'rrr', null, null, 5, 'market'],
    ...Array.from({ length: MAX_NAME_DF + 1 }, (_, i): Cell[] => [200 + i, 'common name', null, null, null, null]),
  ];
  const cols = 'nameSorted VARCHAR, taxNorm VARCHAR, postcodeNorm VARCHAR, addrNum INTEGER, addrStreet VARCHAR';

  const candidates = (addressSharers: number) =>
    tiny(async (db) => {
      await table(db, 'sup', `sid BIGINT, ${cols}`, supRows);
      const extra = Array.from({ length: addressSharers - 1 }, (_, i): Cell[] => [
        300 + i,
        'sss',
        null,
        null,
        5,
        'market',
      ]);
      await table(db, 'net', `mid BIGINT, ${cols}`, [...netRows, ...extra]);
      // no name-token keys here: the other paths alone
      await db.run(
        `CREATE TABLE sup_key (sid BIGINT, key VARCHAR, df BIGINT); CREATE TABLE net_key (mid BIGINT, key VARCHAR)`,
      );
      await db.run(`CREATE TABLE addr_df AS ${addressFrequencySql()}`);
      return db.all<{ sid: number; mid: number }>(
        `SELECT * FROM (${candidatePairsSql(P)}) WHERE mid < 300 ORDER BY sid, mid`,
      );
    });

  it('pairs by exact name, tax id, postcode with a similar name and a rare street address', async () => {
    expect((await candidates(1)).map((r) => [r.sid, r.mid])).toEqual([
      [1, 101], // same sorted name
      [3, 102], // same tax id (6+ characters); the 5-character one pairs nothing
      [5, 104], // same postcode and a similar name; "omega" in that postcode is not paired
      [7, 105], // same street address, one merchant there
    ]);
  });

  it('skips an address shared by more than addressKeyMaxMerchants merchants (without the postcode)', async () => {
    const got = await candidates(P.addressKeyMaxMerchants + 1);
    expect(got.some((r) => r.sid === 7)).toBe(false);
  });

  it('pairs through a shared blocking key', async () => {
    const got = await tiny(async (db) => {
      await table(db, 'sup', `sid BIGINT, ${cols}`, [[1, 'a', null, null, null, null]]);
      await table(db, 'net', `mid BIGINT, ${cols}`, [[9, 'b', null, null, null, null]]);
      await db.run(`CREATE TABLE sup_key AS SELECT * FROM ${values([[1, 'k', 1]])} t(sid, key, df)`);
      await db.run(
        `CREATE TABLE net_key AS SELECT * FROM ${values([
          [9, 'k'],
          [8, 'other'],
        ])} t(mid, key)`,
      );
      await db.run(`CREATE TABLE addr_df AS ${addressFrequencySql()}`);
      return db.all<{ sid: number; mid: number }>(candidatePairsSql(P));
    });
    expect(got).toEqual([{ sid: 1, mid: 9 }]);
  });
});

describe('confirmatory candidates of a further network', () => {
  const cols = 'nameSorted VARCHAR, taxNorm VARCHAR, postcodeNorm VARCHAR, addrNum INTEGER, addrStreet VARCHAR';
  const KEPT = 'sid BIGINT, nameSorted VARCHAR, isBest BOOLEAN, close BOOLEAN';
  const confirm = (keptRows: Cell[][]) =>
    tiny(async (db) => {
      await table(db, 'sup', `sid BIGINT, ${cols}`, [
        // sid, nameSorted, taxNorm, postcodeNorm, addrNum, addrStreet
        [1, 'acme widgets', null, null, null, null], // its own name
        [2, 'acme wdgets', null, null, null, null], // a typo: only its reference candidate's name finds the merchant
        [3, 'zzz', 'gb123456', null, null, null], // tax id
        [4, 'qqq', null, 'sw1a1aa', 5, 'market'], // street address and postcode
        [5, 'qqq', null, null, 5, 'market'], // street address without postcode: not enough here
        [6, 'common name', null, null, null, null], // a name too common to pair on
        [7, 'beta bakery', null, 'sw1a1aa', null, null], // postcode and a similar name: not a confirmatory key
        [8, 'ppp', null, null, null, null],
        [9, 'ooo', null, null, null, null],
      ]);
      await table(db, 'net', `mid BIGINT, ${cols}`, [
        [101, 'acme widgets', null, null, null, null],
        [102, 'xxx', 'gb123456', null, null, null],
        [103, 'rrr', null, 'sw1a1aa', 5, 'market'],
        [104, 'beta bakeries', null, 'sw1a1aa', null, null],
        [105, 'delta', null, null, null, null],
        [106, 'gamma', null, null, null, null],
        ...Array.from({ length: MAX_NAME_DF + 1 }, (_, i): Cell[] => [200 + i, 'common name', null, null, null, null]),
      ]);
      await table(db, 'kept_cand', KEPT, keptRows);
      return (
        await db.all<{ sid: number; mid: number }>(`SELECT * FROM (${confirmCandidatePairsSql()}) ORDER BY sid, mid`)
      ).map((r) => [r.sid, r.mid]);
    });

  it("pairs by the exact name, the reference candidates' names, the tax id and the street address with postcode", async () => {
    expect(
      await confirm([
        [2, 'acme widgets', true, true],
        [6, 'common name', true, true],
      ]),
    ).toEqual([
      [1, 101],
      [2, 101],
      [3, 102],
      [4, 103],
    ]);
  });

  it('finds nothing by name for a typo without a reference candidate', async () => {
    expect((await confirm([])).some(([sid]) => sid === 2)).toBe(false);
  });

  it("looks for a strong runner-up's name only when it is close to the best or the best's name is not here", async () => {
    const got = await confirm([
      // 8: the best is here, the runner-up is not close: the best only
      [8, 'delta', true, true],
      [8, 'gamma', false, false],
      // 9: the best is not here: the runner-up is looked for
      [9, 'absent', true, true],
      [9, 'gamma', false, false],
      // 1: a runner-up close to the best: looked for although the best is here
      [1, 'gamma', false, true],
    ]);
    expect(got.filter(([sid]) => sid === 8 || sid === 9 || sid === 1)).toEqual([
      [1, 101],
      [1, 106],
      [8, 105],
      [9, 106],
    ]);
  });

  it(`keeps the names of each supplier's best candidate and a runner-up that could match or make it ambiguous`, async () => {
    expect(CONFIRM_CANDIDATES).toBe(2);
    const got = await tiny(async (db) => {
      await table(db, 'net', 'mid BIGINT, nameSorted VARCHAR', [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
        [4, ''],
      ]);
      const hi = CONFIRM_RUNNER_UP_MIN + 0.05;
      await table(db, 'scored', 'sid BIGINT, mid BIGINT, totalScore DOUBLE', [
        [1, 1, 0.5],
        [1, 2, 1.0],
        [1, 3, hi], // a runner-up that could match: kept, not close; the third (0.5) never
        [2, 4, 0.9], // an empty name is no key
        [3, 1, 0.6],
        [3, 2, 0.6], // a tie: by mid, and within the ambiguity margin
        [3, 3, 0.6],
        [4, 1, 1.0],
        [4, 2, CONFIRM_RUNNER_UP_MIN - 0.1], // too weak to match, too far to be ambiguous: left out
      ]);
      return db.all<{ sid: number; nameSorted: string; isBest: boolean; close: boolean }>(
        `${keptCandidatesSql(P)} ORDER BY sid, nameSorted`,
      );
    });
    expect(got.map((r) => [r.sid, r.nameSorted, r.isBest, r.close])).toEqual([
      [1, 'b', true, true],
      [1, 'c', false, false],
      [3, 'a', true, true],
      [3, 'b', true, true],
      [4, 'a', true, true],
    ]);
  });
});

describe('candidates to score', () => {
  it('measures the name Jaro-Winkler and the tax-id and street-address (number range) hits', async () => {
    const got = await tiny(async (db) => {
      const c = 'nameCore, nameSorted, taxNorm, addrNum, addrNumHi, addrStreet';
      const withTokens = (rel: string) => `SELECT *, string_split(nameCore, ' ') AS nameTokens FROM ${rel}`;
      await db.run(
        `CREATE TABLE sup AS ${withTokens(`${values([[1, 'acme widgets', 'acme widgets', 'gb1', 10, 12, 'high']])} t(sid, ${c})`)}`,
      );
      await db.run(
        `CREATE TABLE net AS ${withTokens(
          `${values([
            [1, 'widgets acme', 'acme widgets', 'gb1', 11, 11, 'high'],
            [2, 'acme', 'acme', null, 13, 13, 'high'],
            [3, 'aw', 'aw', null, null, null, null],
            [4, 'apple wonders', 'apple wonders', null, null, null, null],
          ])} t(mid, ${c})`,
        )}`,
      );
      await db.run(
        `CREATE TABLE cand AS SELECT * FROM ${values([
          [1, 1],
          [1, 2],
          [1, 3],
          [1, 4],
        ])} t(sid, mid)`,
      );
      return db.all<{ mid: number; jw: number; taxHit: boolean; addrHit: boolean; acrHit: boolean }>(
        `SELECT * FROM (${candidateJwSql()}) ORDER BY mid`,
      );
    });
    expect(got[0]).toMatchObject({ mid: 1, jw: 1, taxHit: true, addrHit: true, acrHit: false });
    expect(got[1]).toMatchObject({ mid: 2, taxHit: false, addrHit: false, acrHit: false });
    // a merchant named by the supplier's initials; two names of two words with the same initials are no acronym
    expect(got[2]).toMatchObject({ mid: 3, acrHit: true });
    expect(got[3]).toMatchObject({ mid: 4, acrHit: false });
    expect(got[1]!.jw).toBeLessThan(1);
  });

  it('keeps the best MAX_SCORED_CANDIDATES: tax-id hits first, then jw with a street-address bonus', async () => {
    const rows: Cell[][] = [
      [1, 1, 0.5, true, false, false], // tax-id hit with a poor name: kept, first
      [1, 2, 0.7, false, true, false], // street-address hit: 0.85
      [1, 3, 0.79, false, false, false], // below 0.8 without a hit: never
      [1, 4, 0.4, false, false, true], // acronym: counts as 0.9
    ];
    for (let m = 10; m < 20; m++) rows.push([1, m, 0.8 + (m - 10) / 100, false, false, false]);
    const got = await tiny(async (db) => {
      await db.run(`CREATE TABLE pair0 AS SELECT * FROM ${values(rows)} t(sid, mid, jw, taxHit, addrHit, acrHit)`);
      return db.all<{ mid: number }>(`SELECT mid FROM (${topCandidatesSql()}) ORDER BY mid`);
    });
    expect(got).toHaveLength(MAX_SCORED_CANDIDATES);
    // the tax-id hit, the acronym (0.9), jw 0.89 … 0.85 (five) and the street-address hit (0.85) beat 0.84 … 0.80
    expect(got.map((r) => r.mid)).toEqual([1, 2, 4, 15, 16, 17, 18, 19]);
  });
});

/** Every supplier paired with every merchant (jw as the matcher measures it), scored; the evidence of each pair. */
async function scoreAllPairs(db: Db, suppliers: Party[], merchants: Party[]) {
  await supAndNet(db, suppliers, merchants);
  await db.run(`CREATE TABLE cand AS SELECT sid, mid FROM sup, net`);
  await db.run(`CREATE TABLE pair1 AS SELECT sid, mid, jw FROM (${candidateJwSql('cand')})`);
  await db.run(`CREATE TABLE tok_df AS ${tokenFrequencySql('net')}`);
  await db.run(`CREATE TABLE sup_df AS ${nameFrequenciesSql('sup', 'sid', 'tok_df')}`);
  await db.run(`CREATE TABLE net_df AS ${nameFrequenciesSql('net', 'mid', 'tok_df')}`);
  await scorePairs(db, P, 'pair1', 'scored', { merchants: merchants.length });
  return db.all<{
    supplier: string;
    merchant: string;
    soft: number;
    nameScore: number;
    nameWeighted: number;
    nameChance: number;
    acronym: boolean;
    acronymLetters: number;
  }>(
    `SELECT s.supplierKey AS supplier, n.merchantId AS merchant, soft, nameScore, nameWeighted, nameChance, acronym, acronymLetters
     FROM scored JOIN sup s USING (sid) JOIN net n USING (mid) ORDER BY 1, 2`,
  );
}

describe('name evidence weighted by rarity', () => {
  it('counts how many merchants carry each name token, aligned with each name', async () => {
    const got = await tiny(async (db) => {
      await supAndNet(
        db,
        [{ key: 'S1', name: 'Zelenka Global Kowalczyk' }],
        [
          { key: 'M1', name: 'Zelenka Global Services' },
          { key: 'M2', name: 'Global Services Global' },
        ],
      );
      await db.run(`CREATE TABLE tok_df AS ${tokenFrequencySql('net')}`);
      return {
        df: await db.all<{ tok: string; df: number }>(`SELECT * FROM tok_df ORDER BY tok`),
        sup: await db.all<{ nameDf: number[] }>(`SELECT nameDf FROM (${nameFrequenciesSql('sup', 'sid')})`),
        net: await db.all<{ mid: number; nameDf: number[] }>(
          `SELECT * FROM (${nameFrequenciesSql('net', 'mid', 'tok_df', 'WHERE mid = 2')})`,
        ),
      };
    });
    // a word twice in one name counts that merchant once
    expect(got.df).toEqual([
      { tok: 'global', df: 2 },
      { tok: 'services', df: 2 },
      { tok: 'zelenka', df: 1 },
    ]);
    // in the name's word order; a word no merchant carries: 0
    expect(got.sup).toEqual([{ nameDf: [1, 2, 0] }]);
    expect(got.net).toEqual([{ mid: 2, nameDf: [2, 2, 2] }]);
  });

  it('weighs an agreeing rare word more than an agreeing common one, and says how rare the agreement is', async () => {
    const common = [
      'Harrowgate',
      'Lindqvist',
      'Pemberton',
      'Ashdown',
      'Blackwood',
      'Carrington',
      'Drummond',
      'Everly',
      'Fairbanks',
      'Gillespie',
    ].map((w, i) => ({
      key: `M${i + 3}`,
      name: `${w} Global Services`,
    }));
    const got = await tiny((db) =>
      scoreAllPairs(
        db,
        [{ key: 'S1', name: 'Quillfeather Global Services' }],
        [{ key: 'M1', name: 'Quillfeather Global' }, { key: 'M2', name: 'Zelenka Global Services' }, ...common],
      ),
    );
    const rare = got.find((r) => r.merchant === 'M1')!;
    const shared = got.find((r) => r.merchant === 'M2')!;
    // unweighted, both pairs agree on two words of the supplier's three
    expect(Math.abs(rare.soft - shared.soft)).toBeLessThan(0.05);
    // weighted, the rare word carries the first pair; the second agrees on common words only
    expect(rare.nameWeighted).toBeGreaterThan(0.75);
    expect(shared.nameWeighted).toBeLessThan(0.4);
    // "quillfeather" singles out one merchant; "global" and "services" are on eleven of twelve
    expect(rare.nameChance).toBeLessThan(1.01);
    expect(shared.nameChance).toBeGreaterThan(10);
  });
  it("counts a word one edit from the other name's as agreeing (a typo), not a different word", async () => {
    const got = await tiny((db) =>
      scoreAllPairs(
        db,
        [
          { key: 'S1', name: 'Udoll Quarrington' },
          { key: 'S2', name: 'Wexoz Quarrington' },
        ],
        [
          { key: 'M1', name: 'Udall Quarrington' },
          { key: 'M2', name: 'Wexford Quarrington' },
        ],
      ),
    );
    const pair = (s: string, m: string) => got.find((r) => r.supplier === s && r.merchant === m)!;
    // "udoll" / "udall": Jaro-Winkler below 0.9, one letter changed
    expect(pair('S1', 'M1').nameWeighted).toBeGreaterThan(0.85);
    // "wexoz" / "wexford": another word
    expect(pair('S2', 'M2').nameWeighted).toBeLessThan(0.6);
  });
});

describe('acronyms', () => {
  it('finds a word spelling the initials of the words the other name leaves unmatched, either way round', async () => {
    const got = await tiny((db) =>
      scoreAllPairs(
        db,
        [
          { key: 'S1', name: 'IBM' },
          { key: 'S2', name: 'P&G' },
          { key: 'S3', name: 'IBM Deutschland GmbH' },
          { key: 'S4', name: 'BM Deutschland' },
          { key: 'S5', name: 'Vandermeer Quillfeather International B.V.' },
        ],
        [
          { key: 'M1', name: 'International Business Machines Corp' },
          { key: 'M2', name: 'Procter & Gamble' },
          { key: 'M3', name: 'International Business Machines Deutschland' },
          { key: 'M4', name: 'VQI' },
        ],
      ),
    );
    const letters = (s: string, m: string) => got.find((r) => r.supplier === s && r.merchant === m)!.acronymLetters;
    expect(letters('S1', 'M1')).toBe(3);
    expect(letters('S2', 'M2')).toBe(2); // "P&G": single letters joined
    expect(letters('S3', 'M3')).toBe(3); // "Deutschland" agrees, "IBM" spells the rest
    expect(letters('S3', 'M1')).toBe(0); // "Deutschland" has no counterpart
    expect(letters('S4', 'M3')).toBe(0); // "BM" is not "IBM"
    expect(letters('S5', 'M4')).toBe(3); // the merchant is the abbreviation
    expect(letters('S1', 'M2')).toBe(0);
    for (const r of got) expect(r.acronym).toBe(r.acronymLetters > 0);
  });

  it('keys an abbreviation to the initials of the names it may stand for, and pairs them', async () => {
    const got = await tiny(async (db) => {
      await supAndNet(
        db,
        [
          { key: 'S1', name: 'VQI GmbH' },
          { key: 'S2', name: 'Procter and Gamble' },
        ],
        [
          { key: 'M1', name: 'Vandermeer Quillfeather International GmbH' },
          { key: 'M2', name: 'P & G' },
          { key: 'M3', name: 'Unrelated Plumbing' },
        ],
      );
      const keys = {
        net: await db.all<{ mid: number; key: string }>(
          `SELECT * FROM (${acronymKeysSql('net', 'mid', 'network')}) ORDER BY mid, key`,
        ),
        sup: await db.all<{ sid: number; key: string }>(
          `SELECT * FROM (${acronymKeysSql('sup', 'sid', 'supplier')}) ORDER BY sid, key`,
        ),
      };
      await matchTables(db);
      return {
        keys,
        pairs: await db.all<{ sid: number; mid: number }>(`SELECT sid, mid FROM pair1 ORDER BY sid, mid`),
      };
    });
    expect(got.keys.net.map((r) => [r.mid, r.key])).toEqual([
      [1, 'E#vqi'],
      [2, 'A#pg'],
      [2, 'E#pg'],
      [3, 'E#up'],
    ]);
    expect(got.keys.sup.map((r) => [r.sid, r.key])).toEqual([
      [1, 'E#vqi'],
      [2, 'A#pg'],
    ]);
    // found by the acronym keys alone: the names share no word
    expect(got.pairs).toEqual([
      { sid: 1, mid: 1 },
      { sid: 2, mid: 2 },
    ]);
  });
});

describe('best match and confidence', () => {
  it('ranks by total score (ties by mid) and keeps the runner-up score', async () => {
    const got = await tiny(async (db) => {
      await db.run(
        `CREATE TABLE scored AS SELECT * FROM ${values([
          [1, 7, 0.9],
          [1, 5, 0.9],
          [1, 9, 0.6],
          [2, 3, 0.4],
        ])} t(sid, mid, totalScore)`,
      );
      return db.all<{ sid: number; mid: number; runnerUp: number | null }>(
        `SELECT sid, mid, runnerUp FROM (${bestCandidateSql()}) ORDER BY sid`,
      );
    });
    expect(got).toEqual([
      { sid: 1, mid: 5, runnerUp: 0.9 },
      { sid: 2, mid: 3, runnerUp: null },
    ]);
  });

  it('lowers an ambiguous best one step unless tax id, postcode or address agree, or the name is the only exact one', async () => {
    const rows: Cell[][] = [
      // rawConfidence, totalScore, runnerUp, nameScore, taxE, postcodeE, addressE, expected
      ['High', 1.0, 0.99, 0.95, 'unknown', 'unknown', 'unknown', 'Medium'],
      ['Medium', 1.0, 0.99, 0.95, 'unknown', 'unknown', 'unknown', 'Low'],
      ['Low', 1.0, 0.99, 0.95, 'unknown', 'unknown', 'unknown', 'Low'],
      ['High', 1.0, 0.99, 0.95, 'unknown', 'agree', 'unknown', 'High'],
      ['High', 1.0, 0.97, 0.95, 'unknown', 'unknown', 'unknown', 'High'],
      ['High', 1.0, null, 0.95, 'unknown', 'unknown', 'unknown', 'High'],
      ['High', 1.2, 1.19, 1, 'unknown', 'unknown', 'unknown', 'High'],
      ['High', 1.2, 1.2, 1, 'unknown', 'unknown', 'unknown', 'Medium'],
      [null, 1.0, 0.99, 0.95, 'unknown', 'unknown', 'unknown', null],
    ];
    const got = await tiny((db) =>
      db.all<{ c: string | null; expected: string | null }>(
        `SELECT ${ambiguousConfidenceSql(P)} AS c, expected FROM ${values(rows)} t(rawConfidence, totalScore, runnerUp, nameScore, taxE, postcodeE, addressE, expected)`,
      ),
    );
    expect(got.map((r) => r.c)).toEqual(got.map((r) => r.expected));
  });
});

describe('matching tiny sets end to end', () => {
  const suppliers: Party[] = [
    { key: 'S1', name: 'Acme Widgets Ltd', postcode: 'SW1A 1AA', city: 'London', country: 'GBR' },
    { key: 'S2', name: 'Northwind Traders', city: 'Leeds', country: 'GBR' },
    { key: 'S3', name: 'Zebra Quantum Holdings', country: 'GBR' },
    { key: 'S4', name: 'Bluebird Cafe', address: '10-12 Harbour Road', country: 'GBR' },
  ];
  const merchants: Party[] = [
    { key: 'M1', name: 'ACME Widgets Limited', postcode: 'SW1A1AA', city: 'London', country: 'GBR' },
    { key: 'M2', name: 'Northwind Traders', city: 'Leeds', country: 'GBR', postcode: 'LS1 1AA' },
    { key: 'M3', name: 'Northwind Traders', city: 'Leeds', country: 'GBR', postcode: 'LS2 2BB' },
    { key: 'M4', name: 'Bluebird Café Ltd', address: '11 Harbour Rd', country: 'GBR' },
    { key: 'M5', name: 'Unrelated Plumbing', country: 'GBR' },
  ];

  it('decides each supplier and writes its evidence', async () => {
    const got = await tiny(async (db) => {
      await supAndNet(db, suppliers, merchants);
      await matchTables(db);
      const out = path.join(dir, 'matches.parquet');
      await db.run(`COPY (${matchOutputSql(RS.version)}) TO ${lit(out)} (FORMAT parquet)`);
      return {
        rows: await db.all<{
          supplierKey: string;
          matchStatus: string;
          matchConfidence: string | null;
          matchedMerchantId: string | null;
          candidateMerchantId: string | null;
          matchEvidence: string | null;
        }>(`SELECT * FROM read_parquet(${lit(out)}) ORDER BY supplierKey`),
        counts: await db.all<{ c: string | null; n: number }>(`${confidenceCountsSql(out)} ORDER BY c NULLS LAST`),
      };
    });
    const by = Object.fromEntries(got.rows.map((r) => [r.supplierKey, r]));
    // exact name (after legal forms) and postcode: High
    expect(by.S1).toMatchObject({ matchStatus: 'MATCHED', matchConfidence: 'High', matchedMerchantId: 'M1' });
    const e1 = JSON.parse(by.S1!.matchEvidence!) as { rulesetVersion: number; rule: string; fields: string[][] };
    expect(e1.rulesetVersion).toBe(RS.version);
    expect(e1.rule).toBe('M-PC-H');
    expect(e1.fields.map((f) => f[0])).toEqual(['name', 'postcode', 'city', 'country']); // unknown on both sides: left out
    expect(e1.fields.find((f) => f[0] === 'postcode')).toEqual(['postcode', 'agree', 'SW1A1AA', 'SW1A1AA']);
    // two merchants of the same name and city, nothing to tell them apart: lowered for ambiguity
    const e2 = JSON.parse(by.S2!.matchEvidence!) as { downgradedForAmbiguity: boolean; runnerUpScore: number };
    expect(e2.downgradedForAmbiguity).toBe(true);
    expect(by.S2!.candidateMerchantId).toBe('M2');
    // no candidate at all
    expect(by.S3).toMatchObject({
      matchStatus: 'UNMATCHED',
      matchConfidence: null,
      candidateMerchantId: null,
      matchEvidence: null,
    });
    // accents, legal form and an address in the range
    const e4 = JSON.parse(by.S4!.matchEvidence!) as { fields: string[][] };
    expect(e4.fields.find((f) => f[0] === 'streetNumber')).toEqual(['streetNumber', 'agree', '10-12', '11']);
    expect(by.S4!.matchStatus).toBe('MATCHED');
    // MATCHED exactly when High or Medium
    for (const r of got.rows)
      expect(r.matchStatus === 'MATCHED').toBe(r.matchConfidence === 'High' || r.matchConfidence === 'Medium');
    expect(got.counts.reduce((a, c) => a + c.n, 0)).toBe(4);
    expect(got.counts.at(-1)).toEqual({ c: null, n: 1 });
  });
});
