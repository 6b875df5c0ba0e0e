-- attachedFilesSql
SELECT database_name, path FROM duckdb_databases() WHERE path IS NOT NULL;

-- isAttachedSql
SELECT 1 FROM duckdb_databases() WHERE database_name = 'sup_run1';

-- attachSql
ATTACH '/data/cache/results/<job>.<run>.v4.duckdb' AS "sup_run1" (READ_ONLY);

-- detachSql
DETACH DATABASE IF EXISTS "sup_run1_build";

-- valuesTableSql
CREATE TABLE "sup_run1_build".vals AS SELECT 'country' AS field, coalesce(CAST("country" AS VARCHAR), '') AS value, count(*) AS n FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet') GROUP BY ALL UNION ALL SELECT 'cardCapability' AS field, coalesce(CAST("cardCapability" AS VARCHAR), '') AS value, count(*) AS n FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet') GROUP BY ALL;

-- valuesSql
SELECT field, value FROM "sup_run1".vals ORDER BY field, value;

-- supplierTableSql
CREATE TABLE "sup_run1_build".s AS
           WITH b AS (SELECT "supplierName", "sourceSupplierId", "supplierKey", coalesce(CAST("country" AS VARCHAR), '') AS "country", "spend", coalesce(CAST("cardCapability" AS VARCHAR), '') AS "cardCapability" FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet')),
           r AS (SELECT supplierKey, CAST(row_number() OVER (ORDER BY spend DESC NULLS LAST, supplierKey) AS INTEGER) AS rn, CASE WHEN "supplierName" IS NULL THEN NULL ELSE CAST(dense_rank() OVER (ORDER BY "supplierName") AS INTEGER) END AS "supplierName__rank", CASE WHEN "sourceSupplierId" IS NULL THEN NULL ELSE CAST(dense_rank() OVER (ORDER BY "sourceSupplierId") AS INTEGER) END AS "sourceSupplierId__rank", CASE WHEN "supplierKey" IS NULL THEN NULL ELSE CAST(dense_rank() OVER (ORDER BY "supplierKey") AS INTEGER) END AS "supplierKey__rank"
                 FROM (SELECT "supplierKey", "spend", "supplierName", "sourceSupplierId" FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet')))
           SELECT r.rn, b.*, r."supplierName__rank", r."sourceSupplierId__rank", r."supplierKey__rank", CAST(list_position(['', 'GBR', 'USA']::VARCHAR[], b."country") AS INTEGER) AS "country__rank", CAST(list_position(['', 'STP']::VARCHAR[], b."cardCapability") AS INTEGER) AS "cardCapability__rank", lower(b.supplierName) AS "supplierName__lower"
           FROM b JOIN r USING (supplierKey);

-- useCaseTableSql
CREATE TABLE "sup_run1_build".uc AS SELECT u.useCaseId, s.rn, u.estimatedRebate FROM read_parquet('use-case-suppliers.parquet') u JOIN "sup_run1_build".s s USING (supplierKey) ORDER BY u.useCaseId, s.rn;

-- metaTableSql
CREATE TABLE "sup_run1_build".meta AS SELECT coalesce(any_value(currency), '') AS currency FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet');

-- metaSql
SELECT currency FROM "sup_run1".meta;
