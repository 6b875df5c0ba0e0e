/** /jobs/:jobId/campaign-workflows: the job's campaign workflows with their counters and the enrolment funnel. */
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TWorkflowSummary } from '@sextant/shared/values';
import { jobWorkflowsQuery } from '../../api/campaigns.ts';
import { useCan } from '../../app/current-user.ts';
import { JobLayout } from '../jobs/job-layout.tsx';
import { Counters, Funnel, NS } from './parts.tsx';

export const createHref = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/campaign-workflows/new/create`;

function WorkflowCard({ jobId, w }: { jobId: string; w: TWorkflowSummary }) {
  const { t } = useTranslation(NS);
  return (
    <Card variant="outlined" data-testid={`workflow-${w.id}`}>
      <CardActionArea
        component={RouterLink}
        to={`/jobs/${encodeURIComponent(jobId)}/campaign-workflows/${encodeURIComponent(w.id)}`}
        aria-label={`${t('list.open')}: ${w.name}`}
      >
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
            <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
              {w.name}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Chip size="small" variant="outlined" label={t('list.waves', { count: w.campaignCount })} />
              {w.missing > 0 && <Chip size="small" color="warning" label={t('list.missing', { count: w.missing })} />}
            </Stack>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {w.useCaseName ? t('list.fromUseCase', { name: w.useCaseName }) : t('list.fromFilter')} ·{' '}
            {t('list.owner', { name: w.ownerName ?? '—' })} · {new Date(w.createdAt).toLocaleDateString()}
          </Typography>
          <Counters counters={w.counters} dense testId={`workflow-counters-${w.id}`} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function Component() {
  return <JobLayout>{(job) => <JobCampaigns jobId={job.id} />}</JobLayout>;
}

function JobCampaigns({ jobId }: { jobId: string }) {
  const { t } = useTranslation(NS);
  const canCreate = useCan(['Campaign_Create']);
  const q = useQuery(jobWorkflowsQuery(jobId));
  return (
    <Stack spacing={2} data-testid="job-campaigns-page">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <div>
          <Typography variant="h5" component="h2">
            {t('list.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('list.subtitle')}
          </Typography>
        </div>
        {canCreate && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={createHref(jobId)}>
            {t('list.create')}
          </Button>
        )}
      </Stack>
      {q.isError ? (
        <Alert severity="error">{q.error.message}</Alert>
      ) : !q.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : q.data.collection.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('list.none')}</Typography>
        </Paper>
      ) : (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' }, gap: 2 }}
        >
          <Stack spacing={1.5}>
            {q.data.collection.map((w) => (
              <WorkflowCard key={w.id} jobId={jobId} w={w} />
            ))}
          </Stack>
          <Paper variant="outlined" sx={{ p: 2, alignSelf: 'start' }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('list.allWorkflows')}
            </Typography>
            <Counters counters={q.data.counters} dense testId="job-campaign-counters" />
            <Funnel counters={q.data.counters} />
          </Paper>
        </Box>
      )}
    </Stack>
  );
}
