-- runChangesSql (run 1 → run 2, every column)
WITH j AS (
      SELECT coalesce(c.supplierKey, p.supplierKey) AS supplierKey,
        coalesce(CAST(c."supplierName" AS VARCHAR), CAST(p."supplierName" AS VARCHAR)) AS supplierName,
        CAST(p."spend" AS DOUBLE) AS spendBefore, CAST(c."spend" AS DOUBLE) AS spendAfter,
        list_filter([CASE WHEN p.supplierKey IS NULL THEN {kind: 'supplierAdded', field: 'supplier', "before": NULL, "after": CAST(c."supplierName" AS VARCHAR), reason: 'in the new run''s files only'} END,
        CASE WHEN c.supplierKey IS NULL THEN {kind: 'supplierRemoved', field: 'supplier', "before": CAST(p."supplierName" AS VARCHAR), "after": NULL, reason: 'not in the new run''s files'} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND NOT coalesce((CAST(p."matchStatus" AS VARCHAR) = 'MATCHED'), FALSE) AND coalesce((CAST(c."matchStatus" AS VARCHAR) = 'MATCHED'), FALSE)
        THEN {kind: 'matchGained', field: 'matchedMerchantId', "before": NULL, "after": CAST(c."matchedMerchantId" AS VARCHAR), reason: CASE WHEN c.matchEvidence IS NULL THEN NULL ELSE concat_ws(' · ',
      'rule ' || coalesce(json_extract_string(c.matchEvidence, '$.rule'), '—'),
      nullif(array_to_string(list_transform(
        CAST(json_extract(c.matchEvidence, '$.fields') AS VARCHAR[][]), f -> f[1] || ' ' || f[2]), ', '), ''),
      'score ' || coalesce(json_extract_string(c.matchEvidence, '$.totalScore'), '—')) END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND coalesce((CAST(p."matchStatus" AS VARCHAR) = 'MATCHED'), FALSE) AND NOT coalesce((CAST(c."matchStatus" AS VARCHAR) = 'MATCHED'), FALSE)
        THEN {kind: 'matchLost', field: 'matchedMerchantId', "before": CAST(p."matchedMerchantId" AS VARCHAR), "after": NULL, reason: coalesce(CASE WHEN c.matchEvidence IS NULL THEN NULL ELSE concat_ws(' · ',
      'rule ' || coalesce(json_extract_string(c.matchEvidence, '$.rule'), '—'),
      nullif(array_to_string(list_transform(
        CAST(json_extract(c.matchEvidence, '$.fields') AS VARCHAR[][]), f -> f[1] || ' ' || f[2]), ', '), ''),
      'score ' || coalesce(json_extract_string(c.matchEvidence, '$.totalScore'), '—')) END, 'no candidate merchant')} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND coalesce((CAST(p."matchStatus" AS VARCHAR) = 'MATCHED') AND (CAST(c."matchStatus" AS VARCHAR) = 'MATCHED'), FALSE) AND CAST(p."matchedMerchantId" AS VARCHAR) IS DISTINCT FROM CAST(c."matchedMerchantId" AS VARCHAR)
        THEN {kind: 'merchantChanged', field: 'matchedMerchantId', "before": CAST(p."matchedMerchantId" AS VARCHAR), "after": CAST(c."matchedMerchantId" AS VARCHAR), reason: CASE WHEN c.matchEvidence IS NULL THEN NULL ELSE concat_ws(' · ',
      'rule ' || coalesce(json_extract_string(c.matchEvidence, '$.rule'), '—'),
      nullif(array_to_string(list_transform(
        CAST(json_extract(c.matchEvidence, '$.fields') AS VARCHAR[][]), f -> f[1] || ' ' || f[2]), ', '), ''),
      'score ' || coalesce(json_extract_string(c.matchEvidence, '$.totalScore'), '—')) END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(p."matchConfidence" AS VARCHAR) IS DISTINCT FROM CAST(c."matchConfidence" AS VARCHAR)
        THEN {kind: 'confidenceChanged', field: 'matchConfidence', "before": CAST(p."matchConfidence" AS VARCHAR), "after": CAST(c."matchConfidence" AS VARCHAR), reason: coalesce(CASE WHEN c.matchEvidence IS NULL THEN NULL ELSE concat_ws(' · ',
      'rule ' || coalesce(json_extract_string(c.matchEvidence, '$.rule'), '—'),
      nullif(array_to_string(list_transform(
        CAST(json_extract(c.matchEvidence, '$.fields') AS VARCHAR[][]), f -> f[1] || ' ' || f[2]), ', '), ''),
      'score ' || coalesce(json_extract_string(c.matchEvidence, '$.totalScore'), '—')) END, 'no candidate merchant')} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(p."cardCapability" AS VARCHAR) IS DISTINCT FROM CAST(c."cardCapability" AS VARCHAR)
        THEN {kind: 'capabilityChanged', field: 'cardCapability', "before": CAST(p."cardCapability" AS VARCHAR), "after": CAST(c."cardCapability" AS VARCHAR), reason: CASE
      WHEN CAST(p."matchedMerchantId" AS VARCHAR) IS DISTINCT FROM CAST(c."matchedMerchantId" AS VARCHAR)
        THEN 'matched merchant ' || coalesce(CAST(p."matchedMerchantId" AS VARCHAR), 'none') || ' → ' || coalesce(CAST(c."matchedMerchantId" AS VARCHAR), 'none')
      ELSE coalesce(nullif(concat_ws(', ', CASE WHEN CAST(p."vcAccepting" AS VARCHAR) IS DISTINCT FROM CAST(c."vcAccepting" AS VARCHAR) THEN 'vcAccepting ' || coalesce(CAST(p."vcAccepting" AS VARCHAR), '—') || ' → ' || coalesce(CAST(c."vcAccepting" AS VARCHAR), '—') END), ''), 'network attributes of the matched merchant changed') END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(NULL AS VARCHAR) IS DISTINCT FROM CAST(NULL AS VARCHAR)
        THEN {kind: 'scoreLevelChanged', field: 'Optima', "before": CAST(NULL AS VARCHAR), "after": CAST(NULL AS VARCHAR), reason: 'method ' || coalesce(CAST(NULL AS VARCHAR), '—') || ' → ' || coalesce(CAST(NULL AS VARCHAR), '—')
        || CASE WHEN CAST(p."scoringRulesetVersion" AS VARCHAR) IS DISTINCT FROM CAST(c."scoringRulesetVersion" AS VARCHAR)
             THEN ' (scoring ruleset v' || coalesce(CAST(p."scoringRulesetVersion" AS VARCHAR), '—') || ' → v' || coalesce(CAST(c."scoringRulesetVersion" AS VARCHAR), '—') || ')' ELSE '' END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(NULL AS VARCHAR) IS DISTINCT FROM CAST(NULL AS VARCHAR)
        THEN {kind: 'scoreLevelChanged', field: 'Stp', "before": CAST(NULL AS VARCHAR), "after": CAST(NULL AS VARCHAR), reason: 'rule ' || coalesce(CAST(NULL AS VARCHAR), '—') || ' → ' || coalesce(CAST(NULL AS VARCHAR), '—')
        || CASE WHEN CAST(p."scoringRulesetVersion" AS VARCHAR) IS DISTINCT FROM CAST(c."scoringRulesetVersion" AS VARCHAR)
             THEN ' (scoring ruleset v' || coalesce(CAST(p."scoringRulesetVersion" AS VARCHAR), '—') || ' → v' || coalesce(CAST(c."scoringRulesetVersion" AS VARCHAR), '—') || ')' ELSE '' END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(p."VcardLevel" AS VARCHAR) IS DISTINCT FROM CAST(c."VcardLevel" AS VARCHAR)
        THEN {kind: 'scoreLevelChanged', field: 'Vcard', "before": CAST(p."VcardLevel" AS VARCHAR), "after": CAST(c."VcardLevel" AS VARCHAR), reason: 'rule ' || coalesce(CAST(p."VcardRuleId" AS VARCHAR), '—') || ' → ' || coalesce(CAST(c."VcardRuleId" AS VARCHAR), '—')
        || CASE WHEN CAST(p."scoringRulesetVersion" AS VARCHAR) IS DISTINCT FROM CAST(c."scoringRulesetVersion" AS VARCHAR)
             THEN ' (scoring ruleset v' || coalesce(CAST(p."scoringRulesetVersion" AS VARCHAR), '—') || ' → v' || coalesce(CAST(c."scoringRulesetVersion" AS VARCHAR), '—') || ')' ELSE '' END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(NULL AS VARCHAR) IS DISTINCT FROM CAST(NULL AS VARCHAR)
        THEN {kind: 'scoreLevelChanged', field: 'Pcard', "before": CAST(NULL AS VARCHAR), "after": CAST(NULL AS VARCHAR), reason: 'rule ' || coalesce(CAST(NULL AS VARCHAR), '—') || ' → ' || coalesce(CAST(NULL AS VARCHAR), '—')
        || CASE WHEN CAST(p."scoringRulesetVersion" AS VARCHAR) IS DISTINCT FROM CAST(c."scoringRulesetVersion" AS VARCHAR)
             THEN ' (scoring ruleset v' || coalesce(CAST(p."scoringRulesetVersion" AS VARCHAR), '—') || ' → v' || coalesce(CAST(c."scoringRulesetVersion" AS VARCHAR), '—') || ')' ELSE '' END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(NULL AS VARCHAR) IS DISTINCT FROM CAST(NULL AS VARCHAR)
        THEN {kind: 'scoreLevelChanged', field: 'TandEcard', "before": CAST(NULL AS VARCHAR), "after": CAST(NULL AS VARCHAR), reason: 'rule ' || coalesce(CAST(NULL AS VARCHAR), '—') || ' → ' || coalesce(CAST(NULL AS VARCHAR), '—')
        || CASE WHEN CAST(p."scoringRulesetVersion" AS VARCHAR) IS DISTINCT FROM CAST(c."scoringRulesetVersion" AS VARCHAR)
             THEN ' (scoring ruleset v' || coalesce(CAST(p."scoringRulesetVersion" AS VARCHAR), '—') || ' → v' || coalesce(CAST(c."scoringRulesetVersion" AS VARCHAR), '—') || ')' ELSE '' END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(p."ScfLevel" AS VARCHAR) IS DISTINCT FROM CAST(c."ScfLevel" AS VARCHAR)
        THEN {kind: 'scoreLevelChanged', field: 'Scf', "before": CAST(p."ScfLevel" AS VARCHAR), "after": CAST(c."ScfLevel" AS VARCHAR), reason: 'rule ' || coalesce(CAST(p."ScfRuleId" AS VARCHAR), '—') || ' → ' || coalesce(CAST(c."ScfRuleId" AS VARCHAR), '—')
        || CASE WHEN CAST(p."scoringRulesetVersion" AS VARCHAR) IS DISTINCT FROM CAST(c."scoringRulesetVersion" AS VARCHAR)
             THEN ' (scoring ruleset v' || coalesce(CAST(p."scoringRulesetVersion" AS VARCHAR), '—') || ' → v' || coalesce(CAST(c."scoringRulesetVersion" AS VARCHAR), '—') || ')' ELSE '' END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(NULL AS VARCHAR) IS DISTINCT FROM CAST(NULL AS VARCHAR)
        THEN {kind: 'scoreLevelChanged', field: 'InstantPay', "before": CAST(NULL AS VARCHAR), "after": CAST(NULL AS VARCHAR), reason: 'rule ' || coalesce(CAST(NULL AS VARCHAR), '—') || ' → ' || coalesce(CAST(NULL AS VARCHAR), '—')
        || CASE WHEN CAST(p."scoringRulesetVersion" AS VARCHAR) IS DISTINCT FROM CAST(c."scoringRulesetVersion" AS VARCHAR)
             THEN ' (scoring ruleset v' || coalesce(CAST(p."scoringRulesetVersion" AS VARCHAR), '—') || ' → v' || coalesce(CAST(c."scoringRulesetVersion" AS VARCHAR), '—') || ')' ELSE '' END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(NULL AS VARCHAR) IS DISTINCT FROM CAST(NULL AS VARCHAR)
        THEN {kind: 'scoreLevelChanged', field: 'Boost', "before": CAST(NULL AS VARCHAR), "after": CAST(NULL AS VARCHAR), reason: 'rule ' || coalesce(CAST(NULL AS VARCHAR), '—') || ' → ' || coalesce(CAST(NULL AS VARCHAR), '—')
        || CASE WHEN CAST(p."scoringRulesetVersion" AS VARCHAR) IS DISTINCT FROM CAST(c."scoringRulesetVersion" AS VARCHAR)
             THEN ' (scoring ruleset v' || coalesce(CAST(p."scoringRulesetVersion" AS VARCHAR), '—') || ' → v' || coalesce(CAST(c."scoringRulesetVersion" AS VARCHAR), '—') || ')' ELSE '' END} END,
        CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND CAST(c."acceptancePrediction" AS VARCHAR) IS NOT NULL AND (CAST(p."acceptancePrediction" AS VARCHAR) IS DISTINCT FROM CAST(c."acceptancePrediction" AS VARCHAR)
          OR abs(CAST(c."acceptanceProbability" AS DOUBLE) - CAST(p."acceptanceProbability" AS DOUBLE)) >= 0.1)
        THEN {kind: 'acceptanceChanged', field: 'acceptancePrediction', "before": CASE WHEN CAST(p."acceptancePrediction" AS VARCHAR) IS NULL THEN NULL ELSE CAST(p."acceptancePrediction" AS VARCHAR) || ' (' || CAST(round(CAST(p."acceptanceProbability" AS DOUBLE), 3) AS VARCHAR) || ')' END, "after": CASE WHEN CAST(c."acceptancePrediction" AS VARCHAR) IS NULL THEN NULL ELSE CAST(c."acceptancePrediction" AS VARCHAR) || ' (' || CAST(round(CAST(c."acceptanceProbability" AS DOUBLE), 3) AS VARCHAR) || ')' END, reason: coalesce(CAST(c."acceptanceExplanation" AS VARCHAR), '—')} END], x -> x IS NOT NULL) AS changes
      FROM read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet') p FULL OUTER JOIN read_parquet('/data/jobs/<job>/runs/2/results/suppliers.parquet') c ON c.supplierKey = p.supplierKey)
    SELECT supplierKey, supplierName, spendBefore, spendAfter,
      list_transform(list_sort(list_distinct(list_transform(changes, x -> map {'supplierAdded': 0, 'supplierRemoved': 1, 'matchGained': 2, 'matchLost': 3, 'merchantChanged': 4, 'confidenceChanged': 5, 'capabilityChanged': 6, 'scoreLevelChanged': 7, 'acceptanceChanged': 8}[x.kind]))),
        i -> ['supplierAdded', 'supplierRemoved', 'matchGained', 'matchLost', 'merchantChanged', 'confidenceChanged', 'capabilityChanged', 'scoreLevelChanged', 'acceptanceChanged'][i + 1]) AS kinds,
      changes
    FROM j WHERE len(changes) > 0

-- changeTotalsSql
SELECT count(*) AS suppliersChanged, coalesce(sum(coalesce(spendAfter, spendBefore)), 0) AS spendChanged,
      count(*) FILTER (WHERE list_contains(kinds, 'supplierAdded')) AS "supplierAdded",
      count(*) FILTER (WHERE list_contains(kinds, 'supplierRemoved')) AS "supplierRemoved",
      count(*) FILTER (WHERE list_contains(kinds, 'matchGained')) AS "matchGained",
      count(*) FILTER (WHERE list_contains(kinds, 'matchLost')) AS "matchLost",
      count(*) FILTER (WHERE list_contains(kinds, 'merchantChanged')) AS "merchantChanged",
      count(*) FILTER (WHERE list_contains(kinds, 'confidenceChanged')) AS "confidenceChanged",
      count(*) FILTER (WHERE list_contains(kinds, 'capabilityChanged')) AS "capabilityChanged",
      count(*) FILTER (WHERE list_contains(kinds, 'scoreLevelChanged')) AS "scoreLevelChanged",
      count(*) FILTER (WHERE list_contains(kinds, 'acceptanceChanged')) AS "acceptanceChanged",
      coalesce(sum(len(list_filter(changes, x -> x.kind = 'confidenceChanged' AND CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END)))::BIGINT, 0) AS confidenceUp,
      coalesce(sum(len(list_filter(changes, x -> x.kind = 'confidenceChanged' AND CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END)))::BIGINT, 0) AS confidenceDown,
      {'Optima': {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Optima'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Optima'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE))},
      'Stp': {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Stp'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Stp'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE))},
      'Vcard': {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Vcard'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Vcard'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE))},
      'Pcard': {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Pcard'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Pcard'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE))},
      'TandEcard': {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'TandEcard'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'TandEcard'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE))},
      'Scf': {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Scf'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Scf'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE))},
      'InstantPay': {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'InstantPay'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'InstantPay'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE))},
      'Boost': {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Boost'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END > CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = 'Boost'), x -> CASE x."after" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END < CASE x."before" WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END), TRUE))}} AS scoreLevels
    FROM read_parquet('/data/jobs/<job>/runs/2/changes/changes.parquet')

-- withoutScoreChangesSql
(SELECT * FROM (SELECT * REPLACE (list_filter(kinds, k -> k <> 'scoreLevelChanged') AS kinds,
      list_filter(changes, c -> c.kind <> 'scoreLevelChanged') AS changes) FROM read_parquet('/data/jobs/<job>/runs/2/changes/changes.parquet')) WHERE len(kinds) > 0)