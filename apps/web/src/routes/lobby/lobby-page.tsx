/** /lobby: signed-in users who are not (yet) eligible wait here (SPEC §4, reason UserEligibility). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import { eligibilityQuery, logout } from '../../api/auth.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { usePublicBranding } from '../../app/use-public-branding.ts';
import { themeStore } from '../../app/theme/theme-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { AuthLayout } from '../login/auth-layout.tsx';

export function Component() {
  const [params] = useSearchParams();
  const reason = params.get('reason') ?? 'UserEligibility';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { brandingKey } = usePublicBranding();
  useDocumentTitle('Lobby');
  const status = useQuery({ ...eligibilityQuery(), retryOnMount: false, meta: { silent: true } });
  const signedOut = status.isError;

  const checkAgain = async () => {
    const r = await status.refetch();
    if (r.data?.eligible) {
      await qc.invalidateQueries();
      navigate('/', { replace: true });
    }
  };
  const signOut = async () => {
    await logout().catch(() => undefined);
    qc.clear();
    themeStore.signOut();
    navigate('/login', { replace: true });
  };

  return (
    <AuthLayout brandingKey={brandingKey}>
      <Stack spacing={3} data-testid="lobby" data-reason={reason}>
        <HourglassEmptyOutlined color="primary" sx={{ fontSize: 44 }} />
        <Box>
          <Typography variant="h3" component="h1" gutterBottom>
            Your access is being set up
          </Typography>
          <Typography color="text.secondary">
            Your account exists, but it is not yet eligible to use the service. An administrator needs to approve it and assign
            it to your organisation. You will be able to continue as soon as that is done.
          </Typography>
        </Box>
        <Alert severity="info">Reason: {reason === 'UserEligibility' ? 'User eligibility (account awaiting approval)' : reason}</Alert>
        {status.data?.eligible === false && status.data.reason && (
          <Typography variant="body2" color="text.secondary">
            Details: {status.data.reason}
          </Typography>
        )}
        {signedOut ? (
          <Button variant="contained" size="large" onClick={() => navigate('/login')}>
            Go to sign in
          </Button>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <PendingButton variant="contained" onClick={checkAgain}>
              Check again
            </PendingButton>
            <PendingButton variant="outlined" onClick={signOut}>
              Sign out
            </PendingButton>
          </Stack>
        )}
      </Stack>
    </AuthLayout>
  );
}
