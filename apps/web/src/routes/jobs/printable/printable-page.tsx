/**
 * /jobs/:jobId/printable/:analysisReportType/* (route id jobPrintable, printable frame): renders the report registered
 * for the type in PRINTABLE_REPORTS with `{ jobId, params }` (the rest of the path split on "/"), with print CSS
 * (A4, page breaks between sections). Unknown types and render failures show an error the PDF renderer reports.
 * Opened with `?print=1` (the "Print or save as PDF" button), the page opens the browser's own print dialog once the
 * report marks itself ready — the same moment the server's PDF renderer prints.
 */
import { Component as ReactComponent, Suspense, lazy, useEffect, useMemo, type ReactNode } from 'react';
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

/** Opens the print dialog once, when the report shows `[data-print-ready="true"]`, if the URL asks (`?print=1`). */
function useAutoPrint(): void {
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('print') !== '1') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ready = () => document.querySelector('[data-print-ready="true"]') !== null;
    const observer = new MutationObserver(() => {
      if (!ready() || timer) return;
      observer.disconnect();
      // a timer, not an animation frame, which a tab opened in the background does not get until it is shown
      timer = setTimeout(() => window.print(), 200);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    if (ready()) timer = setTimeout(() => window.print(), 200);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, []);
}

export function Component() {
  useAutoPrint();
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
