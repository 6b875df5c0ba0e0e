/** /login: password, e-mailed sign-in link and SSO (SPEC §2 Public, §8 login error codes). */
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { LOGIN_PAGE_TITLES, PRODUCT_CODE_NAME } from '@sextant/shared/values';
import { authKeys, authMethodsQuery, login, oidcStartUrl, requestMagicLink } from '../../api/auth.ts';
import { isApiError } from '../../api/client.ts';
import { safeCallback } from '../../app/navigation.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { usePublicBranding } from '../../app/use-public-branding.ts';
import { FixedTabs } from '../../components/fixed-tabs.tsx';
import { OutlinedTextField } from '../../components/outlined-text-field.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { TaggedText } from '../../components/tagged-text.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { apiLoginError, loginErrorMessage } from './login-messages.ts';

type TMethod = 'password' | 'email';

type TOrDivider = { OrDivider: ComponentType<{ label: string }> };
/**
 * The divider under the SSO button, loaded when the server offers SSO (few installations do: MUI's Divider is 1.5 KB
 * gzip the sign-in page need not download). The SSO choice shows once it is in, as it shows once the sign-in methods
 * are known; without it (its download failed) the SSO button shows alone.
 */
function useOrDivider(enabled: boolean): TOrDivider | 'loading' | null {
  const [state, setState] = useState<TOrDivider | 'loading' | null>('loading');
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    import('./or-divider.tsx').then(
      (m) => live && setState(m),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}

function fieldErrors(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isApiError(e)) for (const fe of e.errors ?? []) out[fe.path.replace(/^body\./, '')] = fe.message;
  return out;
}

function PasswordForm({ callbackUrl }: { callbackUrl: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const m = useMutation({
    mutationFn: () => login(username.trim(), password),
    meta: { silent: true },
    onSuccess: (res) => {
      qc.clear();
      qc.setQueryData(authKeys.me(), res.user);
      navigate(callbackUrl, { replace: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (m.isPending) return;
    const errs: Record<string, string> = {};
    if (!username.trim()) errs.username = t('login.enterUsername');
    if (!password) errs.password = t('login.enterPassword');
    setLocal(errs);
    if (Object.keys(errs).length === 0) m.mutate();
  };
  const server = fieldErrors(m.error);
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {m.isError && (
          <Alert severity="error" role="alert" data-testid="login-error">
            {apiLoginError(isApiError(m.error) ? m.error.code : '', m.error.message)}
          </Alert>
        )}
        <OutlinedTextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          size="medium"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={Boolean(local.username || server.username)}
          helperText={local.username || server.username}
        />
        <OutlinedTextField
          label={t('login.password')}
          name="password"
          type={show ? 'text' : 'password'}
          autoComplete="current-password"
          size="medium"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(local.password || server.password)}
          helperText={local.password || server.password}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={show ? t('login.hidePassword') : t('login.showPassword')}
                    onClick={() => setShow((s) => !s)}
                    edge="end"
                  >
                    {show ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <PendingButton type="submit" variant="contained" size="large" pending={m.isPending} fullWidth>
          {t('login.submit')}
        </PendingButton>
      </Stack>
    </Box>
  );
}

function MagicLinkForm({ callbackUrl }: { callbackUrl: string }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [local, setLocal] = useState('');
  const m = useMutation({
    mutationFn: () => requestMagicLink(email.trim(), callbackUrl !== '/' ? callbackUrl : undefined),
    meta: { silent: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (m.isPending) return;
    const v = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) {
      setLocal(t('magicLink.invalidEmail'));
      return;
    }
    setLocal('');
    m.mutate();
  };
  if (m.isSuccess)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="magic-link-sent">
        <MarkEmailReadOutlined color="primary" sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="p">
          {t('magicLink.sentTitle')}
        </Typography>
        <Typography color="text.secondary">
          {m.data.message || t('magicLink.sentDefault')} {t('magicLink.sentExpiry')}
        </Typography>
        <Button onClick={() => m.reset()}>{t('magicLink.differentAddress')}</Button>
      </Stack>
    );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('magicLink.intro')}
        </Typography>
        {m.isError && (
          <Alert severity="error" role="alert" data-testid="magic-link-error">
            {apiLoginError(isApiError(m.error) ? m.error.code : '', m.error.message)}
          </Alert>
        )}
        <OutlinedTextField
          label={t('magicLink.email')}
          name="email"
          type="email"
          autoComplete="email"
          size="medium"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(local || fieldErrors(m.error).email)}
          helperText={local || fieldErrors(m.error).email}
        />
        <PendingButton type="submit" variant="contained" size="large" pending={m.isPending} fullWidth>
          {t('magicLink.submit')}
        </PendingButton>
      </Stack>
    </Box>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const { brandingKey } = usePublicBranding();
  const callbackUrl = safeCallback(params.get('callbackUrl'), '/');
  const errorCode = params.get('error');
  const methods = useQuery({ ...authMethodsQuery(), meta: { silent: true } });
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<TMethod>(params.get('method') === 'email' ? 'email' : 'password');
  useDocumentTitle(null, (brandingKey && LOGIN_PAGE_TITLES[brandingKey]) || PRODUCT_CODE_NAME);

  const passwordOn = methods.data?.password ?? true;
  const magicOn = methods.data?.magicLink ?? true;
  const oidc = methods.data?.oidc;
  const sso = useOrDivider(Boolean(oidc?.enabled));
  const active: TMethod = method === 'email' && magicOn ? 'email' : passwordOn ? 'password' : 'email';
  const err = errorCode ? loginErrorMessage(errorCode) : null;

  return (
    <AuthLayout brandingKey={brandingKey}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h3" component="h1" gutterBottom>
            {t('login.title')}
          </Typography>
          <Typography color="text.secondary">{t('login.welcome')}</Typography>
        </Box>
        {err && (
          <Alert severity={err.severity} data-testid="login-error-code" data-code={errorCode}>
            {err.text}
          </Alert>
        )}
        {oidc?.enabled && sso !== 'loading' && (
          <>
            <Button
              variant="outlined"
              size="large"
              startIcon={<KeyOutlined />}
              href={oidcStartUrl(callbackUrl)}
              data-testid="sso-button"
            >
              {t('login.sso', { name: oidc.displayName || t('login.ssoDefault') })}
            </Button>
            {sso && <sso.OrDivider label={t('login.or')} />}
          </>
        )}
        {passwordOn && magicOn && (
          <FixedTabs
            value={active}
            onChange={(_, v: TMethod) => setMethod(v)}
            variant="fullWidth"
            aria-label={t('login.method')}
          >
            <Tab value="password" label={t('login.methodPassword')} />
            <Tab value="email" label={t('login.methodEmail')} />
          </FixedTabs>
        )}
        {active === 'password' ? (
          <PasswordForm callbackUrl={callbackUrl} />
        ) : (
          <MagicLinkForm callbackUrl={callbackUrl} />
        )}
        <Typography variant="body2" color="text.secondary">
          <TaggedText
            text={t('login.trouble')}
            components={{
              action: (
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => setMethod('email')}
                  sx={{ verticalAlign: 'baseline' }}
                />
              ),
            }}
          />
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
