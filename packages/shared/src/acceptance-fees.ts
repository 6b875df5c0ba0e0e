/**
 * The acceptance fee a supplier pays to take the card (issue #34 point 2, the supplier's own case): size bands, the
 * default fee table, an issuer's own table (validated here, stored on the issuer, snapshotted on each run) and the
 * lookup shared by the supplier detail (supplier-routes.ts) and the score step's SQL (packages/analysis
 * score/routes-sql.ts). docs/ROUTES.md explains how to check a fee by hand.
 */
import { z } from 'zod';
import type { TAcceptanceFeeRow } from './values/issuer-offer.ts';

/** Size band of a supplier by its average transaction (job currency): card schemes price large tickets lower. */
export const SIZE_BANDS = [
  { band: 'Small', below: 1_000 },
  { band: 'Medium', below: 10_000 },
  { band: 'Large', below: Number.POSITIVE_INFINITY },
] as const;
export type TSizeBand = (typeof SIZE_BANDS)[number]['band'];
export function sizeBandOf(avgTransactionValue: number | null | undefined): TSizeBand {
  const v = avgTransactionValue ?? 0;
  return SIZE_BANDS.find((b) => v < b.below)!.band;
}

/** The MCC types of the reference MCC table (packages/analysis reference/mcc.csv `mccType`). */
export const MCC_TYPES = [
  'Automotive and Fuel',
  'Business to Business',
  'Financial Services',
  'Government',
  'Healthcare',
  'Retail and Consumer',
  'Travel and Entertainment',
  'Utilities and Telecommunications',
] as const;

/** At most this many rows in an issuer's acceptance fee table. */
export const ACCEPTANCE_FEE_ROWS_MAX = 200;

const ZAcceptanceFeeRow = z
  .object({
    network: z
      .string({ error: 'Network must be text' })
      .trim()
      .min(1, "Network is required ('*' for any)")
      .max(60, 'Network must be at most 60 characters'),
    mccType: z
      .string({ error: 'MCC type must be text' })
      .refine(
        (v) => v === '*' || (MCC_TYPES as readonly string[]).includes(v),
        `MCC type must be '*' or one of ${MCC_TYPES.join(', ')}`,
      ),
    sizeBand: z.enum(['*', 'Small', 'Medium', 'Large'], { error: "Size band must be '*', Small, Medium or Large" }),
    feeBps: z
      .number({ error: 'Fee must be a number (bps)' })
      .min(0, 'Fee must be at least 0 bps')
      .max(1000, 'Fee must be at most 1000 bps'),
  })
  .strict();

/**
 * An issuer's acceptance fee table (replaces the defaults as a whole): at most ACCEPTANCE_FEE_ROWS_MAX rows, no two
 * with the same network, MCC type and size band (the error names the row), and a row for any supplier
 * (network, MCC type and size band '*', or '*' rows for every size band) so every supplier has a fee.
 */
export const ZAcceptanceFees = z
  .array(ZAcceptanceFeeRow)
  .max(ACCEPTANCE_FEE_ROWS_MAX, `At most ${ACCEPTANCE_FEE_ROWS_MAX} fee rows`)
  .superRefine((rows, ctx) => {
    const seen = new Map<string, number>();
    rows.forEach((r, i) => {
      const key = `${r.network}|${r.mccType}|${r.sizeBand}`;
      const first = seen.get(key);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `Row ${i + 1} (${r.network} / ${r.mccType} / ${r.sizeBand}) repeats row ${first + 1}`,
        });
      else seen.set(key, i);
    });
    const covered = SIZE_BANDS.every(({ band }) =>
      rows.some((r) => r.network === '*' && r.mccType === '*' && (r.sizeBand === '*' || r.sizeBand === band)),
    );
    if (rows.length > 0 && !covered)
      ctx.addIssue({
        code: 'custom',
        path: [],
        message:
          "The table needs a row for any supplier: network '*', MCC type '*' for every size band (or size band '*')",
      });
  });

