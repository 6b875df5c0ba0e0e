/**
 * /jobs/:jobId/report/use-cases (JobUseCasesReportAccessor): the Use Cases Report in the app, with "Download PDF"
 * (the same report printed by the server from the printable frame).
 */
import { useTranslation } from 'react-i18next';
import { JobLayout } from '../job-layout.tsx';
import { printablePath } from '../printable/print-button.tsx';
import { ReportPageFrame } from '../printable/report-page-frame.tsx';
import { pdfUrlOfUseCases } from '../suppliers/api.ts';
import { NS } from '../suppliers/i18n.ts';
import UseCasesReport from './use-cases-report.tsx';

export function Component() {
  const { t } = useTranslation(NS);
  return (
    <JobLayout>
      {(job) => (
        <ReportPageFrame
          title={t('report.title')}
          subtitle={t('report.subtitle')}
          downloadLabel={t('report.downloadPdf')}
          pdfUrl={pdfUrlOfUseCases(job.id)}
          printPath={printablePath(job.id, 'use-cases')}
          testId="use-cases-report-page"
        >
          <UseCasesReport jobId={job.id} params={[]} />
        </ReportPageFrame>
      )}
    </JobLayout>
  );
}
