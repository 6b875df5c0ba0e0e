/**
 * What an issuer offers (DESIGN §8): the score kinds it sells (`issuerCapabilities`) and the virtual lockbox
 * programmes it supports (`issuerVirtualLockboxes`). A run is computed with the offer of its issuer as it was when
 * the run was queued (kept on the run), so the pipeline, every results page and every download agree on it.
 *
 * Rules, one place for engine, server and web:
 * - a score kind is offered when it is in the issuer's capabilities; Boost (payment through a virtual lockbox)
 *   also needs at least one lockbox programme the issuer supports: an issuer with no lockbox gets none of it;
 * - the card capability waterfall tiers STP and VC belong to the Stp and Vcard kinds: when a kind is not offered,
 *   its suppliers fall to the next tier (L3, Card Acceptor and Unmatched describe acceptance, not a product);
 * - a supplier enrolled in a programme the issuer supports is payable through it, at that programme's rebate.
 */
import { SCORE_KINDS, VIRTUAL_LOCKBOXES, type TScoreKind, type TVirtualLockbox } from './enums.ts';

/** The issuer settings a run is computed with (snapshot taken when the run is queued). */
export interface TIssuerOffer {
  issuerName: string;
  capabilities: TScoreKind[];
  virtualLockboxes: TVirtualLockbox[];
  /** The issuer's acceptance fee table (supplier-routes.ts); absent or null: the defaults. */
  acceptanceFees?: TAcceptanceFeeRow[] | null;
}

/** One row of an acceptance fee table: network ('*': any), MCC type ('*': any), size band ('*': any), fee (bps). */
export interface TAcceptanceFeeRow {
  network: string;
  mccType: string;
  sizeBand: 'Small' | 'Medium' | 'Large' | '*';
  feeBps: number;
}

/** The issuer setting that keeps a score kind out of a run. */
export type TOfferSetting = 'issuerCapabilities' | 'issuerVirtualLockboxes';

export interface TNotOffered {
  kind: TScoreKind;
  setting: TOfferSetting;
}

/**
 * A virtual lockbox programme: the provider accepts the card for the supplier and pays it by ACH/SEPA; its fee is
 * paid from the interchange, so the rebate through it is the card rebate less the provider's fee
 * (`lockboxRebateBps`). Fees are ballpark public figures for commercial-card acceptance services.
 */
export const VIRTUAL_LOCKBOX_PROGRAMMES: Record<
  TVirtualLockbox,
  { label: string; providerFeeBps: number; description: string }
> = {
  Boost: {
    label: 'Boost',
    providerFeeBps: 40,
    description: 'Boost virtual lockbox (US and Canada): the provider takes the card and pays the supplier by ACH',
  },
  BoostEu: {
    label: 'Boost EU',
    providerFeeBps: 55,
    description: 'Boost EU virtual lockbox: the provider takes the card and pays the supplier by SEPA transfer',
  },
  Its: {
    label: 'ITS',
    providerFeeBps: 50,
    description: 'ITS virtual lockbox: the provider takes the card and pays the supplier by bank transfer',
  },
};

/** The rebate (bps) of card spend paid through a lockbox programme, from the direct card rebate. */
export function lockboxRebateBps(programme: TVirtualLockbox, cardRebateBps: number): number {
  return Math.max(0, cardRebateBps - VIRTUAL_LOCKBOX_PROGRAMMES[programme].providerFeeBps);
}

/** The card rebate a use case's or a business case's direct card spend earns by default (bps). */
export const DIRECT_CARD_REBATE_BPS = 100;

/** Waterfall tiers that belong to a score kind (the others describe acceptance). */
const CARD_CAPABILITY_KINDS: Partial<Record<string, TScoreKind>> = { STP: 'Stp', VC: 'Vcard' };

/** The score kinds a run computes, and why the others are absent. No offer (a run from before, the CLI): all. */
export function offeredKinds(offer: TIssuerOffer | null | undefined): {
  offered: TScoreKind[];
  notOffered: TNotOffered[];
  lockboxes: TVirtualLockbox[];
} {
  if (!offer) return { offered: [...SCORE_KINDS], notOffered: [], lockboxes: [...VIRTUAL_LOCKBOXES] };
  const lockboxes = VIRTUAL_LOCKBOXES.filter((l) => offer.virtualLockboxes.includes(l));
  const offered: TScoreKind[] = [];
  const notOffered: TNotOffered[] = [];
  for (const kind of SCORE_KINDS) {
    if (!offer.capabilities.includes(kind)) notOffered.push({ kind, setting: 'issuerCapabilities' });
    else if (kind === 'Boost' && lockboxes.length === 0) notOffered.push({ kind, setting: 'issuerVirtualLockboxes' });
    else offered.push(kind);
  }
  return { offered, notOffered, lockboxes };
}

/** Whether a waterfall tier is counted under an offer. */
export function cardCapabilityOffered(capability: string, offered: readonly TScoreKind[]): boolean {
  const kind = CARD_CAPABILITY_KINDS[capability];
  return kind === undefined || offered.includes(kind);
}
