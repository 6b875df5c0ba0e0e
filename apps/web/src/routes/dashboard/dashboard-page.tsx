/**
 * /dashboard (Dashboard_VIEW): the day panels (what needs me, my jobs, changes since my last visit, campaigns in
 * progress — day-panels.tsx), then the platform figures (users, issuers, jobs, queue).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import PlaylistPlayOutlined from '@mui/icons-material/PlaylistPlayOutlined';
import type { TPagingRequest } from '@sextant/shared/values';
import { http, isApiError, ok } from '../../api/client.ts';
import { fetchUserTab } from '../../api/admin-users.ts';
import { fetchIssuers } from '../../api/issuers.ts';
import { fetchJobList } from '../../api/jobs.ts';
import { useRequiredUser, can } from '../../app/current-user.ts';
import { formatCount } from '../../lib/format.ts';
import { formatDateTime } from '../../app/i18n.ts';
import { DayPanels } from './day-panels.tsx';

const FIRST_PAGE = { pageNumber: 1, pageSize: 1, filters: { filterItems: [] } };

function Metric({
  id,
  label,
  icon,
  q,
  to,
  caption,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  q: { isLoading: boolean; error: unknown; data: number | undefined };
  to?: string;
  caption?: string;
}) {
  const { t } = useTranslation('profile');
  const body = (
    <CardContent sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
        <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
      </Stack>
      {q.isLoading ? (
        <Skeleton width={80} height={48} />
      ) : q.error ? (
        <Typography color="text.secondary" data-testid={`metric-${id}`}>
          {isApiError(q.error) && q.error.status === 404 ? t('dashboard.notAvailable') : t('dashboard.loadFailed')}
        </Typography>
      ) : (
        <Typography variant="h2" component="p" data-testid={`metric-${id}`}>
          {formatCount(q.data)}
        </Typography>
      )}
      {caption && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {caption}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card>
      {to ? (
        <CardActionArea component={RouterLink} to={to}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

const paged = (fetchPage: (req: TPagingRequest) => Promise<{ totalCount: number }>) => () =>
  fetchPage(FIRST_PAGE).then((r) => r.totalCount);

export function Component() {
  const { t } = useTranslation('profile');
  const user = useRequiredUser();
  const opts = { retry: false, meta: { silent: true } } as const;
  const users = useQuery({
    queryKey: ['dashboard', 'users'],
    queryFn: paged((req) => fetchUserTab('active', req)),
    enabled: can(user, ['User_CRUD']),
    ...opts,
  });
  const issuers = useQuery({
    queryKey: ['dashboard', 'issuers'],
    queryFn: paged(fetchIssuers),
    enabled: can(user, ['IssuerArea_VIEW']),
    ...opts,
  });
  const jobs = useQuery({
    queryKey: ['dashboard', 'jobs'],
    queryFn: paged(fetchJobList),
    ...opts,
  });
  const queue = useQuery({
    queryKey: ['dashboard', 'queue'],
    queryFn: () => ok(http.GET('/api/v1/proq/proq-status-details')).then((r) => r.queuedCommandCount),
    enabled: can(user, ['DevOps_Area_VIEW']),
    refetchInterval: 10_000,
    ...opts,
  });
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h2">
          {t('dashboard.welcome', { name: user.givenName || user.displayName || user.username })}
        </Typography>
        <Typography color="text.secondary">
          {t('dashboard.overview', { date: formatDateTime(new Date(), { dateStyle: 'long' }) })}
        </Typography>
      </Box>
      <DayPanels />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2.5 }}>
        {can(user, ['User_CRUD']) && (
          <Metric
            id="Active users"
            label={t('dashboard.activeUsers')}
            icon={<PeopleAltOutlined />}
            q={users}
            to="/admin/users"
          />
        )}
        {can(user, ['IssuerArea_VIEW']) && (
          <Metric
            id="Issuers"
            label={t('dashboard.issuers')}
            icon={<AccountBalanceOutlined />}
            q={issuers}
            to="/admin/issuer-manager"
          />
        )}
        <Metric
          id="Analysis jobs"
          label={t('dashboard.analysisJobs')}
          icon={<WorkOutlineOutlined />}
          q={jobs}
          to={can(user, ['AnalysisJobList_VIEW']) ? '/analysis' : undefined}
        />
        {can(user, ['DevOps_Area_VIEW']) && (
          <Metric
            id="Queued commands"
            label={t('dashboard.queuedCommands')}
            icon={<PlaylistPlayOutlined />}
            q={queue}
            to="/proq-monitoring"
            caption={t('dashboard.queueCaption')}
          />
        )}
      </Box>
    </Stack>
  );
}
