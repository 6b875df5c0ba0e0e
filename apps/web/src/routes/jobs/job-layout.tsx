/**
 * Frame of every /jobs/:jobId/* page: the job header (name, status, issuer and buyer, who else is here) and
 * the tab sections of SPEC §2 (Creation and Analysis open, the others collapsed). Tabs come from
 * packages/shared/src/job-tabs.ts, filtered by the server-provided permissions and the job type; a job the
 * user cannot see (404) or a tab they lack answers /jobs/:jobId/no-access. A results tab (`result` in job-tabs.ts:
 * summary, insights, suppliers, reports, …) of a job without a completed run says why there are none yet — running (it
 * turns into the results when the run completes), failed (with the run's error), or not run — instead of asking
 * the server for results it does not have (issue #33: no error notification on a first visit).
 *
 * The shell's router registers flat pages, so each job page wraps itself in this layout.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, NavLink, useMatches, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import {
  JOB_TABS_BY_KEY,
  JOB_TYPE_LABELS,
  jobTabOfRoute,
  jobTabPath,
  jobTabSections,
  jobTabVisible,
  type TJobDetails,
  type TJobSectionCategory,
  type TJobTabDef,
  type TRouteDef,
} from '@sextant/shared/values';
import { isProcessing, jobQuery } from '../../api/jobs.ts';
import { isApiError } from '../../api/client.ts';
import { useRequiredUser } from '../../app/current-user.ts';
import { ActiveUsers, useJobHeartbeat } from './job-presence.tsx';
import { StoryVideoButton } from '../resource-hub/story-video-button.tsx';

export const STATUS_COLORS: Record<TJobDetails['status'], 'default' | 'info' | 'success' | 'error'> = {
  Draft: 'default',
  Processing: 'info',
  Ready: 'success',
  Failed: 'error',
};

export function JobStatusChip({ status }: { status: TJobDetails['status'] }) {
  const { t } = useTranslation('jobs');
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      color={STATUS_COLORS[status]}
      variant={status === 'Draft' ? 'outlined' : 'filled'}
      data-testid="job-status"
    />
  );
}

function useCurrentTab(): TJobTabDef | undefined {
  const matches = useMatches();
  const params = useParams();
  const def = (matches.at(-1)?.handle as { route?: TRouteDef } | undefined)?.route;
  return def ? jobTabOfRoute(def.id, params.type) : undefined;
}

function TabNav({
  job,
  current,
  permissions,
}: {
  job: TJobDetails;
  current?: TJobTabDef;
  permissions: ReadonlySet<string>;
}) {
  const { t } = useTranslation('jobs');
  const sections = jobTabSections(permissions, job.type);
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      sections.map((s) => [s.section, s.openByDefault || s.tabs.some((tab) => tab.key === current?.key)]),
    ),
  );
  const toggle = (s: TJobSectionCategory) => setOpen((o) => ({ ...o, [s]: !o[s] }));
  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-label={t('layout.sections')}
      data-testid="job-tabs"
      sx={{ py: 1, position: { md: 'sticky' }, top: { md: 88 } }}
    >
      {sections.map((s) => (
        <List
          key={s.section}
          dense
          disablePadding
          subheader={
            <ListSubheader
              component="button"
              onClick={() => toggle(s.section)}
              aria-expanded={Boolean(open[s.section])}
              data-testid={`job-section-${s.section}`}
              sx={{
                width: '100%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                border: 0,
                cursor: 'pointer',
                bgcolor: 'transparent',
                fontWeight: 700,
                textTransform: 'uppercase',
                letterSpacing: 0.6,
                fontSize: 12,
                lineHeight: '36px',
                fontFamily: 'inherit',
                mt: 0.5,
              }}
            >
              <span style={{ fontSize: 12, fontWeight: 700 }}>
                {t(`sections.${s.section}`, { defaultValue: s.label })}
              </span>
              {open[s.section] ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
            </ListSubheader>
          }
        >
          {/* A collapsed section's links mount when it first opens (and then stay): first paint skips them. */}
          <Collapse in={Boolean(open[s.section])} mountOnEnter>
            {s.tabs.map((tab) => (
              <ListItemButton
                key={tab.key}
                component={NavLink}
                to={jobTabPath(job.id, tab.key)}
                selected={tab.key === current?.key}
                data-testid={`job-tab-${tab.key}`}
                sx={{ mx: 1, borderRadius: 1, pl: 2 }}
              >
                <ListItemText
                  primary={t(`tabs.${tab.key}`, { defaultValue: tab.label })}
                  slotProps={{ primary: { variant: 'body2', fontWeight: tab.key === current?.key ? 700 : 500 } }}
                />
              </ListItemButton>
            ))}
          </Collapse>
        </List>
      ))}
    </Paper>
  );
}

