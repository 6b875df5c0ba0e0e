/** Business case outputs: headline figures, the per-year table, a stacked bar chart of the benefit and the target per Optima level. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TBusinessCase, TBusinessCaseBase, TBusinessCaseOutputs, TBusinessCaseYear } from '@sextant/shared/values';
import { formatAmount, formatAmountCompact, formatCount, formatPercent } from '../../../lib/format.ts';

type TMetric = keyof Omit<TBusinessCaseYear, 'year'>;
const ROWS: { key: TMetric; kind: 'amount' | 'count' | 'pct'; strong?: boolean }[] = [
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
      <Table size="small" data-testid="bc-years">
        <TableHead>
          <TableRow>
            <TableCell>{t('results.metric')}</TableCell>
            {outputs.years.map((y) => (
              <TableCell key={y.year} align="right">
                {t('results.year', { year: y.year })}
              </TableCell>
            ))}
            <TableCell align="right">{t('results.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map((r) => (
            <TableRow key={r.key} data-testid={`bc-row-${r.key}`}>
              <TableCell sx={{ fontWeight: r.strong ? 700 : undefined }}>{t(`results.${r.key}`)}</TableCell>
              {outputs.years.map((y) => (
                <TableCell
                  key={y.year}
                  align="right"
                  sx={{ fontWeight: r.strong ? 700 : undefined, whiteSpace: 'nowrap' }}
                >
                  {fmt(r.kind, y[r.key])}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {r.key === 'rampUpPct' ? '' : fmt(r.kind, outputs.total[r.key as Exclude<TMetric, 'rampUpPct'>])}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function LevelsTable({ outputs, currency }: { outputs: TBusinessCaseOutputs; currency: string }) {
  const { t } = useTranslation('business-case');
  return (
    <Box sx={{ overflowX: 'auto' }} data-print-section>
      <Table size="small" data-testid="bc-levels">
        <TableHead>
          <TableRow>
            <TableCell>{t('results.level')}</TableCell>
            <TableCell align="right">{t('results.suppliers')}</TableCell>
            <TableCell align="right">{t('results.convertibleSpend')}</TableCell>
            <TableCell align="right">{t('results.targetCardSpend')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {outputs.target.byLevel.map((l) => (
            <TableRow key={l.level}>
              <TableCell>{l.level}</TableCell>
              <TableCell align="right">{formatCount(l.suppliers)}</TableCell>
              <TableCell align="right">{formatAmount(l.convertibleSpend, currency)}</TableCell>
              <TableCell align="right">{formatAmount(l.cardSpend, currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function Headlines({
  outputs,
  base,
  achieved,
}: {
  outputs: TBusinessCaseOutputs;
  base: TBusinessCaseBase;
  achieved?: TBusinessCase['achieved'];
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
    </Stack>
  );
}
