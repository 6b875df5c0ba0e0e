/** /admin/analysis-admin/datapoint-profiles: the profiles of each download kind and the issuers using them. */
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { datapointProfilesQuery } from '../../api/datapoint-profiles.ts';
import { formatDateTime, Toolbar } from '../admin/admin-ui.tsx';

export const PROFILES_PATH = '/admin/analysis-admin/datapoint-profiles';

export function Component() {
  const { t } = useTranslation('analysis-admin');
  const navigate = useNavigate();
  const q = useQuery({ ...datapointProfilesQuery(), meta: { operation: 'Loading datapoint profiles' } });
  return (
    <>
      <Toolbar>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('profiles.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${PROFILES_PATH}/create`}>
          {t('profiles.create')}
        </Button>
      </Toolbar>
      <Card variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('profiles.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('profiles.columns.name')}</TableCell>
                <TableCell>{t('profiles.columns.kind')}</TableCell>
                <TableCell align="right">{t('profiles.columns.columns')}</TableCell>
                <TableCell>{t('profiles.columns.usedBy')}</TableCell>
                <TableCell>{t('profiles.columns.updated')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {q.isLoading && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              )}
              {q.data?.profiles.map((p) => (
                <TableRow
                  key={p.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  data-testid={`profile-${p.id}`}
                  onClick={() => navigate(`${PROFILES_PATH}/${encodeURIComponent(p.id)}`)}
                >
                  <TableCell sx={{ fontWeight: 600 }}>{p.name}</TableCell>
                  <TableCell>{t(`profiles.kinds.${p.kind}`)}</TableCell>
                  <TableCell align="right">{p.columns.length}</TableCell>
                  <TableCell>
                    {p.usedBy.length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('profiles.unused')}
                      </Typography>
                    ) : (
                      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                        {[...new Set(p.usedBy.map((u) => u.issuerName))].map((n) => (
                          <Chip key={n} size="small" label={n} />
                        ))}
                      </Stack>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  );
}
