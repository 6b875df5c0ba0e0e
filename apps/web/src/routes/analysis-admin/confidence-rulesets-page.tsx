/** /admin/analysis-admin/confidence-rulesets: versions of the confidence ruleset. */
import { RulesetList } from './ruleset-list.tsx';

export function Component() {
  return <RulesetList kind="confidence" />;
}
