/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { chartViewCsv, chartViewOf, fileBase } from './insights.service.ts';
export { sliceWhere } from './results-sql.ts';
export { dropSupplierCaches } from './supplier-cache.ts';
export { seesSupplierScores, selectSuppliers, supplierPage, useCaseRow } from './suppliers.service.ts';
export { useCaseList } from './use-cases.service.ts';
export { businessCaseConversionOf, provideLearnedConversion } from './business-case.service.ts';
