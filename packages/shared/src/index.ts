export * from './enums.ts';
export * from './permissions.ts';
