/** Header and tabs shared by the global insights pages; a scope still being built sends the user to the loading page. */
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../api/client.ts';

export function GlobalHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('global-insights');
  const { pathname } = useLocation();
  const tab = pathname.endsWith('/organizations') ? 'organizations' : 'insights';
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </Box>
        {children}
      </Box>
      <Tabs value={tab} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab
          value="insights"
          label={t('tabs.insights')}
          component={RouterLink}
          to="/global-insights/insights"
          data-testid="global-tab-insights"
        />
        <Tab
          value="organizations"
          label={t('tabs.organizations')}
          component={RouterLink}
          to="/global-insights/organizations"
          data-testid="global-tab-organizations"
        />
      </Tabs>
    </Stack>
  );
}

const isBuilding = (error: unknown) => isApiError(error) && error.status === 409;

/**
 * A 409 means the scope's build has not finished: show its progress. Returns whether the error is that case, so the
 * page keeps its placeholder (no error panel, no notification) until the loading page takes over.
 */
export function useLoadingRedirect(error: unknown): boolean {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const building = isBuilding(error);
  useEffect(() => {
    if (building) void navigate(`/global-insights/loading?next=${encodeURIComponent(pathname)}`, { replace: true });
  }, [building, navigate, pathname]);
  return building;
}
