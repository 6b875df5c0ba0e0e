/**
 * Reference rows every installation needs, kept in step at every start: roles, the default datapoint profiles and
 * version 1 of the scoring and confidence rulesets.
 */
import type { Db } from '@sextant/db';
import { syncRoles } from './roles.ts';
import { syncDefaultProfiles } from '../modules/datapoint-profiles/datapoint-profiles.service.ts';
import { syncDefaultRulesets } from '../modules/rulesets/rulesets.service.ts';

export async function syncReferenceData(db: Db): Promise<void> {
  await syncRoles(db);
  await syncDefaultProfiles(db);
  await syncDefaultRulesets(db);
}
