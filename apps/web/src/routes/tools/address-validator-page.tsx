/**
 * /tools/address-validator (Address_Validator_VIEW): one address checked against the country list, its postcode
 * format and the city ↔ postcode reference; or a CSV validated row by row and downloaded with the results appended.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAddressValidateResponse } from '@sextant/shared/values';
import { countriesQuery, validateAddressCsv, validateAddresses } from '../../api/tools.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { Panel } from './tool-card.tsx';

const STATUS_COLOR = { valid: 'success', warning: 'warning', invalid: 'error' } as const;

export function Component() {
  const { t } = useTranslation('tools');
  const countries = useQuery(countriesQuery()).data ?? [];
  const [form, setForm] = useState({ address: '', city: '', region: '', postcode: '', country: '' });
  const [result, setResult] = useState<TAddressValidateResponse['results'][number] | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [summary, setSummary] = useState<TAddressValidateResponse['summary'] | null>(null);
  const check = useMutation({
    mutationFn: () => validateAddresses([form]),
    onSuccess: (r) => setResult(r.results[0]!),
    onError: (e) => notifyError(e, 'Validating the address'),
  });
  const batch = useMutation({
    mutationFn: () => validateAddressCsv(files[0]!),
    onSuccess: (headers) => {
      const s = JSON.parse(headers.get('x-validation-summary') ?? 'null') as TAddressValidateResponse['summary'] | null;
      setSummary(s);
      notify('success', t('validator.downloaded'));
    },
    onError: (e) => notifyError(e, 'Validating the CSV'),
  });
  const field = (k: keyof typeof form, label: string) => (
    <TextField
      size="small"
      label={label}
      value={form[k]}
      onChange={(e) => setForm({ ...form, [k]: e.target.value })}
      slotProps={{ htmlInput: { 'data-testid': `validator-${k}` } }}
    />
  );
  const selected = countries.find((c) => c.iso2 === form.country) ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
      <Panel title={t('validator.singleTitle')}>
        <Stack spacing={2}>
          {field('address', t('validator.address'))}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            {field('city', t('validator.city'))}
            {field('region', t('validator.region'))}
            {field('postcode', t('validator.postcode'))}
          </Box>
          <Autocomplete
            size="small"
            options={countries}
            value={selected}
            getOptionLabel={(c) => `${c.name} (${c.iso2})`}
            onChange={(_, c) => setForm({ ...form, country: c?.iso2 ?? '' })}
            renderInput={(p) => (
              <TextField
                {...p}
                label={t('validator.country')}
                helperText={
                  selected?.postcodeFormat ? t('validator.format', { example: selected.postcodeFormat }) : ' '
                }
              />
            )}
            data-testid="validator-country"
          />
          <Box>
            <PendingButton
              variant="contained"
              pending={check.isPending}
              onClick={() => check.mutate()}
              data-testid="validator-check"
            >
              {t('validator.check')}
            </PendingButton>
          </Box>
          {result && (
            <Alert
              severity={result.status === 'valid' ? 'success' : result.status === 'warning' ? 'warning' : 'error'}
              data-testid="validator-result"
            >
              <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                {t(`validator.status.${result.status}`)}
                {result.postcodeNormalised ? ` · ${result.postcodeNormalised}` : ''}
                {result.countryName ? ` · ${result.countryName}` : ''}
              </Typography>
              {result.issues.map((i, n) => (
                <Typography key={n} variant="body2">
                  {i.message}
                </Typography>
              ))}
              {!result.referenceChecked && result.countryIso2 && (
                <Typography variant="caption" color="text.secondary">
                  {t('validator.noReference')}
                </Typography>
              )}
            </Alert>
          )}
        </Stack>
      </Panel>
      <Panel title={t('validator.batchTitle')}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('validator.batchHelp')}
          </Typography>
          <FileUpload files={files} onChange={setFiles} accept=".csv,text/csv" name="addresses" />
          <Box>
            <PendingButton
              variant="contained"
              pending={batch.isPending}
              disabled={!files.length}
              onClick={() => batch.mutate()}
              data-testid="validator-batch"
            >
              {t('validator.batchRun')}
            </PendingButton>
          </Box>
          {summary && (
            <Stack direction="row" spacing={1} data-testid="validator-summary">
              {(['valid', 'warning', 'invalid'] as const).map((s) => (
                <Chip
                  key={s}
                  color={STATUS_COLOR[s]}
                  variant="outlined"
                  label={`${t(`validator.status.${s}`)}: ${summary[s]}`}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Panel>
    </Box>
  );
}
