/**
 * DuckDB plumbing of the server, one home: the SQL literal and identifier quoting (the analysis engine's, so there
 * is one of each), the shared results instance (engine.ts) and a job's latest completed results (results.ts).
 * Query builders live with their area (`results/*-sql.ts`, `rulesets/rulesets-sql.ts`); this module holds no query.
 */
export { lit, ident } from '@sextant/analysis';
export { columnsSql, rowCountSql } from './sql.ts';
export { resultsDuck, resultsDuckIfOpen, withConnection, queryRows, singleFlight } from './engine.ts';
export { openResults, openResultsForPipeline, forgetLatestRun, type JobResults } from './results.ts';
