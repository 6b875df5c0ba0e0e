/**
 * Slicer selector (SPEC §3): slicer and value, kept in the URL (?slicer=&slicerValue=) so a sliced view can be
 * shared; unknown values in the URL fall back to Overall/ALL.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SLICERS, SLICER_LABELS, SLICER_NAMES, type TSlicer, type TSlicerQuery } from '@sextant/shared/values';
import { sliceFromParams } from './insights-api.ts';

export function useSlice(): [TSlicerQuery, (s: TSlicerQuery) => void] {
  const [params, setParams] = useSearchParams();
  const slice = sliceFromParams(params);
  const set = (s: TSlicerQuery) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (s.slicer === 'Overall') {
          n.delete('slicer');
          n.delete('slicerValue');
        } else {
          n.set('slicer', s.slicer);
          n.set('slicerValue', s.slicerValue);
        }
        return n;
      },
      { replace: true },
    );
  return [slice, set];
}

export const slicerValueLabel = (v: string, blank: string) => (v === '' ? blank : v);

export function SlicerSelect({ value, onChange }: { value: TSlicerQuery; onChange: (s: TSlicerQuery) => void }) {
  const { t } = useTranslation('insights');
  const values = SLICERS[value.slicer] as readonly string[];
  return (
    <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
      <TextField
        select
        size="small"
        label={t('slicer.slicer')}
        value={value.slicer}
        onChange={(e) => {
          const slicer = e.target.value as TSlicer;
          onChange({ slicer, slicerValue: SLICERS[slicer][0] as string });
        }}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': 'slicer-select' } }}
      >
        {SLICER_NAMES.map((s) => (
          <MenuItem key={s} value={s} data-testid={`slicer-option-${s}`}>
            {t(`slicers.${s}`, { defaultValue: SLICER_LABELS[s] })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('slicer.value')}
        value={value.slicerValue}
        disabled={values.length < 2}
        onChange={(e) => onChange({ slicer: value.slicer, slicerValue: e.target.value })}
        sx={{ minWidth: 160 }}
        slotProps={{
          htmlInput: { 'data-testid': 'slicer-value-select' },
          select: { displayEmpty: true, renderValue: (v) => slicerValueLabel(String(v), t('slicer.blank')) },
        }}
      >
        {values.map((v) => (
          <MenuItem key={v || 'blank'} value={v} data-testid={`slicer-value-option-${v || 'blank'}`}>
            {slicerValueLabel(v, t('slicer.blank'))}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
