-- summaryCombosSql
SELECT cardCapability AS cap, matchStatus = 'MATCHED' AS matched, coalesce("OptimaLevel", 'None') AS "l_Optima", "OptimaConfidence" AS "c_Optima", coalesce("StpLevel", 'None') AS "l_Stp", "StpConfidence" AS "c_Stp", 
       count(*) AS n, sum(spend) AS s, sum(spendCount) AS cSpend, sum(poCount) AS cPo, sum(invoiceCount) AS cInv,
       sum(paymentCount) AS cPay, sum(transactionCount) AS cTx, any_value(currency) AS currency
     FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet') WHERE coalesce(CAST(cardCapability AS VARCHAR), '') = $1 GROUP BY ALL;

-- chartViewSql
SELECT coalesce(nullif(category, ''), $4) AS category, sum(supplierCount) AS supplierCount, sum(spend) AS spend,
       sum(documentCount) AS documentCount, sum(matchedCount) AS matchedCount
     FROM read_parquet('views.parquet') WHERE view = $1 AND slicer = $2 AND coalesce(slicerValue, '') = $3
     GROUP BY 1;

-- useCaseListSql
SELECT useCaseId, name, description, rebateBps, supplierCount, spend, estimatedRebate FROM read_parquet('use-cases.parquet') ORDER BY estimatedRebate DESC, spend DESC, name;

-- useCaseByIdSql
SELECT * FROM read_parquet('use-cases.parquet') WHERE useCaseId = $1;

-- businessCaseBaseSql
SELECT coalesce(OptimaLevel, 'None') AS level, paymentMethod,
       optimaMethod AS route, lockboxProgramme AS lockbox,
       count(*) AS suppliers, sum(spend) AS spend,
       sum(coalesce(paymentCount, 0)) AS payments, count(*) FILTER (WHERE coalesce(paymentCount, 0) = 0) AS withoutPayments
     FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet') GROUP BY ALL;

-- topSuppliersSql
SELECT coalesce(supplierName, supplierKey) AS name, country, spend, cardCapability FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet')
       ORDER BY spend DESC NULLS LAST, supplierKey LIMIT 10;

-- useCasesBySpendSql
SELECT useCaseId AS id, name, supplierCount AS suppliers, spend, estimatedRebate FROM read_parquet('use-cases.parquet') ORDER BY spend DESC, useCaseId;
