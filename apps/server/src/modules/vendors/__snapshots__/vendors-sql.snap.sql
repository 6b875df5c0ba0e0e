-- vendorInFilesSql
SELECT filename, CAST(supplierKey AS VARCHAR) AS supplierKey, supplierName, spend, currency, matchConfidence
         FROM read_parquet(['/data/jobs/<job-a>/runs/1/results/suppliers.parquet', '/data/jobs/<job-b>/runs/3/results/suppliers.parquet'], filename = true, union_by_name = true)
         WHERE matchedMerchantId = $1 ORDER BY spend DESC NULLS LAST;
