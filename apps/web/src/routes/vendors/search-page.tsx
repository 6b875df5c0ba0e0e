/**
 * /vendors (VendorsSearchView, BETA): search the reference network as you type, with the job matcher's scoring, so a
 * result's confidence reads like a job match. Filters (city, postcode, country, tax id) are evidence the score uses;
 * the query is kept in the URL. The result list exports as CSV.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { VENDOR_SEARCH_MIN_QUERY, type TVendor, type TVendorHit } from '@sextant/shared/values';
import { vendorSearchCsvUrl, vendorSearchQuery, type VendorFilters } from '../../api/vendors.ts';
import { isApiError } from '../../api/client.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

const FIELDS = ['q', 'city', 'postcode', 'country', 'taxId'] as const;
const DEBOUNCE_MS = 250;

export function ConfidenceChip({ value }: { value: TVendorHit['confidence'] }) {
  const { t } = useTranslation('vendors');
  if (!value)
    return (
      <Tooltip title={t('confidence.noneHint')}>
        <Chip size="small" variant="outlined" label={t('confidence.none')} data-testid="confidence" />
      </Tooltip>
    );
  const color = value === 'High' ? 'success' : value === 'Medium' ? 'warning' : 'default';
  return (
    <Chip
      size="small"
      color={color}
      variant={value === 'Low' ? 'outlined' : 'filled'}
      label={t(`confidence.${value}`)}
      data-testid="confidence"
    />
  );
}

/** Card acceptance attributes as compact chips (card acceptor, VC, detail level, STP, lockboxes). */
export function AcceptanceChips({ v }: { v: TVendor }) {
  const { t } = useTranslation('vendors');
  const chips: { key: string; label: string; on: boolean }[] = [
    { key: 'card', label: t('attr.cardShort'), on: v.acceptsCard },
    { key: 'vc', label: t('attr.vcShort'), on: v.vcAccepting },
    ...(v.detailLevel ? [{ key: 'level', label: `L${v.detailLevel}`, on: true }] : []),
    { key: 'stp', label: t('attr.stpShort'), on: v.stpCapable },
    ...v.lockboxes.map((l) => ({ key: `lb-${l}`, label: l, on: true })),
  ];
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {chips.map((c) => (
        <Chip
          key={c.key}
          size="small"
          label={c.label}
          color={c.on ? 'primary' : 'default'}
          variant={c.on ? 'filled' : 'outlined'}
          sx={{ opacity: c.on ? 1 : 0.55, textDecoration: c.on ? undefined : 'line-through' }}
          data-testid={`attr-${c.key}`}
          data-on={c.on}
        />
      ))}
    </Stack>
  );
}

