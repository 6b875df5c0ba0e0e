export * from './brandings.ts';
export * from './users.ts';
export * from './issuers.ts';
export * from './jobs.ts';
export * from './auth.ts';
export * from './system.ts';
export * from './proq.ts';
export * from './concurrency.ts';
