/**
 * /upload#token=… (public): the page an upload link opens. The holder sees the one job the link was issued for,
 * uploads files into it and finishes; the token stays in the URL fragment (never sent in a page request) and
 * travels to the API in a header. Revoked, used and expired links get their own message.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import {
  finishUploadLink,
  uploadLinkKeys,
  uploadLinkQuery,
  uploadWithLink,
  type TUploadKind,
} from '../../api/admin-accounts.ts';
import { isApiError } from '../../api/client.ts';
import { formatDateTime } from '../../app/i18n.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { usePublicBranding } from '../../app/use-public-branding.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { AuthLayout } from '../login/auth-layout.tsx';

const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

export function Component() {
  const { t } = useTranslation('admin-accounts');
  useDocumentTitle(t('upload.title'));
  const { brandingKey } = usePublicBranding();
  const { hash } = useLocation();
  const token = useMemo(() => tokenFromHash(hash), [hash]);
  const qc = useQueryClient();
  const view = useQuery({ ...uploadLinkQuery(token), enabled: token.length >= 20, meta: { silent: true } });
  const [dataKind, setDataKind] = useState<TUploadKind | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [finished, setFinished] = useState(false);
  const kind = dataKind || view.data?.dataKinds[0] || '';
  const upload = useMutation({
    mutationFn: async () => {
      if (!kind) throw new Error(t('upload.dataKind'));
      return uploadWithLink(token, kind, files[0]!);
    },
    meta: { silent: true },
    onSuccess: async () => {
      setFiles([]);
      await qc.invalidateQueries({ queryKey: uploadLinkKeys.view(token) });
    },
  });
  const finish = useMutation({
    mutationFn: () => finishUploadLink(token),
    meta: { silent: true },
    onSuccess: () => setFinished(true),
  });
  const refusal = (e: unknown) => {
    if (!isApiError(e)) return t('upload.failed');
    if (e.code === 'LinkExpired') return t('upload.expired');
    if (e.code === 'LinkRevoked') return t('upload.revoked');
    if (e.code === 'LinkUsed') return t('upload.used');
    if (e.status === 404) return t('upload.invalid');
    return e.message;
  };
  const blocked = token.length < 20 ? t('upload.invalid') : view.isError ? refusal(view.error) : null;

  return (
    <AuthLayout brandingKey={brandingKey}>
      <Stack spacing={2.5}>
        <CloudUploadOutlined color="primary" sx={{ fontSize: 44 }} />
        <Box>
          <Typography variant="h3" component="h1" gutterBottom>
            {t('upload.title')}
          </Typography>
          {view.data && (
            <Typography color="text.secondary" data-testid="upload-link-job">
              {t('upload.intro', { job: view.data.jobName, issuer: view.data.issuerName })}
            </Typography>
          )}
        </Box>
        {blocked && (
          <Alert severity="error" data-testid="upload-link-error">
            {blocked}
          </Alert>
        )}
        {finished && (
          <Alert severity="success" icon={<TaskAltOutlined />} data-testid="upload-link-finished">
            {t('upload.thanks')}
          </Alert>
        )}
        {view.data && !finished && (
          <>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {view.data.buyerName && <Chip size="small" label={view.data.buyerName} />}
              <Chip
                size="small"
                variant="outlined"
                label={t('upload.until', { date: formatDateTime(view.data.expiresAt) })}
              />
            </Stack>
            <TextField
              select
              size="small"
              label={t('upload.dataKind')}
              value={kind}
              onChange={(e) => setDataKind(view.data.dataKinds.find((k) => k === e.target.value) ?? '')}
            >
              {view.data.dataKinds.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`upload.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <FileUpload files={files} onChange={setFiles} accept=".csv,.txt,.xlsx" name="upload-link" />
            {upload.isError && (
              <Alert severity="error" data-testid="upload-link-upload-error">
                {refusal(upload.error)}
              </Alert>
            )}
            <PendingButton
              variant="contained"
              size="large"
              pending={upload.isPending}
              disabled={!files.length}
              onClick={() => upload.mutate()}
              data-testid="upload-link-send"
            >
              {t('upload.send')}
            </PendingButton>
            {view.data.files.length > 0 && (
              <Box>
                <Typography variant="subtitle2">{t('upload.sent')}</Typography>
                <List dense data-testid="upload-link-files">
                  {view.data.files.map((f) => (
                    <ListItem key={f.id} disableGutters>
                      <ListItemText
                        primary={f.originalName}
                        secondary={
                          f.problem
                            ? f.problem
                            : t('upload.rows', {
                                kind: t(`upload.kinds.${f.dataKind}`),
                                valid: f.validRowCount ?? 0,
                                count: f.rowCount ?? 0,
                              })
                        }
                        slotProps={{ secondary: { color: f.problem ? 'error' : 'text.secondary' } }}
                      />
                    </ListItem>
                  ))}
                </List>
                <PendingButton
                  variant="outlined"
                  pending={finish.isPending}
                  onClick={() => finish.mutate()}
                  data-testid="upload-link-finish"
                >
                  {t('upload.finish')}
                </PendingButton>
                {finish.isError && <Alert severity="error">{refusal(finish.error)}</Alert>}
              </Box>
            )}
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
