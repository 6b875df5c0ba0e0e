/**
 * /jobs/:jobId/users and /users/assigned (JobUsersAccessor + UserAssignment_EDIT): who can open the job and
 * why (Owner, IssuerManager, DirectAssignment, MagicLinkUser, from GET /job-artifacts/{id}/admin); assign and
 * unassign users directly (PUT /job-artifacts/update-job-artifact-user-assignment).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NavLink, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import type { TConnectionType, TJobDetails, TRouteDef, TUserSummary } from '@sextant/shared/values';
import { jobAdminQuery, useAssignUser, userCandidatesQuery } from '../../api/jobs.ts';
import { can, useRequiredUser } from '../../app/current-user.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { notify } from '../../components/notifications/notification-store.ts';
import { JobLayout } from './job-layout.tsx';
import { initialsOf } from './job-logic.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

/** English labels and help; the UI shows `users.connection.<type>.label` and `.help` of the jobs namespace. */
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
  const { t } = useTranslation('jobs');
  const user = useRequiredUser();
  const source = can(user, ['Issuer_View']) ? 'issuer' : can(user, ['UserManagement_VIEW']) ? 'users' : null;
  const q = useQuery({ ...userCandidatesQuery(job.issuerId, source ?? 'issuer'), enabled: source !== null });
  const [pick, setPick] = useState<TUserSummary | null>(null);
  const assign = useAssignUser(job.id);
  if (!source) return <Alert severity="info">{t('users.cannotList')}</Alert>;
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
        noOptionsText={source === 'issuer' ? t('users.everyMember', { issuer: job.issuerName }) : t('users.noUsers')}
        renderInput={(p) => (
          <TextField
            {...p}
            label={t('users.give')}
            size="small"
            helperText={
              source === 'issuer' ? t('users.membersOf', { issuer: job.issuerName }) : t('users.youAdminister')
            }
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
          notify('success', t('users.assigned', { user: pick.displayName || pick.username, name: job.name }));
          setPick(null);
        }}
        data-testid="assign-submit"
      >
        {t('users.assign')}
      </PendingButton>
    </Stack>
  );
}

function Users({ job, onlyAssigned }: { job: TJobDetails; onlyAssigned: boolean }) {
  const { t } = useTranslation('jobs');
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
          label={t('users.tabs.all')}
          component={NavLink}
          to={`/jobs/${job.id}/users`}
          end
          sx={{ textTransform: 'none' }}
        />
        <Tab
          value="assigned"
          label={t('users.tabs.assigned')}
          component={NavLink}
          to={`/jobs/${job.id}/users/assigned`}
          sx={{ textTransform: 'none' }}
        />
      </Tabs>
      {job.abilities.canAssignUsers && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
            {t('users.share')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('users.shareHelp')}
          </Typography>
          <AssignForm job={job} assigned={assignedIds} />
        </Paper>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {q.isError ? (
          <Alert severity="error" sx={{ m: 3 }}>
            {t('users.error')}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {q.isLoading ? t('common.loading') : onlyAssigned ? t('users.noneAssigned') : t('users.nobody')}
          </Typography>
        ) : (
          <DataTable
            rows={rows}
            testId="job-users-table"
            variant="plain"
            size="medium"
            stickyHeader={false}
            ariaLabel={t('users.tableLabel')}
            rowKey={(u) => `${u.userId}-${u.connectionType}`}
            rowTestId={(u) => `job-user-${u.username}`}
            columns={[
              {
                field: 'username',
                header: t('users.columns.user'),
                render: (u) => (
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <Avatar sx={{ width: 32, height: 32, fontSize: 13 }}>{initialsOf(u.username)}</Avatar>
                    <span>{u.username}</span>
                  </Stack>
                ),
              },
              {
                field: 'connectionType',
                header: t('users.columns.through'),
                render: (u) => {
                  const c = CONNECTION_LABELS[u.connectionType];
                  return (
                    <Chip
                      size="small"
                      label={t(`users.connection.${u.connectionType}.label`, { defaultValue: c.label })}
                      color={c.color}
                      variant="outlined"
                      title={t(`users.connection.${u.connectionType}.help`, { defaultValue: c.help })}
                    />
                  );
                },
              },
              {
                field: 'actions',
                header: '',
                align: 'right',
                render: (u) =>
                  u.connectionType === 'DirectAssignment' &&
                  job.abilities.canAssignUsers && (
                    <PendingButton
                      size="small"
                      color="error"
                      onClick={async () => {
                        await assign.mutateAsync({ userId: u.userId, isAssigned: false });
                        notify('success', t('users.unassigned', { user: u.username }));
                      }}
                    >
                      {t('users.unassign')}
                    </PendingButton>
                  ),
              },
            ]}
          />
        )}
      </Paper>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('users.footnote')}
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
