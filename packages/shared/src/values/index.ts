/**
 * `@sextant/shared/values`: the package without zod — enumerations, labels, routes, permissions, job tabs and pure
 * functions, plus every type. The web app imports from here, so its start-up path neither downloads zod nor builds
 * the API schemas; the package root (`@sextant/shared`) re-exports all of it with the schemas.
 */
export type * from '../index.ts';
export * from './enums.ts';
export * from '../routes.ts';
export * from '../job-tabs.ts';
export * from '../themes.ts';
export * from './api.ts';
export * from './auth.ts';
export * from './brandings.ts';
export * from './contrast.ts';
export * from './concurrency.ts';
export * from './issuers.ts';
export * from './jobs.ts';
export * from './paging.ts';
export * from './permissions.ts';
export * from './proq.ts';
export * from './results-insights.ts';
export * from './users.ts';
export * from './analysis-admin.ts';
export * from './tools.ts';
export * from './ai-prompts.ts';
export * from './campaigns.ts';
export * from './devops.ts';
export * from './resources.ts';
export * from './ml-prediction.ts';
export * from './admin-accounts.ts';
export * from './chat.ts';
export * from './vendors.ts';
export * from './html.ts';
export * from './job-changes.ts';
export * from './issuer-offer.ts';
export * from './money.ts';
export * from './merge.ts';
