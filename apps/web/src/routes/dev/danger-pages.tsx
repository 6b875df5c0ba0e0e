/**
 * /dev/tools/reset-all-jobs and /dev/tools/database-anonymizer: development-only operations, typed confirmation;
 * the server refuses them (503) outside development and test.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { anonymizeDatabase, resetAllJobs } from '../../api/dev.ts';
import { notifyError } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { Panel } from '../tools/tool-card.tsx';

function DangerPage({
  kind,
  word,
  run,
}: {
  kind: 'reset' | 'anonymizeDb';
  word: string;
  run: () => Promise<{ message: string }>;
}) {
  const { t } = useTranslation('dev');
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: run,
    onSuccess: (r) => {
      setDone(r.message);
      setTyped('');
    },
    onError: (e) => notifyError(e, t(`${kind}.title`)),
  });
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
      <Panel title={t(`${kind}.title`)}>
        <Stack spacing={2}>
          <Alert severity="warning">{t('danger.devOnly')}</Alert>
          <Typography variant="body2">{t(`${kind}.description`)}</Typography>
          <TextField
            size="small"
            label={t('danger.typeToConfirm', { word })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'danger-confirm' } }}
          />
          <PendingButton
            variant="contained"
            color="error"
            pending={m.isPending}
            disabled={typed !== word}
            onClick={() => m.mutate()}
            data-testid="danger-run"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t(`${kind}.run`)}
          </PendingButton>
          {done && (
            <Alert severity="success" data-testid="danger-done">
              {done}
            </Alert>
          )}
        </Stack>
      </Panel>
    </Stack>
  );
}

export const ResetAllJobs = () => <DangerPage kind="reset" word="RESET" run={resetAllJobs} />;
export const DatabaseAnonymizer = () => <DangerPage kind="anonymizeDb" word="ANONYMIZE" run={anonymizeDatabase} />;
