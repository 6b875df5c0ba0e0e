/**
 * /vendors/:vendorId (VendorsSearchView, BETA): a reference-network merchant with its acceptance attributes,
 * industry codes and location, and "in your jobs": the jobs the user may see where it is the matched merchant.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { vendorQuery } from '../../api/vendors.ts';
import { formatAmount } from '../../lib/format.ts';
import { AcceptanceChips, addressOf } from './search-page.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '170px 1fr', gap: 1, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value ?? '—'}
      </Typography>
    </Box>
  );
}

export function Component() {
  const { t } = useTranslation('vendors');
  const { vendorId = '' } = useParams();
  const q = useQuery(vendorQuery(vendorId));
  const yesNo = (b: boolean) => (b ? t('yes') : t('no'));
  if (q.isError)
    return (
      <Alert severity="error" data-testid="vendor-error">
        {q.error.message}
      </Alert>
    );
  if (!q.data) return <Skeleton variant="rounded" height={320} />;
  const { vendor: v, inYourJobs } = q.data;
  return (
    <Stack spacing={2.5} data-testid="vendor-page">
      <Box>
        <Button component={RouterLink} to="/vendors" size="small" startIcon={<ArrowBackRounded />} sx={{ mb: 1 }}>
          {t('detail.back')}
        </Button>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h4" component="h1" data-testid="vendor-name">
            {v.name}
          </Typography>
          <Chip size="small" color="secondary" label="BETA" />
        </Stack>
        <Typography color="text.secondary">
          {v.vendorId} · {addressOf(v)} · {v.country}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr 1fr' } }}>
        <Section title={t('detail.acceptance')} testId="vendor-acceptance">
          <Box sx={{ mb: 1 }}>
            <AcceptanceChips v={v} />
          </Box>
          <Field label={t('table.network')} value={v.network} />
          <Field label={t('attr.card')} value={yesNo(v.acceptsCard)} />
          <Field label={t('attr.vc')} value={yesNo(v.vcAccepting)} />
          <Field label={t('attr.detailLevel')} value={v.detailLevel ?? '—'} />
          <Field label={t('attr.stp')} value={yesNo(v.stpCapable)} />
          <Field label={t('attr.lockboxes')} value={v.lockboxes.length ? v.lockboxes.join(', ') : t('none')} />
        </Section>
        <Section title={t('detail.industry')} testId="vendor-industry">
          <Field label="MCC" value={v.mcc} />
          <Field label={t('industry.mccDescription')} value={v.industry.mccDescription} />
          <Field label={t('industry.mccGroup')} value={v.industry.mccGroup} />
          <Field label={t('industry.mccType')} value={v.industry.mccType} />
          <Field label={t('industry.sicIndustry')} value={v.industry.sicIndustry} />
          <Field label={t('industry.naics')} value={v.industry.naicsNationalIndustry} />
          <Field label={t('industry.unspsc')} value={v.industry.unspscCategory} />
        </Section>
        <Section title={t('detail.location')} testId="vendor-location">
          <Field label={t('location.address')} value={[v.addressLine1, v.addressLine2].filter(Boolean).join(', ')} />
          <Field label={t('location.city')} value={v.city} />
          <Field label={t('location.region')} value={v.region} />
          <Field label={t('location.postcode')} value={v.postcode} />
          <Field label={t('location.country')} value={v.country} />
          <Field label={t('location.taxId')} value={v.taxId} />
        </Section>
      </Box>
      <Section title={t('detail.inYourJobs', { count: inYourJobs.length })} testId="vendor-jobs">
        {inYourJobs.length === 0 ? (
          <Typography color="text.secondary" data-testid="vendor-jobs-empty">
            {t('detail.noJobs')}
          </Typography>
        ) : (
          <DataTable
            rows={inYourJobs}
            variant="plain"
            stickyHeader={false}
            rowKey={(j) => `${j.jobId}:${j.supplierKey}`}
            rowTestId={() => 'vendor-job-row'}
            rowAttributes={(j) => ({ 'data-job-id': j.jobId })}
            columns={[
              {
                field: 'jobName',
                header: t('jobs.job'),
                render: (j) => (
                  <Link component={RouterLink} to={`/jobs/${j.jobId}/summary`} underline="hover">
                    {j.jobName}
                  </Link>
                ),
              },
              {
                id: 'buyer',
                header: t('jobs.buyer'),
                render: (j) => [j.buyerName, j.issuerName].filter(Boolean).join(' · '),
              },
              {
                id: 'supplier',
                header: t('jobs.supplier'),
                render: (j) => (
                  <Link
                    component={RouterLink}
                    to={`/jobs/${j.jobId}/suppliers/${encodeURIComponent(j.supplierKey)}`}
                    underline="hover"
                  >
                    {j.supplierName ?? j.supplierKey}
                  </Link>
                ),
              },
              { field: 'matchConfidence', header: t('jobs.confidence'), render: (j) => j.matchConfidence ?? '—' },
              {
                field: 'spend',
                header: t('jobs.spend'),
                align: 'right',
                render: (j) => formatAmount(j.spend, j.currency ?? ''),
              },
            ]}
          />
        )}
      </Section>
    </Stack>
  );
}
