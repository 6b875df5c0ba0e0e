import { describe, expect, it } from 'vitest';
import { FREQUENCY_BANDS, PAYMENT_TERMS_BANDS } from '@sextant/shared';
import { lit, withDb, type Db } from '../../src/db.ts';
import { createNormaliseMacros } from '../../src/match/normalise-sql.ts';
import {
  frequencyBandSql,
  idKeySql,
  idKeysByNameSql,
  kindPrioritySql,
  leadingInputSql,
  methodAggSql,
  nameKeySql,
  paymentTermsBandSql,
  supplierIdentsSql,
  supplierKeyMapSql,
} from '../../src/aggregate/normalise-sql.ts';

const tiny = <T>(fn: (db: Db) => Promise<T>) =>
  withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
    await createNormaliseMacros(db);
    return fn(db);
  });

const values = (rows: readonly (string | number | null)[][]) =>
  `(VALUES ${rows.map((r) => `(${r.map(lit).join(', ')})`).join(', ')})`;

describe('supplier keys', () => {
  it('key by id (case and spaces ignored); an id-less row joins the one id-keyed supplier of its name', async () => {
    const rows = await tiny(async (db) => {
      await db.run(
        `CREATE TABLE docs AS SELECT * FROM ${values([
          ['A1', 'ACME Ltd', 'GB'],
          [' a1 ', 'Acme Limited', 'GB'],
          [null, 'Acme Ltd.', 'GB'],
          ['G1', 'Globex', 'DE'],
          ['G2', 'Globex', 'DE'],
          [null, 'Globex GmbH', 'DE'],
          [null, 'Hooli', 'US'],
        ])} t(supplierId, supplierName, country)`,
      );
      await db.run(`CREATE TABLE idents AS ${supplierIdentsSql('docs')}`);
      await db.run(`CREATE TABLE idkeys AS ${idKeysByNameSql('idents')}`);
      return db.all<{ supplierId: string | null; supplierName: string; supplierKey: string; expected: string }>(
        `SELECT m.*, CASE
            WHEN supplierName IN ('ACME Ltd', 'Acme Limited', 'Acme Ltd.') THEN ${idKeySql("'A1'")}
            WHEN supplierId IS NOT NULL THEN ${idKeySql('supplierId')}
            ELSE ${nameKeySql('sx_name_core(supplierName)', 'country')} END AS expected
          FROM (${supplierKeyMapSql('idents', 'idkeys')}) m ORDER BY supplierName, supplierId`,
      );
    });
    expect(rows).toHaveLength(7);
    for (const r of rows) expect(r.supplierKey, `${r.supplierName} ${r.supplierId}`).toBe(r.expected);
    // "Globex GmbH" has two id-keyed namesakes: it keeps a key of its own.
    const globex = rows.filter((r) => r.supplierName.startsWith('Globex')).map((r) => r.supplierKey);
    expect(new Set(globex).size).toBe(3);
    expect(rows.every((r) => /^S[0-9a-f]{16}$/.test(r.supplierKey))).toBe(true);
  });
});

describe('bands and priorities', () => {
  it('maps transactions a year and payment terms to their bands, NULL to Unknown', async () => {
    const [f, p] = await tiny(async (db) => [
      await db.all<{ b: string }>(
        `SELECT ${frequencyBandSql('x')} AS b FROM ${values([[null], [1], [2], [12], [13], [52], [53]])} t(x) ORDER BY x NULLS FIRST`,
      ),
      await db.all<{ b: string }>(
        `SELECT ${paymentTermsBandSql('x')} AS b FROM ${values([[null], [-3], [15], [30], [45], [60], [90], [91]])} t(x) ORDER BY x NULLS FIRST`,
      ),
    ]);
    expect(f.map((r) => r.b)).toEqual([
      'Unknown',
      FREQUENCY_BANDS[0],
      FREQUENCY_BANDS[1],
      FREQUENCY_BANDS[2],
      FREQUENCY_BANDS[3],
      FREQUENCY_BANDS[4],
      FREQUENCY_BANDS[5],
    ]);
    expect(p.map((r) => r.b)).toEqual(['Unknown', ...PAYMENT_TERMS_BANDS.slice(0, 7)]);
  });

  it('orders the inputs: supplier file, payments, spend, invoices, transactions, then the rest', async () => {
    const rows = await tiny((db) =>
      db.all<{ k: string }>(
        `SELECT k FROM ${values([['pos'], ['invoices'], ['suppliers'], ['transactions'], ['payments'], ['spend']])} t(k) ORDER BY ${kindPrioritySql('k')}`,
      ),
    );
    expect(rows.map((r) => r.k)).toEqual(['suppliers', 'payments', 'spend', 'invoices', 'transactions', 'pos']);
  });
});

