/** /devops/sftp-configuration: per-issuer SFTP sources with their schedule and last pull. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { sftpListQuery } from '../../../api/devops.ts';
import { useCan } from '../../../app/current-user.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';

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
      <DataTable
        rows={q.data}
        loading={q.isFetching}
        error={q.isError}
        testId="sftp-configurations"
        stickyHeader={false}
        hover
        emptyText={t('sftp.empty')}
        rowKey={(c) => c.id}
        columns={[
          {
            field: 'name',
            header: t('sftp.fields.name'),
            render: (c) => (
              <>
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
              </>
            ),
          },
          {
            id: 'connection',
            header: t('sftp.fields.connection'),
            cellSx: { fontFamily: 'monospace', fontSize: 13 },
            render: (c) => (
              <>
                {c.username}@{c.host}:{c.port}
                <Typography variant="caption" color="text.secondary" component="div">
                  {t(`sftp.auth.${c.authMethod}`)}
                </Typography>
              </>
            ),
          },
          {
            id: 'files',
            header: t('sftp.fields.files'),
            cellSx: { fontFamily: 'monospace', fontSize: 13 },
            render: (c) => `${c.folder}/${c.filePattern}`,
          },
          {
            id: 'target',
            header: t('sftp.fields.target'),
            render: (c) => (
              <>
                {c.targetJobName ?? c.buyerName ?? '—'}
                <Typography variant="caption" color="text.secondary" component="div">
                  {t(`sftp.jobTypes.${c.jobType}`)}
                </Typography>
              </>
            ),
          },
          {
            id: 'schedule',
            header: t('sftp.fields.schedule'),
            render: (c) =>
              !c.enabled ? (
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
              ),
          },
          {
            field: 'lastPullAt',
            header: t('sftp.lastPull'),
            render: (c) =>
              c.lastPullStatus ? (
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
              ),
          },
        ]}
      />
    </Stack>
  );
}
