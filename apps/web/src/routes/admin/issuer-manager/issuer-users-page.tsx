/**
 * /admin/issuer-manager/{issuerId}/users: the issuer's members with their Manager/Member role and domain-user
 * flag. Holders of Issuer_Update (who manage this issuer) add users, change roles and the domain flag, remove.
 */
import { useDeferredValue, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  ISSUER_MEMBER_ROLES,
  type TIssuerFull,
  type TIssuerMemberRole,
  type TIssuerMemberSummary,
  type TUserSummary,
} from '@sextant/shared/values';
import {
  addIssuerMember,
  issuerFullQuery,
  issuerKeys,
  potentialIssuerUsersQuery,
  removeIssuerMember,
  updateIssuerMember,
} from '../../../api/issuers.ts';
import { adminUserKeys } from '../../../api/admin-users.ts';
import { useCan, useRequiredUser } from '../../../app/current-user.ts';
import { notify } from '../../../components/notifications/notification-store.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { Field, FieldGrid, Section, useFormMutation } from '../admin-ui.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';

/** The display name column gives way to the controls on phones (the username stays). */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

const invalidateAll = (issuerId: string) => [issuerKeys.all, adminUserKeys.all, issuerKeys.detail(issuerId)];

function AddMember({ issuer }: { issuer: TIssuerFull }) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [user, setUser] = useState<TUserSummary | null>(null);
  const [role, setRole] = useState<TIssuerMemberRole>('Member');
  const [isDomainUser, setIsDomainUser] = useState(false);
  const candidates = useQuery({
    ...potentialIssuerUsersQuery(issuer.id, deferred),
    meta: { operation: 'Loading users' },
  });
  const m = useFormMutation({
    operation: 'Adding member',
    mutationFn: () => addIssuerMember(issuer.id, { userId: user?.id ?? '', memberRole: role, isDomainUser }),
    invalidate: invalidateAll(issuer.id),
    success: () =>
      t('issuerUsers.added', { name: user?.username ?? t('issuerUsers.user'), role: t(`issuerRoles.${role}`) }),
    onSuccess: () => {
      setUser(null);
      setSearch('');
      setIsDomainUser(false);
    },
  });
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' }, mb: 2 }}
      data-testid="add-member"
    >
      <Autocomplete
        sx={{ flex: 1, minWidth: 0 }}
        options={candidates.data ?? []}
        loading={candidates.isFetching}
        value={user}
        onChange={(_, v) => setUser(v)}
        inputValue={search}
        onInputChange={(_, v) => setSearch(v)}
        filterOptions={(o) => o}
        getOptionLabel={(o) => `${o.displayName} (${o.username})`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={t('issuerUsers.noCandidates')}
        renderInput={(p) => (
          <TextField
            {...p}
            label={t('issuerUsers.userToAdd')}
            error={Boolean(m.errors.userId)}
            helperText={m.errors.userId ?? t('issuerUsers.userToAddHelper')}
          />
        )}
        data-testid="add-member-user"
      />
      <TextField
        select
        label={t('issuerUsers.role')}
        value={role}
        onChange={(e) => setRole(e.target.value as TIssuerMemberRole)}
        sx={{ width: { xs: '100%', md: 160 } }}
        error={Boolean(m.errors.memberRole)}
        helperText={m.errors.memberRole}
        data-testid="add-member-role"
      >
        {ISSUER_MEMBER_ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`issuerRoles.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        sx={{ mt: { md: 1 }, whiteSpace: 'nowrap' }}
        control={<Checkbox checked={isDomainUser} onChange={(e) => setIsDomainUser(e.target.checked)} />}
        label={t('issuerUsers.domainUser')}
      />
      <PendingButton
        variant="contained"
        sx={{ mt: { md: 1 }, whiteSpace: 'nowrap', flexShrink: 0 }}
        disabled={!user}
        pending={m.isPending}
        onClick={() => m.mutateAsync(undefined).catch(() => undefined)}
        data-testid="add-member-submit"
      >
        {t('issuerUsers.addMember')}
      </PendingButton>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const { issuerId = '' } = useParams();
  const navigate = useNavigate();
  const me = useRequiredUser();
  const canOpenUsers = useCan(['UserManagement_VIEW', 'User_CRUD']);
  const canEdit = useCan(['Issuer_Update']);
  const [removing, setRemoving] = useState<TIssuerMemberSummary | null>(null);
  const q = useQuery({ ...issuerFullQuery(issuerId), meta: { operation: 'Loading issuer users' } });
  const remove = useFormMutation({
    operation: 'Removing member',
    mutationFn: (m: TIssuerMemberSummary) => removeIssuerMember(issuerId, m.userId),
    invalidate: invalidateAll(issuerId),
    success: (_r) => t('issuerUsers.removed', { name: removing?.username ?? t('issuerUsers.member') }),
    onSuccess: () => setRemoving(null),
  });
  // One mutation for the members' role and domain-user controls: the row it changes shows its progress and errors.
  const update = useFormMutation({
    operation: 'Updating member',
    mutationFn: (v: {
      member: TIssuerMemberSummary;
      body: { memberRole?: TIssuerMemberRole; isDomainUser?: boolean };
    }) => updateIssuerMember(issuerId, v.member.userId, v.body),
    invalidate: invalidateAll(issuerId),
    onSuccess: (_r, v) => notify('success', t('issuerUsers.updated', { name: v.member.username })),
  });
  const updating = (m: TIssuerMemberSummary) => update.variables?.member.userId === m.userId;
  if (q.isError) return <Alert severity="error">{t('issuer.loadError')}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={240} />;
  const i = q.data;
  return (
    <Section
      title={t('issuerUsers.title', { name: i.name })}
      testId="issuer-users"
      action={<Button onClick={() => navigate(`/admin/issuer-manager/${i.id}`)}>{t('issuerUsers.back')}</Button>}
    >
      <Box sx={{ mb: 2 }}>
        <FieldGrid>
          <Field label={t('issuerUsers.members')}>{i.members.length}</Field>
          <Field label={t('issuerUsers.managers')}>{i.members.filter((m) => m.memberRole === 'Manager').length}</Field>
          <Field label={t('issuerUsers.emailDomains')}>{i.issuerEmailDomains.join(', ')}</Field>
        </FieldGrid>
      </Box>
      {canEdit && <AddMember issuer={i} />}
      {i.members.length === 0 ? (
        <Typography color="text.secondary">
          {canEdit ? t('issuerUsers.emptyCanAdd') : t('issuerUsers.empty')}
        </Typography>
      ) : (
        <DataTable
          rows={i.members}
          testId="issuer-members"
          variant="plain"
          stickyHeader={false}
          rowKey={(m) => m.userId}
          rowTestId={(m) => `member-${m.username}`}
          columns={[
            {
              field: 'username',
              header: t('issuerUsers.columns.username'),
              render: (m) => (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <span>{m.username}</span>
                  {canOpenUsers && (
                    <Tooltip title={t('issuerUsers.openUser')}>
                      <IconButton
                        size="small"
                        aria-label={t('issuerUsers.openNamed', { name: m.username })}
                        onClick={() => navigate(`/admin/users/${m.userId}`)}
                      >
                        <OpenInNew fontSize="inherit" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              ),
            },
            {
              field: 'displayName',
              header: t('issuerUsers.columns.displayName'),
              headerSx: HIDE_ON_PHONE,
              cellSx: HIDE_ON_PHONE,
            },
            {
              field: 'memberRole',
              header: t('issuerUsers.columns.role'),
              render: (m) => {
                const error = updating(m) ? Object.values(update.errors)[0] : undefined;
                return canEdit ? (
                  <TextField
                    select
                    size="small"
                    value={m.memberRole}
                    disabled={update.isPending && updating(m)}
                    onChange={(e) =>
                      update.mutate({ member: m, body: { memberRole: e.target.value as TIssuerMemberRole } })
                    }
                    error={Boolean(error)}
                    helperText={error}
                    slotProps={{ htmlInput: { 'aria-label': t('issuerUsers.roleOf', { name: m.username }) } }}
                    sx={{ minWidth: 120 }}
                  >
                    {ISSUER_MEMBER_ROLES.map((r) => (
                      <MenuItem key={r} value={r}>
                        {t(`issuerRoles.${r}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <Chip
                    size="small"
                    label={t(`issuerRoles.${m.memberRole}`)}
                    color={m.memberRole === 'Manager' ? 'primary' : 'default'}
                  />
                );
              },
            },
            {
              field: 'isDomainUser',
              header: t('issuerUsers.columns.domainUser'),
              render: (m) =>
                canEdit ? (
                  <Switch
                    checked={m.isDomainUser}
                    disabled={update.isPending && updating(m)}
                    onChange={(e) => update.mutate({ member: m, body: { isDomainUser: e.target.checked } })}
                    slotProps={{ input: { 'aria-label': t('issuerUsers.isDomainUser', { name: m.username }) } }}
                  />
                ) : m.isDomainUser ? (
                  t('common.yes')
                ) : (
                  t('common.no')
                ),
            },
            ...(canEdit
              ? [
                  {
                    field: 'actions' as const,
                    header: t('issuerUsers.columns.remove'),
                    align: 'right' as const,
                    render: (m: TIssuerMemberSummary) => {
                      const isSelf = m.userId === me.id;
                      return (
                        <Tooltip title={isSelf ? t('issuerUsers.cannotRemoveSelf') : t('issuerUsers.removeFromIssuer')}>
                          <span>
                            <IconButton
                              aria-label={t('issuerUsers.removeNamed', { name: m.username })}
                              disabled={isSelf}
                              onClick={() => setRemoving(m)}
                            >
                              <DeleteOutline />
                            </IconButton>
                          </span>
                        </Tooltip>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      )}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)}>
        <DialogTitle>{t('issuerUsers.removeTitle', { name: removing?.username, issuer: i.name })}</DialogTitle>
        <DialogContent>
          {t('issuerUsers.removeBody')}
          {Object.keys(remove.errors).length > 0 && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {Object.values(remove.errors).join('; ')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t('common.no')}</Button>
          <PendingButton
            color="error"
            variant="contained"
            pending={remove.isPending}
            onClick={() => removing && remove.mutateAsync(removing).catch(() => undefined)}
            data-testid="confirm-remove-member"
          >
            {t('issuerUsers.remove')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
