/**
 * The workflow page's uploads: outcome and contact CSVs (a row-level report; nothing applied when a file has errors)
 * and bounce messages (.eml delivery status notifications) matched to the outreach emails.
 */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { TOutcomeUploadResult } from '@sextant/shared/values';
import { campaignKeys, uploadBounces, uploadWorkflowFile } from '../../api/campaigns.ts';
import { isApiError } from '../../api/client.ts';
import { NS } from './parts.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

function UploadReport({ error, result }: { error: unknown; result: TOutcomeUploadResult | null }) {
  const { t } = useTranslation(NS);
  if (result) return <Alert severity="success">{result.message}</Alert>;
  if (!error) return null;
  const e = isApiError(error) ? error : null;
  return (
    <Alert severity="error" data-testid="upload-report">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {error instanceof Error ? error.message : String(error)}
      </Typography>
      {e?.errors && e.errors.length > 0 && (
        <DataTable
          rows={e.errors.slice(0, 50)}
          testId="upload-errors"
          variant="plain"
          stickyHeader={false}
          rowKey={(_, i) => String(i)}
          columns={[
            { field: 'path', header: t('upload.where') },
            { field: 'message', header: t('upload.problem') },
          ]}
        />
      )}
    </Alert>
  );
}

export function Uploads({ jobId, id, onChange }: { jobId: string; id: string; onChange: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [result, setResult] = useState<TOutcomeUploadResult | null>(null);
  const m = useMutation({
    mutationFn: (v: { kind: 'outcomes' | 'contacts'; file: File }) => uploadWorkflowFile(jobId, id, v.kind, v.file),
    meta: { silent: true }, // the report below says what is wrong
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
    meta: { silent: true }, // the report below says what is wrong
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
          <DataTable
            rows={m.data.results.slice(0, 100)}
            testId="bounce-results"
            variant="plain"
            stickyHeader={false}
            rowKey={(_, i) => String(i)}
            columns={[
              { field: 'file', header: t('bounces.file') },
              {
                field: 'recipient',
                header: t('bounces.recipient'),
                render: (r) => (r.supplierName ? `${r.supplierName} (${r.recipient ?? '—'})` : (r.recipient ?? '—')),
              },
              { field: 'outcome', header: t('bounces.outcome'), render: (r) => t(`bounces.outcomes.${r.outcome}`) },
              { field: 'reason', header: t('upload.problem') },
            ]}
          />
        </Alert>
      )}
    </Box>
  );
}
