/** /jobs/:jobId/no-access: the job does not exist for this user, or they lack the tab they opened. */
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockPersonOutlined from '@mui/icons-material/LockPersonOutlined';
import { useCan } from '../../app/current-user.ts';

export function Component() {
  const { t } = useTranslation('jobs');
  const canList = useCan(['AnalysisJobList_VIEW']);
  return (
    <Paper variant="outlined" data-testid="job-no-access" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 560, mx: 'auto' }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'primary.main',
          }}
        >
          <LockPersonOutlined sx={{ fontSize: 34 }} />
        </Box>
        <Typography variant="h4" component="h2">
          {t('noAccess.title')}
        </Typography>
        <Typography color="text.secondary">{t('noAccess.body')}</Typography>
        {canList && (
          <Button component={RouterLink} to="/analysis" variant="contained">
            {t('noAccess.goToList')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
