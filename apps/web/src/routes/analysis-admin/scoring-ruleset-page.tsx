/** /admin/analysis-admin/scoring-rulesets/{versionNumber}: a version of the scoring ruleset. */
import { RulesetVersion } from './ruleset-version.tsx';

export function Component() {
  return <RulesetVersion kind="scoring" />;
}
