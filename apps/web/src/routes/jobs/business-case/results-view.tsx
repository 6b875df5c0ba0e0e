/** Business case outputs: headline figures, the per-year table, a stacked bar chart of the benefit and the target per Optima level. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TBusinessCase, TBusinessCaseBase, TBusinessCaseOutputs, TBusinessCaseYear } from '@sextant/shared/values';
import { formatAmount, formatAmountCompact, formatCount, formatPercent } from '../../../lib/format.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';

type TMetric = keyof Omit<TBusinessCaseYear, 'year'>;
type TRow = { key: TMetric; kind: 'amount' | 'count' | 'pct'; strong?: boolean };
const ROWS: TRow[] = [
  { key: 'rampUpPct', kind: 'pct' },
  { key: 'cardSpend', kind: 'amount' },
  { key: 'rebate', kind: 'amount' },
  { key: 'paymentsMoved', kind: 'count' },
  { key: 'processSavings', kind: 'amount' },
  { key: 'workingCapital', kind: 'amount' },
  { key: 'totalBenefit', kind: 'amount', strong: true },
];

export function Headline({
  label,
  value,
  title,
  note,
  testId,
}: {
  label: string;
  value: string;
  /** The full value on hover, when `value` is compact. */
  title?: string;
  note?: string;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 200 }} data-print-section>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, mt: 0.5, whiteSpace: 'nowrap' }}
        title={title}
        data-testid={testId}
      >
        {value}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

