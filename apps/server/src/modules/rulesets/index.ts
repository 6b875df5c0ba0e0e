/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { activeVersionNumbers } from './rulesets.repo.ts';
export { activeRulesetVersions, ruleDescriptions, rulesetsForRun } from './rulesets.service.ts';
