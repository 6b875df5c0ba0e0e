-- pageRnsSql
SELECT s.rn FROM "cache".s s WHERE contains(s."supplierName__lower", $1) AND s."cardCapability" = $2 ORDER BY s."country__rank" DESC NULLS LAST, s.rn LIMIT 50 OFFSET 100;

-- listTotalSql
SELECT count(*) AS n, coalesce(sum(s.spend), 0) AS spend FROM "cache".s s WHERE contains(s."supplierName__lower", $1) AND s."cardCapability" = $2;

-- rowsByRnSql
SELECT s.rn, s."supplierName" AS "supplierName", s."sourceSupplierId" AS "sourceSupplierId", s."supplierKey" AS "supplierKey", s."country" AS "country", s."spend" AS "spend", s."cardCapability" AS "cardCapability", uc."estimatedRebate" AS "estimatedRebate" FROM "cache".s s JOIN "cache".uc uc ON uc.rn = s.rn WHERE s.rn IN (3, 1, 2) AND uc.useCaseId = $1;

-- selectionSql
SELECT s.supplierKey AS k, s."sourceSupplierId" AS id, s."supplierName" AS n, s."country" AS c, s."spend" AS sp
     FROM "cache".s s WHERE contains(s."supplierName__lower", $1) AND s."cardCapability" = $2 ORDER BY s.rn;

-- exportSql
SELECT s."supplierName" AS "supplierName", s."sourceSupplierId" AS "sourceSupplierId", s."supplierKey" AS "supplierKey", s."country" AS "country", s."spend" AS "spend", s."cardCapability" AS "cardCapability", uc."estimatedRebate" AS "estimatedRebate" FROM "cache".s s JOIN "cache".uc uc ON uc.rn = s.rn WHERE uc.useCaseId = $1 ORDER BY s.rn;
