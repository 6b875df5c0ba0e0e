/**
 * /jobs/:jobId/campaign-workflows/:campaignWorkflowId/suppliers/:supplierKey: one supplier in a workflow — status
 * (with the allowed next steps), contact, dated history with who and notes, emails sent (record a bounce).
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_ROUTE_LABELS, ENROLMENT_TRANSITIONS, type TEnrolmentStatus } from '@sextant/shared/values';
import {
  campaignKeys,
  patchWorkflowSupplier,
  recordBounce,
  workflowQuery,
  workflowSupplierQuery,
} from '../../api/campaigns.ts';
import { useCan } from '../../app/current-user.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatAmount, formatPercent } from '../../lib/format.ts';
import { JobLayout } from '../jobs/job-layout.tsx';
import { NS, StatusChip } from './parts.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

export function Component() {
  const { campaignWorkflowId = '', supplierKey = '' } = useParams();
  return (
    <JobLayout>
      {(job) => <WorkflowSupplier jobId={job.id} id={campaignWorkflowId} supplierKey={supplierKey} />}
    </JobLayout>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', fontWeight: 600 }}>
        {label}
      </Typography>
      <Box>{children}</Box>
    </Box>
  );
}

function WorkflowSupplier({ jobId, id, supplierKey }: { jobId: string; id: string; supplierKey: string }) {
  const { t } = useTranslation(NS);
  const canEdit = useCan(['Campaign_Edit']);
  const qc = useQueryClient();
  const q = useQuery(workflowSupplierQuery(jobId, id, supplierKey));
  // the job's currency (the workflow, usually cached from its page)
  const currency = useQuery(workflowQuery(jobId, id)).data?.currency;
  const [note, setNote] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const done = (d: Awaited<ReturnType<typeof patchWorkflowSupplier>>) => {
    qc.setQueryData(campaignKeys.supplier(jobId, id, supplierKey), d);
    void qc.invalidateQueries({ queryKey: campaignKeys.detail(jobId, id) });
  };
  const change = useMutation({
    mutationFn: (body: { status?: TEnrolmentStatus; note?: string; contactEmail?: string | null }) =>
      patchWorkflowSupplier(jobId, id, supplierKey, body),
    onSuccess: (d) => {
      setNote('');
      setEmail(null);
      done(d);
    },
  });
  const bounce = useMutation({
    mutationFn: (emailId: string) => recordBounce(jobId, id, supplierKey, emailId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: campaignKeys.detail(jobId, id) }),
  });
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={320} />;
  const { supplier: s, history, emails, workflow } = q.data;
  type TEmail = (typeof emails)[number];
  const wfHref = `/jobs/${encodeURIComponent(jobId)}/campaign-workflows/${encodeURIComponent(id)}`;
  return (
    <Stack spacing={2} data-testid="campaign-supplier-page">
      <Breadcrumbs>
        <Link component={RouterLink} to={`/jobs/${encodeURIComponent(jobId)}/campaign-workflows`}>
          {t('list.title')}
        </Link>
        <Link component={RouterLink} to={wfHref}>
          {workflow.name}
        </Link>
        <Typography color="text.primary">{s.supplierName}</Typography>
      </Breadcrumbs>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {s.supplierName}
        </Typography>
        <span data-testid="campaign-supplier-status">
          <StatusChip status={s.status} />
        </span>
      </Stack>
      {s.missing && <Alert severity="warning">{t('supplier.missing')}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, minmax(0, 1fr))' }, gap: 2 }}>
          <Field label={t('suppliers.wave')}>
            {s.campaignName ? `${s.campaignName} (${s.route ? CAMPAIGN_ROUTE_LABELS[s.route] : ''})` : '—'}
          </Field>
          <Field label={t('suppliers.spend')}>{formatAmount(s.spend, currency)}</Field>
          <Field label={t('suppliers.country')}>{s.country ?? '—'}</Field>
          <Field label={t('supplier.key')}>{s.supplierKey}</Field>
          <Field label={t('suppliers.contact')}>{s.contactEmail ?? '—'}</Field>
          <Field label={t('suppliers.predictedConversion')}>
            <span
              data-testid="campaign-supplier-predicted"
              title={t('suppliers.expectedValue', {
                value: formatAmount(s.expectedValue, currency),
                routeValue: formatAmount(s.routeValue, currency),
              })}
            >
              {formatPercent(s.predictedConversion * 100)}
            </span>
          </Field>
        </Box>
        {canEdit && (
          <Stack spacing={1.5} sx={{ mt: 2 }}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              {ENROLMENT_TRANSITIONS[s.status].map((to) => (
                <Button
                  key={to}
                  variant="outlined"
                  size="small"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ status: to, ...(note.trim() ? { note: note.trim() } : {}) })}
                >
                  {t('supplier.moveTo', { status: t(`status.${to}`) })}
                </Button>
              ))}
              {ENROLMENT_TRANSITIONS[s.status].length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('supplier.final')}
                </Typography>
              )}
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
              <TextField
                size="small"
                label={t('supplier.note')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                sx={{ flex: 2 }}
              />
              <PendingButton
                size="small"
                variant="contained"
                pending={change.isPending}
                disabled={!note.trim()}
                onClick={() => change.mutate({ note: note.trim() })}
              >
                {t('supplier.addNote')}
              </PendingButton>
              <TextField
                size="small"
                label={t('suppliers.contact')}
                value={email ?? s.contactEmail ?? ''}
                onChange={(e) => setEmail(e.target.value)}
                sx={{ flex: 1 }}
              />
              <Button
                size="small"
                disabled={email === null || change.isPending}
                onClick={() => change.mutate({ contactEmail: email?.trim() ? email.trim() : null })}
              >
                {t('supplier.saveContact')}
              </Button>
            </Stack>
            {change.error && <Alert severity="error">{change.error.message}</Alert>}
          </Stack>
        )}
      </Paper>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {t('supplier.history')}
          </Typography>
          <DataTable
            rows={history}
            testId="campaign-supplier-history"
            variant="plain"
            stickyHeader={false}
            rowKey={(h) => h.id}
            columns={[
              {
                field: 'occurredAt',
                header: t('supplier.when'),
                cellSx: { whiteSpace: 'nowrap' },
                render: (h) => new Date(h.occurredAt).toLocaleString(),
              },
              {
                field: 'kind',
                header: t('supplier.what'),
                render: (h) => (
                  <>
                    {h.kind === 'status' && h.fromStatus && h.toStatus
                      ? t('supplier.statusChange', { from: t(`status.${h.fromStatus}`), to: t(`status.${h.toStatus}`) })
                      : t(`event.${h.kind}`)}
                    {h.note && (
                      <Typography variant="body2" color="text.secondary">
                        {h.note}
                      </Typography>
                    )}
                  </>
                ),
              },
              { field: 'userName', header: t('supplier.who'), render: (h) => h.userName ?? '—' },
            ]}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {t('supplier.emails')}
          </Typography>
          {emails.length === 0 ? (
            <Typography color="text.secondary">{t('supplier.noEmails')}</Typography>
          ) : (
            <DataTable
              rows={emails}
              testId="campaign-supplier-emails"
              variant="plain"
              stickyHeader={false}
              rowKey={(m) => m.id}
              columns={[
                {
                  field: 'sentAt',
                  header: t('supplier.when'),
                  cellSx: { whiteSpace: 'nowrap' },
                  render: (m) => new Date(m.sentAt ?? m.createdAt).toLocaleString(),
                },
                {
                  field: 'subject',
                  header: t('supplier.subject'),
                  render: (m) => (
                    <>
                      {m.subject}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {m.toAddress} · {m.campaignName}
                      </Typography>
                    </>
                  ),
                },
                { field: 'status', header: t('supplier.emailStatus'), render: (m) => t(`emailStatus.${m.status}`) },
                ...(canEdit
                  ? [
                      {
                        field: 'actions' as const,
                        header: '',
                        align: 'right' as const,
                        render: (m: TEmail) =>
                          m.status !== 'bounced' && (
                            <Button size="small" onClick={() => bounce.mutate(m.id)} disabled={bounce.isPending}>
                              {t('supplier.bounce')}
                            </Button>
                          ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Paper>
      </Box>
    </Stack>
  );
}
