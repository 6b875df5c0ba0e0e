/** Constants shared by the acceptance model (acceptance-model.ts) and its monitoring (model-monitoring.ts). */
export const ACCEPTANCE_THRESHOLDS = { high: 0.75, medium: 0.5 } as const;
export const FOLDS = 5;
/** Feature bands over a supplier row (the monitoring watches their drift). */
export const SPEND_BAND_SQL = `CASE WHEN spend < 1000 THEN 'a' WHEN spend < 10000 THEN 'b' WHEN spend < 100000 THEN 'c' WHEN spend < 1000000 THEN 'd' ELSE 'e' END`;
export const TICKET_BAND_SQL = `CASE WHEN avgTransactionValue IS NULL THEN '?' WHEN avgTransactionValue < 500 THEN 'a' WHEN avgTransactionValue < 2500 THEN 'b' WHEN avgTransactionValue < 10000 THEN 'c' ELSE 'd' END`;
/** The cross-fitting fold of a supplier. */
export const FOLD_SQL = `hash(supplierKey) % ${FOLDS}`;
/** The fixed 20 % hold-out of matched suppliers of the earlier (naive Bayes) model: fold 0. */
export const HOLDOUT_SQL = `${FOLD_SQL} = 0`;
