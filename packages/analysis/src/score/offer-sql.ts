/**
 * The issuer's offer (packages/shared issuer-offer.ts) as SQL: pure builders over the supplier columns, tested on
 * tiny tables (test/sql/offer-sql.test.ts).
 *
 * - `cardCapabilitySql`: the waterfall STP > VC > L3 > Card Acceptor > Unmatched without the tiers of kinds the
 *   issuer does not offer (their suppliers fall to the next tier);
 * - `payableLockboxesSql`: the lockbox programmes a supplier is enrolled in that the issuer supports (none when
 *   Boost is not offered); `lockboxProgrammeSql`: the one it is paid through (the first in VIRTUAL_LOCKBOXES order);
 * - `lockboxRebateSql`: the rebate (bps) of the programme a supplier is paid through.
 */
import { VIRTUAL_LOCKBOXES, lockboxRebateBps, type TScoreKind, type TVirtualLockbox } from '@sextant/shared';
import { ident, lit } from '../db.ts';

/** The card capability of a supplier from its acceptance columns (stpCapable, vcAccepting, detailLevel, cardAcceptor). */
export function cardCapabilitySql(offered: readonly TScoreKind[]): string {
  const tiers = [
    offered.includes('Stp') ? `WHEN stpCapable = 'TRUE' THEN 'STP'` : null,
    offered.includes('Vcard') ? `WHEN vcAccepting = 'YES' THEN 'VC'` : null,
    `WHEN detailLevel = '3' AND cardAcceptor THEN 'L3'`,
    `WHEN cardAcceptor THEN 'Card Acceptor'`,
  ].filter(Boolean);
  return `CASE ${tiers.join(' ')} ELSE 'Unmatched' END`;
}

const programmes = (lockboxes: readonly TVirtualLockbox[]) => VIRTUAL_LOCKBOXES.filter((l) => lockboxes.includes(l));

/** VARCHAR[]: the supported programmes among a supplier's enrolments (`column`), in VIRTUAL_LOCKBOXES order. */
export function payableLockboxesSql(
  column: string,
  offered: readonly TScoreKind[],
  lockboxes: readonly TVirtualLockbox[],
) {
  const list = programmes(lockboxes);
  if (!offered.includes('Boost') || list.length === 0) return '[]::VARCHAR[]';
  return `list_filter([${list.map((l) => lit(l)).join(', ')}]::VARCHAR[], x -> list_contains(coalesce(${ident(column)}, []::VARCHAR[]), x))`;
}

/** VARCHAR: the programme a supplier is paid through (the first supported one it is enrolled in), else NULL. */
export function lockboxProgrammeSql(payableColumn: string): string {
  return `${ident(payableColumn)}[1]`;
}

/** INTEGER: the rebate (bps) of a programme column at a direct card rebate, else NULL. */
export function lockboxRebateSql(programmeColumn: string, cardRebateBps: number): string {
  const cases = VIRTUAL_LOCKBOXES.map((l) => `WHEN ${lit(l)} THEN ${lockboxRebateBps(l, cardRebateBps)}`).join(' ');
  return `CASE ${ident(programmeColumn)} ${cases} END`;
}
