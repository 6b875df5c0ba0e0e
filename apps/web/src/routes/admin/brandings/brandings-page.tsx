/** /admin/brandings (Brandings_CRUD): every branding, with its domain and sender; retired ones marked. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Link } from 'react-router';
import { brandingAssetUrl } from '@sextant/shared/values';
import { brandingsQuery } from '../../../api/issuers.ts';
import { Toolbar } from '../admin-ui.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const q = useQuery(brandingsQuery());
  const rows = q.data ?? [];
  return (
    <>
      <Toolbar>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => navigate('/admin/brandings/create')}>
          {t('brandings.create')}
        </Button>
      </Toolbar>
      <Card variant="outlined">
        <Table size="small" aria-label={t('brandings.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('brandings.columns.logo')}</TableCell>
              <TableCell>{t('brandings.columns.name')}</TableCell>
              <TableCell>{t('brandings.columns.key')}</TableCell>
              <TableCell>{t('brandings.columns.domain')}</TableCell>
              <TableCell>{t('brandings.columns.sender')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((b) => (
              <TableRow key={b.brandingId} hover>
                <TableCell sx={{ width: 140 }}>
                  <Box
                    component="img"
                    src={brandingAssetUrl(b.brandingKey, 'logo')}
                    alt=""
                    onError={(e: React.SyntheticEvent<HTMLImageElement>) =>
                      (e.currentTarget.style.visibility = 'hidden')
                    }
                    sx={{ height: 24, maxWidth: 120, display: 'block' }}
                  />
                </TableCell>
                <TableCell>
                  <Link to={`/admin/brandings/${b.brandingId}`}>{b.brandingDisplayName}</Link>
                  {b.retiredAt && (
                    <Chip size="small" sx={{ ml: 1 }} label={t('brandings.retired')} variant="outlined" />
                  )}
                </TableCell>
                <TableCell>{b.brandingKey}</TableCell>
                <TableCell>{b.fullDomainName ?? '—'}</TableCell>
                <TableCell>
                  {b.emailSenderName} &lt;{b.emailSenderAddress}&gt;
                </TableCell>
              </TableRow>
            ))}
            {!q.isLoading && !rows.length && (
              <TableRow>
                <TableCell colSpan={5}>{t('brandings.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Card>
    </>
  );
}
