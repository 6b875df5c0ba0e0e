/**
 * /admin/users/{userId}: identity, System Roles and Analysis Roles, extra permissions, approve, deactivate /
 * reactivate, invite, branding, issuers, directly assigned jobs, last activity and terms/privacy status, and
 * whether the user is internal staff (a switch for internal administrators, read-only for everyone else).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import {
  hasAll,
  isRetiredRole,
  PERMISSIONS,
  type TJobArtifactForUser,
  type TPermission,
  type TRoleCatalogue,
  type TUserDetail,
} from '@sextant/shared/values';
import {
  adminUserKeys,
  approveUser,
  deactivateUser,
  deleteUser,
  extraPermissionsQuery,
  fetchDirectlyAssigned,
  inviteUser,
  potentialUserIssuersQuery,
  reactivateUser,
  roleCatalogueQuery,
  setExtraPermissions,
  setUserBranding,
  setUserInternal,
  setUserRoles,
  userDeletionPreview,
  userDetailQuery,
} from '../../../api/admin-users.ts';
import { brandingsQuery, issuerKeys } from '../../../api/issuers.ts';
import { useCan, useRequiredUser } from '../../../app/current-user.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { Field, FieldGrid, formatDateTime, Section, useFormMutation } from '../admin-ui.tsx';

function StatusChips({ u }: { u: TUserDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="user-status">
      {u.isDeactivated ? (
        <Chip color="error" label={t('users.tabs.deactivated')} />
      ) : (
        <Chip color="success" label={t('users.tabs.active')} variant="outlined" />
      )}
      {u.pending && <Chip color="warning" label={t('users.tabs.pending')} />}
      {!u.approved && <Chip color="warning" label={t('users.tabs.unapproved')} />}
      {!u.eligible && <Chip label={t('user.notEligible')} />}
    </Stack>
  );
}

/** Internal staff sees every issuer (DESIGN §6); only internal administrators may change it, never their own. */
function InternalStaffField({ u }: { u: TUserDetail }) {
  const { t } = useTranslation('admin');
  const change = useFormMutation({
    operation: 'Changing internal staff',
    mutationFn: (isInternal: boolean) => setUserInternal(u.id, isInternal),
    invalidate: [adminUserKeys.detail(u.id), adminUserKeys.lists()],
    success: (r) => r.message ?? t('user.internalChanged'),
  });
  const label = u.isInternal ? t('user.internal.yes') : t('user.internal.no');
  return (
    <Field label={t('user.fields.internal')} testId="user-internal">
      {u.canChangeInternal ? (
        <FormControlLabel
          control={
            <Switch
              checked={u.isInternal}
              disabled={change.isPending}
              onChange={(_, checked) => change.mutate(checked)}
              slotProps={{ input: { 'aria-label': t('user.fields.internal') } }}
            />
          }
          label={label}
        />
      ) : (
        label
      )}
    </Field>
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
  const { t } = useTranslation('admin');
  return (
    <Field label={label}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {agreed ? (
          <CheckCircleOutline color="success" fontSize="small" />
        ) : (
          <ErrorOutline color="warning" fontSize="small" />
        )}
        <span>
          {t(agreed ? 'user.legal.agreed' : 'user.legal.notAgreed', {
            agreed: status.agreedVersionId ?? t('user.legal.none'),
            latest: status.latestVersionId,
          })}
        </span>
      </Stack>
    </Field>
  );
}

function RolesEditor({ user, catalogue }: { user: TUserDetail; catalogue: TRoleCatalogue }) {
  const { t } = useTranslation('admin');
  const me = useRequiredUser();
  const held = new Set(me.permissions);
  const initial = useCallback(
    () => ({
      standard: user.roles.standard.map((r) => r.role),
      tabbedView: user.roles.tabbedView.map((r) => r.role),
    }),
    [user],
  );
  const [sel, setSel] = useState(initial);
  useEffect(() => setSel(initial()), [initial]);
  const m = useFormMutation({
    operation: 'Saving roles',
    mutationFn: () => setUserRoles(user.id, [...sel.standard, ...sel.tabbedView]),
    invalidate: [adminUserKeys.detail(user.id), adminUserKeys.lists()],
    success: t('user.roles.saved'),
  });
  const dirty = JSON.stringify(sel) !== JSON.stringify(initial());
  const picker = (kind: 'standard' | 'tabbedView', label: string) => {
    // A retired role (RETIRED_ROLES) is offered only to a user who still holds it, so that it can be removed.
    const options = catalogue[kind].filter((o) => !isRetiredRole(o.role) || initial()[kind].includes(o.role));
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
      title={t('user.roles.title')}
      testId="user-roles"
      action={
        <PendingButton
          variant="contained"
          disabled={!dirty}
          pending={m.isPending}
          onClick={() => m.mutateAsync(undefined)}
          data-testid="save-roles"
        >
          {t('user.roles.save')}
        </PendingButton>
      }
    >
      <Stack spacing={2}>
        {picker('standard', t('user.roles.system'))}
        {picker('tabbedView', t('user.roles.analysis'))}
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
  const { t } = useTranslation('admin');
  const me = useRequiredUser();
  const canEdit = useCan(['User_Update']);
  const q = useQuery({ ...extraPermissionsQuery(user.id), enabled: canEdit });
  const held = new Set(q.data?.grantable ?? me.permissions);
  const fromRoles = new Set(q.data?.fromRoles ?? []);
  const stored: readonly string[] = q.data?.permissions ?? user.extraPermissions;
  const initial = PERMISSIONS.filter((p) => stored.includes(p));
  const [sel, setSel] = useState<TPermission[]>(initial);
  // Reset the selection only when the stored set really changes (not on every refetch of the same data), so a
  // refetch finishing while the administrator picks permissions does not throw the picks away.
  const storedKey = JSON.stringify([...initial].sort());
  useEffect(() => setSel(JSON.parse(storedKey) as TPermission[]), [storedKey]);
  const m = useFormMutation({
    operation: 'Saving extra permissions',
    mutationFn: () => setExtraPermissions(user.id, sel),
    invalidate: [adminUserKeys.detail(user.id)],
    success: t('user.extra.saved'),
  });
  const dirty = JSON.stringify([...sel].sort()) !== JSON.stringify([...initial].sort());
  if (!canEdit)
    return (
      <Field label={t('user.extra.label')} testId="extra-permissions">
        {user.extraPermissions.length ? (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            {user.extraPermissions.map((p) => (
              <Chip key={p} size="small" label={p} variant="outlined" />
            ))}
          </Stack>
        ) : (
          t('user.extra.none')
        )}
      </Field>
    );
  const error = m.errors.permissions ?? Object.entries(m.errors).find(([k]) => k.startsWith('permissions'))?.[1];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <Autocomplete
        multiple
        fullWidth
        options={PERMISSIONS}
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
                  {t('user.extra.notHeld')}
                </Typography>
              ) : fromRoles.has(p) ? (
                <Typography variant="caption" color="text.secondary">
                  {t('user.extra.fromRoles')}
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
                title={held.has(p) ? undefined : t('user.extra.cannotRemove')}
              />
            );
          })
        }
        renderInput={(p) => (
          <TextField
            {...p}
            label={t('user.extra.label')}
            placeholder={sel.length ? undefined : t('user.extra.none')}
            helperText={error ?? t('user.extra.helper')}
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
        {t('user.extra.save')}
      </PendingButton>
    </Stack>
  );
}