/**
 * What accepting a commercial card costs a supplier (interchange + scheme + acquirer fees, bps of the amount), by
 * network ('*': any), MCC type ('*': any) and size band: ballpark public commercial-card acceptance costs. The most
 * specific row applies (`acceptanceFeeBps`). The defaults; an issuer may replace them (`issuers.acceptance_fees`,
 * snapshotted on each run with the issuer's other settings).
 */
export const SUPPLIER_ACCEPTANCE_FEES: readonly TAcceptanceFeeRow[] = [
  { network: '*', mccType: '*', sizeBand: 'Small', feeBps: 270 },
  { network: '*', mccType: '*', sizeBand: 'Medium', feeBps: 240 },
  { network: '*', mccType: '*', sizeBand: 'Large', feeBps: 180 },
  { network: '*', mccType: 'Travel and Entertainment', sizeBand: 'Small', feeBps: 250 },
  { network: '*', mccType: 'Travel and Entertainment', sizeBand: 'Medium', feeBps: 230 },
  { network: '*', mccType: 'Travel and Entertainment', sizeBand: 'Large', feeBps: 190 },
  { network: '*', mccType: 'Utilities and Telecommunications', sizeBand: 'Small', feeBps: 190 },
  { network: '*', mccType: 'Utilities and Telecommunications', sizeBand: 'Medium', feeBps: 170 },
  { network: '*', mccType: 'Utilities and Telecommunications', sizeBand: 'Large', feeBps: 150 },
  { network: '*', mccType: 'Government', sizeBand: 'Small', feeBps: 150 },
  { network: '*', mccType: 'Government', sizeBand: 'Medium', feeBps: 140 },
  { network: '*', mccType: 'Government', sizeBand: 'Large', feeBps: 120 },
  { network: '*', mccType: 'Automotive and Fuel', sizeBand: 'Small', feeBps: 200 },
  { network: '*', mccType: 'Automotive and Fuel', sizeBand: 'Medium', feeBps: 190 },
  { network: '*', mccType: 'Automotive and Fuel', sizeBand: 'Large', feeBps: 170 },
];

/** The table a run uses: the issuer's when it has one, else the defaults. */
export function feeTableOf(fees: readonly TAcceptanceFeeRow[] | null | undefined): {
  rows: readonly TAcceptanceFeeRow[];
  source: 'issuer' | 'defaults';
} {
  return fees && fees.length > 0
    ? { rows: fees, source: 'issuer' }
    : { rows: SUPPLIER_ACCEPTANCE_FEES, source: 'defaults' };
}

/**
 * How specific a row is for a supplier (higher wins; -1: does not apply): MCC type before size band before network.
 * The SQL (packages/analysis routes-sql.ts) orders its CASE by the same rank.
 */
export function feeRowRank(
  r: TAcceptanceFeeRow,
  mccType: string | null | undefined,
  sizeBand: TSizeBand,
  network: string,
): number {
  if (r.sizeBand !== '*' && r.sizeBand !== sizeBand) return -1;
  if (r.mccType !== '*' && r.mccType !== mccType) return -1;
  if (r.network !== '*' && r.network !== network) return -1;
  return (r.mccType !== '*' ? 4 : 0) + (r.sizeBand !== '*' ? 2 : 0) + (r.network !== '*' ? 1 : 0);
}

/**
 * The acceptance fee (bps) for a supplier: the most specific row of the table (`feeRowRank`; the first of equals);
 * 0 when no row applies. `network`: the run's reference network.
 */
export function acceptanceFeeBps(
  fees: readonly TAcceptanceFeeRow[],
  mccType: string | null | undefined,
  sizeBand: TSizeBand,
  network = '*',
): number {
  let best: TAcceptanceFeeRow | null = null;
  let bestRank = -1;
  for (const r of fees) {
    const rank = feeRowRank(r, mccType, sizeBand, network);
    if (rank > bestRank) [best, bestRank] = [r, rank];
  }
  return best?.feeBps ?? 0;
}
