/** Renders the notification queue (SPEC §8): up to 3, errors with expandable details and Copy to Clipboard. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentUser, can } from '../../app/current-user.ts';
import { formatDateTime } from '../../app/i18n.ts';
import {
  dismissNotification,
  errorReport,
  errorText,
  useNotifications,
  type TNotification,
} from './notification-store.ts';

const COPIED_MS = 2000;

function ErrorDetails({ n, userId }: { n: TNotification; userId: string | null }) {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const facts = n.error!;
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    const text = errorReport(facts, userId);
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const ta = document.createElement('textarea');
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    setCopied(true);
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          color="inherit"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          sx={{ px: 1, minWidth: 0 }}
        >
          {open ? t('hideDetails') : t('showDetails')}
        </Button>
        <Button size="small" color="inherit" variant="outlined" onClick={copy} sx={{ px: 1 }} data-testid="copy-error">
          {copied ? t('copied') : t('copy')}
        </Button>
      </Stack>
      <Collapse in={open}>
        <Box
          component="dl"
          data-testid="error-details"
          sx={{
            m: 0,
            mt: 1,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            rowGap: 0.5,
            fontSize: 12,
            '& dt': { fontWeight: 700 },
            '& dd': { m: 0, wordBreak: 'break-word' },
          }}
        >
          <dt>{t('details.messages')}</dt>
          <dd>
            {facts.messages.map((m, i) => (
              <div key={i}>{m}</div>
            ))}
          </dd>
          <dt>{t('details.userId')}</dt>
          <dd>{userId ?? t('details.notSignedIn')}</dd>
          <dt>{t('details.url')}</dt>
          <dd>{facts.url}</dd>
          <dt>{t('details.date')}</dt>
          <dd>{formatDateTime(facts.date, { dateStyle: 'medium', timeStyle: 'medium' })}</dd>
          <dt>{t('details.device')}</dt>
          <dd>{facts.device}</dd>
        </Box>
      </Collapse>
    </Box>
  );
}

function NotificationItem({ n, detailed, userId }: { n: TNotification; detailed: boolean; userId: string | null }) {
  useEffect(() => {
    if (!n.autoHideMs) return;
    const t = setTimeout(() => dismissNotification(n.id), n.autoHideMs);
    return () => clearTimeout(t);
  }, [n.id, n.autoHideMs]);
  const text = n.error ? errorText(n.error, detailed) : { title: n.title, message: n.message };
  return (
    <Alert
      severity={n.severity}
      variant="filled"
      data-testid="notification"
      data-severity={n.severity}
      onClose={n.noClose ? undefined : () => dismissNotification(n.id)}
      sx={{
        width: '100%',
        boxShadow: 6,
        whiteSpace: 'pre-line',
        '& .MuiAlert-message': { width: '100%', overflow: 'hidden' },
      }}
    >
      {text.title && <AlertTitle sx={{ fontWeight: 700 }}>{text.title}</AlertTitle>}
      <Typography variant="body2" component="div" data-testid="notification-message">
        {text.message}
      </Typography>
      {n.actions && n.actions.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.25 }}>
          {n.actions.map((a) => (
            <Button
              key={a.label}
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => {
                a.onClick();
                if (a.closes !== false) dismissNotification(n.id);
              }}
            >
              {a.label}
            </Button>
          ))}
        </Stack>
      )}
      {n.error && <ErrorDetails n={n} userId={userId} />}
    </Alert>
  );
}

export function NotificationStack() {
  const items = useNotifications();
  const user = useCurrentUser();
  const detailed = can(user, ['SystemNotificationsDetailed_VIEW']);
  if (items.length === 0) return null;
  return (
    <Stack
      spacing={1.5}
      aria-live="polite"
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.snackbar,
        right: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 24 },
        width: { sm: 440 },
      }}
    >
      {items.map((n) => (
        <NotificationItem key={n.id} n={n} detailed={detailed} userId={user?.id ?? null} />
      ))}
    </Stack>
  );
}
