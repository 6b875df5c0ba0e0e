/**
 * /global-insights/loading (GlobalInsightsView): the progress of the background build of the user's global insights
 * (a ProQ command); opens the insights (or the page that sent the user here) once they are ready.
 */
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { globalStatusQuery } from '../../api/vendors.ts';

export function Component() {
  const { t } = useTranslation('global-insights');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target =
    next && next.startsWith('/global-insights/') && !next.includes('loading') ? next : '/global-insights/insights';
  const q = useQuery(globalStatusQuery());
  const s = q.data;
  useEffect(() => {
    if (s?.state === 'Ready') void navigate(target, { replace: true });
  }, [s?.state, navigate, target]);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }} data-testid="global-loading-page">
      <Paper variant="outlined" sx={{ p: 4, width: 'min(560px, 100%)' }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('loading.title')}
          </Typography>
          {q.isError ? (
            <Alert severity="error">{q.error.message}</Alert>
          ) : !s || s.state === 'Building' || s.state === 'Ready' ? (
            <>
              <Typography color="text.secondary">{t('loading.body', { count: s?.jobs ?? 0 })}</Typography>
              <LinearProgress
                variant={s?.progress ? 'determinate' : 'indeterminate'}
                value={s?.progress ?? 0}
                data-testid="global-progress"
              />
              <Typography variant="body2" color="text.secondary" data-testid="global-progress-message">
                {s?.message ?? t('loading.queued')} {s?.progress ? `· ${Math.round(s.progress)} %` : ''}
              </Typography>
            </>
          ) : s.state === 'Empty' ? (
            <>
              <Alert severity="info" data-testid="global-empty">
                {t('loading.empty')}
              </Alert>
              <Button component={RouterLink} to="/analysis" variant="contained" sx={{ alignSelf: 'flex-start' }}>
                {t('loading.toJobs')}
              </Button>
            </>
          ) : (
            <Alert severity="error" data-testid="global-failed">
              {t('loading.failed', { message: s.message ?? '' })}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