function BrandingEditor({ user }: { user: TUserDetail }) {
  const { t } = useTranslation('admin');
  const brandings = (useQuery(brandingsQuery()).data ?? []).filter((b) => !b.retiredAt);
  const INHERIT = 'inherit';
  const [value, setValue] = useState(user.brandingId ?? INHERIT);
  useEffect(() => setValue(user.brandingId ?? INHERIT), [user.brandingId]);
  const m = useFormMutation({
    operation: 'Setting branding',
    mutationFn: () => setUserBranding(user.id, value === INHERIT ? null : value),
    invalidate: [adminUserKeys.detail(user.id), adminUserKeys.lists()],
    success: t('user.branding.saved'),
  });
  return (
    <Section title={t('user.branding.title')} testId="user-branding">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label={t('user.branding.own')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 320 } }}
          error={Boolean(m.errors.brandingId)}
          helperText={m.errors.brandingId}
        >
          <MenuItem value={INHERIT}>{t('user.branding.inherit')}</MenuItem>
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
          {t('user.branding.set')}
        </PendingButton>
        <Typography variant="body2" color="text.secondary">
          {t(
            !user.brandingId && user.inheritedBrandingId
              ? 'user.branding.effectiveInherited'
              : 'user.branding.effective',
            {
              name: user.effectiveBrandingDisplayName ?? '—',
            },
          )}
        </Typography>
      </Stack>
    </Section>
  );
}

