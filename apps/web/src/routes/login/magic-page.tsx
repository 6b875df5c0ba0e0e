/** /login/magic?token=…: explains, and only the "Sign in" POST spends the single-use token. */
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailLockOutlined from '@mui/icons-material/MailLockOutlined';
import { authKeys, verifyMagicLink } from '../../api/auth.ts';
import { isApiError } from '../../api/client.ts';
import { safeCallback } from '../../app/navigation.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { usePublicBranding } from '../../app/use-public-branding.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { apiLoginError } from './login-messages.ts';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { brandingKey } = usePublicBranding();
  const { t } = useTranslation('auth');
  useDocumentTitle(t('magic.title'));
  const m = useMutation({
    mutationFn: () => verifyMagicLink(token),
    meta: { silent: true },
    onSuccess: (res) => {
      qc.clear();
      qc.setQueryData(authKeys.me(), res.user);
      navigate(safeCallback(res.callbackUrl ?? params.get('callbackUrl'), '/'), { replace: true });
    },
  });
  const invalid = !token || token.length < 20;
  const tokenError = m.isError && isApiError(m.error) && (m.error.code === 'InvalidToken' || m.error.status === 400);

  return (
    <AuthLayout brandingKey={brandingKey}>
      <Stack spacing={3}>
        <MailLockOutlined color="primary" sx={{ fontSize: 44 }} />
        <Box>
          <Typography variant="h3" component="h1" gutterBottom>
            {t('magic.title')}
          </Typography>
          <Typography color="text.secondary">{t('magic.intro')}</Typography>
        </Box>
        {invalid && (
          <Alert severity="error" data-testid="magic-error">
            {t('magic.incomplete')}
          </Alert>
        )}
        {m.isError && (
          <Alert severity="error" role="alert" data-testid="magic-error">
            {tokenError ? t('magic.expired') : apiLoginError(isApiError(m.error) ? m.error.code : '', m.error.message)}
          </Alert>
        )}
        {tokenError || invalid ? (
          <Button component={RouterLink} to="/login?method=email" variant="contained" size="large">
            {t('magic.requestNew')}
          </Button>
        ) : (
          <PendingButton
            variant="contained"
            size="large"
            pending={m.isPending}
            onClick={() => m.mutate()}
            data-testid="magic-confirm"
          >
            {t('magic.submit')}
          </PendingButton>
        )}
        <Button component={RouterLink} to="/login" variant="text">
          {t('magic.back')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
