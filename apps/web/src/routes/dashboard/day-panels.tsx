/**
 * The home dashboard's day panels (GET /api/v1/dashboard): what needs me, my jobs and their state, what changed
 * since my last visit, and campaigns in progress with their counters. Jobs and campaigns are named as their users
 * know them and link to where the work continues.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TDashboard, TDashboardJob } from '@sextant/shared/values';
import { http, ok } from '../../api/client.ts';
import { formatDateTime } from '../../app/i18n.ts';
import { formatCount } from '../../lib/format.ts';

const STATUS_COLOR = { Draft: 'default', Processing: 'info', Ready: 'success', Failed: 'error' } as const;

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function JobLine({ job, detail }: { job: TDashboardJob; detail?: string | null }) {
  const { t } = useTranslation('profile');
  const to = job.status === 'Processing' || job.status === 'Failed' ? `/jobs/loading/${job.id}` : `/jobs/${job.id}`;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 0.75 }} data-testid={`dashboard-job-${job.id}`}>
      <Chip
        size="small"
        color={STATUS_COLOR[job.status]}
        label={t(`dashboard.status.${job.status}`)}
        sx={{ minWidth: 92 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
          {job.name}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {[job.issuerName, job.buyerName].filter(Boolean).join(' · ')} · {formatDateTime(job.updatedAt)}
        </Typography>
        {detail && (
          <Typography variant="body2" color="error.main">
            {detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function NeedsMe({ d }: { d: TDashboard }) {
  const { t } = useTranslation('profile');
  return (
    <Panel title={t('dashboard.needsMe')} testId="dashboard-needs-me">
      {d.needsMe.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.nothingNeedsMe')}</Typography>
      ) : (
        d.needsMe.map((n) => (
          <JobLine
            key={n.job.id}
            job={n.job}
            detail={n.kind === 'jobFailed' ? (n.job.error ?? t('dashboard.failedNoDetail')) : t('dashboard.draftWaits')}
          />
        ))
      )}
    </Panel>
  );
}

function MyJobs({ d }: { d: TDashboard }) {
  const { t } = useTranslation('profile');
  const c = d.myJobs.counts;
  return (
    <Panel title={t('dashboard.myJobs')} testId="dashboard-my-jobs">
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {(['Processing', 'Failed', 'Draft', 'Ready'] as const).map((s) => (
          <Chip
            key={s}
            variant="outlined"
            color={STATUS_COLOR[s]}
            label={`${t(`dashboard.status.${s}`)}: ${formatCount(c[s])}`}
            data-testid={`dashboard-count-${s}`}
          />
        ))}
      </Stack>
      {d.myJobs.recent.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.noJobs')}</Typography>
      ) : (
        d.myJobs.recent.map((j) => <JobLine key={j.id} job={j} />)
      )}
    </Panel>
  );
}

function Changes({ d }: { d: TDashboard }) {
  const { t } = useTranslation('profile');
  return (
    <Panel title={t('dashboard.changes')} testId="dashboard-changes">
      {!d.changes || !d.since ? (
        <Typography color="text.secondary">{t('dashboard.firstVisit')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('dashboard.since', { date: formatDateTime(d.since) })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            <li>{t('dashboard.jobsCreated', { count: d.changes.jobsCreated })}</li>
            <li>{t('dashboard.jobsReady', { count: d.changes.jobsReady })}</li>
            <li>{t('dashboard.jobsFailed', { count: d.changes.jobsFailed })}</li>
            {d.changes.campaignReplies !== null && (
              <li>{t('dashboard.campaignReplies', { count: d.changes.campaignReplies })}</li>
            )}
          </Box>
        </>
      )}
    </Panel>
  );
}

function Campaigns({ campaigns }: { campaigns: NonNullable<TDashboard['campaigns']> }) {
  const { t } = useTranslation('profile');
  return (
    <Panel title={t('dashboard.campaigns')} testId="dashboard-campaigns">
      {campaigns.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.noCampaigns')}</Typography>
      ) : (
        campaigns.map((c) => (
          <Box key={c.workflowId} sx={{ py: 0.75 }}>
            <Link
              component={RouterLink}
              to={`/jobs/${c.jobId}/campaign-workflows/${c.workflowId}`}
              sx={{ fontWeight: 600 }}
            >
              {c.name}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {c.jobName} ·{' '}
              {t('dashboard.campaignCounters', {
                pending: formatCount(c.pending),
                active: formatCount(c.active),
                succeeded: formatCount(c.succeeded),
                failed: formatCount(c.failed),
              })}
            </Typography>
          </Box>
        ))
      )}
    </Panel>
  );
}

export function DayPanels() {
  const { t } = useTranslation('profile');
  const q = useQuery({
    queryKey: ['dashboard', 'day'],
    queryFn: () => ok(http.GET('/api/v1/dashboard')),
    meta: { operation: 'Loading your dashboard' },
    staleTime: 60_000,
  });
  if (q.isLoading) return <Skeleton variant="rounded" height={220} data-testid="dashboard-day-loading" />;
  if (!q.data) return <Alert severity="warning">{t('dashboard.dayUnavailable')}</Alert>;
  const d = q.data;
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2.5 }}
      data-testid="dashboard-day"
    >
      <NeedsMe d={d} />
      <MyJobs d={d} />
      <Changes d={d} />
      {d.campaigns && <Campaigns campaigns={d.campaigns} />}
    </Box>
  );
}
