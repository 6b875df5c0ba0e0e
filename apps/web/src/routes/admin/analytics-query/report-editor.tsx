/**
 * Editor of an analytics query: SQL over the documented views, :parameters detected from the SQL (type, label,
 * required, default), a preview run shown as table and chart, CSV export, and saving as a report.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  ANALYTICS_CHART_TYPES,
  ANALYTICS_PARAMETER_TYPES,
  sqlParameterNames,
  type TAnalyticsChart,
  type TAnalyticsParameter,
  type TAnalyticsResult,
  type TAnalyticsValues,
} from '@sextant/shared/analytics';
import { analyticsCatalogQuery, downloadQueryCsv, runQuery } from '../../../api/analytics.ts';
import { notifyError } from '../../../components/notifications/notification-store.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { Section, uiLocale, useFormMutation } from '../admin-ui.tsx';
import { ReportChart } from './report-chart.tsx';
import { ResultTable } from './result-table.tsx';

export interface TReportDraft {
  name: string;
  description: string;
  sql: string;
  parameters: TAnalyticsParameter[];
  chart: TAnalyticsChart | null;
}
export const EMPTY_DRAFT: TReportDraft = {
  name: '',
  description: '',
  sql: 'select status, count(*) as users\nfrom v_users\ngroup by status\norder by status',
  parameters: [],
  chart: { type: 'bar', xColumn: 'status', yColumns: ['users'] },
};

/** Keeps the definitions of parameters still used by the SQL, adds new ones as required text. */
export function syncParameters(sqlText: string, current: TAnalyticsParameter[]): TAnalyticsParameter[] {
  return sqlParameterNames(sqlText).map(
    (name) => current.find((p) => p.name === name) ?? { name, type: 'text', required: true },
  );
}

const monospace = {
  fontFamily: '"IBM Plex Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 14,
};

export function ParameterInputs({
  parameters,
  values,
  onChange,
  errors,
}: {
  parameters: TAnalyticsParameter[];
  values: TAnalyticsValues;
  onChange: (v: TAnalyticsValues) => void;
  errors: Record<string, string>;
}) {
  if (parameters.length === 0) return null;
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }} data-testid="parameter-inputs">
      {parameters.map((p) => {
        const v = values[p.name] ?? p.defaultValue ?? '';
        const label = p.label || p.name;
        const err = errors[`values.${p.name}`];
        const common = {
          size: 'small' as const,
          label,
          required: p.required,
          error: Boolean(err),
          helperText: err,
          fullWidth: false,
          sx: { width: { xs: '100%', sm: 220 } },
          onChange: (e: { target: { value: string } }) => onChange({ ...values, [p.name]: e.target.value }),
        };
        if (p.type === 'boolean')
          return (
            <TextField key={p.name} select value={String(v)} {...common}>
              <MenuItem value="">—</MenuItem>
              <MenuItem value="true">true</MenuItem>
              <MenuItem value="false">false</MenuItem>
            </TextField>
          );
        const type =
          p.type === 'date'
            ? 'date'
            : p.type === 'timestamp'
              ? 'datetime-local'
              : p.type === 'number' || p.type === 'integer'
                ? 'number'
                : 'text';
        return (
          <TextField
            key={p.name}
            type={type}
            value={String(v)}
            slotProps={{ inputLabel: { shrink: type !== 'text' || undefined } }}
            {...common}
          />
        );
      })}
    </Stack>
  );
}

/** Timestamps typed in a datetime-local field are local times: send them as ISO instants. */
export function normaliseValues(parameters: TAnalyticsParameter[], values: TAnalyticsValues): TAnalyticsValues {
  const out: TAnalyticsValues = {};
  for (const p of parameters) {
    const v = values[p.name];
    if (v === undefined) continue;
    out[p.name] =
      p.type === 'timestamp' && typeof v === 'string' && v && !v.endsWith('Z') ? new Date(v).toISOString() : v;
  }
  return out;
}

