/**
 * The SQL of normalise & aggregate (normalise.ts), as named builders that return SQL text: each can be run on a tiny
 * table in a test. They need the normalise macros (createNormaliseMacros) where they normalise names.
 */
import { FREQUENCY_BANDS, PAYMENT_TERMS_BANDS } from '@sextant/shared';
import { lit } from '../db.ts';

/** A supplier key from an id: "S" + 16 hex of md5 over the lower-cased, trimmed id. */
export const idKeySql = (id: string) => `'S' || substr(md5('id:' || lower(trim(${id}))), 1, 16)`;

/** A supplier key from a normalised name and a country (rows without an id). */
export const nameKeySql = (nameNorm: string, country: string) =>
  `'S' || substr(md5('nm:' || ${nameNorm} || '|' || coalesce(${country}, '')), 1, 16)`;

/** Distinct (supplierId, supplierName, country) of the documents in `src`, each name normalised once. */
export const supplierIdentsSql = (src: string) =>
  `SELECT *, sx_name_core(supplierName) AS nameNorm FROM (SELECT DISTINCT supplierId, supplierName, country FROM ${src})`;

/** Per normalised name of `idents`: the smallest id key and how many distinct ids carry that name. */
export const idKeysByNameSql = (idents: string) =>
  `SELECT nameNorm, min(${idKeySql('supplierId')}) AS k, count(DISTINCT lower(trim(supplierId))) AS n
    FROM ${idents} WHERE supplierId IS NOT NULL AND nameNorm <> '' GROUP BY nameNorm`;

/**
 * The supplier key of every identity: its id's key; without an id, the key of the one id-keyed supplier of the same
 * normalised name (payments by name joining the supplier file by id); else a key from the name and country.
 */
export const supplierKeyMapSql = (idents: string, idKeys: string) =>
  `SELECT d.supplierId, d.supplierName, d.country, CASE
      WHEN d.supplierId IS NOT NULL THEN ${idKeySql('d.supplierId')}
      WHEN i.n = 1 THEN i.k
      ELSE ${nameKeySql('d.nameNorm', 'd.country')} END AS supplierKey
    FROM ${idents} d LEFT JOIN ${idKeys} i ON i.nameNorm = d.nameNorm`;

/** Input priority of a document kind: the supplier file first, then payments, spend, invoices, transactions, POs. */
export const kindPrioritySql = (kind: string) =>
  `CASE ${kind} WHEN 'suppliers' THEN 0 WHEN 'payments' THEN 1 WHEN 'spend' THEN 2 WHEN 'invoices' THEN 3 WHEN 'transactions' THEN 4 ELSE 5 END`;

/** Transactions a year → the frequency band (FREQUENCY_BANDS); NULL → 'Unknown'. */
export const frequencyBandSql = (perYear: string) =>
  `CASE WHEN ${perYear} IS NULL THEN 'Unknown' WHEN ${perYear} <= 1 THEN ${lit(FREQUENCY_BANDS[0])} WHEN ${perYear} <= 4 THEN ${lit(FREQUENCY_BANDS[1])}
     WHEN ${perYear} <= 12 THEN ${lit(FREQUENCY_BANDS[2])} WHEN ${perYear} <= 26 THEN ${lit(FREQUENCY_BANDS[3])}
     WHEN ${perYear} <= 52 THEN ${lit(FREQUENCY_BANDS[4])} ELSE ${lit(FREQUENCY_BANDS[5])} END`;

/** Payment terms (days) → the payment terms band (PAYMENT_TERMS_BANDS); NULL → 'Unknown'. */
export const paymentTermsBandSql = (days: string) =>
  `CASE WHEN ${days} IS NULL THEN 'Unknown' WHEN ${days} <= 0 THEN ${lit(PAYMENT_TERMS_BANDS[0])} WHEN ${days} <= 15 THEN ${lit(PAYMENT_TERMS_BANDS[1])}
     WHEN ${days} <= 30 THEN ${lit(PAYMENT_TERMS_BANDS[2])} WHEN ${days} <= 45 THEN ${lit(PAYMENT_TERMS_BANDS[3])} WHEN ${days} <= 60 THEN ${lit(PAYMENT_TERMS_BANDS[4])}
     WHEN ${days} <= 90 THEN ${lit(PAYMENT_TERMS_BANDS[5])} ELSE ${lit(PAYMENT_TERMS_BANDS[6])} END`;

