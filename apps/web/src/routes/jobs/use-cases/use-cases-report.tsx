/**
 * Use Cases Report body (printable report type "use-cases"): cover, opportunity summary table with the figures
 * of every use case, then each use case with its top 10 suppliers. Rendered in the app (report page) and in the
 * printable frame the server prints to PDF; shows `data-print-ready="true"` once its data is loaded.
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TUseCasesReport } from '@sextant/shared/values';
import { formatAmount, formatCount, formatPercent } from '../../../lib/format.ts';
import { formatDateTime } from '../job-logic.ts';
import { PrintError, PrintLoading, PrintReady } from '../printable/print-status.tsx';
import type { TPrintableProps } from '../printable/registry.ts';
import { useCasesReportQuery } from '../suppliers/api.ts';
import { NS } from '../suppliers/i18n.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';

const head = { fontWeight: 700, whiteSpace: 'nowrap' } as const;

/** A row of the summary table: a use case, or the total under them. */
type TSummaryRow = TUseCasesReport['useCases'][number] | 'total';

function Report({ r }: { r: TUseCasesReport }) {
  const { t } = useTranslation(NS);
  const cur = r.currency;
  const date = r.completedAt ? formatDateTime(r.completedAt) : '—';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 5 }, maxWidth: 1000, mx: 'auto' }} data-testid="use-cases-report">
      <Box component="section" data-print-section sx={{ pb: 4 }}>
        <Typography variant="overline" color="primary">
          {t('report.cover')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mt: 1 }} data-testid="report-job-name">
          {r.jobName}
        </Typography>
        {r.buyerName && (
          <Typography variant="h6" color="text.secondary" sx={{ mt: 1 }}>
            {t('report.preparedFor', { buyer: r.buyerName })}
          </Typography>
        )}
        <Typography color="text.secondary">{t('report.run', { date })}</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 2, mt: 4 }}>
          {[
            [t('useCases.suppliers'), formatCount(r.totalSuppliers)],
            [t('useCases.spend'), formatAmount(r.totalSpend, cur)],
            [t('useCases.title'), formatCount(r.useCases.length)],
            [t('useCases.rebate'), formatAmount(r.totalEstimatedRebate, cur)],
          ].map(([label, value]) => (
            <Box key={label} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
              <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Divider />
      <Box component="section" data-print-section sx={{ py: 4 }}>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {t('report.summary')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('report.summaryText', {
            count: r.useCases.length,
            suppliers: formatCount(r.totalSuppliers),
            spend: formatAmount(r.totalSpend, cur),
            rebate: formatAmount(r.totalEstimatedRebate, cur),
          })}
        </Typography>
        <DataTable<TSummaryRow>
          rows={[...r.useCases, 'total']}
          testId="report-summary-table"
          variant="plain"
          stickyHeader={false}
          rowKey={(u) => (u === 'total' ? 'total' : u.useCaseId)}
          rowTestId={(u) => (u === 'total' ? 'report-total' : `report-row-${u.useCaseId}`)}
          rowSx={(u) => (u === 'total' ? { '& td': head } : undefined)}
          columns={[
            { id: 'name', header: t('report.useCase'), render: (u) => (u === 'total' ? t('report.total') : u.name) },
            {
              id: 'suppliers',
              header: t('useCases.suppliers'),
              align: 'right',
              render: (u) => (u === 'total' ? '' : formatCount(u.supplierCount)),
            },
            {
              id: 'spend',
              header: t('useCases.spend'),
              align: 'right',
              render: (u) => (u === 'total' ? '' : formatAmount(u.spend, cur)),
            },
            {
              id: 'share',
              header: t('useCases.share'),
              align: 'right',
              render: (u) => (u === 'total' ? '' : formatPercent(u.spendSharePercent)),
            },
            {
              id: 'bps',
              header: t('useCases.bps'),
              align: 'right',
              render: (u) => (u === 'total' ? '' : `${u.rebateBps} bps`),
            },
            {
              id: 'rebate',
              header: t('useCases.rebate'),
              align: 'right',
              render: (u) => formatAmount(u === 'total' ? r.totalEstimatedRebate : u.estimatedRebate, cur),
            },
          ]}
        />
      </Box>
      {r.useCases.map((u) => (
        <Box
          key={u.useCaseId}
          component="section"
          className="print-page-break"
          sx={{ py: 4, borderTop: 1, borderColor: 'divider' }}
          data-testid={`report-use-case-${u.useCaseId}`}
        >
          <Typography variant="h5" component="h2">
            {u.name}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {u.description}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 2, mb: 2 }}>
            {[
              [t('useCases.suppliers'), formatCount(u.supplierCount)],
              [t('useCases.spend'), formatAmount(u.spend, cur)],
              [t('useCases.share'), formatPercent(u.spendSharePercent)],
              [t('useCases.bps'), `${u.rebateBps} bps`],
              [t('useCases.rebate'), formatAmount(u.estimatedRebate, cur)],
            ].map(([label, value]) => (
              <Box key={label}>
                <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase' }}>
                  {label}
                </Typography>
                <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('report.topSuppliers', { count: u.topSuppliers.length || 10 })}
          </Typography>
          {u.topSuppliers.length === 0 ? (
            <Typography color="text.secondary">{t('report.noSuppliers')}</Typography>
          ) : (
            <DataTable
              rows={u.topSuppliers}
              testId={`report-top-suppliers-${u.useCaseId}`}
              variant="plain"
              stickyHeader={false}
              rowKey={(s) => s.supplierKey}
              columns={[
                { id: 'rank', header: '#', render: (_, i) => i + 1 },
                {
                  field: 'supplierName',
                  header: t('columns.supplierName'),
                  render: (s) => s.supplierName ?? s.supplierKey,
                },
                { field: 'country', header: t('columns.country'), render: (s) => s.country ?? '—' },
                { field: 'cardCapability', header: t('report.capability'), render: (s) => s.cardCapability ?? '—' },
                {
                  field: 'spend',
                  header: t('useCases.spend'),
                  align: 'right',
                  render: (s) => formatAmount(s.spend, cur),
                },
                {
                  field: 'estimatedRebate',
                  header: t('useCases.rebate'),
                  align: 'right',
                  render: (s) => formatAmount(s.estimatedRebate, cur),
                },
              ]}
            />
          )}
        </Box>
      ))}
    </Paper>
  );
}

export default function UseCasesReport({ jobId }: TPrintableProps) {
  const q = useQuery(useCasesReportQuery(jobId));
  if (q.isError) return <PrintError message={q.error instanceof Error ? q.error.message : String(q.error)} />;
  if (!q.data) return <PrintLoading />;
  return (
    <PrintReady>
      <Report r={q.data} />
    </PrintReady>
  );
}
