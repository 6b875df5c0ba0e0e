/**
 * /jobs/:jobId/campaign-workflows/:campaignWorkflowId: a workflow's waves (route, stage, schedule, counters, emails,
 * outreach with preview and progress), counters by route and for All Routes, the supplier table with bulk status
 * changes, and the outcome and contact uploads (row-level report; nothing applied when a file has errors).
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  CAMPAIGN_MERGE_FIELDS,
  CAMPAIGN_ROUTE_LABELS,
  CAMPAIGN_ROUTES,
  CAMPAIGN_STAGE_TRANSITIONS,
  ENROLMENT_STATUSES,
  type TCampaign,
  type TCampaignRoute,
  type TEnrolmentStatus,
  type TOutcomeUploadResult,
  type TOutreachPreview,
  type TWorkflowDetail,
} from '@sextant/shared/values';
import {
  bulkStatus,
  campaignKeys,
  createCampaign,
  deleteWorkflow,
  previewOutreach,
  renameWorkflow,
  sendOutreach,
  updateCampaign,
  uploadBounces,
  uploadWorkflowFile,
  workflowQuery,
  workflowSuppliersQuery,
  type TWorkflowSupplierParams,
} from '../../api/campaigns.ts';
import { isApiError, type ApiError } from '../../api/client.ts';
import { useCan } from '../../app/current-user.ts';
import { notify } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { JobLayout } from '../jobs/job-layout.tsx';
import { Funnel, NS, StageChip, StatusChip } from './parts.tsx';

const COUNTER_KEYS = ['total', 'pending', 'active', 'succeeded', 'failed'] as const;

export function Component() {
  const { campaignWorkflowId = '' } = useParams();
  return <JobLayout>{(job) => <Workflow jobId={job.id} id={campaignWorkflowId} />}</JobLayout>;
}

function useInvalidate(jobId: string, id: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: campaignKeys.detail(jobId, id) });
    void qc.invalidateQueries({ queryKey: campaignKeys.list(jobId) });
  };
}

function Workflow({ jobId, id }: { jobId: string; id: string }) {
  const { t } = useTranslation(NS);
  const canEdit = useCan(['Campaign_Edit']);
  const canDelete = useCan(['Campaign_Delete']);
  const canUpload = useCan(['Campaign_Edit', 'CampaignManager_Upload']);
  const navigate = useNavigate();
  const running = (d: TWorkflowDetail | undefined) =>
    d?.campaigns.some((c) => c.outreach && ['Pending', 'InProgress', 'Blocked'].includes(c.outreach.state)) ?? false;
  const q = useQuery({
    ...workflowQuery(jobId, id),
    refetchInterval: (query) => (running(query.state.data) ? 1500 : false),
  });
  const invalidate = useInvalidate(jobId, id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteWorkflow(jobId, id),
    onSuccess: () => {
      invalidate();
      void navigate(`/jobs/${encodeURIComponent(jobId)}/campaign-workflows`);
    },
  });
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  const d = q.data;
  if (!d) return <Skeleton variant="rounded" height={320} />;
  return (
    <Stack spacing={2} data-testid="campaign-workflow-page">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <div>
          <Link component={RouterLink} to={`/jobs/${encodeURIComponent(jobId)}/campaign-workflows`} variant="body2">
            {t('workflow.back')}
          </Link>
          <Typography variant="h5" component="h2" data-testid="workflow-name">
            {d.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {d.useCaseName ? t('list.fromUseCase', { name: d.useCaseName }) : t('list.fromFilter')} ·{' '}
            {t('list.owner', { name: d.ownerName ?? '—' })} ·{' '}
            {t('workflow.spend', {
              total: formatAmount(d.totalSpend, d.currency),
              succeeded: formatAmount(d.succeededSpend, d.currency),
            })}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {canEdit && (
            <Button
              variant="outlined"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => setRenaming(true)}
              data-testid="workflow-rename"
            >
              {t('workflow.rename')}
            </Button>
          )}
          {canDelete && (
            <Button
              color="error"
              variant="outlined"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => setConfirmDelete(true)}
            >
              {t('workflow.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      {renaming && (
        <RenameDialog
          jobId={jobId}
          d={d}
          onClose={() => setRenaming(false)}
          onDone={() => {
            setRenaming(false);
            invalidate();
          }}
        />
      )}
      {d.missing > 0 && <Alert severity="warning">{t('workflow.missing', { count: d.missing })}</Alert>}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(300px, 2fr)' }, gap: 2 }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('workflow.byRoute')}
          </Typography>
          <Table size="small" data-testid="route-counters">
            <TableHead>
              <TableRow>
                <TableCell>{t('workflow.route')}</TableCell>
                {(['total', 'pending', 'active', 'succeeded', 'failed'] as const).map((k) => (
                  <TableCell key={k} align="right">
                    {t(`counters.${k}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {d.routes.map((r) => (
                <TableRow key={r.route} data-testid={`route-${r.route}`}>
                  <TableCell sx={{ fontWeight: r.route === 'All' ? 700 : 400 }}>{r.label}</TableCell>
                  {(['total', 'pending', 'active', 'succeeded', 'failed'] as const).map((k) => (
                    <TableCell key={k} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatCount(r.counters[k])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('funnel.label')}
          </Typography>
          <Funnel counters={d.counters} height={190} />
        </Paper>
      </Box>
      <Waves jobId={jobId} d={d} canEdit={canEdit} onChange={invalidate} />
      {canUpload && <Uploads jobId={jobId} id={id} onChange={invalidate} />}
      <Suppliers jobId={jobId} d={d} canEdit={canEdit} onChange={invalidate} />
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{t('workflow.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('workflow.deleteText', { name: d.name })}</Typography>
          {remove.error && <Alert severity="error">{remove.error.message}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{t('common.cancel')}</Button>
          <PendingButton color="error" variant="contained" pending={remove.isPending} onClick={() => remove.mutate()}>
            {t('workflow.delete')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** Renames the workflow; the server's validation message shows under the field. */
