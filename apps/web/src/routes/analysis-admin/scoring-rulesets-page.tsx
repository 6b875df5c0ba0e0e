/** /admin/analysis-admin/scoring-rulesets: versions of the scoring ruleset. */
import { RulesetList } from './ruleset-list.tsx';

export function Component() {
  return <RulesetList kind="scoring" />;
}
