/**
 * /enrol#workflow=…&token=… (public, no sign-in): the page of an outreach email's enrolment link. It shows the
 * issuer's branding, the buyer and the supplier, what enrolling means, and lets the supplier's contact confirm or
 * decline with their details. The token stays in the URL fragment (never sent with a page request) and travels to
 * the API in the call; a forged, foreign, expired or used link shows why it cannot be used.
 *
 * The page speaks the issuer's language (`language` of the landing, or of a refusal whose link's signature holds),
 * through an i18n instance of its own: a signed-in user's language stays as it is. A forged link names no issuer
 * and is shown in the reader's language.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { ENROL_DECISIONS, ENROL_REFUSALS, ERROR_CODES, type TEnrolLanding } from '@sextant/shared/values';
import { decideEnrolment, enrolLandingQuery } from '../../api/campaigns.ts';
import { isApiError } from '../../api/client.ts';
import { createPageI18n, setPageLanguage, showDocumentLanguage } from '../../app/i18n.ts';
import { themeStore } from '../../app/theme/theme-store.ts';
import { isThemeKey } from '../../app/theme/themes.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { AuthLayout } from '../login/auth-layout.tsx';
import { useReaderLanguage } from '../../layouts/root-layout.tsx';
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

const FIELDS = ['contactName', 'contactEmail', 'phone', 'note'] as const;
type TField = (typeof FIELDS)[number];
const FIELD_PROPS: Record<TField, { required?: boolean; type?: string; multiline?: boolean }> = {
  contactName: { required: true },
  contactEmail: { required: true, type: 'email' },
  phone: { type: 'tel' },
  note: { multiline: true },
};
type TDecision = (typeof ENROL_DECISIONS)[number];

const isRefusal = (r: string | undefined): r is (typeof ENROL_REFUSALS)[number] =>
  (ENROL_REFUSALS as readonly string[]).includes(r ?? '');

/** Why a call failed, in the page's language: the refusal's reason, else what the status says. */
function refusalOf(t: TFunction, error: unknown): { text: string; settled: boolean } {
  const p = isApiError(error) ? error.params : undefined;
  const reason = p?.reason;
  const date = p?.date ? new Date(p.date) : undefined;
  const fmt = { date, formatParams: { date: { dateStyle: 'long' } } };
  if (isRefusal(reason))
    return {
      text: t(`enrol.refused.${reason}`, { ...fmt, ...(reason === 'used' ? { context: p?.decision } : {}) }),
      settled: reason === 'used' || reason === 'enrolled',
    };
  if (isApiError(error) && error.code === ERROR_CODES.rateLimited)
    return { text: t('enrol.refused.rateLimited'), settled: false };
  // a token or workflow the API's schema refuses (cut short, not an id) is a link that cannot be valid
  if (isApiError(error) && error.status === 400) return { text: t('enrol.refused.invalid'), settled: false };
  return { text: t('enrol.refused.unavailable'), settled: false };
}

export function Component() {
  const pageI18n = useMemo(() => createPageI18n(), []);
  const { search, hash } = useLocation();
  const { token, workflow } = useMemo(() => linkParams(search, hash), [search, hash]);
  const hasToken = token.length >= 20;
  const view = useQuery({ ...enrolLandingQuery(token, workflow), enabled: hasToken });
  // The issuer's language: of the landing, or of the refusal of a link whose signature holds; without one (no token,
  // a forged link, the API unreachable) the reader's own.
  const issuerLanguage = view.data?.language ?? (isApiError(view.error) ? view.error.params?.language : undefined);
  const reader = useReaderLanguage();
  const language = issuerLanguage ?? (!hasToken || view.isError ? reader : undefined);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!language) return;
    let undo: (() => void) | undefined;
    let live = true;
    setPageLanguage(pageI18n, language)
      .then((lang) => {
        if (live) undo = showDocumentLanguage(lang);
      })
      .catch(() => {}) // the language's texts could not be loaded: the page shows in the instance's current language
      .finally(() => live && setReady(true));
    return () => {
      live = false;
      undo?.();
    };
  }, [language, pageI18n]);
  return (
    <I18nextProvider i18n={pageI18n}>
      <EnrolPage token={token} workflow={workflow} view={ready ? view : null} />
    </I18nextProvider>
  );
}

