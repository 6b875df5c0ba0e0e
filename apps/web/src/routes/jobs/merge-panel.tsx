/**
 * The job's "Connect accounting system" panel (issuer input data option MergeLink): opens Merge Link with a link
 * token from the server, hands its public token back (the server imports suppliers, invoices and payments as the
 * job's files) and shows the connection's state, its last import and why it failed. Shown only when the issuer
 * offers the option; "not configured" when the server has no Merge key.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TJobInputOptions } from '@sextant/shared/values';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../api/jobs.ts';
import { useCompleteMergeLink, useMergeImport, useStartMergeLink } from '../../api/merge.ts';
import { PendingButton } from '../../components/pending-button.tsx';

interface MergeLinkApi {
  initialize(o: { linkToken: string; onSuccess: (publicToken: string) => void; onExit?: () => void }): void;
  openLink(): void;
}
declare global {
  interface Window {
    MergeLink?: MergeLinkApi;
  }
}

/** Merge's Link loader (allowed by the server's CSP when Merge is configured). */
const MERGE_LINK_SCRIPT = 'https://cdn.merge.dev/initialize.js';

function loadMergeLink(): Promise<MergeLinkApi> {
  if (window.MergeLink) return Promise.resolve(window.MergeLink);
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = MERGE_LINK_SCRIPT;
    s.async = true;
    s.onload = () => (window.MergeLink ? resolve(window.MergeLink) : reject(new Error('Merge Link did not load')));
    s.onerror = () => reject(new Error('Merge Link could not be loaded'));
    document.head.appendChild(s);
  });
}

export function MergePanel({
  jobId,
  options,
  editable,
}: {
  jobId: string;
  options: TJobInputOptions;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation('jobs');
  const start = useStartMergeLink(jobId);
  const complete = useCompleteMergeLink(jobId);
  const reimport = useMergeImport(jobId);
  const [loadError, setLoadError] = useState<string | null>(null);
  const c = options.connection;
  const configured = options.mergeLink === 'on';

  const connect = async () => {
    setLoadError(null);
    try {
      const [{ linkToken }, link] = await Promise.all([start.mutateAsync(), loadMergeLink()]);
      link.initialize({ linkToken, onSuccess: (publicToken) => complete.mutate(publicToken) });
      link.openLink();
    } catch (e) {
      // a refusal of the server shows as start.error; anything else is Merge's script failing to load
      if (!(e instanceof ApiError)) setLoadError(t('merge.linkUnavailable'));
    }
  };
  const error = errorMessage(start.error) ?? errorMessage(complete.error) ?? errorMessage(reimport.error) ?? loadError;
  const when = c?.lastImportAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(c.lastImportAt),
      )
    : null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="merge-panel">
      <Typography variant="h6" component="h3">
        {t('merge.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('merge.help')}
      </Typography>
      {!configured && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="merge-not-configured">
          {t('merge.notConfigured', { issuer: options.issuerName })}
        </Alert>
      )}
      {c && (
        <Alert
          severity={c.status === 'Failed' ? 'error' : c.status === 'Imported' ? 'success' : 'info'}
          sx={{ mb: 2 }}
          data-testid="merge-status"
          data-status={c.status}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`merge.status.${c.status}`, {
              integration: c.integration ?? t('merge.anySystem'),
              email: c.endUserEmail,
            })}
          </Typography>
          {when && <Typography variant="body2">{t('merge.lastImport', { when })}</Typography>}
          {c.lastMessage && <Typography variant="body2">{c.lastMessage}</Typography>}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="merge-error">
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PendingButton
          variant="outlined"
          onClick={connect}
          pending={start.isPending || complete.isPending}
          disabled={!editable || !configured}
          data-testid="merge-connect"
        >
          {c?.integration ? t('merge.reconnect') : t('merge.connect')}
        </PendingButton>
        {c?.integration && (
          <PendingButton
            variant="text"
            onClick={() => reimport.mutate()}
            pending={reimport.isPending}
            disabled={!editable || !configured}
            data-testid="merge-import"
          >
            {t('merge.importAgain')}
          </PendingButton>
        )}
      </Stack>
    </Paper>
  );
}
