/** /devops/sftp-configuration: per-issuer SFTP sources with their schedule and last pull. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { sftpListQuery } from '../../../api/devops.ts';
import { useCan } from '../../../app/current-user.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

export function Component() {
  const { t } = useTranslation('devops');
  const q = useQuery(sftpListQuery());
  const canEdit = useCan(['IssuerArea_CRUD']);
  return (
    <Stack spacing={2} data-testid="sftp-list">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('sftp.intro')}
        </Typography>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            component={RouterLink}
            to="/devops/sftp-configuration/create"
          >
            {t('sftp.create')}
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        {q.isLoading && <LinearProgress />}
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('sftp.fields.name')}</TableCell>
                <TableCell>{t('sftp.fields.connection')}</TableCell>
                <TableCell>{t('sftp.fields.files')}</TableCell>
                <TableCell>{t('sftp.fields.target')}</TableCell>
                <TableCell>{t('sftp.fields.schedule')}</TableCell>
                <TableCell>{t('sftp.lastPull')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(q.data ?? []).map((c) => (
                <TableRow key={c.id} hover>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/devops/sftp-configuration/${c.id}`}
                      underline="hover"
                      sx={{ fontWeight: 600 }}
                    >
                      {c.name}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {c.issuerName}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                    {c.username}@{c.host}:{c.port}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t(`sftp.auth.${c.authMethod}`)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                    {c.folder}/{c.filePattern}
                  </TableCell>
                  <TableCell>
                    {c.targetJobName ?? c.buyerName ?? '—'}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t(`sftp.jobTypes.${c.jobType}`)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {!c.enabled ? (
                      <Chip size="small" label={t('sftp.disabled')} />
                    ) : c.scheduleMinutes ? (
                      <>
                        {t('sftp.every', { n: c.scheduleMinutes })}
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t('sftp.next', { at: formatDateTime(c.nextPullAt) })}
                        </Typography>
                      </>
                    ) : (
                      t('sftp.manual')
                    )}
                  </TableCell>
                  <TableCell>
                    {c.lastPullStatus ? (
                      <Tooltip title={c.lastPullMessage ?? ''}>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={c.lastPullStatus === 'ok' ? 'success' : 'error'}
                          label={formatDateTime(c.lastPullAt)}
                        />
                      </Tooltip>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {q.data && !q.data.length && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                      {t('sftp.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </Stack>
  );
}
