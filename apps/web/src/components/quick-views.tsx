/**
 * Navbar quick-view icons (SPEC §2): ProQ commands (all), ProQ commands of the current job, active users.
 * Polled while visible (ProQ 4 s, active users 2 s: SPEC §7). Until the queue and job areas provide their
 * endpoints the popover says so instead of inventing rows.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMatch } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import CircularProgress from '@mui/material/CircularProgress';
import PlaylistPlayOutlined from '@mui/icons-material/PlaylistPlayOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { api, isApiError } from '../api/client.ts';
import { can, useCurrentUser } from '../app/current-user.ts';

export const QUICK_VIEW_MAX_HEIGHT = 512;
const PROQ_POLL_MS = 4000;
const ACTIVE_USERS_POLL_MS = 2000;

interface TQuickViewRow {
  commandType: string;
  state: string;
  age: string | number;
  tags?: string[] | string | null;
  jobName?: string | null;
}
interface TActiveUser {
  userName: string;
  scope: string;
  entityName: string;
  exclusiveWriteAccess: boolean;
}

function Unavailable({ what }: { what: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid="quick-view-unavailable">
      {what} is not available yet in this version.
    </Typography>
  );
}

function QueryBody<T>({ q, what, render }: { q: { isLoading: boolean; error: unknown; data: T | undefined }; what: string; render: (d: T) => ReactNode }) {
  if (q.isLoading)
    return (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <CircularProgress size={20} />
      </Box>
    );
  if (q.error) return isApiError(q.error) && q.error.status === 404 ? <Unavailable what={what} /> : <Typography sx={{ p: 2 }} color="error">Could not load {what.toLowerCase()}.</Typography>;
  return <>{q.data !== undefined ? render(q.data) : null}</>;
}

function CommandsTable({ rows }: { rows: TQuickViewRow[] }) {
  if (rows.length === 0) return <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>No queued commands.</Typography>;
  return (
    <Table size="small" stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell>Command</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Age</TableCell>
          <TableCell>Job</TableCell>
          <TableCell>Tags</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={i}>
            <TableCell>{r.commandType}</TableCell>
            <TableCell>{r.state}</TableCell>
            <TableCell>{r.age}</TableCell>
            <TableCell>{r.jobName ?? '—'}</TableCell>
            <TableCell>{Array.isArray(r.tags) ? r.tags.join(', ') : (r.tags ?? '')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function QuickView({ label, icon, count, children, collapsed, testId }: { label: string; icon: ReactNode; count?: number; children: (open: boolean) => ReactNode; collapsed: boolean; testId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label} placement={collapsed ? 'right' : 'top'}>
        <IconButton aria-label={label} onClick={(e) => setAnchor(e.currentTarget)} sx={{ color: 'inherit' }} data-testid={testId}>
          <Badge badgeContent={count} max={99} color="primary">
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ width: 480, maxWidth: '90vw' }}>
          <Typography variant="subtitle2" sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
            {label}
          </Typography>
          <Box sx={{ maxHeight: QUICK_VIEW_MAX_HEIGHT, overflow: 'auto' }}>{children(Boolean(anchor))}</Box>
        </Box>
      </Popover>
    </>
  );
}

const stopOn404 = (interval: number) => (q: { state: { error: unknown } }) => (isApiError(q.state.error) && q.state.error.status === 404 ? false : interval);

function ProqAll({ open }: { open: boolean }) {
  const q = useQuery({ queryKey: ['proq', 'quick-view'], queryFn: () => api<TQuickViewRow[]>('/api/v1/proq/proq-commands-info'), enabled: open, refetchInterval: stopOn404(PROQ_POLL_MS), retry: false, meta: { silent: true } });
  return <QueryBody q={q} what="The ProQ command quick view" render={(rows) => <CommandsTable rows={rows} />} />;
}
function ProqJob({ open, jobId }: { open: boolean; jobId: string }) {
  const q = useQuery({ queryKey: ['proq', 'quick-view', jobId], queryFn: () => api<TQuickViewRow[]>(`/api/v1/proq/queued-commands-quick-view/${encodeURIComponent(jobId)}`), enabled: open, refetchInterval: stopOn404(PROQ_POLL_MS), retry: false, meta: { silent: true } });
  return <QueryBody q={q} what="The job's ProQ command quick view" render={(rows) => <CommandsTable rows={rows} />} />;
}
function ActiveUsers({ open }: { open: boolean }) {
  const q = useQuery({ queryKey: ['concurrency', 'active-entity-users'], queryFn: () => api<TActiveUser[]>('/api/v1/concurrency/active-entity-users'), enabled: open, refetchInterval: stopOn404(ACTIVE_USERS_POLL_MS), retry: false, meta: { silent: true } });
  return (
    <QueryBody
      q={q}
      what="The active users view"
      render={(rows) =>
        rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>No other active users.</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>User</TableCell>
                <TableCell>Scope</TableCell>
                <TableCell>Entity</TableCell>
                <TableCell>Write access</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, i) => (
                <TableRow key={i}>
                  <TableCell>{r.userName}</TableCell>
                  <TableCell>{r.scope}</TableCell>
                  <TableCell>{r.entityName}</TableCell>
                  <TableCell>{r.exclusiveWriteAccess ? 'Exclusive' : 'Shared'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      }
    />
  );
}

export function QuickViews({ collapsed }: { collapsed: boolean }) {
  const user = useCurrentUser();
  const jobMatch = useMatch('/jobs/:jobId/*');
  const jobId = jobMatch?.params.jobId && !['loading', 'create'].includes(jobMatch.params.jobId) ? jobMatch.params.jobId : null;
  const proq = can(user, ['QuickView_ProQ_VIEW']);
  const active = can(user, ['ActiveUsers_VIEW']);
  const status = useQuery({
    queryKey: ['proq', 'status-details'],
    queryFn: () => api<{ queuedCommandCount: number; isRunning: boolean }>('/api/v1/proq/proq-status-details'),
    enabled: proq,
    refetchInterval: stopOn404(PROQ_POLL_MS),
    retry: false,
    meta: { silent: true },
  });
  if (!proq && !active) return null;
  return (
    <Stack direction={collapsed ? 'column' : 'row'} spacing={0.5} sx={{ justifyContent: 'center', py: 1 }} data-testid="quick-views">
      {proq && (
        <QuickView label="ProQ commands" icon={<PlaylistPlayOutlined />} count={status.data?.queuedCommandCount} collapsed={collapsed} testId="quick-view-proq">
          {(open) => <ProqAll open={open} />}
        </QuickView>
      )}
      {proq && jobId && (
        <QuickView label="ProQ commands for this job" icon={<WorkHistoryOutlined />} collapsed={collapsed} testId="quick-view-proq-job">
          {(open) => <ProqJob open={open} jobId={jobId} />}
        </QuickView>
      )}
      {active && (
        <QuickView label="Active users" icon={<GroupsOutlined />} collapsed={collapsed} testId="quick-view-active-users">
          {(open) => <ActiveUsers open={open} />}
        </QuickView>
      )}
    </Stack>
  );
}
