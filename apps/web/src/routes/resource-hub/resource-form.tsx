/** The metadata form of a resource (create and edit): title, description, category, language, visibility, link. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ISSUER_LANGUAGES,
  RESOURCE_CATEGORIES,
  type TResourceCategory,
  type TResourceMediaKind,
  type TResourceSource,
  type TResourceVisibility,
} from '@sextant/shared/values';
import { issuerOptionsQuery } from '../../api/issuers.ts';

export interface TResourceFormValues {
  title: string;
  description: string;
  category: TResourceCategory;
  language: string;
  visibility: TResourceVisibility;
  issuerIds: string[];
  source: TResourceSource;
  mediaKind: TResourceMediaKind;
  url: string;
}

export const emptyResourceForm: TResourceFormValues = {
  title: '',
  description: '',
  category: 'GettingStarted',
  language: 'en',
  visibility: 'All',
  issuerIds: [],
  source: 'upload',
  mediaKind: 'video',
  url: '',
};

/** The request body for the form's values (link fields only for links). */
export function resourceBody(v: TResourceFormValues, withSource: boolean) {
  return {
    title: v.title,
    description: v.description,
    category: v.category,
    language: v.language,
    visibility: v.visibility,
    issuerIds: v.visibility === 'Issuers' ? v.issuerIds : [],
    ...(withSource ? { source: v.source } : {}),
    ...(v.source === 'link' ? { url: v.url, mediaKind: v.mediaKind } : {}),
  };
}

export function ResourceForm({
  values,
  onChange,
  errors,
  sourceFixed,
}: {
  values: TResourceFormValues;
  onChange: (v: TResourceFormValues) => void;
  errors: Record<string, string>;
  sourceFixed: boolean;
}) {
  const { t } = useTranslation('resources');
  const issuers = useQuery(issuerOptionsQuery()).data ?? [];
  const set = <K extends keyof TResourceFormValues>(k: K, v: TResourceFormValues[K]) => onChange({ ...values, [k]: v });
  const issuerOptions = issuers.map((i) => ({ id: i.id, name: i.name }));
  const issuerError = Object.entries(errors).find(([k]) => k.startsWith('issuerIds'))?.[1];
  return (
    <Stack spacing={2}>
      {!sourceFixed && (
        <Stack>
          <FormLabel id="resource-source">{t('form.source')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="resource-source"
            value={values.source}
            onChange={(e) => set('source', e.target.value as TResourceSource)}
          >
            <FormControlLabel value="upload" control={<Radio />} label={t('form.sourceUpload')} />
            <FormControlLabel value="link" control={<Radio />} label={t('form.sourceLink')} />
          </RadioGroup>
        </Stack>
      )}
      <TextField
        label={t('form.title')}
        required
        value={values.title}
        onChange={(e) => set('title', e.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
      />
      <TextField
        label={t('form.description')}
        multiline
        minRows={3}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('form.category')}
          value={values.category}
          onChange={(e) => set('category', e.target.value as TResourceCategory)}
          error={Boolean(errors.category)}
          helperText={errors.category}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'resource-category' } }}
        >
          {RESOURCE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`categories.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('form.language')}
          value={values.language}
          onChange={(e) => set('language', e.target.value)}
          error={Boolean(errors.language)}
          helperText={errors.language}
          sx={{ flex: 1 }}
        >
          {ISSUER_LANGUAGES.map((l) => (
            <MenuItem key={l.key} value={l.key}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        {values.source === 'link' && (
          <TextField
            select
            label={t('form.mediaKind')}
            value={values.mediaKind}
            onChange={(e) => set('mediaKind', e.target.value as TResourceMediaKind)}
            error={Boolean(errors.mediaKind)}
            helperText={errors.mediaKind}
            sx={{ flex: 1 }}
          >
            <MenuItem value="video">{t('kinds.video')}</MenuItem>
            <MenuItem value="document">{t('kinds.document')}</MenuItem>
          </TextField>
        )}
      </Stack>
      {values.source === 'link' && (
        <TextField
          label={t('form.url')}
          required
          value={values.url}
          placeholder="https://"
          onChange={(e) => set('url', e.target.value)}
          error={Boolean(errors.url)}
          helperText={errors.url ?? t('form.urlHelper')}
        />
      )}
      <Stack>
        <FormLabel id="resource-visibility">{t('form.visibility')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="resource-visibility"
          value={values.visibility}
          onChange={(e) => set('visibility', e.target.value as TResourceVisibility)}
        >
          <FormControlLabel value="All" control={<Radio />} label={t('form.visibilityAll')} />
          <FormControlLabel value="Issuers" control={<Radio />} label={t('form.visibilityIssuers')} />
        </RadioGroup>
      </Stack>
      {values.visibility === 'Issuers' && (
        <Autocomplete
          multiple
          options={issuerOptions}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={issuerOptions.filter((o) => values.issuerIds.includes(o.id))}
          onChange={(_, v) =>
            set(
              'issuerIds',
              v.map((o) => o.id),
            )
          }
          renderInput={(p) => (
            <TextField
              {...p}
              label={t('form.issuers')}
              error={Boolean(issuerError)}
              helperText={issuerError ?? t('form.issuersHelper')}
            />
          )}
        />
      )}
    </Stack>
  );
}
