/**
 * The issuer's supplier include and exclude lists (used by the analysis: with an include list only the listed
 * suppliers are analysed; listed excluded suppliers are left out). Everyone who can open the issuer sees them
 * (paged, searchable); holders of Issuer_Update upload a CSV/XLSX (replace or append), add and remove entries
 * and clear a list.
 */
import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { SUPPLIER_LIST_TYPES, type TSupplierListEntry, type TSupplierListType } from '@sextant/shared/supplier-lists';
import {
  addSupplierListEntry,
  clearSupplierList,
  fetchSupplierList,
  issuerKeys,
  removeSupplierListEntry,
  supplierListsSummaryQuery,
  uploadSupplierList,
} from '../../../api/issuers.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { FileUpload } from '../../../components/file-upload.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { formatDateTime, Section, useFormMutation } from '../admin-ui.tsx';

function UploadForm({ issuerId, listType }: { issuerId: string; listType: TSupplierListType }) {
  const { t } = useTranslation('admin');
  const [files, setFiles] = useState<File[]>([]);
  const [mode, setMode] = useState<'replace' | 'append'>('replace');
  const m = useFormMutation({
    operation: 'Uploading supplier list',
    mutationFn: () => uploadSupplierList(issuerId, listType, files[0]!, mode),
    invalidate: [issuerKeys.all],
    success: (r) =>
      `${r.message}${r.duplicates ? t('suppliers.duplicates', { count: r.duplicates }) : ''}${r.skippedBlank ? t('suppliers.skippedBlank', { count: r.skippedBlank }) : ''}`,
    onSuccess: () => setFiles([]),
  });
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
      data-testid={`supplier-upload-${listType}`}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <FileUpload
          label={t('suppliers.choose')}
          accept=".csv,.txt,.xlsx"
          files={files}
          onChange={(f) => {
            setFiles(f);
            m.setErrors({});
          }}
          name={`supplier-list-${listType}`}
          error={m.errors.file}
        />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {t('suppliers.fileHelp')}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label={t('suppliers.uploadMode')}
        value={mode}
        onChange={(e) => setMode(e.target.value as 'replace' | 'append')}
        sx={{ width: { xs: '100%', md: 200 } }}
      >
        <MenuItem value="replace">{t('suppliers.replace')}</MenuItem>
        <MenuItem value="append">{t('suppliers.append')}</MenuItem>
      </TextField>
      <PendingButton
        variant="contained"
        disabled={files.length === 0}
        pending={m.isPending}
        onClick={() => m.mutateAsync(undefined).catch(() => undefined)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        data-testid={`supplier-upload-submit-${listType}`}
      >
        {t('suppliers.upload')}
      </PendingButton>
    </Stack>
  );
}

function AddEntryForm({ issuerId, listType }: { issuerId: string; listType: TSupplierListType }) {
  const { t } = useTranslation('admin');
  const [supplierName, setName] = useState('');
  const [supplierId, setId] = useState('');
  const m = useFormMutation({
    operation: 'Adding supplier',
    mutationFn: () => addSupplierListEntry(issuerId, listType, { supplierName, supplierId: supplierId || null }),
    invalidate: [issuerKeys.all],
    success: (r) => t('suppliers.added', { name: r.supplierName }),
    onSuccess: () => {
      setName('');
      setId('');
    },
  });
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={(e) => {
        e.preventDefault();
        m.mutateAsync(undefined).catch(() => undefined);
      }}
    >
      <TextField
        size="small"
        label={t('suppliers.name')}
        value={supplierName}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(m.errors.supplierName)}
        helperText={m.errors.supplierName}
        sx={{ flex: 2 }}
      />
      <TextField
        size="small"
        label={t('suppliers.idOptional')}
        value={supplierId}
        onChange={(e) => setId(e.target.value)}
        error={Boolean(m.errors.supplierId)}
        helperText={m.errors.supplierId}
        sx={{ flex: 1 }}
      />
      <PendingButton type="submit" variant="outlined" pending={m.isPending} sx={{ whiteSpace: 'nowrap' }}>
        {t('suppliers.add')}
      </PendingButton>
    </Stack>
  );
}

