/**
 * /devops/sftp-configuration/create and /:configId: an SFTP source's settings (the password or key is write-only:
 * the form shows whether one is stored and sends a new one only when typed), "test connection" with the folder's
 * files, "pull now", the pulled files, and delete.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { JOB_TYPES, type TSftpConfigDetail, type TSftpTestResult } from '@sextant/shared/values';
import { creationOptionsQuery } from '../../../api/jobs.ts';
import {
  devopsKeys,
  saveSftp,
  sftpQuery,
  testSftp,
  useAcceptSftpHostKey,
  useDeleteSftp,
  useSftpPull,
  type TSftpConfigBody,
} from '../../../api/devops.ts';
import { useCan } from '../../../app/current-user.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { notify } from '../../../components/notifications/notification-store.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useFormMutation } from '../../../components/form-mutation.ts';
import { formatBytes } from '../devops-ui.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';

type TDraft = {
  issuerId: string;
  name: string;
  host: string;
  port: string;
  username: string;
  authMethod: 'password' | 'privateKey';
  password: string;
  privateKey: string;
  passphrase: string;
  folder: string;
  filePattern: string;
  buyerId: string;
  jobType: (typeof JOB_TYPES)[number];
  scheduleMinutes: string;
  enabled: boolean;
};

const EMPTY: TDraft = {
  issuerId: '',
  name: '',
  host: '',
  port: '22',
  username: '',
  authMethod: 'password',
  password: '',
  privateKey: '',
  passphrase: '',
  folder: '/',
  filePattern: '*.csv',
  buyerId: '',
  jobType: 'base',
  scheduleMinutes: '',
  enabled: true,
};

const fromConfig = (c: TSftpConfigDetail): TDraft => ({
  ...EMPTY,
  issuerId: c.issuerId,
  name: c.name,
  host: c.host,
  port: String(c.port),
  username: c.username,
  authMethod: c.authMethod,
  folder: c.folder,
  filePattern: c.filePattern,
  buyerId: c.buyerId ?? '',
  jobType: c.jobType,
  scheduleMinutes: c.scheduleMinutes ? String(c.scheduleMinutes) : '',
  enabled: c.enabled,
});

/** The request body: secrets only when typed (an empty field keeps the stored one). */
function toInput(d: TDraft): TSftpConfigBody {
  return {
    issuerId: d.issuerId,
    name: d.name,
    host: d.host,
    port: Number(d.port) || (d.port as unknown as number),
    username: d.username,
    authMethod: d.authMethod,
    ...(d.authMethod === 'password' && d.password ? { password: d.password } : {}),
    ...(d.authMethod === 'privateKey' && d.privateKey ? { privateKey: d.privateKey } : {}),
    ...(d.authMethod === 'privateKey' && d.passphrase ? { passphrase: d.passphrase } : {}),
    folder: d.folder,
    filePattern: d.filePattern,
    buyerId: d.buyerId,
    jobType: d.jobType,
    scheduleMinutes: d.scheduleMinutes.trim() ? Number(d.scheduleMinutes) : null,
    enabled: d.enabled,
  };
}

