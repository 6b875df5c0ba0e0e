/**
 * Navbar quick-view icons (SPEC §2): ProQ commands (all), ProQ commands of the current job, active users.
 * ProQ (QuickView_ProQ_VIEW) is polled every 4 s (SPEC §7): the status for the sync badge (99+ above 99, SPEC
 * §9) always, the current job's commands while on /jobs/:jobId/*, the full list while its popover is open.
 * Tables are capped at 512 px. Active users (2 s) lists who is on which job the user may see.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMatch, useNavigate } from 'react-router';
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
import { PROQ_QUICK_VIEW_MAX_HEIGHT, type TProqQuickViewRow } from '@sextant/shared/values';
import { http, isApiError, ok } from '../api/client.ts';
import { proqQuickViewQuery, proqStatusQuery } from '../api/proq.ts';
import { can, useCurrentUser } from '../app/current-user.ts';
import { formatAge, proqBadgeText } from '../routes/devops/proq-format.ts';
import { ProgressCell, StateChip } from '../routes/devops/proq-ui.tsx';

export const QUICK_VIEW_MAX_HEIGHT = PROQ_QUICK_VIEW_MAX_HEIGHT;
const ACTIVE_USERS_POLL_MS = 2000;

function Unavailable({ what }: { what: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid="quick-view-unavailable">
      {what} is not available yet in this version.
    </Typography>
  );
}

function QueryBody<T>({
  q,
  what,
  render,
}: {
  q: { isLoading: boolean; error: unknown; data: T | undefined };
  what: string;
  render: (d: T) => ReactNode;
}) {
  if (q.isLoading)
    return (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <CircularProgress size={20} />
      </Box>
    );
  if (q.error)
    return isApiError(q.error) && q.error.status === 404 ? (
      <Unavailable what={what} />
    ) : (
      <Typography sx={{ p: 2 }} color="error">
        Could not load {what.toLowerCase()}.
      </Typography>
    );
  return <>{q.data !== undefined ? render(q.data) : null}</>;
}

function CommandsTable({
  rows,
  onOpen,
  testId,
}: {
  rows: TProqQuickViewRow[];
  onOpen?: (r: TProqQuickViewRow) => void;
  testId: string;
}) {
  if (rows.length === 0)
    return (
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ p: 3, textAlign: 'center' }}
        data-testid={`${testId}-empty`}
      >
        No queued commands.
      </Typography>
    );
  return (
    <Table size="small" stickyHeader data-testid={testId}>
      <TableHead>
        <TableRow>
          {['Command', 'State', 'Age', 'Job', 'Tags'].map((h) => (
            <TableCell key={h} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow
            key={r.id}
            hover={Boolean(onOpen && r.jobId)}
            onClick={onOpen && r.jobId ? () => onOpen(r) : undefined}
            sx={{ cursor: onOpen && r.jobId ? 'pointer' : undefined }}
            data-testid="quick-view-row"
          >
            <TableCell
              sx={{
                fontFamily: 'ui-monospace, Menlo, monospace',
                fontSize: 12.5,
                fontWeight: 600,
                whiteSpace: 'nowrap',
              }}
            >
              {r.commandType}
            </TableCell>
            <TableCell>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <StateChip state={r.state} />
                {r.state === 'InProgress' && <ProgressCell c={r} />}
              </Stack>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatAge(r.age)}</TableCell>
            <TableCell
              sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              title={r.jobName ?? undefined}
            >
              {r.jobName ?? '—'}
            </TableCell>
            <TableCell sx={{ color: 'text.secondary', fontSize: 12, whiteSpace: 'nowrap' }}>
              {r.tags.length ? r.tags.join(', ') : '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function QuickView({
  label,
  icon,
  count,
  children,
  collapsed,
  testId,
}: {
  label: string;
  icon: ReactNode;
  count?: number;
  children: (open: boolean, close: () => void) => ReactNode;
  collapsed: boolean;
  testId: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label} placement={collapsed ? 'right' : 'top'}>
        <IconButton
          aria-label={label}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ color: 'inherit' }}
          data-testid={testId}
        >
          <Badge
            badgeContent={proqBadgeText(count) || undefined}
            color="primary"
            slotProps={{ badge: { 'data-testid': `${testId}-badge` } as object }}
          >
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ width: 640, maxWidth: 'calc(100vw - 32px)' }}>
          <Stack
            direction="row"
            sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', alignItems: 'center', gap: 1 }}
          >
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {label}
            </Typography>
            {count !== undefined && (
              <Typography variant="caption" color="text.secondary" data-testid={`${testId}-count`}>
                {count} queued
              </Typography>
            )}
          </Stack>
          <Box sx={{ maxHeight: QUICK_VIEW_MAX_HEIGHT, overflow: 'auto' }} data-testid={`${testId}-popover`}>
            {children(Boolean(anchor), () => setAnchor(null))}
          </Box>
        </Box>
      </Popover>
    </>
  );
}

const stopOn404 = (interval: number) => (q: { state: { error: unknown } }) =>
  isApiError(q.state.error) && q.state.error.status === 404 ? false : interval;

/** ProQ quick view (all commands, or one job's): polled every 4 s (SPEC §7); a row opens the job's workflow. */
function ProqCommands({
  q,
  what,
  close,
  testId,
}: {
  q: { isLoading: boolean; error: unknown; data: TProqQuickViewRow[] | undefined };
  what: string;
  close: () => void;
  testId: string;
}) {
  const navigate = useNavigate();
  const devops = can(useCurrentUser(), ['DevOps_Area_VIEW']);
  const open = (r: TProqQuickViewRow) => {
    close();
    void navigate(`/workflow-management?jobId=${encodeURIComponent(r.jobId ?? '')}`);
  };
  return (
    <QueryBody
      q={q}
      what={what}
      render={(rows) => <CommandsTable rows={rows} onOpen={devops ? open : undefined} testId={testId} />}
    />
  );
}
function ProqAll({ open, close }: { open: boolean; close: () => void }) {
  const q = useQuery(proqQuickViewQuery(null, open));
  return <ProqCommands q={q} what="The ProQ command quick view" close={close} testId="quick-view-proq-table" />;
}
function ProqJob({
  q,
  close,
}: {
  q: { isLoading: boolean; error: unknown; data: TProqQuickViewRow[] | undefined };
  close: () => void;
}) {
  return (
    <ProqCommands q={q} what="The job's ProQ command quick view" close={close} testId="quick-view-proq-job-table" />
  );
}
function ActiveUsers({ open }: { open: boolean }) {
  const q = useQuery({
    queryKey: ['concurrency', 'active-users'],
    queryFn: () => ok(http.GET('/api/v1/concurrency/active-users')),
    enabled: open,
    refetchInterval: stopOn404(ACTIVE_USERS_POLL_MS),
    retry: false,
    meta: { silent: true },
  });
  return (
    <QueryBody
      q={q}
      what="The active users view"
      render={(rows) =>
        rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            No other active users.
          </Typography>
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
  const jobId =
    jobMatch?.params.jobId && !['loading', 'create'].includes(jobMatch.params.jobId) ? jobMatch.params.jobId : null;
  const proq = can(user, ['QuickView_ProQ_VIEW']);
  const active = can(user, ['ActiveUsers_VIEW']);
  const status = useQuery(proqStatusQuery(proq));
  const jobRows = useQuery(proqQuickViewQuery(jobId, proq && Boolean(jobId)));
  if (!proq && !active) return null;
  return (
    <Stack
      direction={collapsed ? 'column' : 'row'}
      spacing={0.5}
      sx={{ justifyContent: 'center', py: 1 }}
      data-testid="quick-views"
    >
      {proq && (
        <QuickView
          label="ProQ commands"
          icon={<PlaylistPlayOutlined />}
          count={status.data?.queuedCommandCount}
          collapsed={collapsed}
          testId="quick-view-proq"
        >
          {(open, close) => <ProqAll open={open} close={close} />}
        </QuickView>
      )}
      {proq && jobId && (
        <QuickView
          label="ProQ commands for this job"
          icon={<WorkHistoryOutlined />}
          count={jobRows.data?.length}
          collapsed={collapsed}
          testId="quick-view-proq-job"
        >
          {(_open, close) => <ProqJob q={jobRows} close={close} />}
        </QuickView>
      )}
      {active && (
        <QuickView
          label="Active users"
          icon={<GroupsOutlined />}
          collapsed={collapsed}
          testId="quick-view-active-users"
        >
          {(open) => <ActiveUsers open={open} />}
        </QuickView>
      )}
    </Stack>
  );
}
