/** /admin/analytics-query/reports/{reportId}: run a saved report with its parameters; table, chart and CSV export; edit or delete. */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import type { TAnalyticsResult, TAnalyticsValues } from '@sextant/shared/values';
import {
  analyticsKeys,
  deleteReport,
  reportCsvUrl,
  reportQuery,
  runReport,
  updateReport,
} from '../../../api/analytics.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { formatDateTime, Section, Toolbar, useFormMutation } from '../admin-ui.tsx';
import { normaliseValues, ParameterInputs, ReportEditor, type TReportDraft } from './report-editor.tsx';
import { ReportChart } from './report-chart.tsx';
import { ResultTable } from './result-table.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const { reportId = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({ ...reportQuery(reportId), meta: { operation: 'Loading report' } });
  const [values, setValues] = useState<TAnalyticsValues>({});
  const [result, setResult] = useState<TAnalyticsResult | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const report = q.data;
  const run = useFormMutation({
    operation: 'Running report',
    mutationFn: () => runReport(reportId, normaliseValues(report?.parameters ?? [], values)),
    onSuccess: (r) => setResult(r),
  });
  const save = useFormMutation({
    operation: 'Saving report',
    mutationFn: (d: TReportDraft) => updateReport(reportId, { ...d, chart: d.chart?.type === 'none' ? null : d.chart }),
    invalidate: [analyticsKeys.lists(), analyticsKeys.detail(reportId)],
    success: t('report.saved'),
    onSuccess: () => setEditing(false),
  });
  const remove = useFormMutation({
    operation: 'Deleting report',
    mutationFn: () => deleteReport(reportId),
    invalidate: [analyticsKeys.lists()],
    success: t('report.deleted'),
    onSuccess: () => navigate('/admin/analytics-query'),
  });
  // Reports without required parameters run as soon as they open.
  const autoRun =
    report &&
    !editing &&
    report.parameters.every(
      (p) => !p.required || (p.defaultValue !== undefined && p.defaultValue !== null && p.defaultValue !== ''),
    );
  useEffect(() => {
    if (autoRun && !result && !run.isPending && !Object.keys(run.errors).length) run.mutate(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the report turns runnable (not after each run)
  }, [autoRun]);
  if (q.isError) return <Alert severity="error">{t('report.loadError')}</Alert>;
  if (!report) return <Skeleton variant="rounded" height={280} />;
  if (editing)
    return (
      <Stack spacing={2}>
        <Toolbar>
          <Button onClick={() => setEditing(false)}>{t('report.cancelEditing')}</Button>
        </Toolbar>
        <ReportEditor
          initial={report}
          saveLabel={t('report.saveChanges')}
          onSave={(d) => save.mutateAsync(d)}
          saving={save.isPending}
          saveErrors={save.errors}
        />
      </Stack>
    );
  const runError =
    run.errors.sql ?? run.errors.parameters ?? Object.entries(run.errors).find(([k]) => !k.startsWith('values.'))?.[1];
  return (
    <Stack spacing={2} data-testid="report-page">
      <Toolbar>
        <Button onClick={() => setEditing(true)}>{t('report.edit')}</Button>
        <Button color="error" onClick={() => setConfirm(true)}>
          {t('common.delete')}
        </Button>
      </Toolbar>
      <Section
        title={report.name}
        action={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <PendingButton
              variant="contained"
              startIcon={<PlayArrowRounded />}
              pending={run.isPending}
              onClick={() => run.mutateAsync(undefined).catch(() => undefined)}
              data-testid="run-report"
            >
              {t('report.run')}
            </PendingButton>
            <Button
              startIcon={<FileDownloadOutlined />}
              href={reportCsvUrl(report.id, normaliseValues(report.parameters, values))}
              data-testid="export-csv"
            >
              {t('report.exportCsv')}
            </Button>
          </Stack>
        }
      >
        {report.description && <Typography sx={{ mb: 2 }}>{report.description}</Typography>}
        <ParameterInputs parameters={report.parameters} values={values} onChange={setValues} errors={run.errors} />
        {runError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {runError}
          </Alert>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {t('report.meta', {
            name: report.createdByUsername ?? t('report.formerUser'),
            date: formatDateTime(report.updatedAt),
          })}
        </Typography>
      </Section>
      {result && report.chart && report.chart.type !== 'none' && (
        <Section title={t('report.chart')}>
          <ReportChart chart={report.chart} result={result} />
        </Section>
      )}
      {result ? (
        <Section title={t('report.result')}>
          <ResultTable result={result} />
        </Section>
      ) : (
        run.isPending && (
          <Box>
            <Skeleton variant="rounded" height={200} />
          </Box>
        )
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('report.deleteTitle', { name: report.name })}</DialogTitle>
        <DialogContent>{t('report.deleteBody')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common.no')}</Button>
          <PendingButton
            color="error"
            variant="contained"
            pending={remove.isPending}
            onClick={() => remove.mutateAsync(undefined).catch(() => undefined)}
          >
            {t('common.yes')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