function EnrolPage({
  token,
  workflow,
  view,
}: {
  token: string;
  workflow: string | undefined;
  /** The landing call once the page is in its language (null until then). */
  view: { data?: TEnrolLanding | undefined; error: unknown } | null;
}) {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('enrol.title'));
  const d = view?.data;
  useEffect(() => {
    if (d?.theme && isThemeKey(d.theme)) themeStore.setPublic(d.theme);
  }, [d?.theme]);
  const [form, setForm] = useState<Record<TField, string>>({ contactName: '', contactEmail: '', phone: '', note: '' });
  useEffect(() => {
    if (d?.contactEmail) setForm((f) => (f.contactEmail ? f : { ...f, contactEmail: d.contactEmail! }));
  }, [d?.contactEmail]);
  const [done, setDone] = useState<TDecision | null>(null);
  const decide = useMutation({
    mutationFn: (decision: TDecision) =>
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
    onSuccess: (_, decision) => setDone(decision),
  });
  const fieldError = (f: TField) =>
    isApiError(decide.error) && decide.error.errors?.some((e) => e.path === f || e.path === `body.${f}`)
      ? t(`enrol.fieldErrors.${f}`)
      : undefined;
  const formError = decide.error && !FIELDS.some((f) => fieldError(f)) ? refusalOf(t, decide.error).text : null;
  // (shown once the page is in its language: `view` is null until then)
  const blocked = !view
    ? null
    : token.length < 20
      ? { text: t('enrol.missingToken'), settled: false }
      : view.error
        ? refusalOf(t, view.error)
        : null;

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
          {!view && <Typography color="text.secondary">{t('enrol.loading')}</Typography>}
        </Box>
        {blocked && (
          <Alert severity={blocked.settled ? 'info' : 'error'} data-testid="enrol-error">
            <AlertTitle>{t(blocked.settled ? 'enrol.settledTitle' : 'enrol.refusedTitle')}</AlertTitle>
            {blocked.text}
          </Alert>
        )}
        {done && (
          <Alert severity="success" icon={<TaskAltOutlined />} data-testid="enrol-done">
            <AlertTitle>{t('enrol.doneTitle')}</AlertTitle>
            {t(`enrol.done.${done}`)}
          </Alert>
        )}
        {d && !done && (
          <>
            <Typography variant="body2">
              {t('enrol.meaning', { buyerName: d.buyerName, issuerName: d.issuerName })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {d.campaignName ? `${t('enrol.campaign', { name: d.campaignName })} · ` : ''}
              {t('enrol.expires', {
                date: new Date(d.expiresAt),
                formatParams: { date: { dateStyle: 'long' } },
              })}
            </Typography>
            {d.supplierCase && <SupplierCase c={d.supplierCase} language={d.language} />}
            {FIELDS.map((f) => (
              <TextField
                key={f}
                label={t(`enrol.${f}`)}
                size="small"
                value={form[f]}
                required={FIELD_PROPS[f].required}
                type={FIELD_PROPS[f].type}
                multiline={FIELD_PROPS[f].multiline}
                minRows={FIELD_PROPS[f].multiline ? 2 : undefined}
                onChange={(e) => {
                  setForm((x) => ({ ...x, [f]: e.target.value }));
                  if (decide.error) decide.reset();
                }}
                error={Boolean(fieldError(f))}
                helperText={fieldError(f)}
                slotProps={{ htmlInput: { 'data-testid': `enrol-${f}` } }}
              />
            ))}
            {formError && (
              <Alert severity="error" data-testid="enrol-error">
                {formError}
              </Alert>
            )}
            <Stack direction="row" spacing={1.5}>
              {ENROL_DECISIONS.map((decision) => (
                <PendingButton
                  key={decision}
                  variant={decision === 'confirm' ? 'contained' : 'outlined'}
                  size="large"
                  pending={decide.isPending && decide.variables === decision}
                  disabled={decide.isPending}
                  onClick={() => decide.mutate(decision)}
                  data-testid={`enrol-${decision}`}
                >
                  {t(`enrol.${decision}`)}
                </PendingButton>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}

/** The supplier's own case (days paid sooner, net benefit a year after the acceptance fee), where the run knows it. */
function SupplierCase({ c, language }: { c: NonNullable<TEnrolLanding['supplierCase']>; language: string }) {
  const { t } = useTranslation(NS);
  let amount = '';
  if (c.netBenefit !== null) {
    const n = Math.round(c.netBenefit);
    try {
      amount = `${n.toLocaleString(language)} ${c.currency}`.trim();
    } catch {
      amount = `${n} ${c.currency}`.trim();
    }
  }
  return (
    <Box data-testid="enrol-supplier-case">
      <Typography variant="subtitle2">{t('enrol.case.title')}</Typography>
      {c.daysSooner !== null && (
        <Typography variant="body2" data-testid="enrol-days-sooner">
          {t('enrol.case.daysSooner', { days: Math.round(c.daysSooner) })}
        </Typography>
      )}
      {c.netBenefit !== null && (
        <Typography variant="body2" data-testid="enrol-net-benefit">
          {t('enrol.case.net', { amount })}
        </Typography>
      )}
      {c.netBenefit !== null && (
        <Typography variant="caption" color="text.secondary" data-testid="enrol-fee-table">
          {c.feeTable === 'issuer' ? t('enrol.case.feeTableIssuer') : t('enrol.case.feeTableDefaults')}
        </Typography>
      )}
    </Box>
  );
}
