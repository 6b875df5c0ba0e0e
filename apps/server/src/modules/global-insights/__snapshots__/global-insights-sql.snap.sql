-- rawTableSql
CREATE TABLE raw AS SELECT '<job-a>' AS jobId, '<issuer>' AS issuerId, '<buyer>' AS buyerId,
              CAST(s.supplierKey AS VARCHAR) AS supplierKey, s.matchedMerchantId, coalesce(s.spend, 0) AS spend, s.documentCount,
              coalesce(u.rebate, 0) AS rebate, s.currency, s.cardCapability, s.matchStatus, s.country
            FROM read_parquet('/data/jobs/<job-a>/runs/1/results/suppliers.parquet') s LEFT JOIN (SELECT supplierKey, max(estimatedRebate) AS rebate FROM read_parquet('/data/jobs/<job-a>/runs/1/results/use-case-suppliers.parquet') GROUP BY 1) u USING (supplierKey) UNION ALL BY NAME SELECT '<job-b>' AS jobId, '<issuer>' AS issuerId, 'job:<job-b>' AS buyerId,
              CAST(s.supplierKey AS VARCHAR) AS supplierKey, s.matchedMerchantId, coalesce(s.spend, 0) AS spend, s.documentCount,
              coalesce(u.rebate, 0) AS rebate, s.currency, s.cardCapability, s.matchStatus, s.country
            FROM read_parquet('/data/jobs/<job-b>/runs/2/results/suppliers.parquet') s LEFT JOIN (SELECT NULL::VARCHAR AS supplierKey, NULL::DOUBLE AS rebate) u USING (supplierKey);

-- entityKeySql
ALTER TABLE raw ADD COLUMN ek VARCHAR;
UPDATE raw SET ek = CASE WHEN matchedMerchantId IS NOT NULL THEN 'm:' || matchedMerchantId ELSE 'j:' || jobId || ':' || supplierKey END;

-- entitiesTableSql
CREATE TABLE ent AS SELECT ek AS supplierKey, sum(spend) AS spend, sum(documentCount) AS documentCount,
          sum(rebate) AS rebate, count(*) AS supplierRows,
          arg_max(cardCapability, spend) AS cardCapability, arg_max(matchStatus, spend) AS matchStatus, arg_max(country, spend) AS country
        FROM raw GROUP BY ek;

-- entitiesCopySql
COPY (SELECT * FROM ent) TO '/data/global-insights/<scope>/entities.parquet' (FORMAT parquet, COMPRESSION zstd);

-- viewsCopySql
COPY (SELECT * FROM (<chart views of ent>) ORDER BY view, slicer, slicerValue)
         TO '/data/global-insights/<scope>/views.parquet' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048);

-- organisationsSql
SELECT buyerId AS id, count(DISTINCT ek) AS suppliers, sum(spend) AS spend,
             coalesce(sum(spend) FILTER (WHERE matchStatus = 'MATCHED'), 0) AS ms,
             coalesce(sum(spend) FILTER (WHERE cardCapability <> 'Unmatched'), 0) AS cap, sum(rebate) AS rebate
           FROM raw GROUP BY 1;

-- rowsPerJobSql
SELECT jobId, count(*) AS n FROM raw GROUP BY 1;

-- currenciesSql
SELECT currency AS c FROM raw WHERE currency IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1;

-- scopeSummarySql
SELECT cardCapability AS cap, matchStatus = 'MATCHED' AS matched, count(*) AS n, sum(spend) AS s, sum(rebate) AS r
       FROM read_parquet('entities.parquet') WHERE coalesce(CAST(cardCapability AS VARCHAR), '') = $1 GROUP BY ALL;
