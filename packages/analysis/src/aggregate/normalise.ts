/**
 * Normalise & aggregate (DESIGN §4 step 2): every ingested document rolled up to one row per
 * supplier with a stable supplierKey, spend in the job currency, counts per data kind, average
 * transaction value, frequency band, payment terms, payment-method mix and count.
 *
 * supplierKey: "S" + 16 hex of md5 over the lower-cased supplier id when there is one, else over
 * the normalised name and country. Rows without an id whose normalised name belongs to exactly one
 * id-keyed supplier join that supplier (e.g. payments by name, supplier file by id).
 */
import { FREQUENCY_BANDS, PAYMENT_TERMS_BANDS } from '@sextant/shared';
import { AnalysisInputError } from '../errors.ts';
import { copyToParquet, lit, tempDirOf, withDb } from '../db.ts';
import { loadReference } from '../reference/load.ts';
import { createNormaliseMacros } from '../match/normalise-sql.ts';
import { ingestedFiles, workFile } from '../pipeline/workdir.ts';
import { PAYMENT_METHODS } from '../ingest/datapoints.ts';
import {
  idKeysByNameSql,
  kindPrioritySql,
  methodAggSql,
  supplierIdentsSql,
  supplierKeyMapSql,
  supplierRowsSql,
} from './normalise-sql.ts';
import type { ProgressFn } from '../progress.ts';

export interface NormaliseOptions {
  workDir: string;
  /** job currency (ISO 4217); default USD */
  currency?: string;
  onProgress?: ProgressFn;
}

export interface NormaliseResult {
  suppliers: number;
  documents: number;
  totalSpend: number;
  currency: string;
  fromSupplierFile: boolean;
  file: string;
}

/** The bands are declared once, in packages/shared (results-insights.ts). */
export { FREQUENCY_BANDS, PAYMENT_TERMS_BANDS };

