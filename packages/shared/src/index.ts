export * from './enums.ts';
export * from './permissions.ts';
export * from './paging.ts';
export * from './api.ts';
export * from './brandings.ts';
export * from './auth.ts';
export * from './routes.ts';
