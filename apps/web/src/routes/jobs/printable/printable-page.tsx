/**
 * /jobs/:jobId/printable/:analysisReportType/* (route id jobPrintable, printable frame): renders the report registered
 * for the type in PRINTABLE_REPORTS with `{ jobId, params }` (the rest of the path split on "/"), with print CSS
 * (A4, page breaks between sections). Unknown types and render failures show an error the PDF renderer reports.
 */
import { Component as ReactComponent, Suspense, lazy, useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import GlobalStyles from '@mui/material/GlobalStyles';
import { PrintError, PrintLoading } from './print-status.tsx';
import { PRINTABLE_REPORTS } from './registry.ts';

export const PRINT_CSS = `
@page { size: A4; margin: 16mm 12mm; }
@media print {
  html, body { background: #fff !important; }
  [data-frame="printable"] { max-width: none !important; padding: 0 !important; min-height: 0 !important; }
  .no-print { display: none !important; }
  .print-page-break { break-before: page; page-break-before: always; }
  [data-print-section], section, figure, tr, img, svg, canvas { break-inside: avoid; page-break-inside: avoid; }
  h1, h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
  thead { display: table-header-group; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

class Boundary extends ReactComponent<
  { children: ReactNode; fallback: (e: Error) => ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function Component() {
  const { t } = useTranslation('printable');
  const { jobId = '', analysisReportType = '', '*': rest = '' } = useParams();
  const loader = Object.hasOwn(PRINTABLE_REPORTS, analysisReportType)
    ? PRINTABLE_REPORTS[analysisReportType]
    : undefined;
  const Report = useMemo(() => (loader ? lazy(loader) : null), [loader]);
  const params = rest.split('/').filter(Boolean);
  return (
    <>
      <GlobalStyles styles={PRINT_CSS} />
      {Report ? (
        <Boundary key={analysisReportType} fallback={(e) => <PrintError message={e.message} />}>
          <Suspense fallback={<PrintLoading />}>
            <Report jobId={jobId} params={params} />
          </Suspense>
        </Boundary>
      ) : (
        <PrintError
          title={t('unknownType', { type: analysisReportType })}
          message={t('unknownTypeText', { types: Object.keys(PRINTABLE_REPORTS).join(', ') })}
        />
      )}
    </>
  );
}