export async function normaliseAndAggregate(options: NormaliseOptions): Promise<NormaliseResult> {
  const { workDir } = options;
  const currency = (options.currency ?? 'USD').toUpperCase();
  const onProgress = options.onProgress ?? (() => {});
  const files = ingestedFiles(workDir);
  if (!files.length) throw new AnalysisInputError('NO_DATA_ROWS', 'nothing was ingested: add at least one input file');
  const out = workFile(workDir, 'suppliers');
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    await loadReference(db, ['ref_currencies']);
    await createNormaliseMacros(db);
    const rate = await db.one<{ r: number }>(
      `SELECT TRY_CAST(unitsPerUsd AS DOUBLE) AS r FROM ref_currencies WHERE currency = ${lit(currency)}`,
    );
    if (!rate) throw new AnalysisInputError('INVALID_ARGUMENT', `unknown job currency "${currency}"`);
    onProgress(5, 'Combining documents');
    const src = `read_parquet([${files.map((f) => lit(f)).join(', ')}], union_by_name=true)`;
    // Supplier keys are decided per distinct (id, name, country): names are normalised once per
    // distinct value rather than once per document row.
    await db.run(`CREATE TABLE idents AS ${supplierIdentsSql(src)}`);
    onProgress(25, 'Assigning supplier keys');
    await db.run(`CREATE TABLE idkeys AS ${idKeysByNameSql('idents')}`);
    await db.run(`CREATE TABLE keymap0 AS ${supplierKeyMapSql('idents', 'idkeys')}`);
    // skid: an integer per supplierKey, so the 5M-row aggregation groups on integers, not strings.
    await db.run(`CREATE TABLE keymap AS SELECT *, dense_rank() OVER (ORDER BY supplierKey) AS skid FROM keymap0`);
    await db.run(`CREATE TABLE skeys AS SELECT DISTINCT skid, supplierKey FROM keymap`);
    onProgress(50, 'Aggregating per supplier');
    // Which kinds, payment methods and columns the documents have at all: aggregates over an absent kind
    // or an all-empty column are constants (NULL, or 0 for counts) instead of being computed per row.
    const identCols = [
      'supplierName',
      'addressLine1',
      'addressLine2',
      'city',
      'region',
      'postcode',
      'country',
      'taxId',
    ];
    const optionalCols = [
      ...identCols,
      'supplierId',
      'transactionCount',
      'date',
      'dueDate',
      'paymentTerms',
      'mcc',
      'category',
      'supplierNameOriginal',
    ];
    const present = (await db.one<Record<string, unknown>>(
      `SELECT list(DISTINCT kind) AS kinds, list(DISTINCT paymentMethod) FILTER (WHERE paymentMethod IS NOT NULL) AS methods, ${optionalCols.map((c) => `count(${c}) > 0 AS ${c}`).join(', ')} FROM ${src}`,
    ))!;
    const kinds = new Set((present.kinds as string[] | null) ?? []);
    const methods = [...Object.keys(PAYMENT_METHODS), 'Other'];
    const methodsPresent = new Set((present.methods as string[] | null) ?? []);
    // alias → aggregate, with the kind / columns it needs and its value when those are absent
    const aggs: { alias: string; expr: string; kind?: string; cols?: string[]; method?: string; empty?: string }[] = [
      {
        alias: 'sourceSupplierId',
        expr: `arg_min(supplierId, prio * 1e12 + rowNumber) FILTER (WHERE supplierId IS NOT NULL)`,
        cols: ['supplierId'],
      },
      { alias: 'inputOrder', expr: `min(rowNumber) FILTER (WHERE kind = 'suppliers')`, kind: 'suppliers' },
      ...identCols.map((c) => ({
        alias: c,
        expr: `arg_min(${c}, prio * 1e12 + rowNumber) FILTER (WHERE ${c} IS NOT NULL)`,
        cols: [c],
      })),
      // The name as the file had it, when whitespace normalisation changed it (the download shows it): from the row
      // the name was taken from (a struct, so that row's NULL is kept rather than skipped).
      {
        alias: 'supplierNameOriginal',
        expr: `arg_min({o: supplierNameOriginal}, prio * 1e12 + rowNumber) FILTER (WHERE supplierName IS NOT NULL).o`,
        cols: ['supplierNameOriginal'],
      },
      { alias: 's_spend', expr: `sum(amountJob) FILTER (WHERE kind = 'suppliers')`, kind: 'suppliers' },
      {
        alias: 's_count',
        expr: `sum(transactionCount) FILTER (WHERE kind = 'suppliers')`,
        kind: 'suppliers',
        cols: ['transactionCount'],
      },
      ...(
        [
          ['payments', 'p_spend', 'paymentCount'],
          ['spend', 'sp_spend', 'spendCount'],
          ['invoices', 'i_spend', 'invoiceCount'],
          ['transactions', 't_spend', 'transactionCount'],
          ['pos', 'po_spend', 'poCount'],
        ] as const
      ).flatMap(([k, sum, n]) => [
        { alias: sum, expr: `sum(amountJob) FILTER (WHERE kind = '${k}')`, kind: k },
        { alias: n, expr: `count(*) FILTER (WHERE kind = '${k}')`, kind: k, empty: '0' },
      ]),
      { alias: 'firstDate', expr: 'min(date)', cols: ['date'] },
      { alias: 'lastDate', expr: 'max(date)', cols: ['date'] },
      {
        alias: 'pt_s',
        expr: `median(paymentTerms) FILTER (WHERE kind = 'suppliers')`,
        kind: 'suppliers',
        cols: ['paymentTerms'],
      },
      {
        alias: 'pt_i',
        expr: `median(dueDate - date) FILTER (WHERE kind = 'invoices' AND dueDate >= date)`,
        kind: 'invoices',
        cols: ['date', 'dueDate'],
      },
      { alias: 'pt_all', expr: 'median(paymentTerms)', cols: ['paymentTerms'] },
      { alias: 'inputMcc', expr: 'arg_max(mcc, amountJob) FILTER (WHERE mcc IS NOT NULL)', cols: ['mcc'] },
      {
        alias: 'category',
        expr: 'arg_max(category, amountJob) FILTER (WHERE category IS NOT NULL)',
        cols: ['category'],
      },
      // With a single input kind, every supplier's list is that kind.
      { alias: 'inputKinds', expr: kinds.size === 1 ? `[${lit([...kinds][0]!)}]::VARCHAR[]` : 'list(DISTINCT kind)' },
      // Payment methods are the closed set ingest normalises to: spend and count per method in the same pass.
      ...methods.flatMap((m, i) => [
        {
          alias: `pm${i}_spend`,
          expr: `sum(coalesce(amountJob, 0)) FILTER (WHERE paymentMethod = ${lit(m)})`,
          method: m,
        },
        { alias: `pm${i}_n`, expr: `count(*) FILTER (WHERE paymentMethod = ${lit(m)})`, method: m, empty: '0' },
      ]),
    ];
    const rows = `(SELECT d.*, k.skid,
          d.amount / coalesce(TRY_CAST(c.unitsPerUsd AS DOUBLE), ${rate.r}) * ${rate.r} AS amountJob,
          ${kindPrioritySql('d.kind')} AS prio
        FROM ${src} d
        JOIN keymap k ON k.supplierId IS NOT DISTINCT FROM d.supplierId AND k.supplierName IS NOT DISTINCT FROM d.supplierName AND k.country IS NOT DISTINCT FROM d.country
        LEFT JOIN ref_currencies c ON c.currency = d.currency)`;
    const types = new Map(
      (
        await db.all<{ column_name: string; column_type: string }>(
          `DESCRIBE SELECT ${aggs.map((a) => `${a.expr} AS ${a.alias}`).join(', ')} FROM ${rows} GROUP BY skid`,
        )
      ).map((c) => [c.column_name, c.column_type]),
    );
    const live = (a: (typeof aggs)[number]) =>
      (!a.kind || kinds.has(a.kind)) &&
      (a.cols ?? []).every((c) => present[c]) &&
      (!a.method || methodsPresent.has(a.method));
    const sel = aggs.map((a) => `${live(a) ? a.expr : `${a.empty ?? 'NULL'}::${types.get(a.alias)}`} AS ${a.alias}`);
    await db.run(`CREATE TABLE agg AS SELECT * EXCLUDE (skid, pt_s, pt_i, pt_all), coalesce(pt_s, pt_i, pt_all) AS paymentTermsDays
      FROM skeys JOIN (SELECT skid, ${sel.join(', ')} FROM ${rows} GROUP BY skid) USING (skid)`);
    // Methods used, by spend (then count, then name): the main one, how many, the list, and card spend.
    await db.run(`CREATE TABLE method_agg AS ${methodAggSql('agg', methods)}`);
    onProgress(75, 'Writing suppliers');
    // a working file (match, enrich and score read it): snappy, cheaper to write than zstd
    await db.run(copyToParquet(supplierRowsSql('agg', 'method_agg', currency), out, 'snappy'));
    const r = (await db.one<{ suppliers: number; documents: number; totalSpend: number; fromSupplierFile: boolean }>(
      `SELECT count(*) AS suppliers, (SELECT count(*) FROM ${src}) AS documents, coalesce(sum(spend), 0) AS totalSpend, bool_or(inputOrder IS NOT NULL) AS fromSupplierFile FROM read_parquet(${lit(out)})`,
    ))!;
    onProgress(100, `${r.suppliers} suppliers from ${r.documents} rows`);
    return { ...r, totalSpend: Math.round(r.totalSpend * 100) / 100, currency, file: out };
  });
}
