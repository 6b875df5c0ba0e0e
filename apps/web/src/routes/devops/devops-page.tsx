/**
 * /devops (DevOps_Area_VIEW): the DevOps area's entry — cards to ProQ monitoring and workflow management with
 * the live queue status (proq-status-details), and the other DevOps pages of SPEC §2 the user may open.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import { hasAll, ROUTES } from '@sextant/shared/values';
import { proqStatusQuery } from '../../api/proq.ts';
import { useRequiredUser } from '../../app/current-user.ts';
import { formatCount } from '../../lib/format.ts';
import { routeTitle } from '../../layouts/nav-labels.ts';
import { RunningChip } from './proq-monitoring/proq-monitoring-page.tsx';
import { DEVOPS_PAGES } from './pages.ts';
import { SystemPanel } from './system-panel.tsx';

function AreaCard({
  to,
  title,
  description,
  icon,
  children,
  testId,
  available,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  children?: ReactNode;
  testId: string;
  available: boolean;
}) {
  const { t } = useTranslation('devops');
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        transition: 'border-color .15s, box-shadow .15s',
        '&:hover': { borderColor: 'primary.main', boxShadow: 2 },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={to}
        data-testid={testId}
        sx={{ height: '100%', alignItems: 'stretch', display: 'flex' }}
      >
        <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, width: '100%' }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'action.selected',
                color: 'primary.main',
                flexShrink: 0,
              }}
            >
              {icon}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                {title}
              </Typography>
              {!available && (
                <Chip size="small" label={t('landing.notAvailable')} variant="outlined" sx={{ mt: 0.5 }} />
              )}
            </Box>
            <ArrowForwardRounded color="action" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {description}
          </Typography>
          {children}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The other DevOps pages; their descriptions are `landing.other.<id>` in the devops namespace. */
const OTHER: { id: string; icon: ReactNode }[] = [
  { id: 'jobMaintenance', icon: <BuildOutlined /> },
  { id: 'endpointComparisonJobs', icon: <CompareArrowsOutlined /> },
  { id: 'endpointComparisonUsers', icon: <CompareArrowsOutlined /> },
  { id: 'resourceGuard', icon: <ShieldOutlined /> },
  { id: 'sftpConfigurations', icon: <DnsOutlined /> },
];

export function Component() {
  const { t } = useTranslation('devops');
  const user = useRequiredUser();
  const held = new Set(user.permissions);
  const status = useQuery(proqStatusQuery()).data;
  const others = OTHER.map((o) => ({ ...o, def: ROUTES.find((r) => r.id === o.id) })).filter(
    (o) => o.def && hasAll(held, o.def.permissions),
  );
  return (
    <Stack spacing={4} data-testid="devops-landing">
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <AreaCard
          to="/proq-monitoring"
          title={t('landing.proqTitle')}
          description={t('landing.proqDescription')}
          icon={<MonitorHeartOutlined />}
          testId="devops-card-proq"
          available
        >
          <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-end' }}>
            <Box>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}
              >
                {t('landing.queuedCommands')}
              </Typography>
              {status ? (
                <Typography
                  variant="h3"
                  component="p"
                  sx={{ fontWeight: 700, lineHeight: 1.1 }}
                  data-testid="devops-queued"
                >
                  {formatCount(status.queuedCommandCount)}
                </Typography>
              ) : (
                <Skeleton width={64} height={48} />
              )}
            </Box>
            <Box sx={{ pb: 0.5 }}>
              <RunningChip running={status?.isRunning} size="small" />
            </Box>
          </Stack>
        </AreaCard>
        <AreaCard
          to="/workflow-management"
          title={t('landing.workflowTitle')}
          description={t('landing.workflowDescription')}
          icon={<AccountTreeOutlined />}
          testId="devops-card-workflow"
          available
        >
          <Typography variant="body2" color="text.secondary">
            {status
              ? status.queuedCommandCount > 0
                ? t('landing.waiting', {
                    count: status.queuedCommandCount,
                    n: formatCount(status.queuedCommandCount),
                  })
                : t('landing.idle')
              : ' '}
          </Typography>
        </AreaCard>
      </Box>
      {others.length > 0 && (
        <Box>
          <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
            {t('landing.more')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              mt: 1,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {others.map((o) => (
              <AreaCard
                key={o.id}
                to={o.def!.path}
                title={routeTitle(t, o.def!)}
                description={t(`landing.other.${o.id}`)}
                icon={o.icon}
                testId={`devops-card-${o.id}`}
                available={o.id in DEVOPS_PAGES}
              />
            ))}
          </Box>
        </Box>
      )}
      <SystemPanel />
    </Stack>
  );
}
