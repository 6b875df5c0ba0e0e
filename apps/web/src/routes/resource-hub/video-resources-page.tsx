/** /admin/analysis-admin/video-resources (VideoResources_CRUD): every resource, searchable, with its file state. */
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { manageResourcesQuery } from '../../api/resources.ts';
import { formatDateTime } from '../../app/i18n.ts';
import { fileSize, KindIcon, languageName } from './resource-ui.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

export function Component() {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const q = useQuery({
    ...manageResourcesQuery({ search: deferred || undefined }),
    meta: { operation: 'Loading resources' },
  });
  const rows = q.data?.collection ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          placeholder={t('admin.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1, maxWidth: 420 }}
          slotProps={{ htmlInput: { 'aria-label': t('admin.search') } }}
        />
        <Stack sx={{ flex: 1 }} />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => navigate('/admin/analysis-admin/video-resources/create')}
          data-testid="resource-create"
        >
          {t('admin.create')}
        </Button>
      </Stack>
      {q.isError && <Alert severity="error">{t('hub.loadError')}</Alert>}
      {q.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : rows.length === 0 ? (
        <Alert severity="info">{deferred ? t('hub.noMatch') : t('admin.empty')}</Alert>
      ) : (
        <DataTable
          rows={rows}
          testId="resources-table"
          rowKey={(r) => r.id}
          rowTestId={() => 'resource-row'}
          onRowClick={(r) => void navigate(`/admin/analysis-admin/video-resources/${r.id}`)}
          columns={[
            {
              field: 'title',
              header: t('admin.columns.title'),
              render: (r) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Stack sx={{ color: 'text.secondary' }}>
                    <KindIcon resource={r} size={20} />
                  </Stack>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {r.title}
                  </Typography>
                </Stack>
              ),
            },
            { field: 'category', header: t('admin.columns.category'), render: (r) => t(`categories.${r.category}`) },
            { field: 'language', header: t('admin.columns.language'), render: (r) => languageName(r.language) },
            {
              field: 'visibility',
              header: t('admin.columns.visibility'),
              render: (r) =>
                r.visibility === 'All' ? (
                  <Chip size="small" label={t('admin.everyone')} />
                ) : (
                  <Typography variant="body2">{r.issuerNames.join(', ') || t('admin.nobody')}</Typography>
                ),
            },
            {
              id: 'content',
              header: t('admin.columns.content'),
              render: (r) =>
                r.source === 'link' ? (
                  t('kinds.link')
                ) : r.file ? (
                  `${r.file.contentType.split('/')[1]?.toUpperCase()} · ${fileSize(r.file.sizeBytes)}`
                ) : (
                  <Chip size="small" color="warning" variant="outlined" label={t('admin.noFile')} />
                ),
            },
            {
              field: 'updatedAt',
              header: t('admin.columns.updated'),
              cellSx: { whiteSpace: 'nowrap' },
              render: (r) => formatDateTime(r.updatedAt),
            },
          ]}
        />
      )}
    </Stack>
  );
}
