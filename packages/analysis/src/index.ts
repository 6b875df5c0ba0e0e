/**
 * @sextant/analysis — the DuckDB analysis engine (see packages/analysis/README.md).
 *
 * Module layout:
 *   db.ts, errors.ts, progress.ts      DuckDB instances (bounded memory, spill dir), input errors, progress
 *   reference/load.ts                  MCC / SIC / NAICS / UNSPSC / crosswalk / countries / currencies (reference/*.csv)
 *   network/generate.ts, vocabulary.ts deterministic reference-network generator (names unique per country)
 *   network/import.ts                  importer of the documented network CSV/Parquet → prepared Parquet
 *   network/networks.ts, networks-sql.ts several networks: each further network matched, per-network rows, merged view
 *   network/labelled.ts                labelled noisy supplier sets (benchmarks, tests, demo jobs)
 *   network/demo-documents.ts          a year of invoices and payments for a labelled set (consultant-upload demo)
 *   ingest/datapoints.ts, detect.ts    datapoints per input kind, header auto-mapping
 *   ingest/sniff.ts, xlsx.ts           encoding / delimiter detection and transcoding, XLSX streaming with inflate limit
 *   ingest/ingest.ts, preview.ts       step 1: CSV/XLSX → typed Parquet + per-row issue report; upload preview
 *   ingest/ingest-sql.ts               step 1's SQL as pure builders (typed values, row flags, issues, accepted rows)
 *   aggregate/normalise.ts             step 2: one row per supplier (supplierKey, spend, counts, bands, methods)
 *   match/normalise-sql.ts, match.ts   step 3: name normalisation macros, blocking + similarity matching in SQL
 *   match/match-sql.ts                 step 3's SQL as pure builders (blocking, candidates, scoring, best match, output)
 *   enrich/enrich.ts                   step 4: industry codes, acceptance attributes, card capability
 *   score/ruleset.ts, defaults.ts      scoring / confidence ruleset JSON format (zod) and SQL compiler; default v1
 *   score/offer-sql.ts                 the issuer's offer as SQL (waterfall tiers, supported lockboxes, their rebate)
 *   score/conversion-model.ts          campaign conversion learnt from recorded outcomes (logistic.ts, Platt)
 *   score/acceptance-model.ts, score.ts step 5: acceptance prediction (cross-fitted logistic regression, acceptance-features.ts, logistic.ts), ruleset evaluation
 *   address/parse-address.ts          rule-based postal address parser (tools and the matcher's street evidence)
 *   lists/supplier-lists.ts            an issuer's supplier include / exclude lists applied in DuckDB (sx_name_core)
 *   aggregate/results.ts               step 6: chart views × slicers, scores, use cases, summary.json, suppliers.csv
 *   pipeline/run-analysis.ts           runAnalysis: all steps chained
 *   cli/main.ts                        `npm run cli -- …`
 *
 * Every step takes a working directory of Parquet files (pipeline/workdir.ts) and reports
 * progress as (percent, message), so the server can run each as its own ProQ command.
 */
export { AnalysisInputError } from './errors.ts';
export type { InputErrorCode } from './errors.ts';
export type { ProgressFn } from './progress.ts';
export { openDb, withDb, lit, ident, copyToParquet } from './db.ts';
export type { Db, DbOptions } from './db.ts';

export { loadReference, REFERENCE_DIR, REFERENCE_FILES } from './reference/load.ts';

export { generateNetwork, importNetwork, isPreparedNetwork } from './network/import.ts';
export type { NetworkImportReport, NetworkIssue } from './network/import.ts';
export {
  makeMerchant,
  merchantsAt,
  networkMerchants,
  registryNameKey,
  NETWORK_COLUMNS,
  writeNetworkCsv,
} from './network/generate.ts';
export type { NetworkMerchant } from './network/generate.ts';
export { matchNetworks } from './network/networks.ts';
export type { NetworkRef, NetworkMatchSummary } from './network/networks.ts';
export { MERGED_NETWORK_COLUMNS, CAPABILITY_ORDER } from './network/networks-sql.ts';
export { makeLabelledSuppliers, labelledCsv } from './network/labelled.ts';
export type { LabelledSupplier } from './network/labelled.ts';
export { makeDemoDocuments } from './network/demo-documents.ts';
export type { DemoDocuments } from './network/demo-documents.ts';

export {
  DATAPOINTS,
  DATAPOINT_IDS,
  INPUT_KINDS,
  INPUT_KIND_DATA_KIND,
  KIND_DATAPOINTS,
  KIND_REQUIRED,
  PAYMENT_METHODS,
} from './ingest/datapoints.ts';
export type { Datapoint, DatapointId, DatapointType, InputKind } from './ingest/datapoints.ts';
export { detectColumns, normaliseHeader, MIN_CONFIDENCE } from './ingest/detect.ts';
export type { ColumnSuggestion, DetectedMapping } from './ingest/detect.ts';
export { ingestFile } from './ingest/ingest.ts';
export { INGEST_COLUMNS } from './ingest/ingest-sql.ts';
export type { AmountTotal, ColumnMapping, IngestIssue, IngestOptions, IngestReport } from './ingest/ingest.ts';
export { previewFile } from './ingest/preview.ts';
export { readXlsxRows } from './ingest/xlsx.ts';
export { isLimitError, MAX_COLUMNS } from './ingest/limits.ts';
export type { FilePreview } from './ingest/preview.ts';

