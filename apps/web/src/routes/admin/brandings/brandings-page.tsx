/** /admin/brandings (Brandings_CRUD): every branding, with its domain and sender; retired ones marked. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Link } from 'react-router';
import { brandingAssetUrl } from '@sextant/shared/values';
import { ProductMark } from '../../../components/brand-logo.tsx';
import { brandingsQuery } from '../../../api/issuers.ts';
import { Toolbar } from '../admin-ui.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const q = useQuery(brandingsQuery());
  return (
    <>
      <Toolbar>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => navigate('/admin/brandings/create')}>
          {t('brandings.create')}
        </Button>
      </Toolbar>
      <DataTable
        rows={q.data}
        loading={q.isFetching}
        error={q.isError}
        testId="brandings-table"
        ariaLabel={t('brandings.title')}
        stickyHeader={false}
        hover
        emptyText={t('brandings.empty')}
        rowKey={(b) => b.brandingId}
        columns={[
          {
            id: 'logo',
            header: t('brandings.columns.logo'),
            width: 140,
            // only an uploaded logo is requested; without one the product mark stands in, as on the branding's pages
            render: (b) =>
              b.logoVersion ? (
                <Box
                  component="img"
                  src={brandingAssetUrl(b.brandingKey, 'logo', b.logoVersion)}
                  alt=""
                  onError={(e: React.SyntheticEvent<HTMLImageElement>) => (e.currentTarget.style.visibility = 'hidden')}
                  sx={{ height: 24, maxWidth: 120, display: 'block' }}
                />
              ) : (
                <Box data-testid="branding-no-logo" sx={{ lineHeight: 0 }}>
                  <ProductMark size={24} />
                </Box>
              ),
          },
          {
            field: 'brandingDisplayName',
            header: t('brandings.columns.name'),
            render: (b) => (
              <>
                <Link to={`/admin/brandings/${b.brandingId}`}>{b.brandingDisplayName}</Link>
                {b.retiredAt && <Chip size="small" sx={{ ml: 1 }} label={t('brandings.retired')} variant="outlined" />}
              </>
            ),
          },
          { field: 'brandingKey', header: t('brandings.columns.key') },
          { field: 'fullDomainName', header: t('brandings.columns.domain'), render: (b) => b.fullDomainName ?? '—' },
          {
            id: 'sender',
            header: t('brandings.columns.sender'),
            render: (b) => `${b.emailSenderName} <${b.emailSenderAddress}>`,
          },
        ]}
      />
    </>
  );
}
