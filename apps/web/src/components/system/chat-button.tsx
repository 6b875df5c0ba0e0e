/**
 * Floating chat button (Chatbot_VIEW). Hidden while the chat health check loads, and when it fails unless
 * the user has Chatbot_ErrorState_VIEW (then the button is red). Health is checked every 180000 ms (SPEC §7).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { TCurrentUser } from '@sextant/shared/values';
import { api } from '../../api/client.ts';
import { can } from '../../app/current-user.ts';

export const CHAT_HEALTH_MS = 180_000;

export function ChatButton({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation('system');
  const [open, setOpen] = useState(false);
  const allowed = can(user, ['Chatbot_VIEW']);
  const health = useQuery({
    queryKey: ['chat', 'health'],
    queryFn: () => api<unknown>('/chat/health-check'),
    enabled: allowed,
    refetchInterval: CHAT_HEALTH_MS,
    retry: false,
    meta: { silent: true },
  });
  if (!allowed || health.isLoading) return null;
  const failed = health.isError;
  if (failed && !can(user, ['Chatbot_ErrorState_VIEW'])) return null;
  return (
    <>
      <Tooltip title={failed ? t('chat.tooltipUnavailable') : t('chat.tooltip')} placement="left">
        <Fab
          color={failed ? 'error' : 'primary'}
          aria-label={t('chat.open')}
          onClick={() => setOpen((o) => !o)}
          data-testid="chat-button"
          data-state={failed ? 'error' : 'ok'}
          sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (th) => th.zIndex.speedDial }}
        >
          <ChatBubbleOutline />
        </Fab>
      </Tooltip>
      {open && (
        <Paper
          elevation={8}
          sx={{
            position: 'fixed',
            right: 24,
            bottom: 96,
            width: 500,
            maxWidth: 'calc(100vw - 32px)',
            height: 600,
            maxHeight: 'calc(100dvh - 140px)',
            zIndex: (th) => th.zIndex.speedDial,
            display: 'flex',
            flexDirection: 'column',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 700 }}>
              {t('chat.title')}
            </Typography>
            <IconButton aria-label={t('chat.close')} onClick={() => setOpen(false)}>
              <CloseRounded />
            </IconButton>
          </Box>
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">{failed ? t('chat.notResponding') : t('chat.notAvailable')}</Typography>
          </Box>
        </Paper>
      )}
    </>
  );
}
