/**
 * /admin/analysis-admin/chatbot-document-management (ChatbotDocumentManagement_CRUD): the documents the assistant
 * answers from (state and progress of their indexing, refreshed while any is in progress), upload of several files
 * with the failures listed per file, delete and re-index (one or a selection), and the conversation logs.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import type { TChatDocument, TChatDocumentStatus, TChatUploadResult } from '@sextant/shared/values';
import {
  chatDocumentsQuery,
  chatKeys,
  deleteChatDocuments,
  fetchChatHealth,
  reindexChatDocuments,
  uploadChatDocuments,
} from '../../api/chat.ts';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { ChatLogs } from './chat-logs.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

const STATUS_COLOR: Record<TChatDocumentStatus, 'default' | 'info' | 'success' | 'error'> = {
  Pending: 'default',
  Indexing: 'info',
  Indexed: 'success',
  Error: 'error',
};

const size = (n: number) =>
  n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`;

/** Waiting, being indexed, or being embedded (an indexed document whose vectors are being computed). */
const inProgress = (d: TChatDocument) =>
  d.status === 'Pending' ||
  d.status === 'Indexing' ||
  (d.status === 'Indexed' && d.progress_note !== null && (d.progress ?? 100) < 100);

function DocumentsTab() {
  const { t } = useTranslation('chat');
  const qc = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [failed, setFailed] = useState<TChatUploadResult['failed']>([]);
  const [confirm, setConfirm] = useState<string[] | null>(null);
  const docs = useQuery({
    ...chatDocumentsQuery(),
    refetchInterval: (q) => ((q.state.data ?? []).some(inProgress) ? 1000 : false),
  });
  const health = useQuery({ queryKey: chatKeys.health(), queryFn: fetchChatHealth, retry: false });
  const refresh = () => qc.invalidateQueries({ queryKey: chatKeys.documents() });

  const upload = useMutation({
    mutationFn: uploadChatDocuments,
    onSuccess: (r) => {
      setFailed(r.failed);
      if (r.uploaded.length) notify('success', t('documents.uploaded', { count: r.uploaded.length }));
      void refresh();
    },
    onError: (e) => notifyError(e, 'Upload chatbot documents'),
  });
  const remove = useMutation({
    mutationFn: deleteChatDocuments,
    onSuccess: (r) => {
      notify('success', t('documents.deleted', { count: r.affected }));
      setSelected([]);
      setConfirm(null);
      void refresh();
    },
    onError: (e) => notifyError(e, 'Delete chatbot documents'),
  });
  const reindex = useMutation({
    mutationFn: reindexChatDocuments,
    onSuccess: (r) => {
      notify('success', t('documents.reindexed', { count: r.affected }));
      void refresh();
    },
    onError: (e) => notifyError(e, 'Re-index chatbot documents'),
  });

  const rows = docs.data ?? [];
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const allSelected = rows.length > 0 && selected.length === rows.length;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('documents.intro', { maxMb: health.data?.upload_max_mb ?? '…' })}{' '}
          {health.data && (health.data.model_configured ? t('documents.modelOn') : t('documents.modelOff'))}{' '}
          {health.data &&
            (health.data.embeddings_configured ? t('documents.embeddingsOn') : t('documents.embeddingsOff'))}
        </Typography>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept=".pdf,.docx,.txt,.md,.markdown,.csv"
          data-testid="chat-doc-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) upload.mutate(files);
          }}
        />
        <Button
          variant="contained"
          startIcon={<CloudUploadOutlined />}
          onClick={() => fileInput.current?.click()}
          disabled={upload.isPending}
          data-testid="chat-doc-upload"
        >
          {upload.isPending ? t('documents.uploading') : t('documents.upload')}
        </Button>
      </Stack>

      {failed.length > 0 && (
        <Alert severity="error" onClose={() => setFailed([])} data-testid="chat-doc-failures">
          <AlertTitle>{t('documents.failedTitle')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {failed.map((f, i) => (
              <li key={i}>
                <strong>{f.filename}</strong>: {f.error}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      {selected.length > 0 && (
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<RefreshRounded />} onClick={() => reindex.mutate(selected)}>
            {t('documents.reindexSelected', { count: selected.length })}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => setConfirm(selected)}>
            {t('documents.deleteSelected', { count: selected.length })}
          </Button>
        </Stack>
      )}

      <DataTable<TChatDocument>
        rows={docs.isLoading ? undefined : rows}
        loading={docs.isFetching}
        testId="chat-doc-table"
        stickyHeader={false}
        hover
        emptyText={t('documents.empty')}
        rowKey={(d) => d.id}
        rowTestId={() => 'chat-doc-row'}
        rowAttributes={(d) => ({ 'data-filename': d.filename, 'data-status': d.status })}
        columns={[
          {
            id: 'select',
            header: 'select all',
            padding: 'checkbox',
            headerContent: (
              <Checkbox
                size="small"
                checked={allSelected}
                indeterminate={selected.length > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
                inputProps={{ 'aria-label': 'select all' }}
              />
            ),
            render: (d) => <Checkbox size="small" checked={selected.includes(d.id)} onChange={() => toggle(d.id)} />,
          },
          {
            field: 'filename',
            header: t('documents.filename'),
            cellSx: { maxWidth: 320, wordBreak: 'break-word', fontWeight: 500 },
            render: (d) => (
              <>
                {d.filename}
                {d.builtin && <Chip size="small" label={t('documents.builtin')} sx={{ ml: 1 }} />}
              </>
            ),
          },
          { field: 'kind', header: t('documents.kind'), cellSx: { textTransform: 'uppercase' } },
          { field: 'size_bytes', header: t('documents.size'), align: 'right', render: (d) => size(d.size_bytes) },
          {
            field: 'status',
            header: t('documents.status'),
            render: (d) => (
              <>
                <Tooltip title={d.error ?? ''}>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[d.status]}
                    variant={d.status === 'Indexed' ? 'outlined' : 'filled'}
                    label={
                      d.status === 'Indexing' && d.progress !== null
                        ? `${t(`documents.status${d.status}`)} ${Math.floor(d.progress)}%`
                        : t(`documents.status${d.status}`)
                    }
                    data-testid="chat-doc-status"
                  />
                </Tooltip>
                {inProgress(d) && d.status !== 'Pending' && (
                  <LinearProgress
                    variant="determinate"
                    value={d.progress ?? 0}
                    aria-label={t('documents.progress', { filename: d.filename })}
                    data-testid="chat-doc-progress"
                    sx={{ mt: 0.75, maxWidth: 180, height: 6, borderRadius: 3 }}
                  />
                )}
                {d.progress_note && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', mt: 0.5 }}
                    data-testid="chat-doc-progress-note"
                  >
                    {d.progress_note}
                  </Typography>
                )}
                {d.embedding_model && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.25 }}>
                    {t('documents.vectors', { model: d.embedding_model })}
                  </Typography>
                )}
                {d.error && (
                  <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
                    {d.error}
                  </Typography>
                )}
              </>
            ),
          },
          { field: 'page_count', header: t('documents.pages'), align: 'right', render: (d) => d.page_count ?? '—' },
          { field: 'passage_count', header: t('documents.passages'), align: 'right' },
          { field: 'uploaded_by', header: t('documents.uploadedBy'), render: (d) => d.uploaded_by ?? '—' },
          {
            field: 'uploaded_at',
            header: t('documents.uploadedAt'),
            cellSx: { whiteSpace: 'nowrap' },
            render: (d) => formatDateTime(d.uploaded_at),
          },
          {
            field: 'actions',
            header: '',
            align: 'right',
            cellSx: { whiteSpace: 'nowrap' },
            render: (d) => (
              <>
                <Tooltip title={t('documents.open')}>
                  <IconButton size="small" href={`/chat/documents/${d.id}/file`} target="_blank" rel="noopener">
                    <OpenInNewRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('documents.reindex')}>
                  <IconButton
                    size="small"
                    onClick={() => reindex.mutate([d.id])}
                    aria-label={`${t('documents.reindex')} ${d.filename}`}
                  >
                    <RefreshRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('documents.delete')}>
                  <IconButton
                    size="small"
                    color="error"
                    onClick={() => setConfirm([d.id])}
                    aria-label={`${t('documents.delete')} ${d.filename}`}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            ),
          },
        ]}
      />

      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>{t('documents.confirmDeleteTitle')}</DialogTitle>
        <DialogContent>{t('documents.confirmDelete', { count: confirm?.length ?? 0 })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('documents.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => confirm && remove.mutate(confirm)}
            disabled={remove.isPending}
            data-testid="chat-doc-confirm-delete"
          >
            {t('documents.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('chat');
  const [tab, setTab] = useState(0);
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab label={t('documents.tabDocuments')} data-testid="chat-tab-documents" />
        <Tab label={t('documents.tabLogs')} data-testid="chat-tab-logs" />
      </Tabs>
      {tab === 0 ? <DocumentsTab /> : <ChatLogs />}
    </Stack>
  );
}
