/**
 * /admin/users/{userId}: identity, System Roles and Analysis Roles, extra permissions, approve, deactivate /
 * reactivate, invite, branding, issuers, directly assigned jobs, last activity and terms/privacy status.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { hasAll, PERMISSIONS, type TJobArtifactForUser, type TRoleCatalogue, type TUserDetail } from '@sextant/shared';
import {
  adminUserKeys,
  approveUser,
  deactivateUser,
  extraPermissionsQuery,
  fetchDirectlyAssigned,
  inviteUser,
  potentialUserIssuersQuery,
  reactivateUser,
  roleCatalogueQuery,
  setExtraPermissions,
  setUserBranding,
  setUserRoles,
  userDetailQuery,
} from '../../../api/admin-users.ts';
import { brandingsQuery, issuerKeys } from '../../../api/issuers.ts';
import { useCan, useRequiredUser } from '../../../app/current-user.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { Field, FieldGrid, formatDateTime, Section, useFormMutation } from '../admin-ui.tsx';

function StatusChips({ u }: { u: TUserDetail }) {
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="user-status">
      {u.isDeactivated ? (
        <Chip color="error" label="Deactivated" />
      ) : (
        <Chip color="success" label="Active" variant="outlined" />
      )}
      {u.pending && <Chip color="warning" label="Pending" />}
      {!u.approved && <Chip color="warning" label="Unapproved" />}
      {!u.eligible && <Chip label="Not eligible" />}
    </Stack>
  );
}

function LegalStatus({
  label,
  agreed,
  status,
}: {
  label: string;
  agreed: boolean;
  status: { agreedVersionId: string | null; latestVersionId: string };
}) {
  return (
    <Field label={label}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {agreed ? (
          <CheckCircleOutline color="success" fontSize="small" />
        ) : (
          <ErrorOutline color="warning" fontSize="small" />
        )}
        <span>
          {agreed ? 'Agreed to the latest' : 'Not agreed to the latest'} (agreed {status.agreedVersionId ?? 'none'},
          latest {status.latestVersionId})
        </span>
      </Stack>
    </Field>
  );
}

function RolesEditor({ user, catalogue }: { user: TUserDetail; catalogue: TRoleCatalogue }) {
  const me = useRequiredUser();
  const held = new Set(me.permissions);
  const initial = () => ({
    standard: user.roles.standard.map((r) => r.role as string),
    tabbedView: user.roles.tabbedView.map((r) => r.role as string),
  });
  const [sel, setSel] = useState(initial);
  useEffect(() => setSel(initial()), [user]);
  const m = useFormMutation({
    operation: 'Saving roles',
    mutationFn: () => setUserRoles(user.id, [...sel.standard, ...sel.tabbedView]),
    invalidate: [adminUserKeys.detail(user.id), adminUserKeys.lists()],
    success: 'Roles saved',
  });
  const dirty = JSON.stringify(sel) !== JSON.stringify(initial());
  const picker = (kind: 'standard' | 'tabbedView', label: string) => {
    const options = catalogue[kind];
    const value = options.filter((o) => sel[kind].includes(o.role));
    return (
      <Autocomplete
        multiple
        options={options}
        value={value}
        getOptionLabel={(o) => o.displayName}
        isOptionEqualToValue={(a, b) => a.role === b.role}
        // Nobody can grant or remove a role carrying a permission they do not hold (checked again by the server).
        getOptionDisabled={(o) => !hasAll(held, o.permissions)}
        onChange={(_, v) => setSel((s) => ({ ...s, [kind]: v.map((o) => o.role) }))}
        renderOption={(props, o) => (
          <li {...props} key={o.role}>
            <Box>
              <Typography variant="body2">{o.displayName}</Typography>
              <Typography variant="caption" color="text.secondary">
                {o.description}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(p) => (
          <TextField {...p} label={label} helperText={m.errors.roles} error={Boolean(m.errors.roles)} />
        )}
        data-testid={`roles-${kind}`}
      />
    );
  };
  return (
    <Section
      title="Roles"
      testId="user-roles"
      action={
        <PendingButton
          variant="contained"
          disabled={!dirty}
          pending={m.isPending}
          onClick={() => m.mutateAsync(undefined)}
          data-testid="save-roles"
        >
          Save roles
        </PendingButton>
      }
    >
      <Stack spacing={2}>
        {picker('standard', 'System Roles')}
        {picker('tabbedView', 'Analysis Roles')}
        <ExtraPermissionsEditor user={user} />
      </Stack>
    </Section>
  );
}

/**
 * The user's own extra permissions (SPEC §6), on top of their roles'. Permissions the caller does not hold cannot
 * be added or removed (the server refuses them too): they are disabled in the list and their chips are locked.
 */
