/**
 * /enrol#workflow=…&token=… (public, no sign-in): the page of an outreach email's enrolment link. It shows the
 * issuer's branding, the buyer and the supplier, what enrolling means, and lets the supplier's contact confirm or
 * decline with their details. The token stays in the URL fragment (never sent with a page request) and travels to
 * the API in the call; a forged, foreign, expired or used link shows why it cannot be used.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import type { TEnrolResult } from '@sextant/shared/values';
import { decideEnrolment, enrolLandingQuery } from '../../api/campaigns.ts';
import { isApiError } from '../../api/client.ts';
import { formatDateTime } from '../../app/i18n.ts';
import { themeStore } from '../../app/theme/theme-store.ts';
import { isThemeKey } from '../../app/theme/themes.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { AuthLayout } from '../login/auth-layout.tsx';
import { NS } from './parts.tsx';

/** Token and workflow from the fragment (the default link) or the query (a configured CAMPAIGN_ENROLMENT_URL). */
function linkParams(search: string, hash: string) {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  const q = new URLSearchParams(search);
  return {
    token: h.get('token') ?? q.get('token') ?? '',
    workflow: h.get('workflow') ?? q.get('workflow') ?? undefined,
  };
}

type TField = 'contactName' | 'contactEmail' | 'phone' | 'note';

export function Component() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('enrol.title'));
  const { search, hash } = useLocation();
  const { token, workflow } = useMemo(() => linkParams(search, hash), [search, hash]);
  const view = useQuery({ ...enrolLandingQuery(token, workflow), enabled: token.length >= 20 });
  const d = view.data;
  useEffect(() => {
    if (d?.theme && isThemeKey(d.theme)) themeStore.setPublic(d.theme);
  }, [d?.theme]);
  const [form, setForm] = useState<Record<TField, string>>({ contactName: '', contactEmail: '', phone: '', note: '' });
  useEffect(() => {
    if (d?.contactEmail) setForm((f) => (f.contactEmail ? f : { ...f, contactEmail: d.contactEmail! }));
  }, [d?.contactEmail]);
  const [done, setDone] = useState<TEnrolResult | null>(null);
  const decide = useMutation({
    mutationFn: (decision: 'confirm' | 'decline') =>
      decideEnrolment({
        token,
        ...(workflow ? { workflow } : {}),
        decision,
        contactName: form.contactName,
        contactEmail: form.contactEmail.trim(),
        ...(form.phone.trim() ? { phone: form.phone } : {}),
        ...(form.note.trim() ? { note: form.note } : {}),
      }),
    meta: { silent: true },
    onSuccess: setDone,
  });
  const fieldError = (f: TField) =>
    isApiError(decide.error)
      ? decide.error.errors?.find((e) => e.path === f || e.path === `body.${f}`)?.message
      : undefined;
  const formError =
    decide.error && !(['contactName', 'contactEmail', 'phone', 'note'] as const).some((f) => fieldError(f))
      ? decide.error.message
      : null;
  const blocked =
    token.length < 20
      ? t('enrol.missingToken')
      : view.isError
        ? view.error.message
        : formError && !d
          ? formError
          : null;
  const field = (f: TField, label: string, extra: { multiline?: boolean; type?: string; required?: boolean } = {}) => (
    <TextField
      label={label}
      size="small"
      value={form[f]}
      required={extra.required}
      type={extra.type}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      onChange={(e) => {
        setForm((x) => ({ ...x, [f]: e.target.value }));
        if (decide.error) decide.reset();
      }}
      error={Boolean(fieldError(f))}
      helperText={fieldError(f)}
      slotProps={{ htmlInput: { 'data-testid': `enrol-${f}` } }}
    />
  );

  return (
    <AuthLayout brandingKey={d?.brandingKey ?? null}>
      <Stack spacing={2.5} data-testid="enrol-page">
        <HandshakeOutlined color="primary" sx={{ fontSize: 44 }} />
        <Box>
          <Typography variant="h3" component="h1" gutterBottom>
            {d ? `${d.brandName} · ${t('enrol.title')}` : t('enrol.title')}
          </Typography>
          {d && (
            <Typography color="text.secondary" data-testid="enrol-intro">
              {t('enrol.intro', { buyerName: d.buyerName, issuerName: d.issuerName, supplierName: d.supplierName })}
            </Typography>
          )}
        </Box>
        {blocked && (
          <Alert severity="error" data-testid="enrol-error">
            <AlertTitle>{t('enrol.invalidTitle')}</AlertTitle>
            {blocked}
          </Alert>
        )}
        {done && (
          <Alert severity="success" icon={<TaskAltOutlined />} data-testid="enrol-done">
            <AlertTitle>{t('enrol.doneTitle')}</AlertTitle>
            {done.message}
          </Alert>
        )}
        {d && !done && (
          <>
            <Typography variant="body2">
              {t('enrol.meaning', { buyerName: d.buyerName, issuerName: d.issuerName })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {d.campaignName ? `${t('enrol.campaign', { name: d.campaignName })} · ` : ''}
              {t('enrol.expires', { date: formatDateTime(d.expiresAt) })}
            </Typography>
            {field('contactName', t('enrol.contactName'), { required: true })}
            {field('contactEmail', t('enrol.contactEmail'), { required: true, type: 'email' })}
            {field('phone', t('enrol.phone'), { type: 'tel' })}
            {field('note', t('enrol.note'), { multiline: true })}
            {formError && (
              <Alert severity="error" data-testid="enrol-error">
                {formError}
              </Alert>
            )}
            <Stack direction="row" spacing={1.5}>
              <PendingButton
                variant="contained"
                size="large"
                pending={decide.isPending && decide.variables === 'confirm'}
                disabled={decide.isPending}
                onClick={() => decide.mutate('confirm')}
                data-testid="enrol-confirm"
              >
                {t('enrol.confirm')}
              </PendingButton>
              <PendingButton
                variant="outlined"
                size="large"
                pending={decide.isPending && decide.variables === 'decline'}
                disabled={decide.isPending}
                onClick={() => decide.mutate('decline')}
                data-testid="enrol-decline"
              >
                {t('enrol.decline')}
              </PendingButton>
            </Stack>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
