/** The issuer form of create and edit (SPEC §5: required fields; currency and fallback country exactly 3 characters). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ISSUER_INPUT_DATA_OPTIONS, SCHEMES, type TIssuerCreate, type TIssuerFull } from '@sextant/shared/values';
import { brandingsQuery, capabilitiesQuery, languagesQuery, lockboxesQuery } from '../../../api/issuers.ts';
import { inputDataOptionsQuery } from '../../../api/merge.ts';

export interface TIssuerFormValues {
  name: string;
  issuerKey: string;
  scheme: string;
  language: string;
  sendMagicLinks: boolean;
  brandingId: string;
  analysisDataDownloadProfileId: string;
  matchedDataOnlyDownloadProfileId: string;
  onboardingDataDownloadProfileId: string;
  capabilities: string[];
  virtualLockboxes: string[];
  inputDataOptions: string[];
  issuerKeyAliases: string[];
  issuerEmailDomains: string[];
  currency: string;
  fallbackCountryIso3: string;
}

export const emptyIssuerForm = (): TIssuerFormValues => ({
  name: '',
  issuerKey: '',
  scheme: '',
  language: 'en',
  sendMagicLinks: false,
  brandingId: '',
  analysisDataDownloadProfileId: 'default-analysis-data',
  matchedDataOnlyDownloadProfileId: 'default-matched-data-only',
  onboardingDataDownloadProfileId: 'default-onboarding',
  capabilities: [],
  virtualLockboxes: [],
  // A new issuer takes CSV uploads (the server's default too); the other options are opted into.
  inputDataOptions: ['CsvFileUpload'],
  issuerKeyAliases: [],
  issuerEmailDomains: [],
  currency: '',
  fallbackCountryIso3: '',
});

export const issuerFormOf = (i: TIssuerFull): TIssuerFormValues => ({
  name: i.name,
  issuerKey: i.issuerKey,
  scheme: i.scheme,
  language: i.language,
  sendMagicLinks: i.sendMagicLinks,
  brandingId: i.brandingId,
  analysisDataDownloadProfileId: i.analysisDataDownloadProfileId,
  matchedDataOnlyDownloadProfileId: i.matchedDataOnlyDownloadProfileId,
  onboardingDataDownloadProfileId: i.onboardingDataDownloadProfileId,
  capabilities: i.issuerCapabilities,
  virtualLockboxes: i.issuerVirtualLockboxes,
  inputDataOptions: i.issuerInputDataOptions,
  issuerKeyAliases: i.issuerKeyAliases,
  issuerEmailDomains: i.issuerEmailDomains,
  currency: i.currency ?? '',
  fallbackCountryIso3: i.fallbackCountryIso3 ?? '',
});

/** The request body: empty optional codes become null; empty required fields are left out so the server names them. */
export function issuerBody(v: TIssuerFormValues): TIssuerCreate {
  const body: Record<string, unknown> = {
    name: v.name,
    issuerKey: v.issuerKey,
    sendMagicLinks: v.sendMagicLinks,
    analysisDataDownloadProfileId: v.analysisDataDownloadProfileId,
    matchedDataOnlyDownloadProfileId: v.matchedDataOnlyDownloadProfileId,
    onboardingDataDownloadProfileId: v.onboardingDataDownloadProfileId,
    capabilities: v.capabilities,
    virtualLockboxes: v.virtualLockboxes,
    inputDataOptions: v.inputDataOptions,
    issuerKeyAliases: v.issuerKeyAliases,
    issuerEmailDomains: v.issuerEmailDomains,
    currency: v.currency.trim() || null,
    fallbackCountryIso3: v.fallbackCountryIso3.trim() || null,
  };
  if (v.scheme) body.scheme = v.scheme;
  if (v.language) body.language = v.language;
  if (v.brandingId) body.brandingId = v.brandingId;
  return body as TIssuerCreate;
}

/** Fields changed between two form states (the update sends only these). */
export function changedFields(before: TIssuerFormValues, after: TIssuerFormValues): Partial<TIssuerCreate> {
  const a = issuerBody(before) as Record<string, unknown>;
  const b = issuerBody(after) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(b).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(a[k])),
  ) as Partial<TIssuerCreate>;
}

function ListInput({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
  helperText?: string;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={draft}
      onInputChange={(_, v) => setDraft(v)}
      onChange={(_, v) => onChange(v.map((s) => String(s).trim()).filter(Boolean))}
      onBlur={() => {
        if (draft.trim()) onChange([...value, draft.trim()]);
        setDraft('');
      }}
      renderInput={(p) => (
        <TextField
          {...p}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText ?? t('issuerForm.typeEnter')}
        />
      )}
    />
  );
}