/**
 * Payment methods used per supplier of `agg` (columns pm<i>_spend and pm<i>_n for `methods[i]`), by spend, then
 * count, then name: the main one, how many, the list, and the card (Card, VirtualCard) spend. Suppliers without a
 * method are left out.
 */
export function methodAggSql(agg: string, methods: readonly string[]): string {
  const structs = methods.map((m, i) => `{s: -pm${i}_spend, c: -pm${i}_n, m: ${lit(m)}, spend: pm${i}_spend}`);
  return `SELECT supplierKey, ms[1].m AS paymentMethod, len(ms) AS paymentMethodCount, list_transform(ms, x -> x.m) AS paymentMethods,
      list_sum(list_transform(list_filter(ms, x -> x.m IN ('Card', 'VirtualCard')), x -> x.spend)) AS cardSpend
    FROM (SELECT supplierKey, list_sort(list_filter([${structs.join(', ')}], x -> x.c < 0)) AS ms FROM ${agg})
    WHERE len(ms) > 0`;
}

/**
 * One row per supplier of `agg` with the spend and document count of its leading input (the supplier file, else
 * payments, spend, invoices, transactions, POs) and the factor that annualises the count (dated documents over at
 * least 90 days).
 */
export const leadingInputSql = (agg: string) =>
  `SELECT a.*,
      coalesce(s_spend, p_spend, sp_spend, i_spend, t_spend, po_spend) AS spend,
      CASE WHEN s_count IS NOT NULL THEN s_count WHEN p_spend IS NOT NULL THEN paymentCount WHEN sp_spend IS NOT NULL THEN spendCount
           WHEN i_spend IS NOT NULL THEN invoiceCount WHEN t_spend IS NOT NULL THEN transactionCount ELSE nullif(poCount, 0) END AS txnCount,
      CASE WHEN s_count IS NOT NULL OR firstDate IS NULL THEN 1.0 ELSE 365.0 / greatest(90, lastDate - firstDate + 1) END AS annualise
    FROM ${agg} a`;

/** The suppliers.parquet rows from `agg` and the payment methods in `methodAgg`, in input order then by spend. */
export const supplierRowsSql = (agg: string, methodAgg: string, currency: string) =>
  `WITH a AS (${leadingInputSql(agg)})
  SELECT a.supplierKey, a.sourceSupplierId, a.inputOrder, a.supplierName, a.supplierNameOriginal, a.addressLine1, a.addressLine2, a.city, a.region, a.postcode, a.country, a.taxId,
    round(coalesce(a.spend, 0), 2) AS spend, ${lit(currency)} AS currency,
    coalesce(a.spendCount, 0) AS spendCount, coalesce(a.poCount, 0) AS poCount, coalesce(a.invoiceCount, 0) AS invoiceCount,
    coalesce(a.paymentCount, 0) AS paymentCount, coalesce(a.transactionCount, 0) AS transactionCount,
    a.txnCount AS documentCount,
    CASE WHEN a.txnCount > 0 THEN round(a.spend / a.txnCount, 2) END AS avgTransactionValue,
    round(a.txnCount * a.annualise, 1) AS transactionsPerYear,
    ${frequencyBandSql('a.txnCount * a.annualise')} AS frequencyBand,
    CAST(round(a.paymentTermsDays) AS INTEGER) AS paymentTermsDays,
    ${paymentTermsBandSql('a.paymentTermsDays')} AS paymentTermsBand,
    coalesce(m.paymentMethod, 'Unknown') AS paymentMethod, coalesce(m.paymentMethodCount, 0) AS paymentMethodCount, coalesce(m.paymentMethods, []) AS paymentMethods,
    round(coalesce(m.cardSpend, 0), 2) AS cardSpend,
    a.inputMcc, a.category, a.inputKinds, a.firstDate, a.lastDate
  FROM a LEFT JOIN ${methodAgg} m USING (supplierKey)
  ORDER BY a.inputOrder NULLS LAST, spend DESC, a.supplierKey`;