describe('methodAggSql', () => {
  it('ranks methods by spend, then count, then name; sums card spend; leaves out suppliers without a method', async () => {
    const rows = await tiny(async (db) => {
      // methods: 0 Card, 1 ACH, 2 VirtualCard
      await db.run(
        `CREATE TABLE agg AS SELECT * FROM ${values([
          ['K1', 100, 2, 300, 1, 50, 1],
          ['K2', 0, 0, 10, 3, 10, 1],
          ['K3', 0, 0, 0, 0, 0, 0],
        ])} t(supplierKey, pm0_spend, pm0_n, pm1_spend, pm1_n, pm2_spend, pm2_n)`,
      );
      return db.all<{
        supplierKey: string;
        paymentMethod: string;
        paymentMethodCount: number;
        paymentMethods: string[];
        cardSpend: number;
      }>(`SELECT * FROM (${methodAggSql('agg', ['Card', 'ACH', 'VirtualCard'])}) ORDER BY supplierKey`);
    });
    expect(rows).toEqual([
      {
        supplierKey: 'K1',
        paymentMethod: 'ACH',
        paymentMethodCount: 3,
        paymentMethods: ['ACH', 'Card', 'VirtualCard'],
        cardSpend: 150,
      },
      {
        supplierKey: 'K2',
        paymentMethod: 'ACH',
        paymentMethodCount: 2,
        paymentMethods: ['ACH', 'VirtualCard'],
        cardSpend: 10,
      },
    ]);
  });
});

describe('leadingInputSql', () => {
  it('takes spend and count from the supplier file first, else the first kind with spend; annualises dated documents', async () => {
    const rows = await tiny(async (db) => {
      await db.run(
        `CREATE TABLE agg AS SELECT * FROM ${values([
          ['K1', 1000, 12, 50, 3, 0, 0, 0, 0, null, null],
          ['K2', null, null, 80, 4, 0, 0, 0, 0, '2026-01-01', '2026-12-31'],
          ['K3', null, null, null, 0, 0, 0, 0, 0, '2026-01-01', '2026-01-10'],
        ])} t(supplierKey, s_spend, s_count, p_spend, paymentCount, spendCount, invoiceCount, transactionCount, poCount, firstDate, lastDate)`,
      );
      await db.run(
        `ALTER TABLE agg ADD COLUMN sp_spend DOUBLE; ALTER TABLE agg ADD COLUMN i_spend DOUBLE; ALTER TABLE agg ADD COLUMN t_spend DOUBLE; ALTER TABLE agg ADD COLUMN po_spend DOUBLE;
         ALTER TABLE agg ALTER firstDate TYPE DATE; ALTER TABLE agg ALTER lastDate TYPE DATE`,
      );
      return db.all<{ supplierKey: string; spend: number | null; txnCount: number | null; annualise: number }>(
        `SELECT supplierKey, spend, txnCount, round(annualise, 4) AS annualise FROM (${leadingInputSql('agg')}) ORDER BY supplierKey`,
      );
    });
    expect(rows).toEqual([
      { supplierKey: 'K1', spend: 1000, txnCount: 12, annualise: 1 },
      { supplierKey: 'K2', spend: 80, txnCount: 4, annualise: 1 },
      { supplierKey: 'K3', spend: null, txnCount: null, annualise: Math.round((365 / 90) * 1e4) / 1e4 },
    ]);
  });
});
