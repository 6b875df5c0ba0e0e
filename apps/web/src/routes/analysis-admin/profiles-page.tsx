/** /admin/analysis-admin/datapoint-profiles: the profiles of each download kind and the issuers using them. */
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { datapointProfilesQuery } from '../../api/datapoint-profiles.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { Toolbar } from '../../components/section.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

export const PROFILES_PATH = '/admin/analysis-admin/datapoint-profiles';

export function Component() {
  const { t } = useTranslation('analysis-admin');
  const navigate = useNavigate();
  const q = useQuery({ ...datapointProfilesQuery(), meta: { operation: 'Loading datapoint profiles' } });
  return (
    <>
      <Toolbar>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('profiles.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${PROFILES_PATH}/create`}>
          {t('profiles.create')}
        </Button>
      </Toolbar>
      <DataTable
        rows={q.data?.profiles}
        loading={q.isLoading}
        error={q.isError}
        ariaLabel={t('profiles.title')}
        rowKey={(p) => p.id}
        rowTestId={(p) => `profile-${p.id}`}
        onRowClick={(p) => void navigate(`${PROFILES_PATH}/${encodeURIComponent(p.id)}`)}
        columns={[
          { field: 'name', header: t('profiles.columns.name'), cellSx: { fontWeight: 600 } },
          { field: 'kind', header: t('profiles.columns.kind'), render: (p) => t(`profiles.kinds.${p.kind}`) },
          {
            field: 'columns',
            header: t('profiles.columns.columns'),
            align: 'right',
            render: (p) => p.columns.length,
          },
          {
            field: 'usedBy',
            header: t('profiles.columns.usedBy'),
            render: (p) =>
              p.usedBy.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('profiles.unused')}
                </Typography>
              ) : (
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                  {[...new Set(p.usedBy.map((u) => u.issuerName))].map((n) => (
                    <Chip key={n} size="small" label={n} />
                  ))}
                </Stack>
              ),
          },
          {
            field: 'updatedAt',
            header: t('profiles.columns.updated'),
            cellSx: { whiteSpace: 'nowrap' },
            render: (p) => formatDateTime(p.updatedAt),
          },
        ]}
      />
    </>
  );
}
