-- columnsSql
DESCRIBE SELECT * FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet');

-- rowCountSql
SELECT count(*) AS n FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet');

-- dryRunSql (scoring)
WITH d AS (SELECT *, <compiled> FROM (SELECT *, <compiled> FROM (SELECT * EXCLUDE ("OptimaLevel", "OptimaRuleId", "optimaMethod"), "OptimaLevel" AS "old_Optima" FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet')))), c AS (SELECT 'Optima' AS scoreKind, supplierKey, supplierName, spend, "old_Optima" AS "from", "OptimaLevel" AS "to", "OptimaRuleId" AS ruleId FROM d WHERE "old_Optima" IS DISTINCT FROM "OptimaLevel")
     SELECT c.*, count(*) OVER (PARTITION BY scoreKind) AS changed,
       sum(CASE WHEN CASE "to" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 WHEN 'None' THEN 0 ELSE -1 END > CASE "from" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 WHEN 'None' THEN 0 ELSE -1 END THEN 1 ELSE 0 END) OVER (PARTITION BY scoreKind) AS up,
       (SELECT count(*) FROM d) AS suppliers,
       (SELECT count(DISTINCT supplierKey) FROM c) AS changedSuppliers
     FROM c
     QUALIFY row_number() OVER (PARTITION BY scoreKind ORDER BY spend DESC NULLS LAST, supplierKey) <= 5;

-- dryRunSql (confidence)
WITH d AS (SELECT *, <compiled> FROM (SELECT * EXCLUDE ("StpConfidence", "StpConfidenceRuleId"), "StpConfidence" AS "old_Stp" FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet'))), c AS (SELECT 'Stp' AS scoreKind, supplierKey, supplierName, spend, "old_Stp" AS "from", "StpConfidence" AS "to", "StpConfidenceRuleId" AS ruleId FROM d WHERE "old_Stp" IS DISTINCT FROM "StpConfidence")
     SELECT c.*, count(*) OVER (PARTITION BY scoreKind) AS changed,
       sum(CASE WHEN CASE "to" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 WHEN 'None' THEN 0 ELSE -1 END > CASE "from" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 WHEN 'None' THEN 0 ELSE -1 END THEN 1 ELSE 0 END) OVER (PARTITION BY scoreKind) AS up,
       (SELECT count(*) FROM d) AS suppliers,
       (SELECT count(DISTINCT supplierKey) FROM c) AS changedSuppliers
     FROM c
     QUALIFY row_number() OVER (PARTITION BY scoreKind ORDER BY spend DESC NULLS LAST, supplierKey) <= 5;
