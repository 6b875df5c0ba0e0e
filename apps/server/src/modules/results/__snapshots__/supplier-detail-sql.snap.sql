-- supplierDetailSql (network, both merchant ids, use cases)
SELECT s.*, CASE WHEN m.merchantId IS NULL THEN NULL ELSE struct_pack("merchantId" := m."merchantId", "name" := m."name", "addressLine1" := m."addressLine1", "addressLine2" := m."addressLine2", "city" := m."city", "region" := m."region", "postcode" := m."postcode", "country" := m."country", "taxId" := m."taxId", "mcc" := m."mcc", "acceptsCard" := m."acceptsCard", "vcAccepting" := m."vcAccepting", "detailLevel" := m."detailLevel", "stpCapable" := m."stpCapable", "lockboxes" := m."lockboxes") END AS "__sx_detail_merchant", uc.l AS "__sx_detail_use_cases",
            NULL AS "__sx_detail_networks"
          FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet') s LEFT JOIN (SELECT merchantId, name, addressLine1, addressLine2, city, region, postcode, country, taxId, mcc, acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes FROM read_parquet('/data/network/generated.parquet')
           WHERE CAST(merchantId AS VARCHAR) IN (SELECT coalesce(CAST("matchedMerchantId" AS VARCHAR), CAST("candidateMerchantId" AS VARCHAR)) FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet'))
           QUALIFY row_number() OVER (PARTITION BY merchantId) = 1) m
         ON CAST(m.merchantId AS VARCHAR) = coalesce(CAST(s."matchedMerchantId" AS VARCHAR), CAST(s."candidateMerchantId" AS VARCHAR)) LEFT JOIN (SELECT u.supplierKey, list(struct_pack(useCaseId := u.useCaseId, name := c.name, rebateBps := c.rebateBps,
          spend := u.spend, estimatedRebate := u.estimatedRebate) ORDER BY u.estimatedRebate DESC, c.name) AS l
        FROM read_parquet('use-case-suppliers.parquet') u JOIN read_parquet('use-cases.parquet') c USING (useCaseId) GROUP BY u.supplierKey) uc ON uc.supplierKey = s.supplierKey;

-- supplierDetailSql (no network, no use cases)
SELECT s.*, NULL AS "__sx_detail_merchant", NULL AS "__sx_detail_use_cases",
            NULL AS "__sx_detail_networks"
          FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet') s;
