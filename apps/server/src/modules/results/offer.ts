/**
 * The issuer's offer a run was computed with, as its results pages show it (values/issuer-offer.ts): the score
 * kinds offered and why the others are absent. Read from the run's summary; a run from before offers were kept
 * shows every kind.
 */
import { SCORE_KINDS, type TRunOffer, type TScoreKind } from '@sextant/shared';
import type { JobResults } from '../../lib/duckdb/index.ts';

export function runOfferOf(res: Pick<JobResults, 'summary'>): { offer: TRunOffer | null; offered: TScoreKind[] } {
  const offer = res.summary.offer ?? null;
  return { offer, offered: offer ? offer.offered : [...SCORE_KINDS] };
}

/** Whether the run's result files carry the columns offers brought (lockboxProgramme): summaries written since. */
export const hasOfferColumns = (res: Pick<JobResults, 'summary'>) => 'offer' in res.summary;
