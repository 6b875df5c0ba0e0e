/** The versions of a ruleset kind: number, name, author, created, active, jobs that used each. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TRulesetKind } from '@sextant/shared/values';
import { rulesetListQuery } from '../../api/rulesets.ts';
import { formatDateTime } from '../admin/admin-ui.tsx';

export const rulesetPath = (kind: TRulesetKind, version?: number) =>
  `/admin/analysis-admin/${kind}-rulesets${version === undefined ? '' : `/${version}`}`;

export function RulesetList({ kind }: { kind: TRulesetKind }) {
  const { t } = useTranslation('analysis-admin');
  const navigate = useNavigate();
  const q = useQuery({ ...rulesetListQuery(kind), meta: { operation: 'Loading rulesets' } });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`rulesets.intro.${kind}`)}
      </Typography>
      {q.data && !q.data.canUpdate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('rulesets.readOnly')}
        </Alert>
      )}
      <Card variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t(`rulesets.title.${kind}`)}>
            <TableHead>
              <TableRow>
                <TableCell>{t('rulesets.columns.version')}</TableCell>
                <TableCell>{t('rulesets.columns.name')}</TableCell>
                <TableCell>{t('rulesets.columns.author')}</TableCell>
                <TableCell>{t('rulesets.columns.created')}</TableCell>
                <TableCell>{t('rulesets.columns.active')}</TableCell>
                <TableCell align="right">{t('rulesets.columns.jobs')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {q.isLoading &&
                [0, 1].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={6}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {q.data?.versions.map((v) => (
                <TableRow
                  key={v.version}
                  hover
                  data-testid={`version-${v.version}`}
                  onClick={() => navigate(rulesetPath(kind, v.version))}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell sx={{ fontWeight: 600 }}>v{v.version}</TableCell>
                  <TableCell>
                    {v.name}
                    {v.basedOn !== null && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t('rulesets.basedOn', { version: v.basedOn })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{v.createdBy ?? t('rulesets.bundled')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.createdAt)}</TableCell>
                  <TableCell>
                    {v.isActive ? (
                      <Chip size="small" color="success" label={t('rulesets.active')} />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {v.activatedAt ? t('rulesets.wasActive') : '—'}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{v.jobsCount}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  );
}