export function IssuerForm({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: TIssuerFormValues;
  onChange: (v: TIssuerFormValues) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  const capabilities = useQuery(capabilitiesQuery()).data ?? [];
  const lockboxes = useQuery(lockboxesQuery()).data ?? [];
  const inputOptions = useQuery(inputDataOptionsQuery()).data;
  const languages = useQuery(languagesQuery()).data ?? [];
  const brandings = (useQuery(brandingsQuery()).data ?? []).filter((b) => !b.retiredAt);
  const set = <K extends keyof TIssuerFormValues>(k: K, v: TIssuerFormValues[K]) => onChange({ ...value, [k]: v });
  const text = (
    k: keyof TIssuerFormValues,
    label: string,
    opts: { required?: boolean; helper?: string; max?: number } = {},
  ) => (
    <TextField
      label={label}
      required={opts.required}
      value={value[k] as string}
      onChange={(e) => set(k, e.target.value as never)}
      error={Boolean(errors[k])}
      helperText={errors[k] ?? opts.helper}
      disabled={disabled}
      slotProps={{ htmlInput: { maxLength: opts.max, 'data-testid': `issuer-${k}` } }}
      fullWidth
    />
  );
  const multi = (
    k: 'capabilities' | 'virtualLockboxes' | 'inputDataOptions',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <Autocomplete
      multiple
      disabled={disabled}
      options={options}
      value={options.filter((o) => value[k].includes(o.value))}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_, v) =>
        set(
          k,
          v.map((o) => o.value),
        )
      }
      renderInput={(p) => <TextField {...p} label={label} error={Boolean(errors[k])} helperText={errors[k]} />}
    />
  );
  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  } as const;
  return (
    <Stack spacing={3}>
      <Box sx={grid}>
        {text('name', t('issuerForm.name'), { required: true })}
        {text('issuerKey', t('issuerForm.issuerKey'), { required: true })}
        <TextField
          select
          label={t('issuerForm.scheme')}
          required
          value={value.scheme}
          onChange={(e) => set('scheme', e.target.value)}
          error={Boolean(errors.scheme)}
          helperText={errors.scheme}
          disabled={disabled}
          slotProps={{ htmlInput: { 'data-testid': 'issuer-scheme' } }}
        >
          {SCHEMES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('issuerForm.language')}
          required
          value={value.language}
          onChange={(e) => set('language', e.target.value)}
          error={Boolean(errors.language)}
          helperText={errors.language}
          disabled={disabled}
        >
          {languages.map((l) => (
            <MenuItem key={l.key} value={l.key}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        {text('currency', t('issuerForm.currency'), { helper: t('issuerForm.currencyHelper'), max: 3 })}
        {text('fallbackCountryIso3', t('issuerForm.fallbackCountry'), {
          helper: t('issuerForm.fallbackCountryHelper'),
          max: 3,
        })}
        <TextField
          select
          label={t('issuerForm.branding')}
          required
          value={value.brandingId}
          onChange={(e) => set('brandingId', e.target.value)}
          error={Boolean(errors.brandingId)}
          helperText={errors.brandingId}
          disabled={disabled}
          slotProps={{ htmlInput: { 'data-testid': 'issuer-branding' } }}
        >
          {brandings.map((b) => (
            <MenuItem key={b.brandingId} value={b.brandingId}>
              {b.brandingDisplayName}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={value.sendMagicLinks}
              onChange={(_, c) => set('sendMagicLinks', c)}
              disabled={disabled}
            />
          }
          label={t('issuerForm.sendMagicLinks')}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          {t('issuerForm.capabilitiesAndData')}
        </Typography>
        <Box sx={grid}>
          {multi(
            'capabilities',
            t('issuerForm.capabilities'),
            capabilities.map((c) => ({ value: c.id, label: c.name })),
          )}
          {multi(
            'virtualLockboxes',
            t('issuerForm.lockboxes'),
            lockboxes.map((l) => ({ value: l.key, label: l.label })),
          )}
          {multi(
            'inputDataOptions',
            t('issuerForm.inputDataOptions'),
            ISSUER_INPUT_DATA_OPTIONS.map((o) => ({
              value: o,
              label:
                inputOptions?.find((i) => i.option === o)?.configured === false
                  ? t('issuerForm.optionNotConfigured', { option: o })
                  : o,
            })),
          )}
          <ListInput
            label={t('issuerForm.keyAliases')}
            value={value.issuerKeyAliases}
            onChange={(v) => set('issuerKeyAliases', v)}
            error={errors.issuerKeyAliases}
          />
          <ListInput
            label={t('issuerForm.emailDomains')}
            value={value.issuerEmailDomains}
            onChange={(v) => set('issuerEmailDomains', v)}
            error={Object.entries(errors).find(([k]) => k.startsWith('issuerEmailDomains'))?.[1]}
            helperText={t('issuerForm.emailDomainsHelper')}
          />
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          {t('issuerForm.datapointProfiles')}
        </Typography>
        <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
          {text('analysisDataDownloadProfileId', t('issuerForm.analysisDownload'), { required: true })}
          {text('matchedDataOnlyDownloadProfileId', t('issuerForm.matchedDownload'), { required: true })}
          {text('onboardingDataDownloadProfileId', t('issuerForm.onboardingDownload'), { required: true })}
        </Box>
      </Box>
    </Stack>
  );
}
