/** /401 Access Error, /404 Error, /500 Server Error, /503 Service Unavailable (SPEC §2). */
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { logout } from '../../api/auth.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { themeStore } from '../../app/theme/theme-store.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';

export interface TErrorPageDef {
  code: string;
  title: string;
  text: string;
  Icon: SvgIconComponent;
}

/** English texts of SPEC §2; the panel shows the translations of `errors:pages.<code>`. */
export const ERROR_PAGES: Record<'401' | '404' | '500' | '503', TErrorPageDef> = {
  '401': {
    code: '401',
    title: 'Access Error',
    text: 'You do not have permission to view this page. If you think you should, ask your administrator to grant you access.',
    Icon: LockOutlined,
  },
  '404': {
    code: '404',
    title: 'Error',
    text: 'We could not find the page you were looking for. It may have moved, or the address may be wrong.',
    Icon: SearchOffOutlined,
  },
  '500': {
    code: '500',
    title: 'Server Error',
    text: 'Something went wrong on our side. Please try again in a moment; if it keeps happening, contact support.',
    Icon: ErrorOutline,
  },
  '503': {
    code: '503',
    title: 'Service Unavailable',
    text: 'This service is not available for your account in this environment. Use your organisation’s own address, or try again later.',
    Icon: CloudOffOutlined,
  },
};

export function ErrorPanel({ page }: { page: TErrorPageDef }) {
  const { t } = useTranslation('errors');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const title = t(`pages.${page.code}.title`, { defaultValue: page.title });
  const text = t(`pages.${page.code}.text`, { defaultValue: page.text });
  useDocumentTitle(title);
  const switchUser = async () => {
    await logout().catch(() => undefined);
    qc.clear();
    themeStore.signOut();
    navigate('/login', { replace: true });
  };
  return (
    <Box
      data-testid={`error-page-${page.code}`}
      sx={{
        minHeight: user ? '60vh' : '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      <Stack spacing={2.5} sx={{ maxWidth: 520, textAlign: 'center', alignItems: 'center' }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'primary.main',
          }}
        >
          <page.Icon sx={{ fontSize: 38 }} />
        </Box>
        <Typography variant="overline" color="text.secondary">
          {t('code', { code: page.code })}
        </Typography>
        <Typography variant="h2" component={user ? 'h2' : 'h1'}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
          {page.code === '500' && (
            <Button
              variant="contained"
              onClick={() => (window.history.length > 1 ? navigate(-1) : window.location.reload())}
            >
              {t('tryAgain')}
            </Button>
          )}
          <Button
            variant={page.code === '500' ? 'outlined' : 'contained'}
            component={RouterLink}
            to={user ? '/' : '/login'}
          >
            {user ? t('goHome') : t('goToSignIn')}
          </Button>
          {user && page.code === '401' && (
            <Button variant="outlined" onClick={switchUser}>
              {t('switchUser')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
