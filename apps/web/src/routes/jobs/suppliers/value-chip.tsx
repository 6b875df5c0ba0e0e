/** A categorical supplier value (match status, capability, score level, confidence…) as a chip in theme colours. */
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n.ts';

type TChipColor = 'default' | 'success' | 'warning' | 'info' | 'error' | 'primary' | 'secondary';

const COLORS: Record<string, TChipColor> = {
  High: 'success',
  Medium: 'warning',
  Low: 'info',
  None: 'default',
  MATCHED: 'success',
  UNMATCHED: 'default',
  YES: 'success',
  NO: 'default',
  TRUE: 'success',
  FALSE: 'default',
  STP: 'success',
  VC: 'primary',
  L3: 'secondary',
  'Card Acceptor': 'info',
  Unmatched: 'default',
};

export function ValueChip({ value, field }: { value: string | null | undefined; field?: string }) {
  const { t } = useTranslation(NS);
  if (value === null || value === undefined || value === '') return <span aria-label={t('blank')}>—</span>;
  return (
    <Chip
      size="small"
      label={value}
      color={COLORS[value] ?? 'default'}
      variant={COLORS[value] && COLORS[value] !== 'default' ? 'filled' : 'outlined'}
      data-field={field}
      sx={{ fontWeight: 600, height: 22 }}
    />
  );
}
