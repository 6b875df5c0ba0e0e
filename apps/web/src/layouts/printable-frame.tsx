/** Printable frame (SPEC §2): no navigation, the print variant of the user's theme. */
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useCurrentUser } from '../app/current-user.ts';
import { effectiveThemeKey, themeStore, useThemeState } from '../app/theme/theme-store.ts';
import { themeFor } from '../app/theme/themes.ts';
import { useEffect } from 'react';

export function PrintableFrame() {
  const user = useCurrentUser();
  useEffect(() => {
    if (user) themeStore.setUser(user.branding?.theme ?? null);
  }, [user]);
  const key = effectiveThemeKey(useThemeState());
  return (
    <ThemeProvider theme={themeFor(key, true)}>
      <CssBaseline />
      <Box
        component="main"
        data-frame="printable"
        sx={{ maxWidth: 1100, mx: 'auto', p: 4, bgcolor: 'background.paper', minHeight: '100dvh' }}
      >
        <Outlet />
      </Box>
    </ThemeProvider>
  );
}
