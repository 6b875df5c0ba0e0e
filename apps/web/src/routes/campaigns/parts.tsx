/** Shared pieces of the campaign pages: counters, status chips, the funnel chart, the namespace. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  CAMPAIGN_COUNTER_KEYS,
  type TCampaignCounters,
  type TCampaignStageStatus,
  type TEnrolmentStatus,
  type TWorkflowDetail,
} from '@sextant/shared/values';
import { EChart } from '../../components/charts/chart.tsx';
import { formatCount } from '../../lib/format.ts';

export const NS = 'campaigns';

/** What a section of the workflow page is given: the workflow, whether the user may edit, and how to refresh. */
export interface TWorkflowPartProps {
  jobId: string;
  d: TWorkflowDetail;
  canEdit: boolean;
  onChange: () => void;
}

const STATUS_COLOUR: Record<TEnrolmentStatus, 'default' | 'info' | 'success' | 'error'> = {
  Pending: 'default',
  Active: 'info',
  Succeeded: 'success',
  Failed: 'error',
};
const STAGE_COLOUR: Record<TCampaignStageStatus, 'default' | 'info' | 'success'> = {
  Pending: 'default',
  Active: 'info',
  Completed: 'success',
};

export function StatusChip({ status }: { status: TEnrolmentStatus }) {
  const { t } = useTranslation(NS);
  return <Chip size="small" color={STATUS_COLOUR[status]} label={t(`status.${status}`)} variant="outlined" />;
}

export function StageChip({ stage }: { stage: TCampaignStageStatus }) {
  const { t } = useTranslation(NS);
  return <Chip size="small" color={STAGE_COLOUR[stage]} label={t(`stage.${stage}`)} />;
}

/** The five counters in a row: Total, Pending, Active, Succeeded, Failed. */
export function Counters({
  counters,
  testId,
  dense,
}: {
  counters: TCampaignCounters;
  testId?: string;
  dense?: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(72px, 1fr))',
        gap: dense ? 1 : 2,
        minWidth: 0,
      }}
    >
      {CAMPAIGN_COUNTER_KEYS.map((k) => (
        <Box key={k} sx={{ minWidth: 0 }}>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ textTransform: 'uppercase', fontWeight: 600, display: 'block' }}
            noWrap
          >
            {t(`counters.${k}`)}
          </Typography>
          <Typography
            variant={dense ? 'body2' : 'subtitle1'}
            sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
            data-testid={testId ? `${testId}-${k}` : undefined}
          >
            {formatCount(counters[k])}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Enrolment funnel: selected → contacted (Active or beyond) → succeeded. */
export function Funnel({ counters, height = 220 }: { counters: TCampaignCounters; height?: number }) {
  const { t } = useTranslation(NS);
  const theme = useTheme();
  const { primary, info, success } = theme.palette;
  const text = theme.palette.text.primary;
  const { total, active, succeeded, failed } = counters;
  const option = useMemo(
    () => ({
      color: [primary.main, info.main, success.main],
      tooltip: { trigger: 'item', formatter: '{b}: {c}' },
      series: [
        {
          type: 'funnel',
          sort: 'none',
          left: '4%',
          width: '58%',
          top: 8,
          bottom: 8,
          minSize: '22%',
          gap: 3,
          label: { show: true, position: 'right', formatter: '{b}  {c}', color: text, fontWeight: 600 },
          labelLine: { show: true, length: 8 },
          data: [
            { name: t('funnel.selected'), value: total },
            { name: t('funnel.contacted'), value: active + succeeded + failed },
            { name: t('funnel.succeeded'), value: succeeded },
          ],
        },
      ],
    }),
    [primary.main, info.main, success.main, text, total, active, succeeded, failed, t],
  );
  return <EChart label={t('funnel.label')} testId="campaign-funnel" height={height} option={option} />;
}

/** A list filter: a select whose empty choice is "Any" (the filter off); `onChange` gets undefined for it. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  minWidth = 150,
}: {
  label: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
  minWidth?: number;
}) {
  const { t } = useTranslation(NS);
  return (
    <TextField
      size="small"
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value)}
      sx={{ minWidth }}
    >
      <MenuItem value="">{t('suppliers.any')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
