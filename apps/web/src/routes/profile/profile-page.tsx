/** /profile: identity, roles, branding, terms and privacy status, idle-logout setting. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { avatarInitials, THEME_LABELS, type TRoleEntry } from '@sextant/shared/values';
import { authKeys } from '../../api/auth.ts';
import { http, ok } from '../../api/client.ts';
import { useRequiredUser } from '../../app/current-user.ts';
import i18n, { formatDateTime } from '../../app/i18n.ts';
import { notify } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import {
  idleFeatureEnabled,
  readAutoLogoutSetting,
  writeAutoLogoutSetting,
} from '../../components/system/idle-logout.tsx';

/** SPEC §4 texts (English: `profile:session.featureOff` and `profile:session.changed`), in the current language. */
export const IDLE_FEATURE_OFF_MESSAGE = 'Auto Logout On Idle feature is currently turned off in the site configuration';
export const idleSettingChangedMessage = (value: boolean) =>
  i18n.t('profile:session.changed', { value: String(value) });

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}
      >
        {label}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word' }}>{value || '—'}</Typography>
    </Box>
  );
}

function RoleChips({ title, roles, testId }: { title: string; roles: TRoleEntry[]; testId: string }) {
  const { t } = useTranslation('profile');
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {roles.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('none')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {roles.map((r) => (
            <Tooltip key={r.role} title={r.description}>
              <Chip label={r.displayName} variant="outlined" color="primary" />
            </Tooltip>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function AgreementRow({
  label,
  agreed,
  path,
  operation,
}: {
  label: string;
  agreed: boolean;
  path: '/api/v1/users/user-agree-tos-latest' | '/api/v1/users/user-agree-pp-latest';
  operation: string;
}) {
  const { t } = useTranslation('profile');
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: () => ok(http.PATCH(path)),
    meta: { operation },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: authKeys.me() });
      notify('success', t('terms.agreed', { label }));
    },
  });
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', py: 1 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {agreed ? <CheckCircleOutline color="success" /> : <ErrorOutline color="warning" />}
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {agreed ? t('terms.agreedLatest') : t('terms.needsAgreement')}
          </Typography>
        </Box>
      </Stack>
      {!agreed && (
        <PendingButton variant="contained" size="small" pending={m.isPending} onClick={() => m.mutate()}>
          {t('terms.agree')}
        </PendingButton>
      )}
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('profile');
  const user = useRequiredUser();
  const [autoLogout, setAutoLogout] = useState(readAutoLogoutSetting);
  const featureOn = idleFeatureEnabled(user);
  const switched = user.ownRoles !== null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
            <Avatar
              sx={{
                width: 72,
                height: 72,
                fontSize: 28,
                fontWeight: 700,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              {avatarInitials(user)}
            </Avatar>
            <Box sx={{ flex: 1 }}>
              <Typography variant="h3" component="h2">
                {user.displayName || user.username}
              </Typography>
              <Typography color="text.secondary">{user.email.email ?? user.username}</Typography>
            </Box>
            {switched && <Chip color="warning" label={t('rolesSwitched')} />}
          </Stack>
          <Divider sx={{ my: 3 }} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2.5 }}>
            <Field label={t('fields.username')} value={user.username} />
            <Field label={t('fields.givenName')} value={user.givenName} />
            <Field label={t('fields.surname')} value={user.surname} />
            <Field label={t('fields.provider')} value={user.idProviderName} />
            <Field label={t('fields.branding')} value={user.effectiveBrandingDisplayName} />
            <Field label={t('fields.theme')} value={user.branding ? THEME_LABELS[user.branding.theme] : null} />
            <Field label={t('fields.brandingDomain')} value={user.branding?.fullDomainName} />
            <Field label={t('fields.sessionEnds')} value={formatDateTime(user.sessionExpiresAt)} />
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              {t('roles')}
            </Typography>
            <Stack spacing={2.5}>
              <RoleChips title={t('systemRoles')} roles={user.roles.standard} testId="profile-system-roles" />
              <RoleChips title={t('analysisRoles')} roles={user.roles.tabbedView} testId="profile-analysis-roles" />
            </Stack>
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              {t('terms.title')}
            </Typography>
            <AgreementRow
              label={t('terms.tos')}
              agreed={user.agreedLatestTermsOfService}
              path="/api/v1/users/user-agree-tos-latest"
              operation="Agreeing to the Terms of Service"
            />
            <Divider />
            <AgreementRow
              label={t('terms.privacy')}
              agreed={user.agreedLatestPrivacyPolicy}
              path="/api/v1/users/user-agree-pp-latest"
              operation="Agreeing to the Privacy Policy"
            />
          </CardContent>
        </Card>
      </Box>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {t('session.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('session.intro')}
          </Typography>
          {!featureOn && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="idle-feature-off">
              {t('session.featureOff')}
            </Alert>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={featureOn && autoLogout}
                disabled={!featureOn}
                onChange={(_, v) => {
                  setAutoLogout(v);
                  writeAutoLogoutSetting(v);
                  notify('info', idleSettingChangedMessage(v));
                }}
                slotProps={{ input: { 'aria-label': t('session.toggle') } }}
                data-testid="idle-toggle"
              />
            }
            label={
              featureOn
                ? t('session.toggleWithPeriod', { count: Math.round(user.idleTimeoutSeconds / 60) })
                : t('session.toggle')
            }
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
