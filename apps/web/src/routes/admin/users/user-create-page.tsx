/** /admin/users/create: create a user and email them an invitation with a single-use sign-in link. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TUserCreate } from '@sextant/shared/values';
import { adminUserKeys, createUser, inviteUser } from '../../../api/admin-users.ts';
import { issuerOptionsQuery } from '../../../api/issuers.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useFormMutation } from '../admin-ui.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const issuers = useQuery(issuerOptionsQuery()).data ?? [];
  const [v, setV] = useState({
    email: '',
    username: '',
    givenName: '',
    surname: '',
    issuerId: null as string | null,
    issuerRole: 'Member',
  });
  const [sendInvite, setSendInvite] = useState(true);
  const m = useFormMutation({
    operation: 'Inviting user',
    mutationFn: async (body: TUserCreate) => {
      const created = await createUser(body);
      if (sendInvite) await inviteUser(created.id);
      return created;
    },
    invalidate: [adminUserKeys.lists()],
    success: sendInvite ? t('userCreate.createdInvited') : t('userCreate.created'),
    onSuccess: (r) => navigate(`/admin/users/${r.id}`),
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));
  const submit = () => {
    const email = v.email.trim();
    if (!email) return m.setErrors({ email: t('userCreate.emailRequired') });
    const body: TUserCreate = {
      email,
      username: v.username.trim() || email,
      ...(v.givenName.trim() ? { givenName: v.givenName.trim() } : {}),
      ...(v.surname.trim() ? { surname: v.surname.trim() } : {}),
      ...(v.givenName.trim() || v.surname.trim()
        ? { displayName: `${v.givenName.trim()} ${v.surname.trim()}`.trim() }
        : {}),
      ...(v.issuerId ? { issuerId: v.issuerId, issuerRole: v.issuerRole as 'Manager' | 'Member' } : {}),
    };
    return m.mutateAsync(body).catch(() => undefined);
  };
  const e = m.errors;
  const issuerOptions = issuers.map((i) => ({ value: i.id, label: i.name }));
  return (
    <Card variant="outlined" sx={{ maxWidth: 720 }}>
      <CardContent>
        <Stack spacing={2}>
          <Alert severity="info">{t('userCreate.info')}</Alert>
          <TextField
            label={t('userCreate.email')}
            type="email"
            required
            value={v.email}
            onChange={set('email')}
            error={Boolean(e.email)}
            helperText={e.email}
            autoFocus
          />
          <TextField
            label={t('userCreate.username')}
            value={v.username}
            onChange={set('username')}
            error={Boolean(e.username)}
            helperText={e.username ?? t('userCreate.usernameHelper')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('userCreate.givenName')}
              value={v.givenName}
              onChange={set('givenName')}
              error={Boolean(e.givenName)}
              helperText={e.givenName}
              fullWidth
            />
            <TextField
              label={t('userCreate.surname')}
              value={v.surname}
              onChange={set('surname')}
              error={Boolean(e.surname)}
              helperText={e.surname}
              fullWidth
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Autocomplete
              options={issuerOptions}
              value={issuerOptions.find((o) => o.value === v.issuerId) ?? null}
              onChange={(_, o) => setV((s) => ({ ...s, issuerId: o?.value ?? null }))}
              renderInput={(p) => (
                <TextField {...p} label={t('userCreate.issuer')} error={Boolean(e.issuerId)} helperText={e.issuerId} />
              )}
              sx={{ flex: 2 }}
            />
            <TextField
              select
              label={t('userCreate.issuerRole')}
              value={v.issuerRole}
              onChange={set('issuerRole')}
              disabled={!v.issuerId}
              sx={{ flex: 1 }}
            >
              <MenuItem value="Member">{t('issuerRoles.Member')}</MenuItem>
              <MenuItem value="Manager">{t('issuerRoles.Manager')}</MenuItem>
            </TextField>
          </Stack>
          <FormControlLabel
            control={<Checkbox checked={sendInvite} onChange={(_, c) => setSendInvite(c)} />}
            label={t('userCreate.sendNow')}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate('/admin/users')}>{t('common.cancel')}</Button>
            <PendingButton variant="contained" pending={m.isPending} onClick={submit} data-testid="invite-submit">
              {sendInvite ? t('userCreate.createInvite') : t('userCreate.create')}
            </PendingButton>
          </Stack>
          {Object.keys(e).length > 0 && !e.email && !e.username && (
            <Alert severity="error">
              {Object.entries(e)
                .map(([k, msg]) => `${k}: ${msg}`)
                .join('; ')}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
