/** /lobby: signed-in users who are not (yet) eligible wait here (SPEC §4, reason UserEligibility). */
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('auth');
  useDocumentTitle(t('lobby.title')); // auth texts: translated in every issuer language
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
            {t('lobby.title')}
          </Typography>
          <Typography color="text.secondary">{t('lobby.intro')}</Typography>
        </Box>
        <Alert severity="info">
          {t('lobby.reason', { reason: reason === 'UserEligibility' ? t('lobby.reasonUserEligibility') : reason })}
        </Alert>
        {status.data?.eligible === false && status.data.reason && (
          <Typography variant="body2" color="text.secondary">
            {t('lobby.details', { details: status.data.reason })}
          </Typography>
        )}
        {signedOut ? (
          <Button variant="contained" size="large" onClick={() => navigate('/login')}>
            {t('lobby.goToSignIn')}
          </Button>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <PendingButton variant="contained" onClick={checkAgain}>
              {t('lobby.checkAgain')}
            </PendingButton>
            <PendingButton variant="outlined" onClick={signOut}>
              {t('lobby.signOut')}
            </PendingButton>
          </Stack>
        )}
      </Stack>
    </AuthLayout>
  );
}
