/** /admin/analytics-query/reports/create: write, try and save a report. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { analyticsKeys, createReport } from '../../../api/analytics.ts';
import { useFormMutation } from '../admin-ui.tsx';
import { EMPTY_DRAFT, ReportEditor, type TReportDraft } from './report-editor.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const m = useFormMutation({
    operation: 'Saving report',
    mutationFn: (d: TReportDraft) => createReport({ ...d, chart: d.chart?.type === 'none' ? null : d.chart }),
    invalidate: [analyticsKeys.lists()],
    success: t('report.saved'),
    onSuccess: (r) => navigate(`/admin/analytics-query/reports/${r.id}`),
  });
  return (
    <ReportEditor
      initial={EMPTY_DRAFT}
      saveLabel={t('report.saveReport')}
      onSave={(d) => m.mutateAsync(d)}
      saving={m.isPending}
      saveErrors={m.errors}
    />
  );
}
