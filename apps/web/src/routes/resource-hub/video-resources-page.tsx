/** /admin/analysis-admin/video-resources (VideoResources_CRUD): every resource, searchable, with its file state. */
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { manageResourcesQuery } from '../../api/resources.ts';
import { formatDateTime } from '../../app/i18n.ts';
import { fileSize, KindIcon, languageName } from './resource-ui.tsx';

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
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" data-testid="resources-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.columns.title')}</TableCell>
                <TableCell>{t('admin.columns.category')}</TableCell>
                <TableCell>{t('admin.columns.language')}</TableCell>
                <TableCell>{t('admin.columns.visibility')}</TableCell>
                <TableCell>{t('admin.columns.content')}</TableCell>
                <TableCell>{t('admin.columns.updated')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/admin/analysis-admin/video-resources/${r.id}`)}
                  data-testid="resource-row"
                >
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Stack sx={{ color: 'text.secondary' }}>
                        <KindIcon resource={r} size={20} />
                      </Stack>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {r.title}
                      </Typography>
                    </Stack>
                  </TableCell>
                  <TableCell>{t(`categories.${r.category}`)}</TableCell>
                  <TableCell>{languageName(r.language)}</TableCell>
                  <TableCell>
                    {r.visibility === 'All' ? (
                      <Chip size="small" label={t('admin.everyone')} />
                    ) : (
                      <Typography variant="body2">{r.issuerNames.join(', ') || t('admin.nobody')}</Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {r.source === 'link' ? (
                      t('kinds.link')
                    ) : r.file ? (
                      `${r.file.contentType.split('/')[1]?.toUpperCase()} · ${fileSize(r.file.sizeBytes)}`
                    ) : (
                      <Chip size="small" color="warning" variant="outlined" label={t('admin.noFile')} />
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
