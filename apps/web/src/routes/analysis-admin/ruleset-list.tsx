/** The versions of a ruleset kind: number, name, author, created, active, jobs that used each. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TRulesetKind } from '@sextant/shared/values';
import { rulesetListQuery } from '../../api/rulesets.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

export const rulesetPath = (kind: TRulesetKind, version?: number) =>
  `/admin/analysis-admin/${kind}-rulesets${version === undefined ? '' : `/${version}`}`;

export function RulesetList({ kind }: { kind: TRulesetKind }) {
  const { t } = useTranslation('analysis-admin');
  const navigate = useNavigate();
  const q = useQuery({ ...rulesetListQuery(kind), meta: { operation: 'Loading rulesets' } });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`rulesets.intro.${kind}`)}
      </Typography>
      {q.data && !q.data.canUpdate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('rulesets.readOnly')}
        </Alert>
      )}
      <DataTable
        rows={q.data?.versions}
        loading={q.isLoading}
        error={q.isError}
        ariaLabel={t(`rulesets.title.${kind}`)}
        rowKey={(v) => String(v.version)}
        rowTestId={(v) => `version-${v.version}`}
        onRowClick={(v) => void navigate(rulesetPath(kind, v.version))}
        columns={[
          {
            field: 'version',
            header: t('rulesets.columns.version'),
            cellSx: { fontWeight: 600 },
            render: (v) => `v${v.version}`,
          },
          {
            field: 'name',
            header: t('rulesets.columns.name'),
            render: (v) => (
              <>
                {v.name}
                {v.basedOn !== null && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t('rulesets.basedOn', { version: v.basedOn })}
                  </Typography>
                )}
              </>
            ),
          },
          {
            field: 'createdBy',
            header: t('rulesets.columns.author'),
            render: (v) => v.createdBy ?? t('rulesets.bundled'),
          },
          {
            field: 'createdAt',
            header: t('rulesets.columns.created'),
            cellSx: { whiteSpace: 'nowrap' },
            render: (v) => formatDateTime(v.createdAt),
          },
          {
            field: 'isActive',
            header: t('rulesets.columns.active'),
            render: (v) =>
              v.isActive ? (
                <Chip size="small" color="success" label={t('rulesets.active')} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {v.activatedAt ? t('rulesets.wasActive') : '—'}
                </Typography>
              ),
          },
          { field: 'jobsCount', header: t('rulesets.columns.jobs'), align: 'right' },
        ]}
      />
    </>
  );
}
