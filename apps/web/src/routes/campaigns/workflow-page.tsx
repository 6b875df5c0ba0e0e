/**
 * /jobs/:jobId/campaign-workflows/:campaignWorkflowId: a workflow's waves (route, stage, schedule, counters, emails,
 * outreach with preview and progress), counters by route and for All Routes, the supplier table with bulk status
 * changes, and the outcome and contact uploads (row-level report; nothing applied when a file has errors).
 * Its parts by concern: workflow-counters, workflow-waves (with workflow-outreach), workflow-suppliers,
 * workflow-uploads; their dialogs share workflow-dialog.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TWorkflowDetail } from '@sextant/shared/values';
import { campaignKeys, deleteWorkflow, renameWorkflow, workflowQuery } from '../../api/campaigns.ts';
import { isApiError } from '../../api/client.ts';
import { useCan } from '../../app/current-user.ts';
import { notify } from '../../components/notifications/notification-store.ts';
import { formatAmount } from '../../lib/format.ts';
import { JobLayout } from '../jobs/job-layout.tsx';
import { NS } from './parts.tsx';
import { RouteCounters } from './workflow-counters.tsx';
import { WorkflowDialog, type TWorkflowDialogProps } from './workflow-dialog.tsx';
import { Suppliers } from './workflow-suppliers.tsx';
import { Uploads } from './workflow-uploads.tsx';
import { Waves } from './workflow-waves.tsx';

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
    meta: { silent: true }, // shown in the dialog
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
      <RouteCounters d={d} />
      <Waves jobId={jobId} d={d} canEdit={canEdit} onChange={invalidate} />
      {canUpload && <Uploads jobId={jobId} id={id} onChange={invalidate} />}
      <Suppliers jobId={jobId} d={d} canEdit={canEdit} onChange={invalidate} />
      {confirmDelete && (
        <WorkflowDialog
          title={t('workflow.deleteTitle')}
          onClose={() => setConfirmDelete(false)}
          action={t('workflow.delete')}
          onAction={() => remove.mutate()}
          pending={remove.isPending}
          error={remove.error}
          danger
        >
          <Typography>{t('workflow.deleteText', { name: d.name })}</Typography>
        </WorkflowDialog>
      )}
    </Stack>
  );
}

/** Renames the workflow; the server's validation message shows under the field. */
function RenameDialog({ jobId, d, onClose, onDone }: TWorkflowDialogProps) {
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
    <WorkflowDialog
      title={t('workflow.renameTitle')}
      onClose={onClose}
      action={t('workflow.renameSave')}
      onAction={submit}
      pending={m.isPending}
      actionTestId="workflow-rename-save"
    >
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
    </WorkflowDialog>
  );
}
