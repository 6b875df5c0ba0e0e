/** A wave's outreach: the template with its merge fields, previewed for one supplier, then sent (a command with progress). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_MERGE_FIELDS, type TCampaign, type TOutreachPreview } from '@sextant/shared/values';
import { previewOutreach, sendOutreach, updateCampaign } from '../../api/campaigns.ts';
import { notify } from '../../components/notifications/notification-store.ts';
import { NS } from './parts.tsx';
import { WorkflowDialog, type TWorkflowDialogProps } from './workflow-dialog.tsx';

export function Outreach({ jobId, d, c, onClose, onDone }: TWorkflowDialogProps & { c: TCampaign }) {
  const { t } = useTranslation(NS);
  const [subject, setSubject] = useState(c.templateSubject);
  const [body, setBody] = useState(c.templateBody);
  const [preview, setPreview] = useState<TOutreachPreview | null>(null);
  const load = useMutation({
    mutationFn: () => previewOutreach(jobId, d.id, c.id, { templateSubject: subject, templateBody: body }),
    meta: { silent: true },
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
    meta: { silent: true },
    onSuccess: (r) => {
      notify('success', t('outreach.queued', { count: r.recipients }));
      onDone();
      onClose();
    },
  });
  return (
    <WorkflowDialog
      title={t('outreach.title', { name: c.name })}
      onClose={onClose}
      maxWidth="lg"
      action={t('outreach.send', { count: preview?.recipients ?? 0 })}
      onAction={() => send.mutate()}
      pending={send.isPending}
      disabled={!preview || preview.recipients === 0 || !subject.trim() || !body.trim()}
      error={send.error}
    >
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
              <Typography variant="body2" color="text.secondary" data-testid="outreach-sample-link">
                {t('outreach.sampleLink')}
              </Typography>
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
    </WorkflowDialog>
  );
}
