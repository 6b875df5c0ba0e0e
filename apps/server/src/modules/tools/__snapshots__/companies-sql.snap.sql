-- networkSearchSql
SELECT merchantId, name, addressLine1, addressLine2, city, region, postcode, country, taxId, mcc, acceptsCard
      FROM read_parquet('/data/reference/network.parquet')
      WHERE upper(merchantId) = 'ACME50%_O''BRIEN' OR upper(regexp_replace(coalesce(taxId, ''), '[^A-Za-z0-9]', '', 'g')) = 'ACME50%_O''BRIEN'
         OR lower(name) LIKE '%acme 50\%\_o''brien%' ESCAPE '\'
      ORDER BY CASE WHEN upper(merchantId) = 'ACME50%_O''BRIEN' THEN 0 WHEN lower(name) LIKE 'acme 50\%\_o''brien%' ESCAPE '\' THEN 1 ELSE 2 END, name
      LIMIT 25;
