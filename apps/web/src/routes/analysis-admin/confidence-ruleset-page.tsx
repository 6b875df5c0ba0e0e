/** /admin/analysis-admin/confidence-rulesets/{versionNumber}: a version of the confidence ruleset. */
import { RulesetVersion } from './ruleset-version.tsx';

export function Component() {
  return <RulesetVersion kind="confidence" />;
}
