/**
 * Floating chat button (Chatbot_VIEW). Hidden while the chat health check loads, and when it fails unless
 * the user has Chatbot_ErrorState_VIEW (then the button is red). Health is checked every 180000 ms (SPEC §7).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { CHAT_HEALTH_INTERVAL_MS, type TCurrentUser } from '@sextant/shared/values';
import { fetchChatHealth } from '../../api/chat.ts';
import { can } from '../../app/current-user.ts';

export const CHAT_HEALTH_MS = CHAT_HEALTH_INTERVAL_MS;
const ChatWindow = lazy(() => import('./chat-window.tsx'));

export function ChatButton({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation('system');
  const [open, setOpen] = useState(false);
  const allowed = can(user, ['Chatbot_VIEW']);
  const health = useQuery({
    queryKey: ['chat', 'health'],
    queryFn: fetchChatHealth,
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
      {open && !failed && (
        <Suspense fallback={null}>
          <ChatWindow user={user} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {open && failed && (
        <Paper
          elevation={8}
          data-testid="chat-window"
          sx={{
            position: 'fixed',
            right: 24,
            bottom: 96,
            width: 360,
            maxWidth: 'calc(100vw - 32px)',
            zIndex: (th) => th.zIndex.speedDial,
            border: 1,
            borderColor: 'divider',
            p: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
          }}
        >
          <Typography color="text.secondary" sx={{ flex: 1 }}>
            {t('chat.notResponding')}
          </Typography>
          <IconButton aria-label={t('chat.close')} onClick={() => setOpen(false)}>
            <CloseRounded />
          </IconButton>
        </Paper>
      )}
    </>
  );
}
