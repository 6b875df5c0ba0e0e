/**
 * Building blocks of the ProQ pages: the state chip, the progress cell, and the command detail drawer
 * (GET /commands/{id}) with payload, error, and Retry/Cancel behind a confirmation.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import BlockRounded from '@mui/icons-material/BlockRounded';
import type { TProqCommand, TProqCommandState } from '@sextant/shared/values';
import { commandQuery, useCommandAction } from '../../api/proq.ts';
import { useCan } from '../../app/current-user.ts';
import { COPY_NOTICE_MS } from '../../components/data-table/copy-cell.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { Field } from '../../components/field.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { canCancel, canRetry, durationMs, formatAge, formatDuration, STATE_COLOR } from './proq-format.ts';

export function StateChip({ state, size = 'small' }: { state: TProqCommandState; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('devops');
  const color = STATE_COLOR[state];
  return (
    <Chip
      size={size}
      label={t(`states.${state}`)}
      color={color}
      variant={state === 'Completed' || state === 'Blocked' ? 'outlined' : 'filled'}
      data-testid="proq-state"
      sx={{ fontWeight: 600 }}
    />
  );
}

export function ProgressCell({ c }: { c: Pick<TProqCommand, 'state' | 'progressPercent' | 'progressMessage'> }) {
  if (c.state !== 'InProgress') return <>—</>;
  const pct = Math.max(0, Math.min(100, c.progressPercent ?? 0));
  return (
    <Tooltip title={c.progressMessage ?? ''}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 110 }}>
        <LinearProgress
          variant={c.progressPercent === null ? 'indeterminate' : 'determinate'}
          value={pct}
          sx={{ flex: 1, height: 6, borderRadius: 3 }}
        />
        <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {Math.round(pct)}%
        </Typography>
      </Stack>
    </Tooltip>
  );
}

export const jobLink = (c: Pick<TProqCommand, 'jobId' | 'jobName'>) =>
  c.jobId ? (
    <Link
      component={RouterLink}
      to={`/workflow-management?jobId=${encodeURIComponent(c.jobId)}`}
      onClick={(e) => e.stopPropagation()}
      underline="hover"
    >
      {c.jobName ?? c.jobId.slice(0, 8)}
    </Link>
  ) : (
    '—'
  );

export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <>—</>;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {tags.map((t) => (
        <Chip key={t} label={t} size="small" variant="outlined" sx={{ height: 20, fontSize: 11 }} />
      ))}
    </Stack>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('table');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="small"
      startIcon={<ContentCopyRounded fontSize="small" />}
      data-testid="proq-copy-payload"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? t('copied') : label}
    </Button>
  );
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12.5 } as const;

function ConfirmAction({
  command,
  action,
  onClose,
}: {
  command: TProqCommand;
  action: 'retry' | 'cancel' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('devops');
  const [reason, setReason] = useState('');
  const m = useCommandAction();
  useEffect(() => setReason(''), [action]);
  if (!action) return null;
  const retry = action === 'retry';
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="proq-confirm">
      <DialogTitle>{retry ? t('drawer.retryTitle') : t('drawer.cancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: retry ? 0 : 2 }}>
          {retry
            ? t('drawer.retryBody', { id: command.id, type: command.commandType })
            : t('drawer.cancelBody', { id: command.id, type: command.commandType })}
        </DialogContentText>
        {!retry && (
          <TextField
            label={t('drawer.reason')}
            fullWidth
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.no')}</Button>
        <PendingButton
          variant="contained"
          color={retry ? 'primary' : 'error'}
          data-testid="proq-confirm-yes"
          pending={m.isPending}
          onClick={() => m.mutateAsync({ id: command.id, action, reason }).then(onClose)}
        >
          {retry ? t('drawer.retry') : t('drawer.cancelCommand')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}

/** The detail drawer of one command; `commandId` null closes it. */
export function CommandDrawer({
  commandId,
  onClose,
  onOpenCommand,
}: {
  commandId: number | null;
  onClose: () => void;
  onOpenCommand?: (id: number) => void;
}) {
  const { t } = useTranslation('devops');
  const q = useQuery({
    ...commandQuery(commandId ?? 0),
    enabled: commandId !== null,
    refetchInterval: (s) =>
      s.state.data && ['Blocked', 'Pending', 'InProgress'].includes(s.state.data.state) ? 4000 : false,
  });
  const [action, setAction] = useState<'retry' | 'cancel' | null>(null);
  const mayAct = useCan(['DevOps_Area_VIEW']);
  const c = commandId !== null ? q.data : undefined;
  const payload = c ? JSON.stringify(c.payload, null, 2) : '';
  return (
    <Drawer
      anchor="right"
      open={commandId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 600 } } } }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="proq-command-drawer">
        <Stack
          direction="row"
          sx={{ alignItems: 'center', px: 3, py: 2, gap: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
              {t('drawer.command', { id: commandId })}
            </Typography>
            <Typography
              variant="h6"
              sx={{ ...mono, fontSize: 18, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}
              data-testid="proq-drawer-type"
            >
              {c?.commandType ?? '…'}
            </Typography>
          </Box>
          {c && <StateChip state={c.state} size="medium" />}
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <CloseRounded />
          </IconButton>
        </Stack>
        {!c ? (
          <Box sx={{ p: 6, textAlign: 'center' }}>
            {q.isError ? <Alert severity="error">{t('drawer.loadError')}</Alert> : <CircularProgress size={28} />}
          </Box>
        ) : (
          <Box sx={{ flex: 1, overflow: 'auto', px: 3, py: 2.5 }}>
            <Stack spacing={2.5}>
              {c.state === 'InProgress' && (
                <Box>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
                    <Typography variant="body2">{c.progressMessage ?? t('drawer.running')}</Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {Math.round(c.progressPercent ?? 0)}%
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={c.progressPercent ?? 0}
                    sx={{ height: 8, borderRadius: 4 }}
                  />
                </Box>
              )}
              {(c.state === 'Error' || c.state === 'Canceled') && c.message && (
                <Alert
                  severity={c.state === 'Error' ? 'error' : 'warning'}
                  data-testid="proq-drawer-error"
                  action={
                    onOpenCommand && c.failedRootId !== null && c.failedRootId !== c.id ? (
                      <Button color="inherit" size="small" onClick={() => onOpenCommand(c.failedRootId!)}>
                        {t('drawer.openRoot', { id: c.failedRootId })}
                      </Button>
                    ) : undefined
                  }
                >
                  <Box component="pre" sx={{ ...mono, m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {c.message}
                  </Box>
                </Alert>
              )}
              {c.state === 'Completed' && c.message && <Alert severity="success">{c.message}</Alert>}
              {mayAct && (canRetry(c.state) || canCancel(c.state)) && (
                <Stack direction="row" spacing={1}>
                  {canRetry(c.state) && (
                    <Button
                      variant="contained"
                      startIcon={<ReplayRounded />}
                      onClick={() => setAction('retry')}
                      data-testid="proq-retry"
                    >
                      {t('drawer.retry')}
                    </Button>
                  )}
                  {canCancel(c.state) && (
                    <Button
                      variant="outlined"
                      color="error"
                      startIcon={<BlockRounded />}
                      onClick={() => setAction('cancel')}
                      data-testid="proq-cancel"
                    >
                      {t('common.cancel')}
                    </Button>
                  )}
                </Stack>
              )}
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                }}
              >
                <Field label={t('drawer.fields.job')}>{jobLink(c)}</Field>
                <Field label={t('drawer.fields.category')}>{c.category}</Field>
                <Field label={t('drawer.fields.priority')}>{c.priority}</Field>
                <Field label={t('drawer.fields.attempts')}>{`${c.attempts} / ${c.maxAttempts}`}</Field>
                <Field label={t('drawer.fields.queued')}>{formatDateTime(c.queuedDate)}</Field>
                <Field label={t('drawer.fields.started')}>{formatDateTime(c.startedDate)}</Field>
                <Field label={t('drawer.fields.completed')}>{formatDateTime(c.completedDate)}</Field>
                <Field label={t('drawer.fields.duration')}>
                  {formatDuration(durationMs(c.startedDate, c.completedDate))}
                </Field>
                <Field label={t('drawer.fields.age')}>{formatAge(c.age)}</Field>
                <Field label={t('drawer.fields.prerequisite')}>
                  {c.prerequisite !== null ? `#${c.prerequisite}` : null}
                </Field>
                <Field label={t('drawer.fields.prerequisiteBatch')}>{c.prerequisiteBatchId}</Field>
                <Field label={t('drawer.fields.batch')}>{c.batchId}</Field>
                <Field label={t('drawer.fields.processingGroup')}>{c.processingGroup}</Field>
                <Field label={t('drawer.fields.environment')}>{c.environment}</Field>
                <Field label={t('drawer.fields.stuckTimeout')}>{`${c.stuckTimeOutInSeconds} s`}</Field>
                <Field label={t('drawer.fields.scheduled')}>
                  {c.scheduledTime ? formatDateTime(c.scheduledTime) : null}
                </Field>
                <Field label={t('drawer.fields.worker')}>{c.lockedBy}</Field>
                <Field label={t('drawer.fields.targetEntity')}>{c.targetEntityId}</Field>
              </Box>
              <Field label={t('drawer.fields.correlationId')}>
                <Box component="span" sx={mono}>
                  {c.correlationId}
                </Box>
              </Field>
              <Field label={t('drawer.fields.tags')}>
                <TagList tags={c.tags} />
              </Field>
              <Divider />
              <Box>
                <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle2" sx={{ flex: 1 }}>
                    {t('drawer.payload')}
                  </Typography>
                  <CopyButton text={payload} label={t('drawer.copyPayload')} />
                </Stack>
                <Box
                  component="pre"
                  data-testid="proq-payload"
                  sx={{
                    ...mono,
                    m: 0,
                    p: 2,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                    border: 1,
                    borderColor: 'divider',
                    overflow: 'auto',
                    maxHeight: 360,
                    whiteSpace: 'pre',
                  }}
                >
                  {payload}
                </Box>
              </Box>
              {c.state !== 'Error' && c.state !== 'Canceled' && c.state !== 'Completed' && c.message && (
                <Field label={t('drawer.fields.lastMessage')}>
                  <Box component="pre" sx={{ ...mono, m: 0, whiteSpace: 'pre-wrap' }}>
                    {c.message}
                  </Box>
                </Field>
              )}
            </Stack>
          </Box>
        )}
      </Box>
      {c && <ConfirmAction command={c} action={action} onClose={() => setAction(null)} />}
    </Drawer>
  );
}
