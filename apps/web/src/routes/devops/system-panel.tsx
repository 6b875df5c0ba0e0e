/**
 * The DevOps landing's system switches, each shown to the permission holders only: integration verification (the
 * SPEC §8 texts), the end-to-end test run (E2ETestRun), system mode (Live / ReadOnly / Maintenance), publishing a new app timestamp (clients refresh),
 * and the augmented-text switch.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { SYSTEM_MODES, type TIntegrationCheck, type TSystemMode } from '@sextant/shared/values';
import { VERIFICATION_SUCCESS_MESSAGE, verificationFailureMessage } from '@sextant/shared/system-audit';
import {
  augmentedTextQuery,
  integrationConfigurationsQuery,
  useSetAugmentedText,
  endToEndRunOutcome,
  startEndToEndRun,
  usePublishTimestamp,
  useSetSystemMode,
  verifyIntegrations,
} from '../../api/devops.ts';
import { appTimestampQuery, systemModeQuery } from '../../api/system.ts';
import { useCan } from '../../app/current-user.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { notifyError } from '../../components/notifications/notification-store.ts';
import { formatDateTime } from '../../lib/date-time.ts';

function Panel({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Integrations() {
  const { t } = useTranslation('devops');
  const configs = useQuery(integrationConfigurationsQuery(true));
  const [checks, setChecks] = useState<TIntegrationCheck[] | null>(null);
  const failed = checks?.filter((c) => !c.success) ?? [];
  return (
    <Panel title={t('system.integrations')} testId="system-integrations">
      {configs.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('system.configured', {
            repository: configs.data.configuredRepository,
            container: configs.data.containerName,
          })}
        </Typography>
      )}
      <PendingButton
        variant="outlined"
        onClick={async () => {
          try {
            setChecks(await verifyIntegrations());
          } catch (err) {
            notifyError(err, 'Verify integrations');
          }
        }}
      >
        {t('system.verify')}
      </PendingButton>
      {checks && (
        <Alert
          severity={failed.length ? 'error' : 'success'}
          sx={{ mt: 1.5, whiteSpace: 'pre-line' }}
          data-testid="verification-result"
        >
          {failed.length ? verificationFailureMessage(checks) : VERIFICATION_SUCCESS_MESSAGE}
        </Alert>
      )}
      {checks && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {checks.map((c) => (
            <Typography
              component="li"
              variant="caption"
              key={c.integration}
              color={c.success ? 'text.secondary' : 'error.main'}
            >
              {c.integration}: {c.message ?? '—'}
            </Typography>
          ))}
        </Box>
      )}
    </Panel>
  );
}

/** The end-to-end test run (E2ETestRun, testers): one command through the queue, polled until it ran or failed. */
function EndToEndRun() {
  const { t } = useTranslation('devops');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string | null } | null>(null);
  const [waiting, setWaiting] = useState(false);
  const run = async () => {
    setOutcome(null);
    try {
      const { correlationId } = await startEndToEndRun();
      setWaiting(true);
      for (let i = 0; i < 60; i++) {
        const r = await endToEndRunOutcome(correlationId);
        if (r.isCompleted) {
          setOutcome({ ok: r.isSuccess, message: r.errorMessage });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      setOutcome({ ok: false, message: t('system.e2eWaiting') });
    } catch (err) {
      notifyError(err, 'End-to-end test run');
    } finally {
      setWaiting(false);
    }
  };
  return (
    <Panel title={t('system.e2eTitle')} testId="system-e2e-run">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('system.e2eHelp')}
      </Typography>
      <PendingButton variant="outlined" onClick={run} data-testid="e2e-run">
        {t('system.e2eRun')}
      </PendingButton>
      {waiting && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('system.e2eWaiting')}
        </Typography>
      )}
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1.5 }} data-testid="e2e-run-result">
          {outcome.ok ? t('system.e2ePassed') : t('system.e2eFailed', { message: outcome.message ?? '—' })}
        </Alert>
      )}
    </Panel>
  );
}

function SystemMode() {
  const { t } = useTranslation('devops');
  const mode = useQuery(systemModeQuery()).data?.mode as TSystemMode | undefined;
  const [next, setNext] = useState<TSystemMode | null>(null);
  const set = useSetSystemMode(t('system.modeSet'));
  return (
    <Panel title={t('system.mode')} testId="system-mode">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('system.modeHelp')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode ?? null}
        onChange={(_, v: TSystemMode | null) => v && v !== mode && setNext(v)}
        aria-label={t('system.mode')}
      >
        {SYSTEM_MODES.map((m) => (
          <ToggleButton
            key={m}
            value={m}
            color={m === 'Maintenance' ? 'warning' : m === 'ReadOnly' ? 'info' : 'success'}
          >
            {t(`system.modes.${m}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {next && (
        <FormDialog
          open
          title={t('system.modeConfirmTitle', { mode: t(`system.modes.${next}`) })}
          description={t(`system.modeConfirm.${next}`)}
          fields={[]}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('system.modeApply')}
          onCancel={() => setNext(null)}
          onConfirm={async () => {
            await set.mutateAsync(next);
            setNext(null);
          }}
        />
      )}
    </Panel>
  );
}

function AppTimestamp() {
  const { t } = useTranslation('devops');
  const ts = useQuery(appTimestampQuery()).data?.timestamp;
  const publish = usePublishTimestamp(t('system.timestampPublished'));
  return (
    <Panel title={t('system.timestamp')} testId="system-timestamp">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('system.timestampHelp', { at: ts ? formatDateTime(String(ts)) : '—' })}
      </Typography>
      <PendingButton variant="outlined" onClick={() => publish.mutateAsync(undefined)}>
        {t('system.publish')}
      </PendingButton>
    </Panel>
  );
}

function AugmentedText({ canSet }: { canSet: boolean }) {
  const { t } = useTranslation('devops');
  const on = useQuery(augmentedTextQuery()).data;
  const set = useSetAugmentedText(t('system.augmentedSet'));
  return (
    <Panel title={t('system.augmented')} testId="system-augmented">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('system.augmentedHelp')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(on)}
            disabled={!canSet || on === undefined || set.isPending}
            onChange={(e) => set.mutate(e.target.checked)}
          />
        }
        label={on ? t('system.on') : t('system.off')}
      />
    </Panel>
  );
}

export function SystemPanel() {
  const { t } = useTranslation('devops');
  const canCheck = useCan(['IntegrationConfiguration_CHECK']);
  const canMode = useCan(['SystemMode_UPDATE']);
  const canTimestamp = useCan(['AppTimestamp_UPDATE']);
  const canAugmented = useCan(['AiPrompts_CRUD']);
  const canRunE2e = useCan(['E2ETestRun']);
  if (!canCheck && !canMode && !canTimestamp && !canAugmented && !canRunE2e) return null;
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
        {t('system.title')}
      </Typography>
      <Stack sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {canCheck && <Integrations />}
        {canRunE2e && <EndToEndRun />}
        {canMode && <SystemMode />}
        {canTimestamp && <AppTimestamp />}
        <AugmentedText canSet={canAugmented} />
      </Stack>
    </Box>
  );
}