export const addressOf = (v: TVendor) =>
  [v.addressLine1, [v.postcode, v.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

function Hints({ filters, weak }: { filters: VendorFilters; weak: boolean }) {
  const { t } = useTranslation('vendors');
  const tips = [
    t('hints.fewerWords'),
    t('hints.legalForm'),
    ...(filters.city || filters.postcode ? [] : [t('hints.addLocation')]),
    ...(filters.country ? [t('hints.country')] : []),
    ...(filters.taxId ? [] : [t('hints.taxId')]),
  ];
  return (
    <Alert severity="info" data-testid="not-found-hints" sx={{ '& ul': { m: 0, pl: 2.5 } }}>
      <Typography variant="subtitle2" component="div" sx={{ mb: 0.5 }}>
        {weak ? t('hints.weakTitle') : t('hints.title')}
      </Typography>
      <ul>
        {tips.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
    </Alert>
  );
}

export function Component() {
  const { t } = useTranslation('vendors');
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<VendorFilters>(() => ({
    q: params.get('q') ?? '',
    city: params.get('city') ?? '',
    postcode: params.get('postcode') ?? '',
    country: params.get('country') ?? '',
    taxId: params.get('taxId') ?? '',
  }));
  const filters = useDebounced(form, DEBOUNCE_MS);
  useEffect(() => {
    setParams(
      () => {
        const n = new URLSearchParams();
        for (const f of FIELDS) if (filters[f]?.trim()) n.set(f, filters[f]!.trim());
        return n;
      },
      { replace: true },
    );
  }, [filters, setParams]);
  const enabled = filters.q.trim().length >= VENDOR_SEARCH_MIN_QUERY;
  const q = useQuery({ ...vendorSearchQuery(filters), enabled });
  const results = enabled ? (q.data?.results ?? []) : [];
  const weak = results.length > 0 && !results.some((r) => r.confidence === 'High' || r.confidence === 'Medium');
  const set = (k: keyof VendorFilters) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: k === 'country' ? e.target.value.toUpperCase() : e.target.value }));
  const fieldError = (field: string) =>
    q.error && isApiError(q.error) ? q.error.errors?.find((e) => e.path === field)?.message : undefined;

  return (
    <Stack spacing={2.5} data-testid="vendors-page">
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h4" component="h1">
            {t('search.title')}
          </Typography>
          <Chip size="small" color="secondary" label="BETA" />
        </Stack>
        <Typography color="text.secondary">{t('search.subtitle')}</Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '2.2fr 1fr 0.8fr 0.9fr 1fr' },
          }}
        >
          <TextField
            autoFocus
            size="small"
            label={t('search.name')}
            placeholder={t('search.namePlaceholder')}
            value={form.q}
            onChange={set('q')}
            error={!!fieldError('q')}
            helperText={fieldError('q')}
            slotProps={{
              htmlInput: { 'data-testid': 'vendor-q', 'aria-label': t('search.name') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            size="small"
            label={t('search.city')}
            value={form.city}
            onChange={set('city')}
            slotProps={{ htmlInput: { 'data-testid': 'vendor-city' } }}
          />
          <TextField
            size="small"
            label={t('search.postcode')}
            value={form.postcode}
            onChange={set('postcode')}
            slotProps={{ htmlInput: { 'data-testid': 'vendor-postcode' } }}
          />
          <TextField
            size="small"
            label={t('search.country')}
            placeholder="DEU"
            value={form.country}
            onChange={set('country')}
            error={!!fieldError('country')}
            helperText={fieldError('country')}
            slotProps={{ htmlInput: { maxLength: 3, 'data-testid': 'vendor-country' } }}
          />
          <TextField
            size="small"
            label={t('search.taxId')}
            value={form.taxId}
            onChange={set('taxId')}
            slotProps={{ htmlInput: { 'data-testid': 'vendor-taxid' } }}
          />
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25 }}>
          <Typography variant="subtitle2" color="text.secondary" sx={{ flex: 1 }} data-testid="vendor-caption">
            {!enabled
              ? t('search.typeToSearch', { n: VENDOR_SEARCH_MIN_QUERY })
              : q.data
                ? t('search.caption', { count: results.length, ms: q.data.tookMs })
                : t('search.searching')}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadRounded />}
            href={vendorSearchCsvUrl(filters)}
            download
            disabled={!results.length}
            data-testid="vendor-export"
          >
            {t('search.export')}
          </Button>
        </Box>
        <LinearProgress sx={{ visibility: q.isFetching ? 'visible' : 'hidden', height: 2 }} />
        {q.isError && !fieldError('q') && !fieldError('country') ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {q.error.message}
          </Alert>
        ) : null}
        {results.length > 0 && (
          <DataTable
            rows={results}
            testId="vendor-results"
            variant="plain"
            stickyHeader={false}
            hover
            tableSx={{ opacity: q.isPlaceholderData ? 0.6 : 1 }}
            rowKey={(r) => r.vendorId}
            rowTestId={() => 'vendor-row'}
            rowAttributes={(r) => ({ 'data-vendor-id': r.vendorId })}
            columns={[
              {
                field: 'name',
                header: t('table.name'),
                cellSx: { fontWeight: 600 },
                render: (r) => (
                  <>
                    <Link component={RouterLink} to={`/vendors/${encodeURIComponent(r.vendorId)}`} underline="hover">
                      {r.name}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {r.vendorId}
                    </Typography>
                  </>
                ),
              },
              { field: 'network', header: t('table.network') },
              { id: 'address', header: t('table.address'), render: (r) => addressOf(r) },
              { field: 'country', header: t('table.country') },
              {
                field: 'confidence',
                header: t('table.confidence'),
                render: (r) => <ConfidenceChip value={r.confidence} />,
              },
              {
                field: 'score',
                header: t('table.score'),
                align: 'right',
                cellSx: { fontVariantNumeric: 'tabular-nums' },
                render: (r) => r.score.toFixed(3),
              },
              { id: 'acceptance', header: t('table.acceptance'), render: (r) => <AcceptanceChips v={r} /> },
              {
                id: 'industry',
                header: t('table.industry'),
                render: (r) => (
                  <>
                    <Typography variant="body2">
                      {r.mcc ? `${r.mcc} · ` : ''}
                      {r.industry.mccDescription ?? '—'}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {r.industry.sicIndustry ?? ''}
                    </Typography>
                  </>
                ),
              },
            ]}
          />
        )}
        {enabled && q.data && (results.length === 0 || weak) && (
          <Box sx={{ p: 2 }}>
            <Hints filters={filters} weak={weak} />
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
