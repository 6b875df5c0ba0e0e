/** The default (version 1) scoring and confidence rulesets shipped in packages/analysis/rulesets/. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfidenceRuleset, parseScoringRuleset } from './ruleset.ts';
import type { TConfidenceRuleset, TScoringRuleset } from './ruleset.ts';

export const RULESETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'rulesets');

export function defaultScoringRuleset(): TScoringRuleset {
  return parseScoringRuleset(JSON.parse(readFileSync(path.join(RULESETS_DIR, 'scoring-v1.json'), 'utf8')));
}
export function defaultConfidenceRuleset(): TConfidenceRuleset {
  return parseConfidenceRuleset(JSON.parse(readFileSync(path.join(RULESETS_DIR, 'confidence-v1.json'), 'utf8')));
}