function RenameDialog({
  jobId,
  d,
  onClose,
  onDone,
}: {
  jobId: string;
  d: TWorkflowDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [name, setName] = useState(d.name);
  const [touched, setTouched] = useState(false);
  const m = useMutation({
    mutationFn: (value: string) => renameWorkflow(jobId, d.id, value),
    meta: { silent: true },
    onSuccess: (detail) => {
      qc.setQueryData(campaignKeys.detail(jobId, d.id), detail);
      notify('success', t('workflow.renamed', { name: detail.name }));
      onDone();
    },
  });
  const trimmed = name.trim();
  const local = !trimmed ? t('workflow.nameRequired') : trimmed.length > 200 ? t('workflow.nameTooLong') : null;
  const server = m.error
    ? ((isApiError(m.error) && m.error.errors?.find((e) => e.path === 'name' || e.path === 'body.name')?.message) ??
      m.error.message)
    : null;
  const error = (touched && local) || server;
  const submit = () => {
    setTouched(true);
    if (!local) m.mutate(trimmed);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('workflow.renameTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('create.name')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            m.reset();
          }}
          onBlur={() => setTouched(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
          error={Boolean(error)}
          helperText={error || ' '}
          slotProps={{ htmlInput: { 'data-testid': 'workflow-name-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <PendingButton variant="contained" pending={m.isPending} onClick={submit} data-testid="workflow-rename-save">
          {t('workflow.renameSave')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}

function Waves({
  jobId,
  d,
  canEdit,
  onChange,
}: {
  jobId: string;
  d: TWorkflowDetail;
  canEdit: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation(NS);
  const [adding, setAdding] = useState(false);
  const [outreach, setOutreach] = useState<TCampaign | null>(null);
  const stage = useMutation({
    mutationFn: (v: { c: TCampaign; to: TCampaign['stageStatus'] }) =>
      updateCampaign(jobId, d.id, v.c.id, { stageStatus: v.to }),
    onSuccess: onChange,
    onError: (e) => notify('error', e.message),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('waves.title')}
        </Typography>
        {canEdit && (
          <Button variant="contained" size="small" onClick={() => setAdding(true)} disabled={d.unassigned === 0}>
            {t('waves.add')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('waves.unassigned', { count: d.unassigned })}
      </Typography>
      {d.campaigns.length === 0 ? (
        <Typography color="text.secondary">{t('waves.none')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="waves">
            <TableHead>
              <TableRow>
                <TableCell>{t('waves.name')}</TableCell>
                <TableCell>{t('workflow.route')}</TableCell>
                <TableCell>{t('waves.stage')}</TableCell>
                <TableCell>{t('waves.start')}</TableCell>
                {COUNTER_KEYS.map((k) => (
                  <TableCell key={k} align="right">
                    {t(`counters.${k}`)}
                  </TableCell>
                ))}
                <TableCell>{t('waves.emails')}</TableCell>
                {canEdit && <TableCell align="right">{t('waves.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {d.campaigns.map((c) => {
                const busy = c.outreach && ['Pending', 'InProgress', 'Blocked'].includes(c.outreach.state);
                return (
                  <TableRow key={c.id} data-testid={`wave-${c.name}`}>
                    <TableCell sx={{ fontWeight: 600, minWidth: 140 }}>{c.name}</TableCell>
                    <TableCell>{CAMPAIGN_ROUTE_LABELS[c.route]}</TableCell>
                    <TableCell>
                      <StageChip stage={c.stageStatus} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {c.scheduledStart ? new Date(c.scheduledStart).toLocaleDateString() : '—'}
                    </TableCell>
                    {COUNTER_KEYS.map((k) => (
                      <TableCell
                        key={k}
                        align="right"
                        sx={{ fontVariantNumeric: 'tabular-nums' }}
                        data-testid={`wave-counters-${c.name}-${k}`}
                      >
                        {formatCount(c.counters[k])}
                      </TableCell>
                    ))}
                    <TableCell data-testid={`wave-emails-${c.name}`} sx={{ minWidth: 120 }}>
                      {t('waves.emailCounts', {
                        sent: c.emails.sent,
                        bounced: c.emails.bounced,
                        failed: c.emails.failed,
                      })}
                      {busy && (
                        <Box sx={{ mt: 0.5 }}>
                          <LinearProgress variant="determinate" value={c.outreach?.progressPercent ?? 0} />
                          <Typography variant="caption" color="text.secondary">
                            {c.outreach?.progressMessage ?? t('waves.sending')}
                          </Typography>
                        </Box>
                      )}
                    </TableCell>
                    {canEdit && (
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          {c.stageStatus !== 'Completed' && (
                            <Button size="small" variant="outlined" onClick={() => setOutreach(c)}>
                              {t('waves.outreach')}
                            </Button>
                          )}
                          {CAMPAIGN_STAGE_TRANSITIONS[c.stageStatus].map((to) => (
                            <Button
                              key={to}
                              size="small"
                              onClick={() => stage.mutate({ c, to })}
                              disabled={stage.isPending}
                            >
                              {t(`waves.to${to}`)}
                            </Button>
                          ))}
                        </Stack>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {adding && <NewWave jobId={jobId} d={d} onClose={() => setAdding(false)} onDone={onChange} />}
      {outreach && <Outreach jobId={jobId} d={d} c={outreach} onClose={() => setOutreach(null)} onDone={onChange} />}
    </Paper>
  );
}

function NewWave({
  jobId,
  d,
  onClose,
  onDone,
}: {
  jobId: string;
  d: TWorkflowDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState(t('waves.defaultName', { n: d.campaigns.length + 1 }));
  const [route, setRoute] = useState<TCampaignRoute>('Issuer');
  const [count, setCount] = useState(String(Math.min(d.unassigned, 50)));
  const [start, setStart] = useState('');
  const m = useMutation({
    mutationFn: () =>
      createCampaign(jobId, d.id, {
        name,
        route,
        count: Number(count),
        ...(start ? { scheduledStart: new Date(`${start}T09:00:00`).toISOString() } : {}),
      }),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('waves.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={t('waves.name')} value={name} onChange={(e) => setName(e.target.value)} required />
          <TextField
            select
            label={t('workflow.route')}
            value={route}
            onChange={(e) => setRoute(e.target.value as TCampaignRoute)}
          >
            {CAMPAIGN_ROUTES.map((r) => (
              <MenuItem key={r} value={r}>
                {CAMPAIGN_ROUTE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('waves.count')}
            type="number"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            helperText={t('waves.countHelp', { count: d.unassigned })}
            inputProps={{ min: 1, max: d.unassigned }}
          />
          <TextField
            label={t('waves.start')}
            type="date"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            InputLabelProps={{ shrink: true }}
          />
          {m.error && <Alert severity="error">{m.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <PendingButton
          variant="contained"
          pending={m.isPending}
          disabled={!name.trim() || !(Number(count) >= 1)}
          onClick={() => m.mutate()}
        >
          {t('waves.create')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}

function Outreach({
  jobId,
  d,
  c,
  onClose,
  onDone,
}: {
  jobId: string;
  d: TWorkflowDetail;
  c: TCampaign;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const [subject, setSubject] = useState(c.templateSubject);
  const [body, setBody] = useState(c.templateBody);
  const [preview, setPreview] = useState<TOutreachPreview | null>(null);
  const load = useMutation({
    mutationFn: () => previewOutreach(jobId, d.id, c.id, { templateSubject: subject, templateBody: body }),
    onSuccess: setPreview,
  });
  useEffect(() => {
    load.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on opening: the first preview, of the saved template
  }, []);
  const send = useMutation({
    mutationFn: async () => {
      if (subject !== c.templateSubject || body !== c.templateBody)
        await updateCampaign(jobId, d.id, c.id, { templateSubject: subject, templateBody: body });
      return sendOutreach(jobId, d.id, c.id);
    },
    onSuccess: (r) => {
      notify('success', t('outreach.queued', { count: r.recipients }));
      onDone();
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>{t('outreach.title', { name: c.name })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 1 }}>
          <Stack spacing={2}>
            <TextField label={t('outreach.subject')} value={subject} onChange={(e) => setSubject(e.target.value)} />
            <TextField
              label={t('outreach.body')}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              multiline
              minRows={10}
            />
            <Typography variant="caption" color="text.secondary">
              {t('outreach.fields')} {CAMPAIGN_MERGE_FIELDS.map((f) => `{{${f}}}`).join(' ')}
            </Typography>
            <Button onClick={() => load.mutate()} disabled={load.isPending} variant="outlined">
              {t('outreach.refresh')}
            </Button>
          </Stack>
          <Stack spacing={1} data-testid="outreach-preview">
            {preview ? (
              <>
                <Typography variant="body2">
                  {t('outreach.to', { to: preview.to ?? '—' })} · {preview.from ?? ''}
                </Typography>
                <Typography variant="subtitle2">{preview.subject}</Typography>
                {preview.unknownFields.length > 0 && (
                  <Alert severity="warning">
                    {t('outreach.unknown', { fields: preview.unknownFields.map((f) => `{{${f}}}`).join(', ') })}
                  </Alert>
                )}
                <Box
                  component="iframe"
                  title={t('outreach.previewTitle')}
                  sandbox=""
                  srcDoc={preview.html}
                  sx={{
                    width: '100%',
                    height: 360,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: '#fff',
                  }}
                />
                <Typography variant="body2" data-testid="outreach-recipients">
                  {t('outreach.recipients', {
                    count: preview.recipients,
                    without: preview.withoutEmail,
                    sent: preview.alreadySent,
                  })}
                </Typography>
              </>
            ) : (
              <Skeleton variant="rounded" height={360} />
            )}
            {load.error && <Alert severity="error">{load.error.message}</Alert>}
          </Stack>
        </Box>
        {send.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {send.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <PendingButton
          variant="contained"
          pending={send.isPending}
          disabled={!preview || preview.recipients === 0}
          onClick={() => send.mutate()}
        >
          {t('outreach.send', { count: preview?.recipients ?? 0 })}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}

function UploadReport({ error, result }: { error: unknown; result: TOutcomeUploadResult | null }) {
  const { t } = useTranslation(NS);
  if (result) return <Alert severity="success">{result.message}</Alert>;
  if (!error) return null;
  const e = error as ApiError;
  return (
    <Alert severity="error" data-testid="upload-report">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {e.message}
      </Typography>
      {isApiError(error) && e.errors && e.errors.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('upload.where')}</TableCell>
              <TableCell>{t('upload.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {e.errors.slice(0, 50).map((x, i) => (
              <TableRow key={i}>
                <TableCell>{x.path}</TableCell>
                <TableCell>{x.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Alert>
  );
}

function Uploads({ jobId, id, onChange }: { jobId: string; id: string; onChange: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [result, setResult] = useState<TOutcomeUploadResult | null>(null);
  const m = useMutation({
    mutationFn: (v: { kind: 'outcomes' | 'contacts'; file: File }) => uploadWorkflowFile(jobId, id, v.kind, v.file),
    onMutate: () => setResult(null),
    onSuccess: (r) => {
      setResult(r);
      onChange();
      void qc.invalidateQueries({ queryKey: campaignKeys.suppliers(jobId, id) });
    },
  });
  const pick = (kind: 'outcomes' | 'contacts') => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) m.mutate({ kind, file });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('upload.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('upload.help')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={m.isPending}>
          {t('upload.outcomes')}
          <input hidden type="file" accept=".csv,text/csv" onChange={pick('outcomes')} data-testid="outcomes-input" />
        </Button>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={m.isPending}>
          {t('upload.contacts')}
          <input hidden type="file" accept=".csv,text/csv" onChange={pick('contacts')} data-testid="contacts-input" />
        </Button>
      </Stack>
      {m.isPending && <LinearProgress />}
      <UploadReport error={m.error} result={result} />
      <Bounces jobId={jobId} id={id} onChange={onChange} />
    </Paper>
  );
}

/** Bounce messages (.eml delivery status notifications) read and matched to the outreach emails. */
function Bounces({ jobId, id, onChange }: { jobId: string; id: string; onChange: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: (files: File[]) => uploadBounces(jobId, id, files),
    onSuccess: () => {
      onChange();
      void qc.invalidateQueries({ queryKey: campaignKeys.detail(jobId, id) });
    },
  });
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length) m.mutate(files);
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('bounces.help')}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={m.isPending}>
        {t('bounces.upload')}
        <input hidden multiple type="file" accept=".eml,message/rfc822" onChange={pick} data-testid="bounces-input" />
      </Button>
      {m.isPending && <LinearProgress sx={{ mt: 1 }} />}
      {m.error && <UploadReport error={m.error} result={null} />}
      {m.data && (
        <Alert severity={m.data.recorded ? 'success' : 'info'} sx={{ mt: 1 }} data-testid="bounce-report">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('bounces.recorded', { count: m.data.recorded })}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('bounces.file')}</TableCell>
                <TableCell>{t('bounces.recipient')}</TableCell>
                <TableCell>{t('bounces.outcome')}</TableCell>
                <TableCell>{t('upload.problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {m.data.results.slice(0, 100).map((r, i) => (
                <TableRow key={i}>
                  <TableCell>{r.file}</TableCell>
                  <TableCell>
                    {r.supplierName ? `${r.supplierName} (${r.recipient ?? '—'})` : (r.recipient ?? '—')}
                  </TableCell>
                  <TableCell>{t(`bounces.outcomes.${r.outcome}`)}</TableCell>
                  <TableCell>{r.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Alert>
      )}
    </Box>
  );
}

function Suppliers({
  jobId,
  d,
  canEdit,
  onChange,
}: {
  jobId: string;
  d: TWorkflowDetail;
  canEdit: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [params, setParamsRaw] = useState<TWorkflowSupplierParams>({
    pageNumber: 1,
    pageSize: 25,
    orderBy: 'spend:desc',
  });
  // Any change but "next page" drops the seek cursor (the server then pages by number).
  const setParams = (f: (p: TWorkflowSupplierParams) => TWorkflowSupplierParams) =>
    setParamsRaw((p) => ({ ...f(p), after: undefined }));
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [target, setTarget] = useState<TEnrolmentStatus | ''>('');
  useEffect(() => {
    const h = setTimeout(() => setParams((p) => ({ ...p, pageNumber: 1, search: search || undefined })), 300);
    return () => clearTimeout(h);
  }, [search]);
  const q = useQuery({ ...workflowSuppliersQuery(jobId, d.id, params), placeholderData: keepPreviousData });
  const bulk = useMutation({
    mutationFn: () => bulkStatus(jobId, d.id, { supplierKeys: [...selected], status: target as TEnrolmentStatus }),
    onSuccess: (r) => {
      notify('success', t('suppliers.bulkDone', { count: r.updated }));
      setSelected(new Set());
      onChange();
      void qc.invalidateQueries({ queryKey: campaignKeys.suppliers(jobId, d.id) });
    },
  });
  const rows = q.data?.collection ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.supplierKey));
  const toggle = (key: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('suppliers.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <TextField
          size="small"
          label={t('suppliers.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <TextField
          size="small"
          select
          label={t('suppliers.status')}
          value={params.status ?? ''}
          onChange={(e) =>
            setParams((p) => ({
              ...p,
              pageNumber: 1,
              status: (e.target.value || undefined) as TEnrolmentStatus | undefined,
            }))
          }
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{t('suppliers.any')}</MenuItem>
          {ENROLMENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label={t('suppliers.wave')}
          value={params.campaignId ?? ''}
          onChange={(e) => setParams((p) => ({ ...p, pageNumber: 1, campaignId: e.target.value || undefined }))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('suppliers.any')}</MenuItem>
          <MenuItem value="none">{t('suppliers.noWave')}</MenuItem>
          {d.campaigns.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ ml: { md: 'auto !important' } }}>
            <TextField
              size="small"
              select
              label={t('suppliers.setStatus')}
              value={target}
              onChange={(e) => setTarget(e.target.value as TEnrolmentStatus)}
              sx={{ minWidth: 150 }}
              data-testid="bulk-status"
            >
              {ENROLMENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <PendingButton
              variant="contained"
              size="small"
              pending={bulk.isPending}
              disabled={!target || selected.size === 0}
              onClick={() => bulk.mutate()}
            >
              {t('suppliers.apply', { count: selected.size })}
            </PendingButton>
          </Stack>
        )}
      </Stack>
      {bulk.error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => bulk.reset()}>
          {bulk.error.message}
        </Alert>
      )}
      {q.isError && <Alert severity="error">{q.error.message}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="workflow-suppliers">
          <TableHead>
            <TableRow>
              {canEdit && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    onChange={() =>
                      setSelected((s) => {
                        const n = new Set(s);
                        for (const r of rows)
                          if (allOnPage) n.delete(r.supplierKey);
                          else n.add(r.supplierKey);
                        return n;
                      })
                    }
                    inputProps={{ 'aria-label': t('suppliers.selectPage') }}
                  />
                </TableCell>
              )}
              <TableCell>{t('suppliers.supplier')}</TableCell>
              <TableCell>{t('suppliers.country')}</TableCell>
              <TableCell align="right">{t('suppliers.spend')}</TableCell>
              <TableCell>{t('suppliers.status')}</TableCell>
              <TableCell>{t('suppliers.wave')}</TableCell>
              <TableCell>{t('suppliers.contact')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.supplierKey} hover selected={selected.has(r.supplierKey)}>
                {canEdit && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(r.supplierKey)}
                      onChange={() => toggle(r.supplierKey)}
                      inputProps={{ 'aria-label': r.supplierName }}
                    />
                  </TableCell>
                )}
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/jobs/${encodeURIComponent(jobId)}/campaign-workflows/${encodeURIComponent(d.id)}/suppliers/${encodeURIComponent(r.supplierKey)}`}
                  >
                    {r.supplierName}
                  </Link>
                  {r.missing && <Chip size="small" color="warning" label={t('suppliers.missing')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{r.country ?? '—'}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatAmount(r.spend, d.currency)}
                </TableCell>
                <TableCell>
                  <StatusChip status={r.status} />
                </TableCell>
                <TableCell>{r.campaignName ?? '—'}</TableCell>
                <TableCell>{r.contactEmail ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={q.data?.totalCount ?? 0}
        page={params.pageNumber - 1}
        rowsPerPage={params.pageSize}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_, p) => {
          const next = q.data?.nextCursor;
          // the next page seeks from this page's last row (as fast 1,000 pages deep as on page 2)
          if (p + 1 === params.pageNumber + 1 && next) setParamsRaw((x) => ({ ...x, pageNumber: p + 1, after: next }));
          else setParams((x) => ({ ...x, pageNumber: p + 1 }));
        }}
        onRowsPerPageChange={(e) => setParams((x) => ({ ...x, pageNumber: 1, pageSize: Number(e.target.value) }))}
      />
    </Paper>
  );
}
