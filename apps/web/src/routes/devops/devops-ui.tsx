/** Small shared pieces of the DevOps tool pages: stat tiles, byte sizes, a confirmation dialog, the diff table. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TDiffSection } from '@sextant/shared/values';
import { formatCount } from '../../lib/format.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

export function StatTile({
  label,
  value,
  hint,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'error' | 'warning' | 'success';
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}
      >
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, color: tone ? `${tone}.main` : undefined, lineHeight: 1.3 }}
      >
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="div">
          {hint}
        </Typography>
      )}
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
      {children}
    </Box>
  );
}

const show = (v: unknown) => {
  if (v === null || v === undefined) return '∅';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 160 ? `${s.slice(0, 157)}…` : s;
};

/** The differences of one section: path, kind, before, after. */
export function DiffTable({ section, testId }: { section: TDiffSection; testId?: string }) {
  const { t } = useTranslation('devops');
  const [all, setAll] = useState(false);
  if (!section.totalDifferences)
    return (
      <Typography variant="body2" color="success.main" data-testid={testId} sx={{ py: 1 }}>
        {t('diff.none')}
      </Typography>
    );
  const rows = all ? section.differences : section.differences.slice(0, 50);
  return (
    <Box data-testid={testId}>
      <DataTable
        rows={rows}
        testId="diff-table"
        variant="plain"
        stickyHeader={false}
        hover
        rowKey={(d) => `${d.path}:${d.kind}`}
        columns={[
          {
            field: 'path',
            header: t('diff.path'),
            cellSx: { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', minWidth: 240 },
          },
          {
            field: 'kind',
            header: t('diff.kind'),
            render: (d) => (
              <Chip
                size="small"
                variant="outlined"
                label={t(`diff.kinds.${d.kind}`)}
                color={d.kind === 'added' ? 'success' : d.kind === 'removed' ? 'error' : 'warning'}
              />
            ),
          },
          {
            field: 'before',
            header: t('diff.before'),
            cellSx: { fontFamily: 'monospace', fontSize: 12, color: 'text.secondary' },
            render: (d) => show(d.before),
          },
          {
            field: 'after',
            header: t('diff.after'),
            cellSx: { fontFamily: 'monospace', fontSize: 12 },
            render: (d) => show(d.after),
          },
        ]}
      />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
        {t('diff.shown', { shown: formatCount(rows.length), total: formatCount(section.totalDifferences) })}
        {section.differences.length > rows.length && (
          <Box
            component="button"
            type="button"
            onClick={() => setAll(true)}
            sx={{
              ml: 1,
              border: 0,
              background: 'none',
              color: 'primary.main',
              cursor: 'pointer',
              p: 0,
              font: 'inherit',
            }}
          >
            {t('diff.showAll', { n: formatCount(section.differences.length) })}
          </Box>
        )}
        {section.truncated && ` ${t('diff.truncated')}`}
      </Typography>
    </Box>
  );
}
