/** /admin/buyer-manager: buyers of the issuers the caller may see (BuyerManagement_VIEW). */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { TBuyer } from '@sextant/shared/values';
import { buyerKeys, fetchBuyers } from '../../../api/buyers.ts';
import { useCan } from '../../../app/current-user.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { formatDateTime, Toolbar } from '../admin-ui.tsx';

const buyerColumns = (t: TFunction): TDataColumn<TBuyer>[] => [
  {
    field: 'name',
    header: t('buyers.columns.name'),
    sortable: true,
    filter: { kind: 'text' },
    copyValue: (r) => r.name,
  },
  { field: 'issuerName', header: t('buyers.columns.issuer'), sortable: true, filter: { kind: 'text' } },
  {
    field: 'countryIso3',
    header: t('buyers.columns.country'),
    sortable: true,
    filter: { kind: 'text' },
    render: (r) => r.countryIso3 ?? '—',
  },
  { field: 'jobsCount', header: t('buyers.columns.jobs'), sortable: true, align: 'right', filter: { kind: 'number' } },
  {
    field: 'createdByUsername',
    header: t('buyers.columns.createdBy'),
    sortable: true,
    render: (r) => r.createdByUsername ?? '—',
  },
  {
    field: 'createdAt',
    header: t('buyers.columns.created'),
    sortable: true,
    filter: { kind: 'date' },
    render: (r) => formatDateTime(r.createdAt),
  },
];

export function Component() {
  const { t } = useTranslation('admin');
  const columns = useMemo(() => buyerColumns(t), [t]);
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
            {t('buyers.create')}
          </Button>
        </Toolbar>
      )}
      <DataTable
        queryKey={buyerKeys.lists()}
        fetchPage={fetchBuyers}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ propertyName: 'name', direction: 'asc' }}
        rowHref={(r) => `/admin/buyer-manager/${r.id}`}
        emptyText={t('buyers.empty')}
        operation="Loading buyers"
      />
    </>
  );
}
