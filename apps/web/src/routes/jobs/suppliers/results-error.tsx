/** Error state of a supplier or use case page: "no results yet" (409) as information, 404 as not found, else retry. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isApiError } from '../../../api/client.ts';
import { NS } from './i18n.ts';

export function ResultsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(NS);
  if (isApiError(error) && error.status === 409)
    return (
      <Alert severity="info" data-testid="results-none">
        {t('errors.noResults')}
      </Alert>
    );
  if (isApiError(error) && error.status === 404)
    return (
      <Alert severity="warning" data-testid="results-not-found">
        {error.message || t('errors.notFound')}
      </Alert>
    );
  return (
    <Alert
      severity="error"
      data-testid="results-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      }
    >
      {error instanceof Error ? error.message : t('errors.failed')}
    </Alert>
  );
}