function ExtraPermissionsEditor({ user }: { user: TUserDetail }) {
  const me = useRequiredUser();
  const canEdit = useCan(['User_Update']);
  const q = useQuery({ ...extraPermissionsQuery(user.id), enabled: canEdit });
  const held = new Set(q.data?.grantable ?? me.permissions);
  const fromRoles = new Set(q.data?.fromRoles ?? []);
  const initial = q.data?.permissions ?? user.extraPermissions;
  const [sel, setSel] = useState<string[]>(initial);
  // Reset the selection only when the stored set really changes (not on every refetch of the same data), so a
  // refetch finishing while the administrator picks permissions does not throw the picks away.
  const storedKey = JSON.stringify([...initial].sort());
  useEffect(() => setSel(JSON.parse(storedKey) as string[]), [storedKey]);
  const m = useFormMutation({
    operation: 'Saving extra permissions',
    mutationFn: () => setExtraPermissions(user.id, sel),
    invalidate: [adminUserKeys.detail(user.id)],
    success: 'Extra permissions saved',
  });
  const dirty = JSON.stringify([...sel].sort()) !== JSON.stringify([...initial].sort());
  if (!canEdit)
    return (
      <Field label="Extra permissions" testId="extra-permissions">
        {user.extraPermissions.length ? (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            {user.extraPermissions.map((p) => (
              <Chip key={p} size="small" label={p} variant="outlined" />
            ))}
          </Stack>
        ) : (
          'None'
        )}
      </Field>
    );
  const error = m.errors.permissions ?? Object.entries(m.errors).find(([k]) => k.startsWith('permissions'))?.[1];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <Autocomplete
        multiple
        fullWidth
        options={[...PERMISSIONS] as string[]}
        value={sel}
        disabled={!q.data}
        disableCloseOnSelect
        getOptionDisabled={(p) => !held.has(p)}
        onChange={(_, v) => {
          // Chips of permissions the caller lacks cannot be removed, even with backspace or "clear".
          const locked = sel.filter((p) => !held.has(p) && !v.includes(p));
          setSel([...v, ...locked]);
        }}
        renderOption={(props, p) => (
          <li {...props} key={p}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: '100%' }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {p}
              </Typography>
              {!held.has(p) ? (
                <Typography variant="caption" color="text.secondary">
                  you do not hold it
                </Typography>
              ) : fromRoles.has(p) ? (
                <Typography variant="caption" color="text.secondary">
                  already from roles
                </Typography>
              ) : null}
            </Box>
          </li>
        )}
        renderValue={(value, getItemProps) =>
          value.map((p, index) => {
            const { onDelete, ...props } = getItemProps({ index });
            return (
              <Chip
                {...props}
                key={p}
                size="small"
                label={p}
                onDelete={held.has(p) ? onDelete : undefined}
                title={held.has(p) ? undefined : 'You cannot remove a permission you do not hold'}
              />
            );
          })
        }
        renderInput={(p) => (
          <TextField
            {...p}
            label="Extra permissions"
            placeholder={sel.length ? undefined : 'None'}
            helperText={error ?? 'On top of the permissions of the user’s roles'}
            error={Boolean(error)}
          />
        )}
        data-testid="extra-permissions"
      />
      <PendingButton
        variant="outlined"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: { md: 1 } }}
        disabled={!dirty}
        pending={m.isPending}
        onClick={() => m.mutateAsync(undefined).catch(() => undefined)}
        data-testid="save-extra-permissions"
      >
        Save permissions
      </PendingButton>
    </Stack>
  );
}

