import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { effectiveThemeKey, useThemeState } from './theme-store.ts';
import { themeFor } from './themes.ts';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const key = effectiveThemeKey(useThemeState());
  return (
    <ThemeProvider theme={themeFor(key)}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
