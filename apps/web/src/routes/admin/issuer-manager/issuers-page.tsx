/** /admin/issuer-manager: the issuer list with the SPEC §3 row fields (IssuerArea_VIEW). */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { SCHEMES, type TIssuer } from '@sextant/shared/values';
import { fetchIssuers, issuerKeys } from '../../../api/issuers.ts';
import { useCan } from '../../../app/current-user.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { Toolbar } from '../admin-ui.tsx';

const issuerColumns = (t: TFunction): TDataColumn<TIssuer>[] => {
  const yes = (v: boolean) =>
    v ? <CheckRounded fontSize="small" color="success" aria-label={t('common.yes')} /> : '—';
  return [
    {
      field: 'name',
      header: t('issuers.columns.name'),
      sortable: true,
      filter: { kind: 'text' },
      copyValue: (r) => r.name,
    },
    {
      field: 'issuerKey',
      header: t('issuers.columns.issuerKey'),
      sortable: true,
      filter: { kind: 'text' },
      copyValue: (r) => r.issuerKey,
    },
    {
      field: 'scheme',
      header: t('issuers.columns.scheme'),
      sortable: true,
      filter: { kind: 'multiselect', options: SCHEMES.map((s) => ({ value: s, label: s })) },
    },
    { field: 'language', header: t('issuers.columns.language'), sortable: true },
    { field: 'currency', header: t('issuers.columns.currency'), sortable: true, render: (r) => r.currency ?? '—' },
    {
      field: 'usersCount',
      header: t('issuers.columns.users'),
      sortable: true,
      align: 'right',
      filter: { kind: 'number' },
    },
    {
      field: 'jobsCount',
      header: t('issuers.columns.jobs'),
      sortable: true,
      align: 'right',
      filter: { kind: 'number' },
    },
    {
      field: 'issuerCapabilities',
      header: t('issuers.columns.capabilities'),
      render: (r) => (
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', maxWidth: 280 }}>
          {r.issuerCapabilities.map((c) => (
            <Chip key={c} size="small" label={c} variant="outlined" />
          ))}
        </Stack>
      ),
    },
    {
      field: 'hasSupplierIncludeList',
      header: t('issuers.columns.includeList'),
      align: 'center',
      render: (r) => yes(r.hasSupplierIncludeList),
      filter: { kind: 'boolean' },
    },
    {
      field: 'hasSupplierExcludeList',
      header: t('issuers.columns.excludeList'),
      align: 'center',
      render: (r) => yes(r.hasSupplierExcludeList),
      filter: { kind: 'boolean' },
    },
    {
      field: 'brandingDisplayName',
      header: t('issuers.columns.branding'),
      sortable: true,
      filter: { kind: 'text' },
      render: (r) => r.brandingDisplayName ?? '—',
    },
  ];
};

export function Component() {
  const { t } = useTranslation('admin');
  const columns = useMemo(() => issuerColumns(t), [t]);
  const navigate = useNavigate();
  const canCreate = useCan(['IssuerArea_CRUD']);
  return (
    <>
      {canCreate && (
        <Toolbar>
          <Button
            variant="contained"
            startIcon={<AddBusinessOutlined />}
            onClick={() => navigate('/admin/issuer-manager/create')}
            data-testid="create-issuer"
          >
            {t('issuers.create')}
          </Button>
        </Toolbar>
      )}
      <DataTable
        queryKey={issuerKeys.lists()}
        fetchPage={fetchIssuers}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ propertyName: 'name', direction: 'asc' }}
        rowHref={(r) => `/admin/issuer-manager/${r.id}`}
        emptyText={t('issuers.empty')}
        operation="Loading issuers"
      />
    </>
  );
}