export { normaliseAndAggregate, FREQUENCY_BANDS, PAYMENT_TERMS_BANDS } from './aggregate/normalise.ts';
export type { NormaliseOptions, NormaliseResult } from './aggregate/normalise.ts';
export { matchSuppliers, ensurePreparedNetwork, MATCH_RULES } from './match/match.ts';
export { defaultMatchRuleset, parseMatchRuleset, shippedMatchRuleset, MATCH_FIELDS } from './match/rules.ts';
export type { TMatchRuleset } from './match/rules.ts';
export type { MatchOptions, MatchResult } from './match/match.ts';
export { enrich, INDUSTRY_VIEWS, DEFAULT_INDUSTRY_VIEW, UNCLASSIFIED } from './enrich/enrich.ts';
export type { EnrichOptions, IndustryView } from './enrich/enrich.ts';

export {
  ZCondition,
  ZScoringRule,
  ZScoreKindRules,
  ZScoringRuleset,
  ZConfidenceRule,
  ZConfidenceRuleset,
  SCORE_FIELDS,
  parseScoringRuleset,
  parseConfidenceRuleset,
  compileCondition,
  compileScoring,
  compileOptima,
  compileConfidence,
  validateRuleset,
} from './score/ruleset.ts';
export type { TCondition, TScoringRuleset, TConfidenceRuleset, ScoreField } from './score/ruleset.ts';
export { defaultScoringRuleset, defaultConfidenceRuleset, RULESETS_DIR } from './score/defaults.ts';
export { score } from './score/score.ts';
export type { ScoreOptions, ScoreResult } from './score/score.ts';
export { ACCEPTANCE_THRESHOLDS, HOLDOUT_SQL } from './score/acceptance-model.ts';
export { evaluateRunModel, holdoutMetrics, psi } from './score/model-monitoring.ts';
export type { AcceptanceModelReport } from './score/acceptance-model.ts';
export { MIN_OUTCOMES, predictConversion, trainConversionModel } from './score/conversion-model.ts';
export type { ConversionFacts, ConversionModel, ConversionOutcome } from './score/conversion-model.ts';

export {
  aggregateResults,
  prepareChartViews,
  CHART_VIEWS,
  SLICER_COLUMNS,
  USE_CASES,
  JOB_TOP_N,
} from './aggregate/results.ts';
export type { AggregateOptions, AnalysisSummary, UseCaseDefinition } from './aggregate/results.ts';

export { runAnalysis } from './pipeline/run-analysis.ts';
export type { AnalysisInput, RunAnalysisOptions, RunAnalysisResult } from './pipeline/run-analysis.ts';
export { WORK_FILES, workFile, furtherMatchesFile, ingestedFiles } from './pipeline/workdir.ts';

export { parseAddress, sameAddressField, ADDRESS_COUNTRIES, ADDRESS_FIELDS } from './address/parse-address.ts';
export type { ParsedAddress, TAddressCountry, TAddressField } from './address/parse-address.ts';
export {
  addressAccuracy,
  loadLabelledAddresses,
  LABELLED_ADDRESSES_FILE,
  HELD_OUT_ADDRESSES_FILE,
} from './address/labelled.ts';
export type { AddressAccuracy, LabelledAddress } from './address/labelled.ts';
export {
  validateAddress,
  normalisePostcode,
  referenceCountries,
  findCountry,
  POSTCODE_FORMATS,
} from './address/validate-address.ts';
export type { AddressToValidate, AddressValidation, AddressIssue, CountryEntry } from './address/validate-address.ts';
export { scorePairs } from './match/match.ts';
export { blockingKeysSql, ambiguousConfidenceSql, NAME_JW_SQL } from './match/match-sql.ts';
export { buildVendorIndex, vendorIndexFile, VendorIndex, VENDOR_INDEX_FORMAT } from './match/search.ts';
export type { VendorQuery, VendorRecord, VendorHit, VendorIndexInfo } from './match/search.ts';
export { VendorSearchPool, VendorSearchTimeout } from './match/search-pool.ts';
export type { VendorSearchPoolOptions } from './match/search-pool.ts';
export { createNormaliseMacros } from './match/normalise-sql.ts';
export { applySupplierListsToFile, normaliseSupplierNames } from './lists/supplier-lists.ts';
export type { SupplierListEntry, SupplierListFilterResult } from './lists/supplier-lists.ts';