function BrandingEditor({ user }: { user: TUserDetail }) {
  const brandings = useQuery(brandingsQuery()).data ?? [];
  const INHERIT = 'inherit';
  const [value, setValue] = useState(user.brandingId ?? INHERIT);
  useEffect(() => setValue(user.brandingId ?? INHERIT), [user.brandingId]);
  const m = useFormMutation({
    operation: 'Setting branding',
    mutationFn: () => setUserBranding(user.id, value === INHERIT ? null : value),
    invalidate: [adminUserKeys.detail(user.id), adminUserKeys.lists()],
    success: 'Branding saved',
  });
  return (
    <Section title="Branding" testId="user-branding">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="Own branding"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 320 } }}
          error={Boolean(m.errors.brandingId)}
          helperText={m.errors.brandingId}
        >
          <MenuItem value={INHERIT}>Inherit from the issuer</MenuItem>
          {brandings.map((b) => (
            <MenuItem key={b.brandingId} value={b.brandingId}>
              {b.brandingDisplayName}
            </MenuItem>
          ))}
        </TextField>
        <PendingButton
          variant="outlined"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          disabled={value === (user.brandingId ?? INHERIT)}
          pending={m.isPending}
          onClick={() => m.mutateAsync(undefined)}
        >
          Set branding
        </PendingButton>
        <Typography variant="body2" color="text.secondary">
          Effective: {user.effectiveBrandingDisplayName ?? '—'}
          {!user.brandingId && user.inheritedBrandingId ? ' (inherited)' : ''}
        </Typography>
      </Stack>
    </Section>
  );
}

