/** Error state of a results page: "no results yet" (409) as information, anything else with a retry. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isApiError } from '../../../api/client.ts';

export function ResultsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('insights');
  if (isApiError(error) && error.status === 409)
    return (
      <Alert severity="info" data-testid="results-none">
        {t('errors.noResults')}
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
