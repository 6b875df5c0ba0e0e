/**
 * /admin/issuer-manager/{issuerId}/users: the issuer's members with their Manager/Member role and domain-user
 * flag. Holders of Issuer_Update (who manage this issuer) add users, change roles and the domain flag, remove.
 */
import { useDeferredValue, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
} from '@sextant/shared';
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
import { PendingButton } from '../../../components/pending-button.tsx';
import { Field, FieldGrid, Section, useFormMutation } from '../admin-ui.tsx';

/** The display name column gives way to the controls on phones (the username stays). */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

const invalidateAll = (issuerId: string) => [issuerKeys.all, adminUserKeys.all, issuerKeys.detail(issuerId)];

function AddMember({ issuer }: { issuer: TIssuerFull }) {
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
    success: () => `${user?.username ?? 'User'} added as ${role}`,
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
        noOptionsText="No users to add"
        renderInput={(p) => (
          <TextField
            {...p}
            label="User to add"
            error={Boolean(m.errors.userId)}
            helperText={m.errors.userId ?? 'Active users who are not members yet'}
          />
        )}
        data-testid="add-member-user"
      />
      <TextField
        select
        label="Role"
        value={role}
        onChange={(e) => setRole(e.target.value as TIssuerMemberRole)}
        sx={{ width: { xs: '100%', md: 160 } }}
        error={Boolean(m.errors.memberRole)}
        helperText={m.errors.memberRole}
        data-testid="add-member-role"
      >
        {ISSUER_MEMBER_ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        sx={{ mt: { md: 1 }, whiteSpace: 'nowrap' }}
        control={<Checkbox checked={isDomainUser} onChange={(e) => setIsDomainUser(e.target.checked)} />}
        label="Domain user"
      />
      <PendingButton
        variant="contained"
        sx={{ mt: { md: 1 }, whiteSpace: 'nowrap', flexShrink: 0 }}
        disabled={!user}
        pending={m.isPending}
        onClick={() => m.mutateAsync(undefined).catch(() => undefined)}
        data-testid="add-member-submit"
      >
        Add member
      </PendingButton>
    </Stack>
  );
}

function MemberRow({
  issuerId,
  m,
  canEdit,
  canOpenUsers,
  isSelf,
  onRemove,
}: {
  issuerId: string;
  m: TIssuerMemberSummary;
  canEdit: boolean;
  canOpenUsers: boolean;
  isSelf: boolean;
  onRemove: () => void;
}) {
  const navigate = useNavigate();
  const update = useFormMutation({
    operation: 'Updating member',
    mutationFn: (body: { memberRole?: TIssuerMemberRole; isDomainUser?: boolean }) =>
      updateIssuerMember(issuerId, m.userId, body),
    invalidate: invalidateAll(issuerId),
    success: `${m.username} updated`,
  });
  const error = Object.values(update.errors)[0];
  return (
    <TableRow data-testid={`member-${m.username}`}>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <span>{m.username}</span>
          {canOpenUsers && (
            <Tooltip title="Open user">
              <IconButton
                size="small"
                aria-label={`Open ${m.username}`}
                onClick={() => navigate(`/admin/users/${m.userId}`)}
              >
                <OpenInNew fontSize="inherit" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </TableCell>
      <TableCell sx={HIDE_ON_PHONE}>{m.displayName}</TableCell>
      <TableCell>
        {canEdit ? (
          <TextField
            select
            size="small"
            value={m.memberRole}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ memberRole: e.target.value as TIssuerMemberRole })}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { 'aria-label': `Role of ${m.username}` } }}
            sx={{ minWidth: 120 }}
          >
            {ISSUER_MEMBER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Chip size="small" label={m.memberRole} color={m.memberRole === 'Manager' ? 'primary' : 'default'} />
        )}
      </TableCell>
      <TableCell>
        {canEdit ? (
          <Switch
            checked={m.isDomainUser}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ isDomainUser: e.target.checked })}
            slotProps={{ input: { 'aria-label': `${m.username} is a domain user` } }}
          />
        ) : m.isDomainUser ? (
          'Yes'
        ) : (
          'No'
        )}
      </TableCell>
      {canEdit && (
        <TableCell align="right">
          <Tooltip title={isSelf ? 'You cannot remove yourself' : 'Remove from issuer'}>
            <span>
              <IconButton aria-label={`Remove ${m.username}`} disabled={isSelf} onClick={onRemove}>
                <DeleteOutline />
              </IconButton>
            </span>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
}

export function Component() {
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
    success: (_r) => `${removing?.username ?? 'Member'} removed`,
    onSuccess: () => setRemoving(null),
  });
  if (q.isError) return <Alert severity="error">This issuer could not be loaded.</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={240} />;
  const i = q.data;
  return (
    <Section
      title={`${i.name} — users`}
      testId="issuer-users"
      action={<Button onClick={() => navigate(`/admin/issuer-manager/${i.id}`)}>Back to issuer</Button>}
    >
      <Box sx={{ mb: 2 }}>
        <FieldGrid>
          <Field label="Members">{i.members.length}</Field>
          <Field label="Managers">{i.members.filter((m) => m.memberRole === 'Manager').length}</Field>
          <Field label="Email domains">{i.issuerEmailDomains.join(', ')}</Field>
        </FieldGrid>
      </Box>
      {canEdit && <AddMember issuer={i} />}
      {i.members.length === 0 ? (
        <Typography color="text.secondary">This issuer has no users yet.{canEdit ? ' Add one above.' : ''}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="issuer-members">
            <TableHead>
              <TableRow>
                <TableCell>Username</TableCell>
                <TableCell sx={HIDE_ON_PHONE}>Display name</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Domain user</TableCell>
                {canEdit && <TableCell align="right">Remove</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {i.members.map((m) => (
                <MemberRow
                  key={m.userId}
                  issuerId={i.id}
                  m={m}
                  canEdit={canEdit}
                  canOpenUsers={canOpenUsers}
                  isSelf={m.userId === me.id}
                  onRemove={() => setRemoving(m)}
                />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)}>
        <DialogTitle>
          Remove {removing?.username} from {i.name}?
        </DialogTitle>
        <DialogContent>
          They lose access to the issuer&apos;s jobs that they see through the membership.
          {Object.keys(remove.errors).length > 0 && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {Object.values(remove.errors).join('; ')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>No</Button>
          <PendingButton
            color="error"
            variant="contained"
            pending={remove.isPending}
            onClick={() => removing && remove.mutateAsync(removing).catch(() => undefined)}
            data-testid="confirm-remove-member"
          >
            Remove
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