function IssuersOfUser({ userId }: { userId: string }) {
  const q = useQuery(potentialUserIssuersQuery(userId));
  const rows = (q.data ?? []).filter((r) => r.isAssigned || r.matchesEmailDomain);
  return (
    <Section title="Issuers" testId="user-issuers">
      {q.isLoading ? (
        <Skeleton height={80} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">Not a member of any issuer.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Issuer</TableCell>
                <TableCell>Branding</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Email domains</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.issuerId}>
                  <TableCell>{r.issuerName}</TableCell>
                  <TableCell>{r.issuerBrandingName ?? '—'}</TableCell>
                  <TableCell>
                    {r.isAssigned ? (
                      <Stack direction="row" spacing={0.5}>
                        <Chip
                          size="small"
                          color={r.userRole === 'Manager' ? 'primary' : 'default'}
                          label={r.userRole}
                        />
                        {r.isDomainUser && <Chip size="small" variant="outlined" label="Domain user" />}
                      </Stack>
                    ) : (
                      <Chip size="small" variant="outlined" label="Email domain matches (not a member)" />
                    )}
                  </TableCell>
                  <TableCell>{r.emailDomains.join(', ') || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

const jobColumns: TDataColumn<TJobArtifactForUser>[] = [
  { field: 'name', header: 'Job', sortable: true },
  { field: 'buyerName', header: 'Buyer', render: (r) => r.buyerName ?? '—' },
  { field: 'isPublished', header: 'Published', render: (r) => (r.isPublished ? 'Yes' : 'No') },
  { field: 'createdOn', header: 'Created', sortable: true, render: (r) => formatDateTime(r.createdOn) },
];

export function Component() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({ ...userDetailQuery(userId), meta: { operation: 'Loading user' } });
  const catalogue = useQuery(roleCatalogueQuery()).data;
  const invalidate = [adminUserKeys.detail(userId), adminUserKeys.lists(), issuerKeys.all];
  const approve = useFormMutation({
    operation: 'Approving user',
    mutationFn: () => approveUser(userId),
    invalidate,
    success: (r) => r.message ?? 'User approved',
  });
  const deactivate = useFormMutation({
    operation: 'Deactivating user',
    mutationFn: () => deactivateUser(userId),
    invalidate,
    success: (r) => r.message ?? 'User deactivated',
  });
  const reactivate = useFormMutation({
    operation: 'Reactivating user',
    mutationFn: () => reactivateUser(userId),
    invalidate,
    success: (r) => r.message ?? 'User reactivated',
  });
  const invite = useFormMutation({
    operation: 'Sending invitation',
    mutationFn: () => inviteUser(userId),
    invalidate,
    success: (r) => r.message ?? 'Invitation sent',
  });
  const u = q.data;
  if (q.isError)
    return (
      <Alert
        severity="error"
        action={<PendingButton onClick={() => navigate('/admin/users')}>Back to users</PendingButton>}
      >
        This user could not be loaded.
      </Alert>
    );
  if (!u) return <Skeleton variant="rounded" height={240} />;
  const anyErrors = { ...approve.errors, ...deactivate.errors, ...reactivate.errors, ...invite.errors };
  return (
    <Stack spacing={2} data-testid="user-detail">
      <Section
        title={u.displayName}
        testId="user-identity"
        action={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {(!u.approved || u.pending) && !u.isDeactivated && (
              <PendingButton
                variant="outlined"
                pending={approve.isPending}
                onClick={() => approve.mutateAsync(undefined)}
              >
                Approve
              </PendingButton>
            )}
            {!u.isDeactivated && (
              <PendingButton
                variant="outlined"
                pending={invite.isPending}
                onClick={() => invite.mutateAsync(undefined)}
                data-testid="invite-user"
              >
                Invite
              </PendingButton>
            )}
            {u.isDeactivated ? (
              <PendingButton
                variant="contained"
                pending={reactivate.isPending}
                onClick={() => reactivate.mutateAsync(undefined)}
                data-testid="reactivate-user"
              >
                Reactivate
              </PendingButton>
            ) : (
              <PendingButton
                variant="contained"
                color="error"
                pending={deactivate.isPending}
                onClick={() => deactivate.mutateAsync(undefined)}
                data-testid="deactivate-user"
              >
                Deactivate
              </PendingButton>
            )}
          </Stack>
        }
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            {u.avatarInitials}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{u.username}</Typography>
            <StatusChips u={u} />
          </Box>
        </Stack>
        {Object.keys(anyErrors).length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {Object.values(anyErrors).join('; ')}
          </Alert>
        )}
        <FieldGrid>
          <Field label="Email">{u.email.email}</Field>
          <Field label="Given name">{u.givenName}</Field>
          <Field label="Surname">{u.surname}</Field>
          <Field label="Identity provider">{`${u.idProviderName} (${u.idpId})`}</Field>
          <Field label="Last activity">{formatDateTime(u.lastActivityAt)}</Field>
          <Field label="Can switch roles">{u.canSwitchRoles ? 'Yes' : 'No'}</Field>
          <LegalStatus label="Terms of service" agreed={u.agreedLatestTermsOfService} status={u.termsStatus} />
          <LegalStatus label="Privacy policy" agreed={u.agreedLatestPrivacyPolicy} status={u.privacyStatus} />
        </FieldGrid>
      </Section>
      {catalogue ? <RolesEditor user={u} catalogue={catalogue} /> : <Skeleton variant="rounded" height={160} />}
      <BrandingEditor user={u} />
      <IssuersOfUser userId={u.id} />
      <Section title="Directly assigned jobs" testId="user-jobs">
        <DataTable
          queryKey={adminUserKeys.assignedJobs(u.id)}
          fetchPage={(req) => fetchDirectlyAssigned(u.id, req)}
          columns={jobColumns}
          rowKey={(r) => r.id}
          defaultSort={{ propertyName: 'name', direction: 'asc' }}
          pageSize={10}
          emptyText="No jobs are directly assigned to this user."
          operation="Loading assigned jobs"
        />
      </Section>
    </Stack>
  );
}
