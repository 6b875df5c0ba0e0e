/** Rows of an analytics result: client-side paging ("Rows:"), numbers right-aligned, truncation notice. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAnalyticsResult } from '@sextant/shared/values';
import { PAGE_SIZE_OPTIONS } from '../../../components/data-table/data-table.tsx';
import { uiLocale } from '../admin-ui.tsx';

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'number')
    return Number.isInteger(v)
      ? v.toLocaleString(uiLocale())
      : v.toLocaleString(uiLocale(), { maximumFractionDigits: 4 });
  return String(v);
}

export function ResultTable({ result }: { result: TAnalyticsResult }) {
  const { t } = useTranslation(['admin', 'table']);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(25);
  const rows = result.rows.slice(page * size, page * size + size);
  return (
    <Box data-testid="result-table">
      {result.truncated && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('resultTable.truncated', { n: result.rowLimit.toLocaleString(uiLocale()) })}
        </Alert>
      )}
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: 520 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {result.columns.map((c, i) => (
                  <TableCell
                    key={`${c.name}-${i}`}
                    align={c.type === 'number' ? 'right' : 'left'}
                    sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                  >
                    {c.name}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell
                    colSpan={Math.max(1, result.columns.length)}
                    sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                  >
                    {t('resultTable.empty')}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((r, ri) => (
                  <TableRow key={page * size + ri}>
                    {r.map((v, i) => (
                      <TableCell
                        key={i}
                        align={result.columns[i]?.type === 'number' ? 'right' : 'left'}
                        sx={{ whiteSpace: 'nowrap', maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis' }}
                      >
                        {v === null ? (
                          <Typography component="span" variant="body2" color="text.disabled">
                            null
                          </Typography>
                        ) : (
                          cellText(v)
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={result.rows.length}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={size}
          rowsPerPageOptions={PAGE_SIZE_OPTIONS}
          onRowsPerPageChange={(e) => (setSize(Number(e.target.value)), setPage(0))}
          labelRowsPerPage={t('table:rows')}
          labelDisplayedRows={({ from, to, count }) =>
            t('table:displayedRows', {
              from: from.toLocaleString(uiLocale()),
              to: to.toLocaleString(uiLocale()),
              count: count.toLocaleString(uiLocale()),
            })
          }
        />
      </Paper>
      <Typography variant="caption" color="text.secondary">
        {t('resultTable.rows', {
          count: result.rowCount,
          n: result.rowCount.toLocaleString(uiLocale()),
          ms: result.durationMs,
        })}
      </Typography>
    </Box>
  );
}
