/** /admin/buyer-manager: buyers of the issuers the caller may see (BuyerManagement_VIEW). */
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { TBuyer } from '@sextant/shared';
import { buyerKeys, fetchBuyers } from '../../../api/buyers.ts';
import { useCan } from '../../../app/current-user.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { formatDateTime, Toolbar } from '../admin-ui.tsx';

const columns: TDataColumn<TBuyer>[] = [
  { field: 'name', header: 'Name', sortable: true, filter: { kind: 'text' }, copyValue: (r) => r.name },
  { field: 'issuerName', header: 'Issuer', sortable: true, filter: { kind: 'text' } },
  {
    field: 'countryIso3',
    header: 'Country',
    sortable: true,
    filter: { kind: 'text' },
    render: (r) => r.countryIso3 ?? '—',
  },
  { field: 'jobsCount', header: 'Jobs', sortable: true, align: 'right', filter: { kind: 'number' } },
  { field: 'createdByUsername', header: 'Created by', sortable: true, render: (r) => r.createdByUsername ?? '—' },
  {
    field: 'createdAt',
    header: 'Created',
    sortable: true,
    filter: { kind: 'date' },
    render: (r) => formatDateTime(r.createdAt),
  },
];

export function Component() {
  const navigate = useNavigate();
  const canCreate = useCan(['BuyerManagement_CRUD']);
  return (
    <>
      {canCreate && (
        <Toolbar>
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => navigate('/admin/buyer-manager/create')}
          >
            Create buyer
          </Button>
        </Toolbar>
      )}
      <DataTable
        queryKey={buyerKeys.lists()}
        fetchPage={fetchBuyers}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ propertyName: 'name', direction: 'asc' }}
        onRowClick={(r) => navigate(`/admin/buyer-manager/${r.id}`)}
        emptyText="No buyers."
        operation="Loading buyers"
      />
    </>
  );
}
