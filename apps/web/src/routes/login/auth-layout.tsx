/** Two-panel layout of the public pages: branded panel (logo, background, trust note) and a form card. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useQuery } from '@tanstack/react-query';
import { brandingAssetUrl, PRODUCT_CODE_NAME, TRUST_CENTRE_BRANDING_KEYS } from '@sextant/shared/values';
import { publicBrandingQuery } from '../../api/auth.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';

/** Brandings with their own tagline (auth:layout.taglines.<key>); others use the default. */
const TAGLINE_KEYS: readonly string[] = ['mastercard', 'lloyds', 'hsbc', 'test'];

export function TrustCentreNote({ dark }: { dark: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Stack
      direction="row"
      spacing={1.5}
      data-testid="trust-centre-note"
      sx={{
        alignItems: 'center',
        p: 1.5,
        borderRadius: 1,
        border: '1px solid',
        borderColor: dark ? 'rgba(255,255,255,0.25)' : 'divider',
        bgcolor: dark ? 'rgba(255,255,255,0.06)' : 'background.paper',
      }}
    >
      <VerifiedUserOutlined sx={{ color: dark ? '#5EEAD4' : 'success.main' }} />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 700, color: dark ? '#fff' : 'text.primary' }}>
          {t('layout.trustTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: dark ? 'rgba(255,255,255,0.85)' : 'text.secondary' }}>
          {t('layout.trustText')}
        </Typography>
      </Box>
    </Stack>
  );
}

export function AuthLayout({ brandingKey, children }: { brandingKey: string | null; children: ReactNode }) {
  const { t, i18n } = useTranslation('auth');
  const theme = useTheme();
  const key = theme.sextant.key;
  // The branding's own login text (per language) and login image, when its administrators set them (issue #33).
  const branding = useQuery({ ...publicBrandingQuery(), enabled: Boolean(brandingKey), meta: { silent: true } }).data;
  const loginText = branding?.loginTexts[i18n.language] ?? branding?.loginTexts.en;
  const loginImage = branding?.assets.loginImage
    ? brandingAssetUrl(branding.brandingKey, 'loginImage', branding.assets.loginImage.version)
    : null;
  const taglineKey = brandingKey ?? key;
  const dark = key !== 'hsbc';
  const showTrust = (TRUST_CENTRE_BRANDING_KEYS as readonly string[]).includes(brandingKey ?? '');
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(420px, 5fr) 6fr' } }}
    >
      <Box
        data-testid="login-brand-panel"
        sx={{
          background: loginImage
            ? `linear-gradient(rgba(0,0,0,0.45), rgba(0,0,0,0.45)), url("${loginImage}") center / cover no-repeat`
            : theme.sextant.loginBackground,
          color: dark ? '#fff' : 'text.primary',
          p: { xs: 3, md: 6 },
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          gap: 3,
          borderRight: key === 'hsbc' ? '4px solid' : undefined,
          borderColor: 'primary.main',
        }}
      >
        <BrandLogo
          brandingKey={brandingKey}
          theme={key}
          onDark={dark}
          height={40}
          {...(branding ? { label: branding.brandingDisplayName } : {})}
        />
        <Box sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 460 }}>
          <Typography variant="h2" component="p" sx={{ color: 'inherit', mb: 2, lineHeight: 1.2 }}>
            {t(`layout.taglines.${TAGLINE_KEYS.includes(taglineKey) ? taglineKey : 'default'}`)}
          </Typography>
          <Typography sx={{ color: dark ? 'rgba(255,255,255,0.85)' : 'text.secondary', fontSize: '1.05rem' }}>
            {loginText || t('layout.intro')}
          </Typography>
        </Box>
        <Stack spacing={2} sx={{ display: { xs: showTrust ? 'flex' : 'none', md: 'flex' } }}>
          {showTrust && <TrustCentreNote dark={dark} />}
          <Typography
            variant="caption"
            sx={{ color: dark ? 'rgba(255,255,255,0.75)' : 'text.secondary', display: { xs: 'none', md: 'block' } }}
          >
            {t('layout.copyright', { year: new Date().getFullYear(), product: PRODUCT_CODE_NAME })}
          </Typography>
        </Stack>
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
          bgcolor: 'background.default',
        }}
      >
        <Paper
          variant="outlined"
          sx={{
            width: '100%',
            maxWidth: 440,
            p: { xs: 3, sm: 4.5 },
            borderRadius: `${Math.max(theme.sextant.radius, 4)}px`,
          }}
        >
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
