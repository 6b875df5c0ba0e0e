/** Minimal frame (SPEC §2): public pages without navigation, on the branding's background. */
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';

export function MinimalFrame() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', color: 'text.primary' }}>
      <Outlet />
    </Box>
  );
}
