/**
 * /jobs/:jobId/report/insights (JobReportAccessor): the Insights Report in the app, with "Download PDF" (the same
 * report printed by the server from the printable frame).
 */
import { useTranslation } from 'react-i18next';
import { JobLayout } from '../job-layout.tsx';
import { printablePath } from '../printable/print-button.tsx';
import { ReportPageFrame } from '../printable/report-page-frame.tsx';
import InsightsReport from './insights-report.tsx';
import { insightsPdfUrl } from './insights-api.ts';

export function Component() {
  const { t } = useTranslation('insights');
  return (
    <JobLayout>
      {(job) => (
        <ReportPageFrame
          title={t('report.title')}
          subtitle={t('report.subtitle')}
          downloadLabel={t('report.downloadPdf')}
          pdfUrl={insightsPdfUrl(job.id)}
          printPath={printablePath(job.id, 'insights')}
          testId="insights-report-page"
        >
          <InsightsReport jobId={job.id} params={[]} />
        </ReportPageFrame>
      )}
    </JobLayout>
  );
}
