/** Reference rows every installation needs, kept in step at every start: roles and the default datapoint profiles. */
import type { Db } from '@sextant/db';
import { syncRoles } from './roles.ts';
import { syncDefaultProfiles } from '../modules/jobs/downloads.ts';

export async function syncReferenceData(db: Db): Promise<void> {
  await syncRoles(db);
  await syncDefaultProfiles(db);
}
