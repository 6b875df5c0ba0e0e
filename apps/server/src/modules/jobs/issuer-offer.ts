/**
 * The issuer's offer a run is computed with (DESIGN §8; packages/shared issuer-offer.ts): its name, the score kinds
 * it offers (`issuerCapabilities`) and the virtual lockbox programmes it supports (`issuerVirtualLockboxes`) and its acceptance fee table (null: the
 * defaults), read
 * when the run is queued and kept on the run (`job_runs.issuer_settings`).
 */
import type { DbOrTx } from '@sextant/db';
import { SCORE_KINDS, VIRTUAL_LOCKBOXES, type TIssuerOffer } from '@sextant/shared';
import { findIssuerById } from '../issuers/index.ts';

/** The offer of an issuer now; unknown values stored in its lists are ignored. */
export async function issuerOfferOf(db: DbOrTx, issuerId: string): Promise<TIssuerOffer> {
  const issuer = await findIssuerById(db, issuerId);
  if (!issuer) throw new Error(`Issuer ${issuerId} of the job no longer exists`);
  return {
    issuerName: issuer.name,
    capabilities: SCORE_KINDS.filter((k) => issuer.capabilities.includes(k)),
    virtualLockboxes: VIRTUAL_LOCKBOXES.filter((l) => issuer.virtualLockboxes.includes(l)),
    // only when the issuer has its own table (absent: the defaults)
    ...(issuer.acceptanceFees ? { acceptanceFees: issuer.acceptanceFees } : {}),
  };
}

/**
 * The offer of a run: its snapshot, else (a run queued before snapshots were kept) the issuer's offer when the step
 * runs, so a retried old run is still computed with one.
 */
export async function offerOfRun(
  db: DbOrTx,
  run: { issuerSettings: TIssuerOffer | null },
  issuerId: string,
): Promise<TIssuerOffer> {
  return run.issuerSettings ?? (await issuerOfferOf(db, issuerId));
}
