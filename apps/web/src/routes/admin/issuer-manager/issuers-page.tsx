/** /admin/issuer-manager: the issuer list with the SPEC §3 row fields (IssuerArea_VIEW). */
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { SCHEMES, type TIssuer } from '@sextant/shared';
import { fetchIssuers, issuerKeys } from '../../../api/issuers.ts';
import { useCan } from '../../../app/current-user.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { Toolbar } from '../admin-ui.tsx';

const yes = (v: boolean) => (v ? <CheckRounded fontSize="small" color="success" aria-label="Yes" /> : '—');

const columns: TDataColumn<TIssuer>[] = [
  { field: 'name', header: 'Name', sortable: true, filter: { kind: 'text' }, copyValue: (r) => r.name },
  { field: 'issuerKey', header: 'Issuer key', sortable: true, filter: { kind: 'text' }, copyValue: (r) => r.issuerKey },
  {
    field: 'scheme',
    header: 'Scheme',
    sortable: true,
    filter: { kind: 'multiselect', options: SCHEMES.map((s) => ({ value: s, label: s })) },
  },
  { field: 'language', header: 'Language', sortable: true },
  { field: 'currency', header: 'Currency', sortable: true, render: (r) => r.currency ?? '—' },
  { field: 'usersCount', header: 'Users', sortable: true, align: 'right', filter: { kind: 'number' } },
  { field: 'jobsCount', header: 'Jobs', sortable: true, align: 'right', filter: { kind: 'number' } },
  {
    field: 'issuerCapabilities',
    header: 'Capabilities',
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
    header: 'Include list',
    align: 'center',
    render: (r) => yes(r.hasSupplierIncludeList),
    filter: { kind: 'boolean' },
  },
  {
    field: 'hasSupplierExcludeList',
    header: 'Exclude list',
    align: 'center',
    render: (r) => yes(r.hasSupplierExcludeList),
    filter: { kind: 'boolean' },
  },
  {
    field: 'brandingDisplayName',
    header: 'Branding',
    sortable: true,
    filter: { kind: 'text' },
    render: (r) => r.brandingDisplayName ?? '—',
  },
];

export function Component() {
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
            Create issuer
          </Button>
        </Toolbar>
      )}
      <DataTable
        queryKey={issuerKeys.lists()}
        fetchPage={fetchIssuers}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ propertyName: 'name', direction: 'asc' }}
        onRowClick={(r) => navigate(`/admin/issuer-manager/${r.id}`)}
        emptyText="No issuers."
        operation="Loading issuers"
      />
    </>
  );
}
