/**
 * /jobs/:jobId/users and /users/assigned (JobUsersAccessor + UserAssignment_EDIT): who can open the job and
 * why (Owner, IssuerManager, DirectAssignment, MagicLinkUser, from GET /job-artifacts/{id}/admin); assign and
 * unassign users directly (PUT /job-artifacts/update-job-artifact-user-assignment).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NavLink, useMatches } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import type { TConnectionType, TJobDetails, TRouteDef, TUserSummary } from '@sextant/shared';
import { jobAdminQuery, useAssignUser, userCandidatesQuery } from '../../api/jobs.ts';
import { can, useRequiredUser } from '../../app/current-user.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { notify } from '../../components/notifications/notification-store.ts';
import { JobLayout } from './job-layout.tsx';
import { initialsOf } from './job-logic.ts';

export const CONNECTION_LABELS: Record<
  TConnectionType,
  { label: string; help: string; color: 'primary' | 'secondary' | 'default' | 'info' }
> = {
  Owner: { label: 'Owner', help: 'Owns the job', color: 'primary' },
  IssuerManager: { label: 'Issuer manager', help: 'Manages the job’s issuer', color: 'info' },
  DirectAssignment: { label: 'Assigned', help: 'Given access to this job', color: 'secondary' },
  MagicLinkUser: { label: 'Magic link', help: 'Signed in through a magic link for this job', color: 'default' },
};

function AssignForm({ job, assigned }: { job: TJobDetails; assigned: Set<string> }) {
  const user = useRequiredUser();
  const source = can(user, ['Issuer_View']) ? 'issuer' : can(user, ['UserManagement_VIEW']) ? 'users' : null;
  const q = useQuery({ ...userCandidatesQuery(job.issuerId, source ?? 'issuer'), enabled: source !== null });
  const [pick, setPick] = useState<TUserSummary | null>(null);
  const assign = useAssignUser(job.id);
  if (!source)
    return (
      <Alert severity="info">Your roles do not include listing users, so users cannot be assigned from here.</Alert>
    );
  const options = (q.data ?? []).filter((u) => !assigned.has(u.id));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Autocomplete
        sx={{ flex: 1, maxWidth: { sm: 480 } }}
        options={options}
        loading={q.isLoading}
        value={pick}
        onChange={(_, v) => setPick(v)}
        getOptionLabel={(u) =>
          u.displayName && u.displayName !== u.username ? `${u.displayName} (${u.username})` : u.username
        }
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={source === 'issuer' ? `Every member of ${job.issuerName} already has access` : 'No users found'}
        renderInput={(p) => (
          <TextField
            {...p}
            label="Give a user access"
            size="small"
            helperText={source === 'issuer' ? `Members of ${job.issuerName}` : 'Users you administer'}
          />
        )}
        data-testid="assign-user"
      />
      <PendingButton
        variant="contained"
        startIcon={<PersonAddAlt1Outlined />}
        disabled={!pick}
        onClick={async () => {
          if (!pick) return;
          await assign.mutateAsync({ userId: pick.id, isAssigned: true });
          notify('success', `${pick.displayName || pick.username} can now open “${job.name}”`);
          setPick(null);
        }}
        data-testid="assign-submit"
      >
        Assign
      </PendingButton>
    </Stack>
  );
}

function Users({ job, onlyAssigned }: { job: TJobDetails; onlyAssigned: boolean }) {
  const q = useQuery(jobAdminQuery(job.id));
  const assign = useAssignUser(job.id);
  const all = q.data?.authorizedEndUsers ?? [];
  const rows = onlyAssigned ? all.filter((u) => u.connectionType === 'DirectAssignment') : all;
  const assignedIds = new Set(all.map((u) => u.userId));
  return (
    <Stack spacing={2.5}>
      <Tabs value={onlyAssigned ? 'assigned' : 'all'} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab
          value="all"
          label="Everyone with access"
          component={NavLink}
          to={`/jobs/${job.id}/users`}
          end
          sx={{ textTransform: 'none' }}
        />
        <Tab
          value="assigned"
          label="Directly assigned"
          component={NavLink}
          to={`/jobs/${job.id}/users/assigned`}
          sx={{ textTransform: 'none' }}
        />
      </Tabs>
      {job.abilities.canAssignUsers && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
            Share this job
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Assigned users see the job in Analysis Jobs and open the tabs their roles allow.
          </Typography>
          <AssignForm job={job} assigned={assignedIds} />
        </Paper>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {q.isError ? (
          <Alert severity="error" sx={{ m: 3 }}>
            The users of this job could not be loaded.
          </Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {q.isLoading
              ? 'Loading…'
              : onlyAssigned
                ? 'Nobody has been assigned to this job directly.'
                : 'Nobody else can open this job.'}
          </Typography>
        ) : (
          <TableContainer>
            <Table aria-label="Users with access" data-testid="job-users-table">
              <TableHead>
                <TableRow>
                  <TableCell>User</TableCell>
                  <TableCell>Access through</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((u) => {
                  const c = CONNECTION_LABELS[u.connectionType];
                  return (
                    <TableRow key={`${u.userId}-${u.connectionType}`} data-testid={`job-user-${u.username}`}>
                      <TableCell>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <Avatar sx={{ width: 32, height: 32, fontSize: 13 }}>{initialsOf(u.username)}</Avatar>
                          <span>{u.username}</span>
                        </Stack>
                      </TableCell>
                      <TableCell>
                        <Chip size="small" label={c.label} color={c.color} variant="outlined" title={c.help} />
                      </TableCell>
                      <TableCell align="right">
                        {u.connectionType === 'DirectAssignment' && job.abilities.canAssignUsers && (
                          <PendingButton
                            size="small"
                            color="error"
                            onClick={async () => {
                              await assign.mutateAsync({ userId: u.userId, isAssigned: false });
                              notify('success', `${u.username} no longer has direct access`);
                            }}
                          >
                            Unassign
                          </PendingButton>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <Box>
        <Typography variant="caption" color="text.secondary">
          Owner and issuer-manager access follow the job’s owner and issuer; change them on the Details tab or in Issuer
          Management.
        </Typography>
      </Box>
    </Stack>
  );
}

export function Component() {
  const matches = useMatches();
  const routeId = (matches.at(-1)?.handle as { route?: TRouteDef } | undefined)?.route?.id;
  return <JobLayout>{(job) => <Users job={job} onlyAssigned={routeId === 'jobUsersAssigned'} />}</JobLayout>;
}
