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
    await db.run(
      `CREATE TABLE idents AS SELECT *, sx_name_core(supplierName) AS nameNorm FROM (SELECT DISTINCT supplierId, supplierName, country FROM ${src})`,
    );
    onProgress(25, 'Assigning supplier keys');
    await db.run(`CREATE TABLE idkeys AS SELECT nameNorm, min('S' || substr(md5('id:' || lower(trim(supplierId))), 1, 16)) AS k, count(DISTINCT lower(trim(supplierId))) AS n
      FROM idents WHERE supplierId IS NOT NULL AND nameNorm <> '' GROUP BY nameNorm`);
    await db.run(`CREATE TABLE keymap0 AS SELECT d.supplierId, d.supplierName, d.country, CASE
        WHEN d.supplierId IS NOT NULL THEN 'S' || substr(md5('id:' || lower(trim(d.supplierId))), 1, 16)
        WHEN i.n = 1 THEN i.k
        ELSE 'S' || substr(md5('nm:' || d.nameNorm || '|' || coalesce(d.country, '')), 1, 16) END AS supplierKey
      FROM idents d LEFT JOIN idkeys i ON i.nameNorm = d.nameNorm`);
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
          CASE d.kind WHEN 'suppliers' THEN 0 WHEN 'payments' THEN 1 WHEN 'spend' THEN 2 WHEN 'invoices' THEN 3 WHEN 'transactions' THEN 4 ELSE 5 END AS prio
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
    const methodStructs = methods.map((m, i) => `{s: -pm${i}_spend, c: -pm${i}_n, m: ${lit(m)}, spend: pm${i}_spend}`);
    await db.run(`CREATE TABLE method_agg AS SELECT supplierKey, ms[1].m AS paymentMethod, len(ms) AS paymentMethodCount, list_transform(ms, x -> x.m) AS paymentMethods,
        list_sum(list_transform(list_filter(ms, x -> x.m IN ('Card', 'VirtualCard')), x -> x.spend)) AS cardSpend
      FROM (SELECT supplierKey, list_sort(list_filter([${methodStructs.join(', ')}], x -> x.c < 0)) AS ms FROM agg)
      WHERE len(ms) > 0`);
    onProgress(75, 'Writing suppliers');
    await db.run(
      copyToParquet(
        `
      WITH a AS (
        SELECT a.*,
          coalesce(s_spend, p_spend, sp_spend, i_spend, t_spend, po_spend) AS spend,
          CASE WHEN s_count IS NOT NULL THEN s_count WHEN p_spend IS NOT NULL THEN paymentCount WHEN sp_spend IS NOT NULL THEN spendCount
               WHEN i_spend IS NOT NULL THEN invoiceCount WHEN t_spend IS NOT NULL THEN transactionCount ELSE nullif(poCount, 0) END AS txnCount,
          CASE WHEN s_count IS NOT NULL OR firstDate IS NULL THEN 1.0 ELSE 365.0 / greatest(90, lastDate - firstDate + 1) END AS annualise
        FROM agg a)
      SELECT a.supplierKey, a.sourceSupplierId, a.inputOrder, a.supplierName, a.supplierNameOriginal, a.addressLine1, a.addressLine2, a.city, a.region, a.postcode, a.country, a.taxId,
        round(coalesce(a.spend, 0), 2) AS spend, ${lit(currency)} AS currency,
        coalesce(a.spendCount, 0) AS spendCount, coalesce(a.poCount, 0) AS poCount, coalesce(a.invoiceCount, 0) AS invoiceCount,
        coalesce(a.paymentCount, 0) AS paymentCount, coalesce(a.transactionCount, 0) AS transactionCount,
        a.txnCount AS documentCount,
        CASE WHEN a.txnCount > 0 THEN round(a.spend / a.txnCount, 2) END AS avgTransactionValue,
        round(a.txnCount * a.annualise, 1) AS transactionsPerYear,
        CASE WHEN a.txnCount IS NULL THEN 'Unknown' WHEN a.txnCount * a.annualise <= 1 THEN '${FREQUENCY_BANDS[0]}' WHEN a.txnCount * a.annualise <= 4 THEN '${FREQUENCY_BANDS[1]}'
             WHEN a.txnCount * a.annualise <= 12 THEN '${FREQUENCY_BANDS[2]}' WHEN a.txnCount * a.annualise <= 26 THEN '${FREQUENCY_BANDS[3]}'
             WHEN a.txnCount * a.annualise <= 52 THEN '${FREQUENCY_BANDS[4]}' ELSE '${FREQUENCY_BANDS[5]}' END AS frequencyBand,
        CAST(round(a.paymentTermsDays) AS INTEGER) AS paymentTermsDays,
        CASE WHEN a.paymentTermsDays IS NULL THEN 'Unknown' WHEN a.paymentTermsDays <= 0 THEN '${PAYMENT_TERMS_BANDS[0]}' WHEN a.paymentTermsDays <= 15 THEN '${PAYMENT_TERMS_BANDS[1]}'
             WHEN a.paymentTermsDays <= 30 THEN '${PAYMENT_TERMS_BANDS[2]}' WHEN a.paymentTermsDays <= 45 THEN '${PAYMENT_TERMS_BANDS[3]}' WHEN a.paymentTermsDays <= 60 THEN '${PAYMENT_TERMS_BANDS[4]}'
             WHEN a.paymentTermsDays <= 90 THEN '${PAYMENT_TERMS_BANDS[5]}' ELSE '${PAYMENT_TERMS_BANDS[6]}' END AS paymentTermsBand,
        coalesce(m.paymentMethod, 'Unknown') AS paymentMethod, coalesce(m.paymentMethodCount, 0) AS paymentMethodCount, coalesce(m.paymentMethods, []) AS paymentMethods,
        round(coalesce(m.cardSpend, 0), 2) AS cardSpend,
        a.inputMcc, a.category, a.inputKinds, a.firstDate, a.lastDate
      FROM a LEFT JOIN method_agg m USING (supplierKey)
      ORDER BY a.inputOrder NULLS LAST, spend DESC, a.supplierKey`,
        out,
      ),
    );
    const r = (await db.one<{ suppliers: number; documents: number; totalSpend: number; fromSupplierFile: boolean }>(
      `SELECT count(*) AS suppliers, (SELECT count(*) FROM ${src}) AS documents, coalesce(sum(spend), 0) AS totalSpend, bool_or(inputOrder IS NOT NULL) AS fromSupplierFile FROM read_parquet(${lit(out)})`,
    ))!;
    onProgress(100, `${r.suppliers} suppliers from ${r.documents} rows`);
    return { ...r, totalSpend: Math.round(r.totalSpend * 100) / 100, currency, file: out };
  });
}
