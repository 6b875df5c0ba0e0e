-- comparedViewsSql
SELECT * FROM read_parquet('/data/jobs/<job>/runs/1/results/views.parquet') ORDER BY ALL;

-- comparedSuppliersSql
SELECT * FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet') ORDER BY supplierKey LIMIT 5000;