export function BenefitChart({ outputs, currency }: { outputs: TBusinessCaseOutputs; currency: string }) {
  const { t } = useTranslation('business-case');
  const theme = useTheme();
  const parts = [
    { key: 'rebate' as const, color: theme.palette.primary.main },
    { key: 'processSavings' as const, color: theme.palette.secondary.main },
    { key: 'workingCapital' as const, color: theme.palette.success.main },
  ];
  const max = Math.max(1, ...outputs.years.map((y) => parts.reduce((s, p) => s + Math.max(0, y[p.key]), 0)));
  return (
    <Box role="img" aria-label={t('results.chartLabel')} data-testid="bc-chart" data-print-section>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-end', height: 180, px: 1 }}>
        {outputs.years.map((y) => (
          <Stack key={y.year} sx={{ flex: 1, alignItems: 'center', height: '100%', justifyContent: 'flex-end' }}>
            <Typography
              variant="caption"
              sx={{ fontWeight: 600, mb: 0.5 }}
              title={formatAmount(y.totalBenefit, currency)}
            >
              {formatAmountCompact(y.totalBenefit, currency)}
            </Typography>
            <Box sx={{ width: '60%', maxWidth: 90, display: 'flex', flexDirection: 'column-reverse' }}>
              {parts.map((p) => (
                <Box
                  key={p.key}
                  sx={{
                    height: `${(Math.max(0, y[p.key]) / max) * 140}px`,
                    bgcolor: p.color,
                    printColorAdjust: 'exact',
                    WebkitPrintColorAdjust: 'exact',
                  }}
                />
              ))}
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('results.year', { year: y.year })}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        {parts.map((p) => (
          <Stack key={p.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, bgcolor: p.color, borderRadius: 0.5, printColorAdjust: 'exact' }} />
            <Typography variant="caption">{t(`results.${p.key}`)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

export function YearsTable({ outputs, currency }: { outputs: TBusinessCaseOutputs; currency: string }) {
  const { t } = useTranslation('business-case');
  const fmt = (kind: 'amount' | 'count' | 'pct', v: number | undefined) =>
    v === undefined
      ? ''
      : kind === 'amount'
        ? formatAmount(v, currency)
        : kind === 'pct'
          ? formatPercent(v, 0)
          : formatCount(v);
  return (
    <Box sx={{ overflowX: 'auto' }} data-print-section>
      <DataTable
        rows={ROWS}
        testId="bc-years"
        variant="plain"
        stickyHeader={false}
        rowKey={(r) => r.key}
        rowTestId={(r) => `bc-row-${r.key}`}
        rowSx={(r) => (r.strong ? { '& td': { fontWeight: 700 } } : undefined)}
        columns={[
          { field: 'key', header: t('results.metric'), render: (r) => t(`results.${r.key}`) },
          ...outputs.years.map((y) => ({
            id: String(y.year),
            header: t('results.year', { year: y.year }),
            align: 'right' as const,
            cellSx: { whiteSpace: 'nowrap' },
            render: (r: TRow) => fmt(r.kind, y[r.key]),
          })),
          {
            id: 'total',
            header: t('results.total'),
            align: 'right',
            cellSx: { fontWeight: 700, whiteSpace: 'nowrap' },
            render: (r) =>
              r.key === 'rampUpPct' ? '' : fmt(r.kind, outputs.total[r.key as Exclude<TMetric, 'rampUpPct'>]),
          },
        ]}
      />
    </Box>
  );
}

export function LevelsTable({ outputs, currency }: { outputs: TBusinessCaseOutputs; currency: string }) {
  const { t } = useTranslation('business-case');
  return (
    <Box sx={{ overflowX: 'auto' }} data-print-section>
      <DataTable
        rows={outputs.target.byLevel}
        testId="bc-levels"
        variant="plain"
        stickyHeader={false}
        rowKey={(l) => l.level}
        columns={[
          { field: 'level', header: t('results.level') },
          {
            field: 'suppliers',
            header: t('results.suppliers'),
            align: 'right',
            render: (l) => formatCount(l.suppliers),
          },
          {
            field: 'convertibleSpend',
            header: t('results.convertibleSpend'),
            align: 'right',
            render: (l) => formatAmount(l.convertibleSpend, currency),
          },
          {
            field: 'cardSpend',
            header: t('results.targetCardSpend'),
            align: 'right',
            render: (l) => formatAmount(l.cardSpend, currency),
          },
        ]}
      />
    </Box>
  );
}

export function Headlines({
  outputs,
  base,
  achieved,
  learned,
  assumed,
}: {
  outputs: TBusinessCaseOutputs;
  base: TBusinessCaseBase;
  achieved?: TBusinessCase['achieved'];
  /** The conversion learnt from the issuer's campaign outcomes, beside the assumed one (`assumed`). */
  learned?: TBusinessCase['learned'];
  assumed?: TBusinessCase['inputs']['conversion'];
}) {
  const { t } = useTranslation('business-case');
  const convertible = outputs.target.byLevel.reduce((s, l) => s + l.convertibleSpend, 0);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Headline
        label={t('results.threeYearBenefit')}
        value={formatAmountCompact(outputs.total.totalBenefit, base.currency)}
        title={formatAmount(outputs.total.totalBenefit, base.currency)}
        testId="bc-total-benefit"
      />
      <Headline
        label={t('results.targetCardSpend')}
        value={formatAmountCompact(outputs.target.cardSpend, base.currency)}
        title={formatAmount(outputs.target.cardSpend, base.currency)}
        note={t('results.convertible', { amount: formatAmount(convertible, base.currency) })}
        testId="bc-target-card-spend"
      />
      {achieved && achieved.enrolledSuppliers > 0 && (
        <Headline
          label={t('results.achieved')}
          value={formatAmountCompact(achieved.succeededSpend, base.currency)}
          title={formatAmount(achieved.succeededSpend, base.currency)}
          note={t('results.achievedNote', {
            pct: formatPercent(achieved.shareOfTargetPct),
            succeeded: achieved.succeededSuppliers,
            enrolled: achieved.enrolledSuppliers,
          })}
          testId="bc-achieved"
        />
      )}
      {learned && assumed && learned.suppliers > 0 && (
        <Headline
          label={t('results.learned')}
          value={
            learned.source === 'learned'
              ? t('results.learnedValue', {
                  high: formatPercent(learned.byLevel.High, 0),
                  medium: formatPercent(learned.byLevel.Medium, 0),
                  low: formatPercent(learned.byLevel.Low, 0),
                })
              : t('results.learnedNotYet')
          }
          note={
            learned.source === 'learned'
              ? t('results.learnedNote', {
                  count: learned.outcomes,
                  high: formatPercent(assumed.High, 0),
                  medium: formatPercent(assumed.Medium, 0),
                  low: formatPercent(assumed.Low, 0),
                })
              : t('results.learnedPrior', { count: learned.outcomes, min: learned.minOutcomes })
          }
          testId="bc-learned"
        />
      )}
    </Stack>
  );
}
