/**
 * The branding form (create and edit, Brandings_CRUD) beside its live preview: the login panel and a button in the
 * branding's colours, its logo and login text, and each checked colour pair's WCAG contrast as it is typed.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AA_TEXT,
  BRANDING_COLOUR_PAIRS,
  contrastRatio,
  HEX_COLOUR,
  ISSUER_LANGUAGES,
  THEME_KEYS,
  THEME_TOKENS,
  type TBrandingColours,
  type TBrandingDetail,
  type TBrandingWrite,
  type TThemeKey,
} from '@sextant/shared/values';
import { PendingButton } from '../../../components/pending-button.tsx';
import { Section } from '../admin-ui.tsx';

export type TBrandingFormValues = Required<Omit<TBrandingWrite, 'loginTexts' | 'domains'>> & {
  loginTexts: Record<string, string>;
  domains: string;
};

const themeColours = (theme: TThemeKey): TBrandingColours => {
  const t = THEME_TOKENS[theme];
  return { primary: t.primary, primaryText: t.primaryContrast, background: t.background, text: t.text };
};

export const emptyBranding = (): TBrandingFormValues => ({
  brandingKey: '',
  brandingDisplayName: '',
  theme: 'paytech',
  colours: themeColours('paytech'),
  emailSenderAddress: '',
  emailSenderName: '',
  emailFooter: '',
  loginTexts: {},
  domains: '',
});

export const brandingValues = (b: TBrandingDetail): TBrandingFormValues => ({
  brandingKey: b.brandingKey,
  brandingDisplayName: b.brandingDisplayName,
  theme: b.theme,
  colours: b.colours,
  emailSenderAddress: b.emailSenderAddress,
  emailSenderName: b.emailSenderName,
  emailFooter: b.emailFooter,
  loginTexts: b.loginTexts,
  domains: b.domains.join('\n'),
});

export const toWrite = (v: TBrandingFormValues): TBrandingWrite => ({
  ...v,
  domains: v.domains
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean),
});

const COLOUR_FIELDS = ['primary', 'primaryText', 'background', 'text'] as const;

export function BrandingForm({
  initial,
  logoUrl,
  submitLabel,
  pending,
  errors,
  onSubmit,
  children,
}: {
  initial: TBrandingFormValues;
  logoUrl: string | null;
  submitLabel: string;
  pending: boolean;
  errors: Record<string, string>;
  onSubmit: (v: TBrandingFormValues) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [v, setV] = useState(initial);
  const [lang, setLang] = useState<string>('en');
  const set = <K extends keyof TBrandingFormValues>(k: K, value: TBrandingFormValues[K]) =>
    setV((old) => ({ ...old, [k]: value }));
  const setColour = (k: keyof TBrandingColours, value: string) =>
    setV((old) => ({ ...old, colours: { ...old.colours, [k]: value } }));
  const err = (k: string) => errors[k];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(v);
        }}
      >
        <Section title={t('brandingForm.identity')}>
          <Stack spacing={2}>
            <TextField
              label={t('brandingForm.displayName')}
              required
              value={v.brandingDisplayName}
              onChange={(e) => set('brandingDisplayName', e.target.value)}
              error={Boolean(err('brandingDisplayName'))}
              helperText={err('brandingDisplayName')}
            />
            <TextField
              label={t('brandingForm.key')}
              required
              value={v.brandingKey}
              onChange={(e) => set('brandingKey', e.target.value)}
              error={Boolean(err('brandingKey'))}
              helperText={err('brandingKey') ?? t('brandingForm.keyHelp')}
            />
            <TextField
              select
              label={t('brandingForm.theme')}
              value={v.theme}
              onChange={(e) => {
                const theme = e.target.value as TThemeKey;
                setV((old) => ({ ...old, theme, colours: themeColours(theme) }));
              }}
            >
              {THEME_KEYS.map((k, i) => (
                <MenuItem key={k} value={k}>
                  {t('brandingForm.themeOption', { n: i + 1, key: k })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('brandingForm.domains')}
              multiline
              minRows={2}
              value={v.domains}
              onChange={(e) => set('domains', e.target.value)}
              error={Boolean(err('domains') ?? Object.entries(errors).find(([k]) => k.startsWith('domains.'))?.[1])}
              helperText={
                err('domains') ??
                Object.entries(errors).find(([k]) => k.startsWith('domains.'))?.[1] ??
                t('brandingForm.domainsHelp')
              }
            />
          </Stack>
        </Section>
        <Section title={t('brandingForm.colours')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {COLOUR_FIELDS.map((k) => (
              <Stack key={k} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Box
                  component="input"
                  type="color"
                  aria-label={t(`brandingForm.colour.${k}`)}
                  value={HEX_COLOUR.test(v.colours[k]) && v.colours[k].length === 7 ? v.colours[k] : '#000000'}
                  onChange={(e: React.ChangeEvent<HTMLInputElement>) => setColour(k, e.target.value.toUpperCase())}
                  sx={{ width: 44, height: 40, p: 0, border: 'none', background: 'none', cursor: 'pointer' }}
                />
                <TextField
                  size="small"
                  fullWidth
                  label={t(`brandingForm.colour.${k}`)}
                  value={v.colours[k]}
                  onChange={(e) => setColour(k, e.target.value)}
                  error={Boolean(err(`colours.${k}`))}
                  helperText={err(`colours.${k}`)}
                  slotProps={{ htmlInput: { 'data-testid': `colour-${k}` } }}
                />
              </Stack>
            ))}
          </Box>
        </Section>
        <Section title={t('brandingForm.email')}>
          <Stack spacing={2}>
            <TextField
              label={t('brandingForm.emailSenderName')}
              required
              value={v.emailSenderName}
              onChange={(e) => set('emailSenderName', e.target.value)}
              error={Boolean(err('emailSenderName'))}
              helperText={err('emailSenderName')}
            />
            <TextField
              label={t('brandingForm.emailSenderAddress')}
              required
              value={v.emailSenderAddress}
              onChange={(e) => set('emailSenderAddress', e.target.value)}
              error={Boolean(err('emailSenderAddress'))}
              helperText={err('emailSenderAddress')}
            />
            <TextField
              label={t('brandingForm.emailFooter')}
              multiline
              minRows={2}
              value={v.emailFooter}
              onChange={(e) => set('emailFooter', e.target.value)}
              error={Boolean(err('emailFooter'))}
              helperText={err('emailFooter')}
            />
          </Stack>
        </Section>
        <Section title={t('brandingForm.loginTexts')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('brandingForm.language')}
              value={lang}
              onChange={(e) => setLang(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              {ISSUER_LANGUAGES.map((l) => (
                <MenuItem key={l.key} value={l.key}>
                  {l.name}
                  {v.loginTexts[l.key] ? ' ✓' : ''}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('brandingForm.loginText')}
              multiline
              minRows={2}
              fullWidth
              value={v.loginTexts[lang] ?? ''}
              onChange={(e) => set('loginTexts', { ...v.loginTexts, [lang]: e.target.value })}
              error={Boolean(err(`loginTexts.${lang}`))}
              helperText={err(`loginTexts.${lang}`)}
            />
          </Stack>
        </Section>
        <Box>
          <PendingButton type="submit" variant="contained" pending={pending}>
            {submitLabel}
          </PendingButton>
        </Box>
        {children}
      </Stack>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 80 }, alignSelf: 'start' }}>
        <BrandingPreview values={v} logoUrl={logoUrl} lang={lang} />
      </Box>
    </Box>
  );
}

function BrandingPreview({
  values,
  logoUrl,
  lang,
}: {
  values: TBrandingFormValues;
  logoUrl: string | null;
  lang: string;
}) {
  const { t } = useTranslation('admin');
  const c = values.colours;
  const valid = COLOUR_FIELDS.every((k) => HEX_COLOUR.test(c[k]));
  return (
    <Section title={t('brandingForm.preview')} testId="branding-preview">
      <Box
        sx={{
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: valid ? c.background : undefined,
          color: valid ? c.text : undefined,
          p: 3,
        }}
      >
        {logoUrl ? (
          <Box component="img" src={logoUrl} alt={values.brandingDisplayName} sx={{ height: 40, maxWidth: '100%' }} />
        ) : (
          <Typography sx={{ fontWeight: 800, fontSize: 20, color: 'inherit' }}>
            {values.brandingDisplayName || '—'}
          </Typography>
        )}
        <Typography sx={{ mt: 2, mb: 2, color: 'inherit', whiteSpace: 'pre-wrap' }} data-testid="preview-login-text">
          {values.loginTexts[lang] || t('brandingForm.noLoginText')}
        </Typography>
        <Box
          component="span"
          sx={{
            display: 'inline-block',
            px: 2,
            py: 1,
            borderRadius: 1,
            fontWeight: 600,
            bgcolor: valid ? c.primary : undefined,
            color: valid ? c.primaryText : undefined,
          }}
        >
          {t('brandingForm.previewButton')}
        </Box>
        <Typography variant="caption" sx={{ display: 'block', mt: 3, color: 'inherit', opacity: 0.85 }}>
          {values.emailSenderName || '—'} &lt;{values.emailSenderAddress || '—'}&gt;
          {values.emailFooter ? ` · ${values.emailFooter}` : ''}
        </Typography>
      </Box>
      <Stack spacing={1} sx={{ mt: 2 }} data-testid="contrast-checks">
        {BRANDING_COLOUR_PAIRS.map((p) => {
          const fg = c[p.fg];
          const bg = c[p.bg];
          const ratio = HEX_COLOUR.test(fg) && HEX_COLOUR.test(bg) ? contrastRatio(fg, bg) : null;
          const pass = ratio !== null && ratio >= AA_TEXT;
          return (
            <Stack key={p.fg} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip
                size="small"
                color={pass ? 'success' : 'error'}
                label={pass ? t('brandingForm.aaPass') : t('brandingForm.aaFail')}
              />
              <Typography variant="body2">
                {t(`brandingForm.pair.${p.fg}`)}:{' '}
                {ratio === null ? '—' : t('brandingForm.ratio', { ratio: (Math.floor(ratio * 100) / 100).toFixed(2) })}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Section>
  );
}
