/** What other modules may use of this one. */
export { mergeConfigured, verifyMerge } from './merge.client.ts';
