/**
 * /devops (DevOps_Area_VIEW): the DevOps area's entry — cards to ProQ monitoring and workflow management with
 * the live queue status (proq-status-details), and the other DevOps pages of SPEC §2 the user may open.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
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
import { hasAll, ROUTES } from '@sextant/shared';
import { proqStatusQuery } from '../../api/proq.ts';
import { useRequiredUser } from '../../app/current-user.ts';
import { formatCount } from '../../lib/format.ts';
import { RunningChip } from './proq-monitoring/proq-monitoring-page.tsx';
import { DEVOPS_PAGES } from './pages.ts';

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
              {!available && <Chip size="small" label="Not available yet" variant="outlined" sx={{ mt: 0.5 }} />}
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

const OTHER: { id: string; description: string; icon: ReactNode }[] = [
  {
    id: 'jobMaintenance',
    description: 'Inspect and repair jobs that are stuck or inconsistent.',
    icon: <BuildOutlined />,
  },
  {
    id: 'endpointComparisonJobs',
    description: 'Compare API responses for jobs between environments.',
    icon: <CompareArrowsOutlined />,
  },
  {
    id: 'endpointComparisonUsers',
    description: 'Compare API responses for users between environments.',
    icon: <CompareArrowsOutlined />,
  },
  { id: 'resourceGuard', description: 'Review resource limits and guards.', icon: <ShieldOutlined /> },
  { id: 'sftpConfigurations', description: 'Manage SFTP delivery configurations.', icon: <DnsOutlined /> },
];

export function Component() {
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
          title="ProQ monitoring"
          description="Queue counts, workers, idle backoff and every queued, failed and completed command with its payload and error."
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
                Queued commands
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
          title="Workflow management"
          description="Follow a job's pipeline as a graph of prerequisites with timings; retry failed steps or cancel running ones."
          icon={<AccountTreeOutlined />}
          testId="devops-card-workflow"
          available
        >
          <Typography variant="body2" color="text.secondary">
            {status
              ? status.queuedCommandCount > 0
                ? `${formatCount(status.queuedCommandCount)} command${status.queuedCommandCount === 1 ? '' : 's'} waiting or running`
                : 'All workflows are idle'
              : ' '}
          </Typography>
        </AreaCard>
      </Box>
      {others.length > 0 && (
        <Box>
          <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
            More DevOps tools
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
                title={o.def!.title}
                description={o.description}
                icon={o.icon}
                testId={`devops-card-${o.id}`}
                available={o.id in DEVOPS_PAGES}
              />
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
