/**
 * /jobs/:jobId/business-case-calculator (Business Case Calculator tab, DESIGN §4): editable inputs grouped with units
 * and help, results per year recomputed in the browser with the same pure function the server uses for downloads,
 * Save (job owner or editor; disabled without changes) and Reset to defaults.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import SaveRounded from '@mui/icons-material/SaveRounded';
import {
  businessCaseInputErrors,
  computeBusinessCase,
  type TBusinessCase,
  type TBusinessCaseInputs,
} from '@sextant/shared/business-case';
import type { TJobDetails } from '@sextant/shared/values';
import { PendingButton } from '../../../components/pending-button.tsx';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { JobLayout } from '../job-layout.tsx';
import { businessCaseQuery, useSaveBusinessCase } from './api.ts';
import { FIELDS, GROUPS, fromForm, sameForm, toForm, type TForm, type TUnit } from './inputs.ts';
import { BenefitChart, Headlines, LevelsTable, YearsTable } from './results-view.tsx';
import { NotOfferedNote } from '../summary/not-offered-note.tsx';

function unitLabel(unit: TUnit, currency: string, t: (k: string) => string) {
  return unit === 'currency' ? currency : t(`units.${unit}`);
}

function Calculator({ bc }: { bc: TBusinessCase }) {
  const { t } = useTranslation('business-case');
  const saved = useMemo(() => toForm(bc.inputs), [bc.inputs]);
  const [form, setForm] = useState<TForm>(saved);
  useEffect(() => setForm(saved), [saved]);
  const save = useSaveBusinessCase(bc.jobId);
  const [done, setDone] = useState(false);

  const candidate = useMemo(() => fromForm(form), [form]);
  const errors = useMemo(() => businessCaseInputErrors(candidate), [candidate]);
  const valid = Object.keys(errors).length === 0;
  const outputs = useMemo(
    () => (valid ? computeBusinessCase(bc.base, candidate as TBusinessCaseInputs) : null),
    [valid, candidate, bc.base],
  );
  const dirty = !sameForm(form, saved);
  const currency = bc.base.currency;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h3">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 820 }}>
          {t('intro')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="bc-base">
          {t('base', { suppliers: formatCount(bc.base.suppliers), spend: formatAmount(bc.base.totalSpend, currency) })}
        </Typography>
      </Box>
      <NotOfferedNote offer={bc.offer} />
      {!bc.canEdit && <Alert severity="info">{t('readOnly')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', xl: 'minmax(340px, 420px) 1fr' },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          component="form"
          sx={{ p: 2.5 }}
          onSubmit={(e) => e.preventDefault()}
          aria-label={t('inputsTitle')}
        >
          <Stack spacing={2.5}>
            {GROUPS.map((g) => (
              <Box key={g} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {t(`groups.${g}`)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1.25 }}>
                  {t(`groups.${g}Help`, { currency })}
                </Typography>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1.5 }}>
                  {FIELDS.filter((f) => f.group === g).map((f) => (
                    <TextField
                      key={f.path}
                      size="small"
                      type="number"
                      label={t(`fields.${f.path}`)}
                      value={form[f.path] ?? ''}
                      onChange={(e) => setForm((cur) => ({ ...cur, [f.path]: e.target.value }))}
                      error={Boolean(errors[f.path])}
                      helperText={errors[f.path]}
                      slotProps={{
                        htmlInput: { step: f.step, min: 0, 'data-testid': `bc-input-${f.path}` },
                        input: {
                          endAdornment: (
                            <InputAdornment position="end">{unitLabel(f.unit, currency, t)}</InputAdornment>
                          ),
                        },
                      }}
                    />
                  ))}
                </Box>
              </Box>
            ))}
            {errors[''] || errors.rampUp ? <Alert severity="error">{errors[''] ?? errors.rampUp}</Alert> : null}
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              {bc.canEdit && (
                <PendingButton
                  variant="contained"
                  startIcon={<SaveRounded />}
                  disabled={!dirty || !valid}
                  pending={save.isPending}
                  data-testid="bc-save"
                  onClick={async () => {
                    setDone(false);
                    await save.mutateAsync(candidate as TBusinessCaseInputs);
                    setDone(true);
                  }}
                >
                  {t('save')}
                </PendingButton>
              )}
              <Button
                startIcon={<RestartAltRounded />}
                onClick={() => setForm(toForm(bc.defaults))}
                disabled={sameForm(form, toForm(bc.defaults))}
                data-testid="bc-reset"
              >
                {t('reset')}
              </Button>
              {dirty && <Chip size="small" color="warning" variant="outlined" label={t('unsaved')} />}
            </Stack>
            {save.isError && <Alert severity="error">{save.error.message}</Alert>}
            {done && !dirty && !save.isPending && <Alert severity="success">{t('savedOk')}</Alert>}
            <Typography variant="caption" color="text.secondary" data-testid="bc-saved-state">
              {bc.saved && bc.updatedAt
                ? t('saved', { by: bc.updatedBy ?? '—', at: new Date(bc.updatedAt).toLocaleString() })
                : t('notSaved')}
            </Typography>
          </Stack>
        </Paper>
        <Stack spacing={2.5} sx={{ minWidth: 0 }} aria-live="polite">
          {outputs ? (
            <>
              <Headlines
                outputs={outputs}
                base={bc.base}
                achieved={bc.achieved}
                learned={bc.learned}
                assumed={bc.inputs.conversion}
              />
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('results.title')}
                </Typography>
                <YearsTable outputs={outputs} currency={currency} />
              </Paper>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 2 }}>
                  {t('results.chart')}
                </Typography>
                <BenefitChart outputs={outputs} currency={currency} />
              </Paper>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('results.byLevel')}
                </Typography>
                <LevelsTable outputs={outputs} currency={currency} />
              </Paper>
            </>
          ) : (
            <Alert severity="warning">{t('fixErrors')}</Alert>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}

function Loader({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('business-case');
  const q = useQuery(businessCaseQuery(job.id));
  if (q.isPending)
    return (
      <Stack spacing={2} data-testid="bc-loading">
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  if (q.isError)
    return (
      <Alert severity={q.error && 'status' in q.error && q.error.status === 409 ? 'info' : 'error'}>
        {t('loadError')} {q.error.message}
      </Alert>
    );
  return <Calculator bc={q.data} />;
}

export function Component() {
  return <JobLayout>{(job) => <Loader job={job} />}</JobLayout>;
}
