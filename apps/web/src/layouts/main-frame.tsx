/**
 * Main frame: navbar, toolbar and page, plus the shell's system states (SPEC §4): maintenance mode,
 * read-only banner, idle logout, session expiry, version check, release notice and the chat button.
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuRounded from '@mui/icons-material/MenuRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import FullscreenExitRounded from '@mui/icons-material/FullscreenExitRounded';
import type { TCurrentUser, TRouteDef } from '@sextant/shared/values';
import { meQuery } from '../api/auth.ts';
import { systemModeQuery } from '../api/system.ts';
import { can } from '../app/current-user.ts';
import { loginUrl } from '../app/navigation.ts';
import { themeStore } from '../app/theme/theme-store.ts';
import { useDocumentTitle } from '../app/use-document-title.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { RoleSwitcher } from '../components/shell/role-switcher.tsx';
import { ThemeSwitcher } from '../components/shell/theme-switcher.tsx';
import { UserMenu } from '../components/shell/user-menu.tsx';
import { ChatButton } from '../components/system/chat-button.tsx';
import { IdleLogout } from '../components/system/idle-logout.tsx';
import { MaintenanceScreen } from '../components/system/maintenance-screen.tsx';
import { ReleaseNotice } from '../components/system/release-notice.tsx';
import { SessionWatcher } from '../components/system/session-watcher.tsx';
import { mapSystemMode } from '../components/system/system-mode.ts';
import { VersionCheck } from '../components/system/version-check.tsx';
import { Navbar } from './navbar.tsx';
import { routeTitle } from './nav-labels.ts';
import { useFullscreen, useNavbarState } from './navbar-state.ts';

function usePageTitle(): string | null {
  const { t } = useTranslation('shell');
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const r = (matches[i]?.handle as { route?: TRouteDef } | undefined)?.route;
    if (r) return routeTitle(t, r);
  }
  return null;
}

export function MainFrameLayout({ user, children }: { user: TCurrentUser; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const fullscreen = useFullscreen();
  const ctx = mobile ? 'mobile' : fullscreen ? 'fullscreen' : 'webapp';
  const [navState, setNavState] = useNavbarState(ctx);
  const title = usePageTitle();
  const location = useLocation();
  useDocumentTitle(title);
  useEffect(() => {
    themeStore.setUser(user.branding?.theme ?? null);
  }, [user.branding?.theme]);
  useEffect(() => {
    if (mobile) setNavState('closed');
    // close the mobile drawer after navigating
  }, [location.pathname, mobile, setNavState]);

  // Stable callbacks: the (memoised) navbar does not re-render when the frame does for its own queries.
  const toggleNav = useCallback(
    () => setNavState(navState === 'collapsed' ? 'pinned' : 'collapsed'),
    [navState, setNavState],
  );
  const closeNav = useCallback(() => setNavState('closed'), [setNavState]);
  const mode = useQuery({ ...systemModeQuery(), meta: { silent: true } });
  const mapped = mode.data ? mapSystemMode(mode.data.mode) : null;
  if (mapped?.state === 'maintenance' && !can(user, ['SystemMaintenanceMode_IGNORE'])) return <MaintenanceScreen />;

  const variant = mobile ? 'mobile' : navState === 'collapsed' ? 'collapsed' : 'pinned';
  const tb = theme.sextant.toolbar;
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <Box
      sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}
      data-testid="main-frame"
      data-theme={theme.sextant.key}
    >
      <Navbar
        user={user}
        brandingKey={null}
        variant={variant}
        mobileOpen={navState === 'open'}
        onToggle={toggleNav}
        onMobileClose={closeNav}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          elevation={0}
          sx={{ bgcolor: tb.background, color: tb.text, borderBottom: '1px solid', borderColor: 'divider' }}
        >
          <Toolbar sx={{ gap: 1, minHeight: { xs: 60, sm: 64 } }}>
            {mobile && (
              <IconButton
                edge="start"
                aria-label={t('nav.open')}
                onClick={() => setNavState('open')}
                color="inherit"
                data-testid="navbar-open"
              >
                <MenuRounded />
              </IconButton>
            )}
            <Typography variant="h5" component="h1" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="page-header">
              {title}
            </Typography>
            {user.canSwitchRoles && <RoleSwitcher user={user} />}
            {can(user, ['Toolbar_Theme_Switcher_VIEW']) && <ThemeSwitcher />}
            {!mobile && (
              <Tooltip title={fullscreen ? t('toolbar.exitFullScreen') : t('toolbar.fullScreen')}>
                <IconButton
                  aria-label={fullscreen ? t('toolbar.exitFullScreen') : t('toolbar.fullScreen')}
                  onClick={toggleFullscreen}
                  color="inherit"
                >
                  {fullscreen ? <FullscreenExitRounded /> : <FullscreenRounded />}
                </IconButton>
              </Tooltip>
            )}
            <UserMenu user={user} />
          </Toolbar>
        </AppBar>
        {mapped?.readOnly && (
          <Alert severity="warning" square data-testid="read-only-banner" sx={{ borderRadius: 0 }}>
            {t('toolbar.readOnly')}
          </Alert>
        )}
        {mapped?.state === 'maintenance' && (
          <Alert severity="info" square sx={{ borderRadius: 0 }} data-testid="maintenance-bypass-banner">
            {t('toolbar.maintenanceBypass')}
          </Alert>
        )}
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 }, maxWidth: 1600, width: '100%', mx: 'auto' }}>
          {children}
        </Box>
      </Box>
      <SessionWatcher user={user} />
      <IdleLogout user={user} />
      <VersionCheck />
      <ReleaseNotice user={user} />
      <ChatButton user={user} />
    </Box>
  );
}

/** Route element of the main frame; its loader has already required a session. */
export function MainFrame() {
  const me = useQuery({ ...meQuery(), meta: { silent: true } });
  const mode = useQuery({ ...systemModeQuery(), meta: { silent: true } });
  const location = useLocation();
  if (me.data)
    return (
      <MainFrameLayout user={me.data}>
        <Outlet />
      </MainFrameLayout>
    );
  if (mode.data && mapSystemMode(mode.data.mode).state === 'maintenance') return <MaintenanceScreen />;
  if (me.isLoading) return <LoadingScreen fullPage />;
  return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
}