function MobileTabs({
  job,
  current,
  permissions,
}: {
  job: TJobDetails;
  current?: TJobTabDef;
  permissions: ReadonlySet<string>;
}) {
  const { t } = useTranslation('jobs');
  const tabs = jobTabSections(permissions, job.type).flatMap((s) => s.tabs);
  return (
    <Tabs
      value={current?.key ?? false}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('layout.sections')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.key}
          value={tab.key}
          label={t(`tabs.${tab.key}`, { defaultValue: tab.label })}
          component={NavLink}
          to={jobTabPath(job.id, tab.key)}
          sx={{ textTransform: 'none' }}
        />
      ))}
    </Tabs>
  );
}

export function JobHeader({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('jobs');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h4" component="h2" sx={{ wordBreak: 'break-word' }} data-testid="job-name">
            {job.name}
          </Typography>
          <JobStatusChip status={job.status} />
          {job.isPublished && <Chip size="small" label={t('list.publishedLabel')} color="primary" variant="outlined" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {[job.issuerName, job.buyerName, t(`types.${job.type}.label`, { defaultValue: JOB_TYPE_LABELS[job.type] })]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <StoryVideoButton jobId={job.id} />
        <ActiveUsers jobId={job.id} />
      </Stack>
    </Stack>
  );
}

/** Why a results tab has nothing to show yet: the run is running, it failed, or there was none. */
function NoResultsYet({ job, permissions }: { job: TJobDetails; permissions: ReadonlySet<string> }) {
  const { t } = useTranslation('jobs');
  const run = job.runs[0];
  const state = isProcessing(job) ? 'processing' : run && run.status !== 'Completed' ? 'failed' : 'notRun';
  const details = JOB_TABS_BY_KEY.details;
  const canSeeDetails = jobTabVisible(details, permissions, job.type);
  return (
    <Alert
      severity={state === 'failed' ? 'warning' : 'info'}
      variant="outlined"
      data-testid="job-no-results"
      data-state={state}
    >
      <AlertTitle>{t(`layout.noResults.${state}.title`)}</AlertTitle>
      {t(`layout.noResults.${state}.text`)}
      {state === 'failed' && run?.error && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="job-no-results-error">
          {run.error}
        </Typography>
      )}
      {state !== 'notRun' && canSeeDetails && (
        <Box sx={{ mt: 1 }}>
          <Link component={NavLink} to={jobTabPath(job.id, details.key)}>
            {t('layout.noResults.details')}
          </Link>
        </Box>
      )}
    </Alert>
  );
}

export interface TJobLayoutProps {
  children: (job: TJobDetails) => ReactNode;
  /** Poll the job every 2 s while it is processing. */
  poll?: boolean;
  /** Presence scope reported with the heartbeat (the tab). */
  scope?: string;
}

export function JobLayout({ children, poll, scope }: TJobLayoutProps) {
  const { jobId = '' } = useParams();
  const user = useRequiredUser();
  const current = useCurrentTab();
  const showsResults = Boolean(current?.result);
  // a results tab of a processing job polls it, so that the results replace the "running" note when it completes
  const q = useQuery(jobQuery(jobId, { poll: poll || showsResults }));
  useJobHeartbeat(jobId, scope ?? current?.key ?? 'job');
  // One of the two tab navigations (scrolling tabs below md, the side list from md): rendering the hidden one
  // too cost the first paint of every job page.
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const permissions = new Set(user.permissions);

  if (q.isError) {
    if (isApiError(q.error) && (q.error.status === 404 || q.error.status === 403 || q.error.status === 400))
      return <Navigate to={`/jobs/${encodeURIComponent(jobId)}/no-access`} replace />;
    throw q.error;
  }
  if (!q.data) {
    return (
      <Stack spacing={3} data-testid="job-loading">
        <Skeleton variant="text" width={320} height={48} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, gap: 3 }}>
          <Skeleton variant="rounded" height={360} sx={{ display: { xs: 'none', md: 'block' } }} />
          <Skeleton variant="rounded" height={360} />
        </Box>
      </Stack>
    );
  }
  const job = q.data;
  if (current && !jobTabVisible(current, permissions, job.type))
    return <Navigate to={`/jobs/${encodeURIComponent(jobId)}/no-access`} replace />;

  return (
    <Stack spacing={3} data-testid="job-layout">
      <JobHeader job={job} />
      {mobile && <MobileTabs job={job} current={current} permissions={permissions} />}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '232px minmax(0, 1fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        {!mobile && (
          <Box>
            <TabNav job={job} current={current} permissions={permissions} />
          </Box>
        )}
        <Box sx={{ minWidth: 0 }} data-testid={current ? `job-tab-content-${current.key}` : 'job-tab-content'}>
          {showsResults && !job.resultRunId ? <NoResultsYet job={job} permissions={permissions} /> : children(job)}
        </Box>
      </Box>
    </Stack>
  );
}