function ListPanel({
  issuerId,
  listType,
  count,
  canEdit,
}: {
  issuerId: string;
  listType: TSupplierListType;
  count: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [confirmClear, setConfirmClear] = useState(false);
  const remove = useFormMutation({
    operation: 'Removing supplier',
    mutationFn: (e: TSupplierListEntry) => removeSupplierListEntry(issuerId, listType, e.id),
    invalidate: [issuerKeys.all],
    success: t('suppliers.removed'),
  });
  const clear = useFormMutation({
    operation: 'Clearing list',
    mutationFn: () => clearSupplierList(issuerId, listType),
    invalidate: [issuerKeys.all],
    success: (r) => r.message ?? t('suppliers.cleared'),
    onSuccess: () => setConfirmClear(false),
  });
  const columns: TDataColumn<TSupplierListEntry>[] = [
    { field: 'supplierName', header: t('suppliers.columns.name') },
    { field: 'supplierId', header: t('suppliers.columns.id'), render: (r) => r.supplierId ?? '—' },
    {
      field: 'normalisedName',
      header: t('suppliers.columns.matchedAs'),
      render: (r) => (
        <Typography variant="body2" color="text.secondary" component="span">
          {r.normalisedName}
        </Typography>
      ),
    },
    { field: 'createdAt', header: t('suppliers.columns.added'), render: (r) => formatDateTime(r.createdAt) },
    ...(canEdit
      ? [
          {
            field: 'actions' as const,
            header: '',
            align: 'right' as const,
            render: (r: TSupplierListEntry) => (
              <Tooltip title={t('suppliers.remove')}>
                <IconButton
                  size="small"
                  aria-label={t('suppliers.removeNamed', { name: r.supplierName })}
                  onClick={() => remove.mutate(r)}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack spacing={2} data-testid={`supplier-list-${listType}`}>
      <Typography variant="body2" color="text.secondary">
        {t(`suppliers.help.${listType}`)}
      </Typography>
      {canEdit && <UploadForm issuerId={issuerId} listType={listType} />}
      {canEdit && <AddEntryForm issuerId={issuerId} listType={listType} />}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('suppliers.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1, maxWidth: { sm: 360 } }}
        />
        <Box sx={{ flex: { xs: 0, sm: 1 } }} />
        {canEdit && count > 0 && (
          <Button color="error" onClick={() => setConfirmClear(true)} data-testid={`supplier-clear-${listType}`}>
            {t('suppliers.clearList')}
          </Button>
        )}
      </Stack>
      <DataTable
        key={deferred}
        queryKey={[...issuerKeys.supplierList(issuerId, listType, deferred)]}
        fetchPage={(req) => fetchSupplierList(issuerId, listType, deferred, req)}
        columns={columns}
        rowKey={(r) => r.id}
        pageSize={25}
        emptyText={deferred ? t('suppliers.noMatch') : t(`suppliers.empty.${listType}`)}
        operation="Loading supplier list"
      />
      <Dialog open={confirmClear} onClose={() => setConfirmClear(false)}>
        <DialogTitle>{t(`suppliers.clearTitle.${listType}`)}</DialogTitle>
        <DialogContent>
          {t(`suppliers.clearBody.${listType}`, { count })}
          {Object.keys(clear.errors).length > 0 && (
            <Alert severity="error">{Object.values(clear.errors).join('; ')}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClear(false)}>{t('common.no')}</Button>
          <PendingButton
            color="error"
            variant="contained"
            pending={clear.isPending}
            onClick={() => clear.mutateAsync(undefined).catch(() => undefined)}
          >
            {t('common.clear')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

export function SupplierListsSection({ issuerId, canEdit }: { issuerId: string; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<TSupplierListType>('include');
  const summary = useQuery({ ...supplierListsSummaryQuery(issuerId), meta: { operation: 'Loading supplier lists' } });
  return (
    <Section title={t('suppliers.title')} testId="supplier-lists">
      <Tabs
        value={tab}
        onChange={(_, v: TSupplierListType) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {SUPPLIER_LIST_TYPES.map((lt) => (
          <Tab
            key={lt}
            value={lt}
            data-testid={`supplier-tab-${lt}`}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{t(`suppliers.tab.${lt}`)}</span>
                <Chip size="small" label={summary.data?.[lt].count ?? '…'} />
              </Stack>
            }
          />
        ))}
      </Tabs>
      <ListPanel
        key={tab}
        issuerId={issuerId}
        listType={tab}
        count={summary.data?.[tab].count ?? 0}
        canEdit={canEdit}
      />
    </Section>
  );
}
