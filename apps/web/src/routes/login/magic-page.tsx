/** /login/magic?token=…: explains, and only the "Sign in" POST spends the single-use token (issue #2). */
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
  useDocumentTitle('Confirm sign-in');
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
            Confirm sign-in
          </Typography>
          <Typography color="text.secondary">
            You opened a sign-in link sent to your email address. Select Sign in to continue. The link can be used once and
            expires 10 minutes after it was sent.
          </Typography>
        </Box>
        {invalid && (
          <Alert severity="error" data-testid="magic-error">
            This sign-in link is incomplete. Open the link from your email again, or request a new one.
          </Alert>
        )}
        {m.isError && (
          <Alert severity="error" role="alert" data-testid="magic-error">
            {tokenError
              ? 'This sign-in link has expired or has already been used. Request a new link to sign in.'
              : apiLoginError(isApiError(m.error) ? m.error.code : '', m.error.message)}
          </Alert>
        )}
        {tokenError || invalid ? (
          <Button component={RouterLink} to="/login?method=email" variant="contained" size="large">
            Request a new link
          </Button>
        ) : (
          <PendingButton variant="contained" size="large" pending={m.isPending} onClick={() => m.mutate()} data-testid="magic-confirm">
            Sign in
          </PendingButton>
        )}
        <Button component={RouterLink} to="/login" variant="text">
          Back to sign-in options
        </Button>
      </Stack>
    </AuthLayout>
  );
}
