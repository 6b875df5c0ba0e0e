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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TUseCasesReport } from '@sextant/shared/values';
import { formatAmount, formatCount, formatPercent } from '../../../lib/format.ts';
import { formatDateTime } from '../job-logic.ts';
import { PrintError, PrintLoading, PrintReady } from '../printable/print-status.tsx';
import type { TPrintableProps } from '../printable/registry.ts';
import { useCasesReportQuery } from '../suppliers/api.ts';
import { NS } from '../suppliers/i18n.ts';

const head = { fontWeight: 700, whiteSpace: 'nowrap' } as const;

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
        <Table size="small" data-testid="report-summary-table">
          <TableHead>
            <TableRow>
              <TableCell sx={head}>{t('report.useCase')}</TableCell>
              <TableCell sx={head} align="right">
                {t('useCases.suppliers')}
              </TableCell>
              <TableCell sx={head} align="right">
                {t('useCases.spend')}
              </TableCell>
              <TableCell sx={head} align="right">
                {t('useCases.share')}
              </TableCell>
              <TableCell sx={head} align="right">
                {t('useCases.bps')}
              </TableCell>
              <TableCell sx={head} align="right">
                {t('useCases.rebate')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.useCases.map((u) => (
              <TableRow key={u.useCaseId} data-testid={`report-row-${u.useCaseId}`}>
                <TableCell>{u.name}</TableCell>
                <TableCell align="right">{formatCount(u.supplierCount)}</TableCell>
                <TableCell align="right">{formatAmount(u.spend, cur)}</TableCell>
                <TableCell align="right">{formatPercent(u.spendSharePercent)}</TableCell>
                <TableCell align="right">{u.rebateBps} bps</TableCell>
                <TableCell align="right">{formatAmount(u.estimatedRebate, cur)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={head}>{t('report.total')}</TableCell>
              <TableCell />
              <TableCell />
              <TableCell />
              <TableCell />
              <TableCell sx={head} align="right">
                {formatAmount(r.totalEstimatedRebate, cur)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
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
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={head}>#</TableCell>
                  <TableCell sx={head}>{t('columns.supplierName')}</TableCell>
                  <TableCell sx={head}>{t('columns.country')}</TableCell>
                  <TableCell sx={head}>{t('report.capability')}</TableCell>
                  <TableCell sx={head} align="right">
                    {t('useCases.spend')}
                  </TableCell>
                  <TableCell sx={head} align="right">
                    {t('useCases.rebate')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {u.topSuppliers.map((s, i) => (
                  <TableRow key={s.supplierKey}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell>{s.supplierName ?? s.supplierKey}</TableCell>
                    <TableCell>{s.country ?? '—'}</TableCell>
                    <TableCell>{s.cardCapability ?? '—'}</TableCell>
                    <TableCell align="right">{formatAmount(s.spend, cur)}</TableCell>
                    <TableCell align="right">{formatAmount(s.estimatedRebate, cur)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
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
