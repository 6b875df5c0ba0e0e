/** Rows of an analytics result in a DataTable: client-side paging ("Rows:"), numbers right-aligned, truncation notice. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TAnalyticsResult } from '@sextant/shared/values';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
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
  return (
    <Box data-testid="result-table">
      {result.truncated && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('resultTable.truncated', { n: result.rowLimit.toLocaleString(uiLocale()) })}
        </Alert>
      )}
      <DataTable<unknown[]>
        rows={result.rows}
        testId="result-rows"
        pageSize={25}
        maxHeight={520}
        emptyText={t('resultTable.empty')}
        rowKey={(_, i) => String(i)}
        columns={result.columns.map((c, i): TDataColumn<unknown[]> => ({
          id: `${c.name}-${i}`,
          header: c.name,
          align: c.type === 'number' ? 'right' : 'left',
          cellSx: { whiteSpace: 'nowrap', maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis' },
          render: (r) =>
            r[i] === null ? (
              <Typography component="span" variant="body2" color="text.disabled">
                null
              </Typography>
            ) : (
              cellText(r[i])
            ),
        }))}
      />
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
