/** /dev/exercise/debug-logging: raise the server log level for a limited time (it then reverts by itself). */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEBUG_LOG_LEVELS, DEBUG_LOGGING_MAX_MINUTES, type TDebugLogLevel } from '@sextant/shared/values';
import { debugLoggingQuery, devKeys, endDebugLogging, startDebugLogging } from '../../api/dev.ts';
import { notifyError } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { Panel } from '../tools/tool-card.tsx';

export function Component() {
  const { t } = useTranslation('dev');
  const qc = useQueryClient();
  const state = useQuery(debugLoggingQuery()).data;
  const [level, setLevel] = useState<TDebugLogLevel>('debug');
  const [minutes, setMinutes] = useState(15);
  const onSuccess = (s: unknown) => qc.setQueryData(devKeys.debugLogging(), s);
  const start = useMutation({
    mutationFn: () => startDebugLogging(level, minutes),
    onSuccess,
    onError: (e) => notifyError(e, 'Starting debug logging'),
  });
  const end = useMutation({
    mutationFn: endDebugLogging,
    onSuccess,
    onError: (e) => notifyError(e, 'Ending debug logging'),
  });
  const valid = Number.isInteger(minutes) && minutes >= 1 && minutes <= DEBUG_LOGGING_MAX_MINUTES;
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
      <Panel title={t('debug.title')}>
        <Stack spacing={2}>
          {state && (
            <Alert severity={state.revertsAt ? 'warning' : 'info'} data-testid="debug-state">
              {state.revertsAt
                ? t('debug.raised', {
                    level: state.level,
                    time: new Date(state.revertsAt).toLocaleTimeString(),
                    base: state.baseLevel,
                  })
                : t('debug.normal', { level: state.level })}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('debug.help')}
          </Typography>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              size="small"
              label={t('debug.level')}
              value={level}
              onChange={(e) => setLevel(e.target.value as TDebugLogLevel)}
              sx={{ minWidth: 160 }}
            >
              {DEBUG_LOG_LEVELS.map((l) => (
                <MenuItem key={l} value={l}>
                  {l}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="number"
              label={t('debug.minutes')}
              value={minutes}
              error={!valid}
              helperText={t('debug.minutesHelp', { max: DEBUG_LOGGING_MAX_MINUTES })}
              onChange={(e) => setMinutes(Number(e.target.value))}
              slotProps={{ htmlInput: { min: 1, max: DEBUG_LOGGING_MAX_MINUTES, 'data-testid': 'debug-minutes' } }}
            />
          </Stack>
          <Stack direction="row" spacing={1.5}>
            <PendingButton
              variant="contained"
              pending={start.isPending}
              disabled={!valid}
              onClick={() => start.mutate()}
              data-testid="debug-start"
            >
              {t('debug.start')}
            </PendingButton>
            <Button
              variant="outlined"
              disabled={!state?.revertsAt || end.isPending}
              onClick={() => end.mutate()}
              data-testid="debug-end"
            >
              {t('debug.end')}
            </Button>
          </Stack>
        </Stack>
      </Panel>
    </Stack>
  );
}
