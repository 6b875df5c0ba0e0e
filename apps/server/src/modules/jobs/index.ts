/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { csvBody, csvSafe } from './downloads.ts';
export { jobKey, uploadKey } from './job-access.ts';
export { type JobEventSubscriber } from './job-events.ts';
export { issuerOfferOf } from './issuer-offer.ts';
export { registerStoredFile, removeJobFile, storeUpload } from './job-files.ts';
export { editableJob, queueRun } from './job-runs.ts';
export { addJobLog, batchIdOfRun, filesOf, jobNameTaken } from './jobs.repo.ts';
export { ensureNetwork, ensureNetworks, existingNetworkFile, NETWORK_SEED, parseExtraNetworks } from './network.ts';