function IssuersOfUser({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const q = useQuery(potentialUserIssuersQuery(userId));
  const rows = (q.data ?? []).filter((r) => r.isAssigned || r.matchesEmailDomain);
  return (
    <Section title={t('user.issuers.title')} testId="user-issuers">
      {q.isLoading ? (
        <Skeleton height={80} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('user.issuers.none')}</Typography>
      ) : (
        <DataTable
          rows={rows}
          testId="user-issuers-table"
          variant="plain"
          stickyHeader={false}
          rowKey={(r) => r.issuerId}
          columns={[
            { field: 'issuerName', header: t('user.issuers.issuer') },
            {
              field: 'issuerBrandingName',
              header: t('user.issuers.branding'),
              render: (r) => r.issuerBrandingName ?? '—',
            },
            {
              field: 'userRole',
              header: t('user.issuers.role'),
              render: (r) =>
                r.isAssigned ? (
                  <Stack direction="row" spacing={0.5}>
                    <Chip
                      size="small"
                      color={r.userRole === 'Manager' ? 'primary' : 'default'}
                      label={t(`issuerRoles.${r.userRole}`, { defaultValue: r.userRole })}
                    />
                    {r.isDomainUser && <Chip size="small" variant="outlined" label={t('user.issuers.domainUser')} />}
                  </Stack>
                ) : (
                  <Chip size="small" variant="outlined" label={t('user.issuers.domainMatch')} />
                ),
            },
            {
              field: 'emailDomains',
              header: t('user.issuers.emailDomains'),
              render: (r) => r.emailDomains.join(', ') || '—',
            },
          ]}
        />
      )}
    </Section>
  );
}

const jobColumns = (t: TFunction): TDataColumn<TJobArtifactForUser>[] => [
  { field: 'name', header: t('user.jobs.job'), sortable: true },
  { field: 'buyerName', header: t('user.jobs.buyer'), render: (r) => r.buyerName ?? '—' },
  {
    field: 'isPublished',
    header: t('user.jobs.published'),
    render: (r) => (r.isPublished ? t('common.yes') : t('common.no')),
  },
  { field: 'createdOn', header: t('user.jobs.created'), sortable: true, render: (r) => formatDateTime(r.createdOn) },
];

/**
 * User_Delete: the confirmation names what goes (the personal data and how many of each record) and the pseudonym
 * the audit records keep; the server refuses yourself, users outside your scope and users with more rights.
 */
function DeleteUserDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: [...adminUserKeys.detail(userId), 'deletion-preview'],
    queryFn: () => userDeletionPreview(userId),
    retry: false,
    meta: { operation: 'Checking what deleting the user erases', silent: true },
  });
  const remove = useFormMutation({
    operation: 'Deleting user',
    mutationFn: () => deleteUser(userId),
    invalidate: [adminUserKeys.lists()],
    success: (r) => r.message ?? t('user.delete.done'),
    onSuccess: () => navigate('/admin/users'),
  });
  const p = preview.data;
  const refused = preview.error instanceof Error ? preview.error.message : null;
  const items = p
    ? [
        t('user.delete.items.identity', { name: p.displayName, username: p.username, email: p.email ?? '—' }),
        t('user.delete.items.sessions', { count: p.sessions }),
        t('user.delete.items.links', { count: p.signInLinks }),
        t('user.delete.items.chats', { count: p.chatConversations }),
        t('user.delete.items.access', {
          memberships: p.issuerMemberships,
          roles: p.roles,
          permissions: p.extraPermissions,
          assignments: p.jobAssignments,
        }),
        t('user.delete.items.settings'),
      ]
    : [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="delete-user-dialog">
      <DialogTitle>{p ? t('user.delete.title', { name: p.displayName }) : t('user.delete.button')}</DialogTitle>
      <DialogContent>
        {preview.isLoading && <Skeleton variant="rounded" height={120} />}
        {refused && <Alert severity="error">{refused}</Alert>}
        {p && (
          <Stack spacing={1.5}>
            <Typography variant="body2">{t('user.delete.erased')}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="delete-user-items">
              {items.map((i) => (
                <Typography component="li" variant="body2" key={i}>
                  {i}
                </Typography>
              ))}
            </Box>
            <Alert severity="info">
              {t('user.delete.kept', { pseudonym: p.pseudonym, audits: p.auditRecords, jobs: p.ownedJobs })}
            </Alert>
            {Object.keys(remove.errors).length > 0 && (
              <Alert severity="error">{Object.values(remove.errors).join('; ')}</Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('user.delete.cancel')}</Button>
        <PendingButton
          variant="contained"
          color="error"
          disabled={!p}
          pending={remove.isPending}
          onClick={() => remove.mutateAsync(undefined)}
          data-testid="delete-user-confirm"
        >
          {t('user.delete.confirm')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const canDelete = useCan(['User_Delete']);
  const me = useRequiredUser();
  const [deleting, setDeleting] = useState(false);
  const columns = useMemo(() => jobColumns(t), [t]);
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({ ...userDetailQuery(userId), meta: { operation: 'Loading user' } });
  const catalogue = useQuery(roleCatalogueQuery()).data;
  const invalidate = [adminUserKeys.detail(userId), adminUserKeys.lists(), issuerKeys.all];
  const approve = useFormMutation({
    operation: 'Approving user',
    mutationFn: () => approveUser(userId),
    invalidate,
    success: (r) => r.message ?? t('user.approved'),
  });
  const deactivate = useFormMutation({
    operation: 'Deactivating user',
    mutationFn: () => deactivateUser(userId),
    invalidate,
    success: (r) => r.message ?? t('user.deactivated'),
  });
  const reactivate = useFormMutation({
    operation: 'Reactivating user',
    mutationFn: () => reactivateUser(userId),
    invalidate,
    success: (r) => r.message ?? t('user.reactivated'),
  });
  const invite = useFormMutation({
    operation: 'Sending invitation',
    mutationFn: () => inviteUser(userId),
    invalidate,
    success: (r) => r.message ?? t('user.invitationSent'),
  });
  const u = q.data;
  if (q.isError)
    return (
      <Alert
        severity="error"
        action={<PendingButton onClick={() => navigate('/admin/users')}>{t('user.back')}</PendingButton>}
      >
        {t('user.loadError')}
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
                {t('user.approve')}
              </PendingButton>
            )}
            {!u.isDeactivated && (
              <PendingButton
                variant="outlined"
                pending={invite.isPending}
                onClick={() => invite.mutateAsync(undefined)}
                data-testid="invite-user"
              >
                {t('user.invite')}
              </PendingButton>
            )}
            {u.isDeactivated ? (
              <PendingButton
                variant="contained"
                pending={reactivate.isPending}
                onClick={() => reactivate.mutateAsync(undefined)}
                data-testid="reactivate-user"
              >
                {t('user.reactivate')}
              </PendingButton>
            ) : (
              <PendingButton
                variant="contained"
                color="error"
                pending={deactivate.isPending}
                onClick={() => deactivate.mutateAsync(undefined)}
                data-testid="deactivate-user"
              >
                {t('user.deactivate')}
              </PendingButton>
            )}
            {canDelete && u.id !== me.id && (
              <Button variant="outlined" color="error" onClick={() => setDeleting(true)} data-testid="delete-user">
                {t('user.delete.button')}
              </Button>
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
          <Field label={t('user.fields.email')}>{u.email.email}</Field>
          <Field label={t('user.fields.givenName')}>{u.givenName}</Field>
          <Field label={t('user.fields.surname')}>{u.surname}</Field>
          <Field label={t('user.fields.idp')}>{`${u.idProviderName} (${u.idpId})`}</Field>
          <Field label={t('user.fields.lastActivity')}>{formatDateTime(u.lastActivityAt)}</Field>
          <Field label={t('user.fields.canSwitchRoles')}>{u.canSwitchRoles ? t('common.yes') : t('common.no')}</Field>
          <InternalStaffField u={u} />
          <LegalStatus label={t('user.fields.terms')} agreed={u.agreedLatestTermsOfService} status={u.termsStatus} />
          <LegalStatus label={t('user.fields.privacy')} agreed={u.agreedLatestPrivacyPolicy} status={u.privacyStatus} />
        </FieldGrid>
      </Section>
      {catalogue ? <RolesEditor user={u} catalogue={catalogue} /> : <Skeleton variant="rounded" height={160} />}
      <BrandingEditor user={u} />
      <IssuersOfUser userId={u.id} />
      {deleting && <DeleteUserDialog userId={u.id} onClose={() => setDeleting(false)} />}
      <Section title={t('user.jobs.title')} testId="user-jobs">
        <DataTable
          queryKey={adminUserKeys.assignedJobs(u.id)}
          fetchPage={(req) => fetchDirectlyAssigned(u.id, req)}
          columns={columns}
          rowKey={(r) => r.id}
          defaultSort={{ propertyName: 'name', direction: 'asc' }}
          pageSize={10}
          emptyText={t('user.jobs.empty')}
          operation="Loading assigned jobs"
        />
      </Section>
    </Stack>
  );
}