function ViewsHelp() {
  const { t } = useTranslation('admin');
  const catalog = useQuery(analyticsCatalogQuery()).data;
  if (!catalog) return null;
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreRounded />}>
        <Typography variant="body2">
          {t('reportEditor.views', {
            count: catalog.views.length,
            rows: catalog.rowLimit.toLocaleString(uiLocale()),
            seconds: catalog.timeoutMs / 1000,
          })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {catalog.views.map((v) => (
            <Box key={v.name}>
              <Typography sx={{ ...monospace, fontWeight: 700 }}>{v.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {v.description}
              </Typography>
              <Typography variant="caption" sx={{ ...monospace, fontSize: 12, color: 'text.secondary' }}>
                {v.columns.map((c) => c.name).join(', ')}
              </Typography>
            </Box>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

export function ReportEditor({
  initial,
  saveLabel,
  onSave,
  saving,
  saveErrors,
  showMeta = true,
}: {
  initial: TReportDraft;
  saveLabel?: string;
  onSave?: (draft: TReportDraft) => Promise<unknown>;
  saving?: boolean;
  saveErrors?: Record<string, string>;
  showMeta?: boolean;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<TReportDraft>(initial);
  const [values, setValues] = useState<TAnalyticsValues>({});
  const [result, setResult] = useState<TAnalyticsResult | null>(null);
  const params = useMemo(() => syncParameters(draft.sql, draft.parameters), [draft.sql, draft.parameters]);
  const run = useFormMutation({
    operation: 'Running query',
    mutationFn: () => runQuery({ sql: draft.sql, parameters: params, values: normaliseValues(params, values) }),
    onSuccess: (r) => setResult(r),
  });
  const errors = { ...(saveErrors ?? {}), ...run.errors };
  const set = <K extends keyof TReportDraft>(k: K, v: TReportDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const setParam = (name: string, patch: Partial<TAnalyticsParameter>) =>
    set(
      'parameters',
      params.map((p) => (p.name === name ? { ...p, ...patch } : p)),
    );
  const chart = draft.chart ?? { type: 'none' as const, xColumn: null, yColumns: [] };
  const columnNames = result?.columns.map((c) => c.name) ?? [
    ...new Set([chart.xColumn, ...chart.yColumns].filter((x): x is string => Boolean(x))),
  ];
  const generalError =
    errors.sql ??
    errors.parameters ??
    Object.entries(errors).find(([k]) => !k.startsWith('values.') && k !== 'name' && k !== 'description')?.[1];

  return (
    <Stack spacing={2}>
      {showMeta && (
        <Section title={t('reportEditor.report')}>
          <Stack spacing={2}>
            <TextField
              label={t('reportEditor.name')}
              required
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { 'data-testid': 'report-name' } }}
            />
            <TextField
              label={t('reportEditor.description')}
              multiline
              minRows={2}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
              error={Boolean(errors.description)}
              helperText={errors.description}
            />
          </Stack>
        </Section>
      )}
      <Section title={t('reportEditor.query')}>
        <Stack spacing={2}>
          <ViewsHelp />
          <TextField
            label={t('reportEditor.sql')}
            multiline
            minRows={6}
            maxRows={24}
            value={draft.sql}
            onChange={(e) => set('sql', e.target.value)}
            error={Boolean(errors.sql)}
            helperText={errors.sql ?? t('reportEditor.sqlHelper')}
            slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'report-sql', style: monospace } }}
          />
          {params.length > 0 && (
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('reportEditor.parameters')}
              </Typography>
              <Stack spacing={1.5}>
                {params.map((p) => (
                  <Stack
                    key={p.name}
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={1.5}
                    sx={{ alignItems: { md: 'center' } }}
                  >
                    <Typography sx={{ ...monospace, minWidth: 120 }}>:{p.name}</Typography>
                    <TextField
                      size="small"
                      label={t('reportEditor.paramLabel')}
                      value={p.label ?? ''}
                      onChange={(e) => setParam(p.name, { label: e.target.value })}
                    />
                    <TextField
                      size="small"
                      select
                      label={t('reportEditor.paramType')}
                      value={p.type}
                      onChange={(e) => setParam(p.name, { type: e.target.value as TAnalyticsParameter['type'] })}
                      fullWidth={false}
                      sx={{ width: { xs: '100%', md: 160 } }}
                    >
                      {ANALYTICS_PARAMETER_TYPES.map((pt) => (
                        <MenuItem key={pt} value={pt}>
                          {pt}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      size="small"
                      label={t('reportEditor.paramDefault')}
                      value={p.defaultValue === undefined || p.defaultValue === null ? '' : String(p.defaultValue)}
                      onChange={(e) =>
                        setParam(p.name, { defaultValue: e.target.value === '' ? undefined : e.target.value })
                      }
                    />
                    <FormControlLabel
                      control={<Checkbox checked={p.required} onChange={(_, c) => setParam(p.name, { required: c })} />}
                      label={t('reportEditor.paramRequired')}
                    />
                  </Stack>
                ))}
              </Stack>
            </Box>
          )}
          <ParameterInputs parameters={params} values={values} onChange={setValues} errors={errors} />
          {generalError && !errors.sql && <Alert severity="error">{generalError}</Alert>}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <PendingButton
              variant="outlined"
              startIcon={<PlayArrowRounded />}
              pending={run.isPending}
              onClick={() => run.mutateAsync(undefined).catch(() => undefined)}
              data-testid="run-query"
            >
              {t('report.run')}
            </PendingButton>
            <PendingButton
              startIcon={<FileDownloadOutlined />}
              onClick={() =>
                downloadQueryCsv({ sql: draft.sql, parameters: params, values: normaliseValues(params, values) }).catch(
                  (e: unknown) => notifyError(e, 'Exporting CSV'),
                )
              }
            >
              {t('report.exportCsv')}
            </PendingButton>
            {onSave && (
              <PendingButton
                variant="contained"
                pending={saving}
                onClick={() => onSave({ ...draft, parameters: params }).catch(() => undefined)}
                data-testid="save-report"
                sx={{ ml: 'auto' }}
              >
                {saveLabel ?? t('common.save')}
              </PendingButton>
            )}
          </Stack>
        </Stack>
      </Section>
      <Section title={t('report.chart')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
          <TextField
            size="small"
            select
            label={t('reportEditor.chartType')}
            value={chart.type}
            onChange={(e) => set('chart', { ...chart, type: e.target.value as TAnalyticsChart['type'] })}
            fullWidth={false}
            sx={{ width: { xs: '100%', md: 160 } }}
          >
            {ANALYTICS_CHART_TYPES.map((ct) => (
              <MenuItem key={ct} value={ct}>
                {t(`reportEditor.chartTypes.${ct}`)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            size="small"
            options={columnNames}
            value={chart.xColumn ?? null}
            onChange={(_, v) => set('chart', { ...chart, xColumn: v })}
            disabled={chart.type === 'none'}
            renderInput={(p) => <TextField {...p} label={t('reportEditor.categoryColumn')} />}
            sx={{ minWidth: 200, flex: 1 }}
          />
          <Autocomplete
            size="small"
            multiple
            options={columnNames}
            value={chart.yColumns}
            onChange={(_, v) => set('chart', { ...chart, yColumns: v })}
            disabled={chart.type === 'none'}
            renderInput={(p) => (
              <TextField
                {...p}
                label={chart.type === 'pie' ? t('reportEditor.valueColumn') : t('reportEditor.valueColumns')}
              />
            )}
            sx={{ minWidth: 200, flex: 2 }}
          />
          {(chart.type === 'bar' || chart.type === 'line') && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(chart.stacked)}
                  onChange={(_, c) => set('chart', { ...chart, stacked: c })}
                />
              }
              label={t('reportEditor.stacked')}
            />
          )}
        </Stack>
        {result && (
          <Box sx={{ mt: 2 }}>
            <ReportChart chart={chart} result={result} />
          </Box>
        )}
      </Section>
      {result && (
        <Section title={t('report.result')}>
          <ResultTable result={result} />
        </Section>
      )}
    </Stack>
  );
}