export function Component() {
  const { t } = useTranslation('devops');
  const { configId } = useParams();
  const id = configId ?? null;
  const navigate = useNavigate();
  const canEdit = useCan(['IssuerArea_CRUD']);
  const existing = useQuery({ ...sftpQuery(id ?? ''), enabled: Boolean(id) });
  const options = useQuery(creationOptionsQuery());
  const [draft, setDraft] = useState<TDraft>(EMPTY);
  const [test, setTest] = useState<TSftpTestResult | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const loaded = existing.data?.id;
  useEffect(() => {
    if (existing.data) setDraft(fromConfig(existing.data));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another source is loaded, not on each poll (existing.data changes on every poll)
  }, [loaded]);
  const set = <K extends keyof TDraft>(k: K, v: TDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = useFormMutation({
    mutationFn: (d: TDraft) => saveSftp(id, toInput(d)),
    operation: 'Save SFTP configuration',
    success: t('sftp.saved'),
    invalidate: [devopsKeys.sftpList(), ...(id ? [devopsKeys.sftp(id)] : [])],
    onSuccess: (r) => {
      setDraft((d) => ({ ...d, password: '', privateKey: '', passphrase: '' }));
      if (!id) void navigate(`/devops/sftp-configuration/${r.id}`, { replace: true });
    },
  });
  const tester = useFormMutation({
    mutationFn: (d: TDraft) => testSftp(id, toInput(d)),
    operation: 'Test connection',
    onSuccess: (r) => setTest(r),
  });
  const pull = useSftpPull(id ?? '');
  const acceptKey = useAcceptSftpHostKey(id ?? '');
  const del = useDeleteSftp();
  const errors = { ...tester.errors, ...save.errors };
  const issuer = options.data?.find((o) => o.issuerId === draft.issuerId);
  const c = existing.data;
  const disabled = !canEdit;
  const field = (k: keyof TDraft, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      size="small"
      label={t(`sftp.fields.${k}`)}
      value={draft[k] as string}
      onChange={(e) => set(k, e.target.value as never)}
      disabled={disabled}
      {...extra}
      // after `extra`: a field's error replaces its standing help text
      error={Boolean(errors[k])}
      helperText={errors[k] ?? extra.helperText}
      slotProps={{ htmlInput: { 'data-testid': `sftp-${k}` } }}
    />
  );

  if (id && existing.isError) return <Alert severity="warning">{t('sftp.notFound')}</Alert>;
  return (
    <Stack spacing={2} data-testid="sftp-page">
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {id ? (c?.name ?? ' ') : t('sftp.create')}
            </Typography>
            {c && c.lastPullStatus && (
              <Chip
                size="small"
                variant="outlined"
                color={c.lastPullStatus === 'ok' ? 'success' : 'error'}
                label={t('sftp.lastPullAt', { at: formatDateTime(c.lastPullAt) })}
              />
            )}
          </Stack>
          {c?.lastPullMessage && (
            <Alert severity={c.lastPullStatus === 'ok' ? 'info' : 'error'} sx={{ mb: 2 }} data-testid="sftp-last-pull">
              {c.lastPullMessage}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
            {field('name')}
            <TextField
              select
              size="small"
              label={t('sftp.fields.issuerId')}
              value={draft.issuerId}
              onChange={(e) => setDraft((d) => ({ ...d, issuerId: e.target.value, buyerId: '' }))}
              error={Boolean(errors.issuerId)}
              helperText={errors.issuerId}
              disabled={disabled || Boolean(id)}
              slotProps={{ htmlInput: { 'data-testid': 'sftp-issuerId' } }}
            >
              {(options.data ?? []).map((o) => (
                <MenuItem key={o.issuerId} value={o.issuerId}>
                  {o.issuerName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('sftp.fields.buyerId')}
              value={issuer?.buyers.some((b) => b.id === draft.buyerId) ? draft.buyerId : ''}
              onChange={(e) => set('buyerId', e.target.value)}
              error={Boolean(errors.buyerId)}
              helperText={errors.buyerId}
              disabled={disabled || !issuer}
              slotProps={{ htmlInput: { 'data-testid': 'sftp-buyerId' } }}
            >
              {(issuer?.buyers ?? []).map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.name}
                </MenuItem>
              ))}
            </TextField>
            {field('host')}
            {field('port', { inputMode: 'numeric' } as never)}
            {field('username')}
            <Stack spacing={1} sx={{ gridColumn: { md: '1 / -1' } }}>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={draft.authMethod}
                onChange={(_, v) => v && set('authMethod', v)}
                disabled={disabled}
                aria-label={t('sftp.fields.authMethod')}
              >
                <ToggleButton value="password">{t('sftp.auth.password')}</ToggleButton>
                <ToggleButton value="privateKey">{t('sftp.auth.privateKey')}</ToggleButton>
              </ToggleButtonGroup>
              {draft.authMethod === 'password' ? (
                field('password', {
                  type: 'password',
                  autoComplete: 'new-password',
                  helperText: c?.hasPassword ? t('sftp.secretStored') : t('sftp.secretWriteOnly'),
                })
              ) : (
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
                  {field('privateKey', {
                    multiline: true,
                    minRows: 3,
                    placeholder: '-----BEGIN OPENSSH PRIVATE KEY-----',
                    helperText: c?.hasPrivateKey ? t('sftp.secretStored') : t('sftp.secretWriteOnly'),
                  })}
                  {field('passphrase', { type: 'password', autoComplete: 'new-password' })}
                </Box>
              )}
              {c && (
                <Typography variant="body2" color="text.secondary" data-testid="sftp-secret-rule">
                  {t('sftp.secretRule')}
                </Typography>
              )}
              {c && (
                <Typography variant="body2" data-testid="sftp-host-key">
                  {c.hostKeyFingerprint
                    ? t('sftp.hostKey', { fingerprint: c.hostKeyFingerprint, at: formatDateTime(c.hostKeyPinnedAt) })
                    : t('sftp.hostKeyNone')}
                </Typography>
              )}
            </Stack>
            {field('folder')}
            {field('filePattern', { helperText: t('sftp.patternHelp') })}
            <TextField
              select
              size="small"
              label={t('sftp.fields.jobType')}
              value={draft.jobType}
              onChange={(e) => set('jobType', e.target.value as TDraft['jobType'])}
              disabled={disabled}
            >
              {JOB_TYPES.map((jt) => (
                <MenuItem key={jt} value={jt}>
                  {t(`sftp.jobTypes.${jt}`)}
                </MenuItem>
              ))}
            </TextField>
            {field('scheduleMinutes', { helperText: t('sftp.scheduleHelp') })}
            <FormControlLabel
              control={
                <Switch
                  checked={draft.enabled}
                  onChange={(e) => set('enabled', e.target.checked)}
                  disabled={disabled}
                />
              }
              label={t('sftp.fields.enabled')}
            />
          </Box>
          {canEdit && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              {id && (
                <Button color="error" onClick={() => setConfirmDelete(true)}>
                  {t('sftp.delete')}
                </Button>
              )}
              <Box sx={{ flex: 1 }} />
              <PendingButton
                variant="outlined"
                pending={tester.isPending}
                onClick={() => tester.mutate(draft)}
                data-testid="sftp-test"
              >
                {t('sftp.test')}
              </PendingButton>
              {id && (
                <PendingButton
                  variant="outlined"
                  onClick={async () => {
                    await pull.mutateAsync();
                    notify('info', t('sftp.pullQueued'));
                  }}
                >
                  {t('sftp.pullNow')}
                </PendingButton>
              )}
              <PendingButton
                variant="contained"
                pending={save.isPending}
                onClick={() => save.mutate(draft)}
                data-testid="sftp-save"
              >
                {t('sftp.save')}
              </PendingButton>
            </Stack>
          )}
        </CardContent>
      </Card>
      {test && (
        <Card variant="outlined" data-testid="sftp-test-result">
          <CardContent>
            <Alert severity={test.success ? 'success' : 'error'} sx={{ mb: test.files.length ? 2 : 0 }}>
              {test.message}
            </Alert>
            {test.hostKeyFingerprint && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
                <Typography variant="body2" data-testid="sftp-test-host-key">
                  {t(test.hostKeyPinned ? 'sftp.hostKeyPinnedNow' : 'sftp.hostKeySeen', {
                    fingerprint: test.hostKeyFingerprint,
                  })}
                </Typography>
                {c &&
                  canEdit &&
                  c.hostKeyFingerprint &&
                  c.hostKeyFingerprint !== test.hostKeyFingerprint &&
                  draft.host === c.host &&
                  Number(draft.port) === c.port && (
                    <PendingButton
                      size="small"
                      color="warning"
                      variant="outlined"
                      pending={acceptKey.isPending}
                      onClick={async () => {
                        await acceptKey.mutateAsync(test.hostKeyFingerprint!);
                        setTest(null);
                        notify('info', t('sftp.hostKeyAccepted'));
                      }}
                      data-testid="sftp-accept-host-key"
                    >
                      {t('sftp.acceptHostKey')}
                    </PendingButton>
                  )}
              </Stack>
            )}
            {test.files.length > 0 && (
              <DataTable
                rows={test.files}
                testId="sftp-test-files"
                variant="plain"
                stickyHeader={false}
                rowKey={(f) => f.name}
                columns={[
                  { field: 'name', header: t('sftp.file'), cellSx: { fontFamily: 'monospace' } },
                  { field: 'size', header: t('sftp.size'), align: 'right', render: (f) => formatBytes(f.size) },
                  { field: 'modifiedAt', header: t('sftp.modified'), render: (f) => formatDateTime(f.modifiedAt) },
                  {
                    field: 'matches',
                    header: t('sftp.matches'),
                    render: (f) => (
                      <Chip
                        size="small"
                        variant="outlined"
                        color={f.matches ? 'success' : 'default'}
                        label={f.matches ? t('sftp.yes') : t('sftp.no')}
                      />
                    ),
                  },
                ]}
              />
            )}
          </CardContent>
        </Card>
      )}
      {c && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('sftp.pulls')}
            </Typography>
            {c.pulls.length ? (
              <DataTable
                rows={c.pulls}
                testId="sftp-pulls"
                variant="plain"
                stickyHeader={false}
                rowKey={(p) => String(p.id)}
                columns={[
                  { field: 'remotePath', header: t('sftp.file'), cellSx: { fontFamily: 'monospace' } },
                  {
                    field: 'sizeBytes',
                    header: t('sftp.size'),
                    align: 'right',
                    render: (p) => formatBytes(p.sizeBytes),
                  },
                  {
                    field: 'jobName',
                    header: t('sftp.job'),
                    render: (p) =>
                      p.jobId ? (
                        <Link component={RouterLink} to={`/jobs/${p.jobId}`}>
                          {p.jobName}
                        </Link>
                      ) : (
                        '—'
                      ),
                  },
                  { field: 'pulledAt', header: t('sftp.pulledAt'), render: (p) => formatDateTime(p.pulledAt) },
                ]}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('sftp.noPulls')}
              </Typography>
            )}
          </CardContent>
        </Card>
      )}
      {confirmDelete && c && (
        <FormDialog
          open
          title={t('sftp.deleteTitle', { name: c.name })}
          description={t('sftp.deleteBody')}
          fields={[]}
          confirmLabel={t('sftp.delete')}
          cancelLabel={t('common.cancel')}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={async () => {
            await del.mutateAsync(c.id);
            notify('success', t('sftp.deleted'));
            void navigate('/devops/sftp-configuration');
          }}
        />
      )}
    </Stack>
  );
}
