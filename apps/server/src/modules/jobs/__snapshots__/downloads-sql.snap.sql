-- downloadSql
SELECT "supplierKey", coalesce(supplierNameOriginal, supplierName), "spend" FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet');
