/** Dialogs of job actions shared by the job list and the Details tab: rename, change owner, delete. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { TUserSummary } from '@sextant/shared/values';
import {
  errorMessage,
  fieldErrors,
  ownerCandidatesQuery,
  useChangeOwner,
  useDeleteJob,
  useRenameJob,
} from '../../api/jobs.ts';
import { handleAuthorizationOutcome } from '../../app/query-client.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { notify } from '../../components/notifications/notification-store.ts';

export interface TJobRef {
  id: string;
  name: string;
  issuerId: string;
  ownerId?: string;
}

export function RenameDialog({ job, onClose }: { job: TJobRef; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const [name, setName] = useState(job.name);
  const rename = useRenameJob();
  const field = fieldErrors(rename.error).name;
  const general = rename.error && !field ? errorMessage(rename.error) : null;
  const empty = !name.trim();
  const save = async () => {
    if (empty) return;
    try {
      await rename.mutateAsync({ jobId: job.id, name: name.trim() });
      notify('success', t('dialogs.renamed', { name: name.trim() }));
      onClose();
    } catch (e) {
      handleAuthorizationOutcome(e);
    }
  };
  return (
    <Dialog open onClose={rename.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('dialogs.renameTitle')}</DialogTitle>
      <DialogContent>
        {general && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {general}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          label={t('dialogs.jobName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void save()}
          error={Boolean(field) || empty}
          helperText={field ?? (empty ? t('create.errors.name') : t('dialogs.uniqueForBuyer'))}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'rename-input' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={rename.isPending}>
          {t('common.cancel')}
        </Button>
        <PendingButton
          variant="contained"
          onClick={save}
          disabled={empty || name.trim() === job.name}
          data-testid="rename-save"
        >
          {t('dialogs.rename')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}

export function OwnerDialog({ job, onClose }: { job: TJobRef; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const q = useQuery(ownerCandidatesQuery(job.issuerId));
  const [owner, setOwner] = useState<TUserSummary | null>(null);
  const change = useChangeOwner();
  const save = async () => {
    if (!owner) return;
    try {
      await change.mutateAsync({ jobId: job.id, ownerId: owner.id });
      notify('success', t('dialogs.ownerChanged', { owner: owner.displayName || owner.username, name: job.name }));
      onClose();
    } catch (e) {
      handleAuthorizationOutcome(e);
    }
  };
  const options = (q.data ?? []).filter((u) => u.id !== job.ownerId);
  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('dialogs.ownerTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('dialogs.ownerBody', { name: job.name })}</DialogContentText>
        {change.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(change.error)}
          </Alert>
        )}
        <Autocomplete
          options={options}
          loading={q.isLoading}
          value={owner}
          onChange={(_, v) => setOwner(v)}
          getOptionLabel={(u) => (u.displayName ? `${u.displayName} (${u.username})` : u.username)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(p) => (
            <TextField {...p} label={t('dialogs.newOwner')} helperText={t('dialogs.newOwnerHelper')} />
          )}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('common.cancel')}
        </Button>
        <PendingButton variant="contained" onClick={save} disabled={!owner}>
          {t('dialogs.ownerTitle')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteDialog({
  job,
  onClose,
  onDeleted,
}: {
  job: TJobRef;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('jobs');
  const del = useDeleteJob();
  const confirm = async () => {
    try {
      await del.mutateAsync(job.id);
      notify('success', t('dialogs.deleted', { name: job.name }));
      onClose();
      onDeleted?.();
    } catch (e) {
      handleAuthorizationOutcome(e);
    }
  };
  return (
    <Dialog open onClose={del.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('dialogs.deleteTitle', { name: job.name })}</DialogTitle>
      <DialogContent>
        {del.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(del.error)}
          </Alert>
        )}
        <DialogContentText>{t('dialogs.deleteBody')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={del.isPending}>
          {t('common.no')}
        </Button>
        <PendingButton variant="contained" color="error" onClick={confirm} data-testid="delete-confirm">
          {t('dialogs.yesDelete')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
