/**
 * /endpoint-comparison/jobs/:jobId: what two completed runs of the job answer — summary, chart views, suppliers —
 * compared field by field. Defaults to the previous run against the latest; a re-run with the current engine adds
 * a run to compare.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CompareArrowsRounded from '@mui/icons-material/CompareArrowsRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import type { TComparableRun, TComparisonSection } from '@sextant/shared/values';
import { comparisonJobsQuery, jobComparisonQuery, useStartRun } from '../../../api/devops.ts';
import { useCan } from '../../../app/current-user.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { notify } from '../../../components/notifications/notification-store.ts';
import { formatCount } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { DiffTable } from '../devops-ui.tsx';

const runLabel = (r: TComparableRun) =>
  `#${r.runNumber} · ${formatDateTime(r.completedAt ?? r.createdAt)}${r.scoringRulesetVersion ? ` · v${r.scoringRulesetVersion}/v${r.confidenceRulesetVersion}` : ''}`;

export function Component() {
  const { t } = useTranslation('devops');
  const { jobId = '' } = useParams();
  const jobs = useQuery({ ...comparisonJobsQuery(), refetchInterval: 5_000 });
  const job = jobs.data?.find((j) => j.id === jobId);
  const completed = (job?.runs ?? []).filter((r) => r.status === 'Completed');
  const [base, setBase] = useState<string | null>(null);
  const [other, setOther] = useState<string | null>(null);
  const baseId = base ?? completed[1]?.id ?? completed[0]?.id ?? null;
  const otherId = other ?? completed[0]?.id ?? null;
  const cmp = useQuery(jobComparisonQuery(jobId, baseId, otherId));
  const [tab, setTab] = useState<TComparisonSection>('summary');
  const canRun = useCan(['Job_Update']);
  const rerun = useStartRun();
  const running = job?.runs.some((r) => r.status === 'Queued' || r.status === 'Running');

  if (jobs.data && !job) return <Alert severity="warning">{t('comparison.jobNotFound')}</Alert>;
  const section = cmp.data?.sections.find((s) => s.name === tab);
  return (
    <Stack spacing={2} data-testid="comparison-job">
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                {job?.name ?? ' '}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {job ? [job.issuerName, job.buyerName].filter(Boolean).join(' · ') : ''}
              </Typography>
            </Stack>
            {(['base', 'compare'] as const).map((which) => (
              <TextField
                key={which}
                select
                size="small"
                label={t(`comparison.${which}Run`)}
                value={(which === 'base' ? baseId : otherId) ?? ''}
                onChange={(e) => (which === 'base' ? setBase : setOther)(e.target.value)}
                sx={{ minWidth: 240 }}
                slotProps={{ htmlInput: { 'data-testid': `comparison-${which}` } }}
              >
                {completed.map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {runLabel(r)}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            {canRun && (
              <PendingButton
                variant="outlined"
                startIcon={<ReplayRounded />}
                disabled={running}
                onClick={async () => {
                  await rerun.mutateAsync(jobId);
                  notify('info', t('comparison.rerunQueued'));
                }}
              >
                {running ? t('comparison.running') : t('comparison.rerun')}
              </PendingButton>
            )}
          </Stack>
        </CardContent>
      </Card>
      {jobs.data && completed.length === 0 && <Alert severity="info">{t('comparison.noRuns')}</Alert>}
      {cmp.isFetching && <LinearProgress />}
      {cmp.data && (
        <Card variant="outlined">
          <Tabs
            value={tab}
            onChange={(_, v: TComparisonSection) => setTab(v)}
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {cmp.data.sections.map((s) => (
              <Tab
                key={s.name}
                value={s.name}
                data-testid={`comparison-tab-${s.name}`}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{t(`comparison.sections.${s.name}`)}</span>
                    <Chip
                      size="small"
                      color={s.totalDifferences ? 'warning' : 'success'}
                      label={formatCount(s.totalDifferences)}
                    />
                  </Stack>
                }
              />
            ))}
          </Tabs>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
              <CompareArrowsRounded fontSize="small" color="action" />
              <Typography variant="body2" color="text.secondary">
                {t('comparison.between', { base: cmp.data.base.runNumber, compare: cmp.data.compare.runNumber })}
              </Typography>
            </Stack>
            {section && <DiffTable section={section} testId={`comparison-diff-${section.name}`} />}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
