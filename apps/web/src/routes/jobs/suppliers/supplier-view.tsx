/**
 * One supplier of a job's results: its data, the matched merchant with the match evidence (fields agreeing or
 * not, scores, confidence, runner-up), each score with the rule that produced it and why, acceptance, industry
 * codes, documents, use cases and campaigns. Shown at /suppliers/:supplierKey and, with the use case's
 * breadcrumb and the supplier's contribution, at /use-cases/:useCaseId/:supplierKey.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CancelRounded from '@mui/icons-material/CancelRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import { JOB_TABS_BY_KEY, type TSupplierDetail, type TUseCaseDetail } from '@sextant/shared/values';
import { useCan } from '../../../app/current-user.ts';
import { formatAmount, formatCount, formatPercent } from '../../../lib/format.ts';
import { supplierDetailQuery } from './api.ts';
import { ResultsError } from './results-error.tsx';
import { ValueChip } from './value-chip.tsx';
import { NS } from './i18n.ts';
import { Field, Section } from './section.tsx';
import { NetworksSection } from './networks-section.tsx';

const Grid = ({ children, min = 180 }: { children: ReactNode; min?: number }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`, gap: 2 }}>
    {children}
  </Box>
);

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
const address = (a: {
  addressLine1: string | null;
  addressLine2: string | null;
  postcode: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}) =>
  [a.addressLine1, a.addressLine2, [a.postcode, a.city].filter(Boolean).join(' '), a.region, a.country]
    .filter(Boolean)
    .join(', ') || '—';

function Agreement({ field, agrees }: { field: string; agrees: boolean | null }) {
  const { t } = useTranslation(NS);
  const label = t(`supplier.fields.${field}`, { defaultValue: field });
  const state = agrees === null ? t('supplier.unknown') : agrees ? t('supplier.agrees') : t('supplier.disagrees');
  return (
    <Chip
      size="small"
      icon={agrees === null ? <HelpOutlineRounded /> : agrees ? <CheckCircleRounded /> : <CancelRounded />}
      color={agrees === null ? 'default' : agrees ? 'success' : 'error'}
      variant={agrees === null ? 'outlined' : 'filled'}
      label={`${label}: ${state}`}
      data-testid={`evidence-${field}`}
      data-agrees={agrees === null ? 'unknown' : String(agrees)}
    />
  );
}

/** The values compared per field (normalised as the matcher compares them) and the result of each. */
function EvidenceTable({ fields }: { fields: TSupplierDetail['match']['fields'] }) {
  const { t } = useTranslation(NS);
  return (
    <TableContainer sx={{ mt: 1.5 }}>
      <Table size="small" data-testid="match-evidence-fields">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{t('supplier.evidenceField')}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{t('supplier.evidenceSupplier')}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{t('supplier.evidenceMerchant')}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{t('supplier.evidenceResult')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((f) => (
            <TableRow key={f.field} data-testid={`evidence-row-${f.field}`}>
              <TableCell>{t(`supplier.fields.${f.field}`, { defaultValue: f.field })}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>{dash(f.supplier)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>{dash(f.merchant)}</TableCell>
              <TableCell data-testid="evidence-result" data-result={f.result}>
                {t(`supplier.results.${f.result}`, { defaultValue: f.result })}
                {f.score !== null && ` (${f.score.toFixed(2)})`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ScoreBar({ label, value, max = 1 }: { label: string; value: number | null; max?: number }) {
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {value === null ? '—' : value.toFixed(2)}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={value === null ? 0 : Math.min(100, (value / max) * 100)}
        sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
        color={
          value !== null && value / max >= 0.85
            ? 'success'
            : value !== null && value / max >= 0.6
              ? 'primary'
              : 'warning'
        }
      />
    </Box>
  );
}

function MatchSection({ d }: { d: TSupplierDetail }) {
  const { t } = useTranslation(NS);
  const m = d.merchant;
  const matched = d.match.status === 'MATCHED';
  // Evidence per field (match ruleset v2 and later); results of older runs only list the fields agreeing.
  const agreesOf = (r: string) => (r === 'differ' ? false : r === 'unknown' ? null : true);
  const agreement = d.match.fields.length
    ? d.match.fields.map((f) => ({ field: f.field, agrees: agreesOf(f.result) }))
    : [
        { field: 'name', agrees: d.match.fieldsAgreeing.includes('name') ? true : m ? false : null },
        {
          field: 'address',
          agrees: d.match.fieldsAgreeing.includes('address')
            ? true
            : d.match.fieldsDisagreeing.includes('address')
              ? false
              : null,
        },
        ...d.match.agreement,
      ];
  return (
    <Section
      title={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{matched || !m ? t('supplier.match') : t('supplier.candidateTitle')}</span>
          <ValueChip value={d.match.status} />
          {d.match.confidence && <ValueChip value={d.match.confidence} />}
        </Stack>
      }
      testId="supplier-match"
    >
      {!m ? (
        <Typography color="text.secondary">{t('supplier.noMerchant')}</Typography>
      ) : (
        <Stack spacing={2.5}>
          {!matched && (
            <Typography variant="body2" color="text.secondary">
              {t('supplier.candidate', { id: m.merchantId })}
            </Typography>
          )}
          <Grid>
            <Field label={t('supplier.merchantName')}>
              <Typography sx={{ fontWeight: 600 }} data-testid="merchant-name">
                {dash(m.name)}
              </Typography>
            </Field>
            <Field label={t('supplier.merchantId')}>{m.merchantId}</Field>
            <Field label={t('supplier.address')}>{address(m)}</Field>
            <Field label={t('supplier.taxId')}>{dash(m.taxId)}</Field>
            <Field label={t('supplier.mcc')}>{dash(m.mcc)}</Field>
            <Field label={t('supplier.acceptsCard')}>
              {m.acceptsCard === null ? '—' : m.acceptsCard ? t('yes') : t('no')}
            </Field>
            <Field label={t('columns.vcAccepting')}>
              {m.vcAccepting === null ? '—' : m.vcAccepting ? t('yes') : t('no')}
            </Field>
            <Field label={t('columns.detailLevel')}>{dash(m.detailLevel)}</Field>
            <Field label={t('columns.stpCapable')}>
              {m.stpCapable === null ? '—' : m.stpCapable ? t('yes') : t('no')}
            </Field>
            <Field label={t('supplier.lockboxes')}>{m.lockboxes.length ? m.lockboxes.join(', ') : '—'}</Field>
          </Grid>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('supplier.evidence')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="match-evidence">
              {agreement.map((a) => (
                <Agreement key={a.field} field={a.field} agrees={a.agrees} />
              ))}
            </Stack>
            {d.match.rule && (
              <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="match-rule">
                {t('supplier.matchRule', { version: dash(d.match.rulesetVersion) })}{' '}
                <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="match-rule-id">
                  {d.match.rule.id}
                </Box>
                {d.match.rule.description && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' — '}
                    {d.match.rule.description}
                  </Typography>
                )}
              </Typography>
            )}
            {d.match.fields.length > 0 && <EvidenceTable fields={d.match.fields} />}
            {d.match.downgradedForAmbiguity && (
              <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
                {t('supplier.downgraded')}
              </Typography>
            )}
          </Box>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}
            data-testid="match-scores"
          >
            <ScoreBar label={t('supplier.scores.total')} value={d.match.scores.total} max={1.5} />
            <ScoreBar label={t('supplier.scores.runnerUp')} value={d.match.scores.runnerUp} max={1.5} />
            <ScoreBar label={t('supplier.scores.name')} value={d.match.scores.name} />
            <ScoreBar label={t('supplier.scores.nameJaroWinkler')} value={d.match.scores.nameJaroWinkler} />
            <ScoreBar label={t('supplier.scores.nameTokenSimilarity')} value={d.match.scores.nameTokenSimilarity} />
            <ScoreBar label={t('supplier.scores.address')} value={d.match.scores.address} />
          </Box>
        </Stack>
      )}
    </Section>
  );
}

function ScoresSection({ d }: { d: TSupplierDetail }) {
  const { t } = useTranslation(NS);
  return (
    <Section title={t('supplier.scoresTitle')} testId="supplier-scores">
      {!d.scored ? (
        <Typography color="text.secondary">{t('supplier.notScored')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('supplier.scoresSubtitle', {
              scoring: d.rulesetVersions.scoring ?? '—',
              confidence: d.rulesetVersions.confidence ?? '—',
            })}{' '}
            {d.optimaMethod && t('supplier.optimaMethod', { method: d.optimaMethod })}
          </Typography>
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supplier.kind')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supplier.level')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supplier.rule')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supplier.confidence')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supplier.confidenceRule')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.scores.map((s) => (
                  <TableRow key={s.kind} data-testid={`score-${s.kind}`}>
                    <TableCell sx={{ fontWeight: 600 }}>{s.kind}</TableCell>
                    <TableCell>
                      <ValueChip value={s.level} />
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace' }} data-testid="score-rule-id">
                        {dash(s.rule.id)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" data-testid="score-rule-description">
                        {dash(s.rule.description)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <ValueChip value={s.confidence} />
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                        {dash(s.confidenceRule.id)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {dash(s.confidenceRule.description)}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Section>
  );
}

type TRoute = TSupplierDetail['routes'][number];

/**
 * The routes the issuer offers this supplier, ranked by expected value (probability × (value − cost), a year), with
 * the inputs of the best one, and the supplier's own case on it (acceptance fee, days paid sooner, value of the cash,
 * net).
 */
function RoutesSection({ d }: { d: TSupplierDetail }) {
  const { t } = useTranslation(NS);
  const cur = d.currency;
  const best = d.routes[0] && d.routes[0].probability > 0 ? d.routes[0] : null;
  const name = (r: TRoute) => t(`supplier.routes.names.${r.route}`, { defaultValue: r.route });
  return (
    <Section title={t('supplier.routes.title')} testId="supplier-routes">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('supplier.routes.subtitle')}
      </Typography>
      {!best && (
        <Typography color="text.secondary" sx={{ mb: 1.5 }} data-testid="supplier-routes-none">
          {t('supplier.routes.none')}
        </Typography>
      )}
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{t('supplier.routes.route')}</TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                {t('supplier.routes.probability')}
              </TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                {t('supplier.routes.value')}
              </TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                {t('supplier.routes.cost')}
              </TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                {t('supplier.routes.expectedValue')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {d.routes.map((r) => (
              <TableRow key={r.route} data-testid={`route-${r.route}`} selected={r === best}>
                <TableCell sx={{ fontWeight: r === best ? 700 : 400 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>
                      {name(r)}
                      {r.lockbox && ` · ${r.lockbox}`}
                    </span>
                    {r === best && <Chip size="small" color="primary" label={t('supplier.routes.best')} />}
                  </Stack>
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPercent(r.probability * 100)}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {r.probabilitySource === 'model'
                      ? t('supplier.routes.sourceModel')
                      : t('supplier.routes.sourceLevel', { level: r.level ?? '—' })}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatAmount(r.value, cur)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatAmount(r.cost, cur)}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
                  data-testid="route-expected-value"
                >
                  {formatAmount(r.expectedValue, cur)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {best && (
        <Box sx={{ mt: 2.5 }} data-testid="best-route-inputs">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('supplier.routes.inputsTitle', { route: name(best) })}
          </Typography>
          <Grid>
            <Field label={t('supplier.routes.convertibleSpend')}>
              {formatAmount(best.inputs.convertibleSpend, cur)}
            </Field>
            <Field label={t('supplier.routes.rebate', { bps: best.inputs.rebateBps })}>
              {formatAmount(best.inputs.rebate, cur)}
            </Field>
            <Field
              label={t('supplier.routes.processSavings', {
                payments: formatCount(best.inputs.payments),
                method: best.inputs.paymentMethod,
              })}
            >
              {formatAmount(best.inputs.processSavings, cur)}
              {best.inputs.paymentsEstimated && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('supplier.routes.paymentsEstimated')}
                </Typography>
              )}
            </Field>
            <Field label={t('supplier.routes.workingCapital')}>{formatAmount(best.inputs.workingCapital, cur)}</Field>
            <Field label={t('supplier.routes.cardPaymentCost')}>{formatAmount(best.inputs.cardPaymentCost, cur)}</Field>
            {best.lockbox && (
              <Field label={t('supplier.routes.providerFee')}>{formatAmount(best.inputs.providerFee, cur)}</Field>
            )}
          </Grid>
        </Box>
      )}
      {best && <SupplierCase route={best} name={name(best)} currency={cur} />}
    </Section>
  );
}

/** The supplier's own case on a route: what accepting it costs and earns the supplier a year. */
function SupplierCase({ route, name, currency }: { route: TRoute; name: string; currency: string }) {
  const { t } = useTranslation(NS);
  const n = route.supplierNet;
  return (
    <Box sx={{ mt: 2.5 }} data-testid="supplier-case">
      <Typography variant="subtitle2">{t('supplier.supplierCase.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('supplier.supplierCase.subtitle', { route: name })}
      </Typography>
      <Grid>
        <Field label={t('supplier.supplierCase.fee')}>
          <span data-testid="supplier-case-fee">{formatAmount(n.fee, currency)}</span>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('supplier.supplierCase.feeInputs', {
              bps: n.feeBps,
              mccType: n.mccType ?? '—',
              band: t(`supplier.supplierCase.bands.${n.sizeBand}`),
            })}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block' }}
            data-testid="supplier-case-fee-table"
          >
            {n.feeTable === 'issuer'
              ? t('supplier.supplierCase.feeTableIssuer')
              : t('supplier.supplierCase.feeTableDefaults')}
          </Typography>
        </Field>
        <Field label={t('supplier.supplierCase.daysSooner')}>
          <span data-testid="supplier-case-days">{dash(n.daysSooner)}</span>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {n.paymentTermsDays === null
              ? t('supplier.supplierCase.termsUnknown')
              : t('supplier.supplierCase.daysInputs', { terms: n.paymentTermsDays, settlement: n.settlementDays })}
          </Typography>
        </Field>
        <Field label={t('supplier.supplierCase.cashValue')}>
          {formatAmount(n.cashValue, currency)}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('supplier.supplierCase.cashInputs', { rate: formatPercent(n.costOfCapitalPct) })}
          </Typography>
        </Field>
        <Field label={t('supplier.supplierCase.net')}>
          <Typography
            sx={{ fontWeight: 700 }}
            color={n.net !== null && n.net < 0 ? 'error.main' : 'success.main'}
            data-testid="supplier-case-net"
          >
            {formatAmount(n.net, currency)}
          </Typography>
        </Field>
      </Grid>
    </Box>
  );
}

export interface TSupplierViewProps {
  jobId: string;
  supplierKey: string;
  /** In the context of a use case: breadcrumb back to it and the supplier's contribution. */
  useCase?: TUseCaseDetail;
}

export function SupplierView({ jobId, supplierKey, useCase }: TSupplierViewProps) {
  const { t } = useTranslation(NS);
  const q = useQuery(supplierDetailQuery(jobId, supplierKey));
  // use case links only for users who may open the Use Cases tab
  const canUseCases = useCan(JOB_TABS_BY_KEY['use-cases'].permissions);
  const canCampaigns = useCan([...JOB_TABS_BY_KEY['campaign-workflows'].permissions, 'Campaign_View']);
  // SuppliersScore_VIEW: the scores with their rules (the server leaves them out for anyone else).
  const seesScores = useCan(['SuppliersScore_VIEW']);
  const job = `/jobs/${encodeURIComponent(jobId)}`;
  const crumbs = (
    <Breadcrumbs sx={{ mb: 1 }} data-testid="supplier-breadcrumbs">
      {useCase ? (
        <Link component={RouterLink} to={`${job}/use-cases`}>
          {t('useCases.back')}
        </Link>
      ) : (
        <Link component={RouterLink} to={`${job}/suppliers`}>
          {t('supplier.back')}
        </Link>
      )}
      {useCase && (
        <Link component={RouterLink} to={`${job}/use-cases/${encodeURIComponent(useCase.useCaseId)}`}>
          {useCase.name}
        </Link>
      )}
      <Typography color="text.primary">{q.data?.supplier.supplierName ?? supplierKey}</Typography>
    </Breadcrumbs>
  );
  if (q.isError)
    return (
      <Stack spacing={2}>
        {crumbs}
        <ResultsError error={q.error} onRetry={() => void q.refetch()} />
      </Stack>
    );
  if (!q.data)
    return (
      <Stack spacing={2} data-testid="supplier-loading">
        {crumbs}
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  const d = q.data;
  const s = d.supplier;
  const cur = d.currency;
  const inUseCase = useCase ? d.useCases.find((u) => u.useCaseId === useCase.useCaseId) : undefined;

  return (
    <Stack spacing={2.5} data-testid="supplier-page">
      <Box>
        {crumbs}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h2" data-testid="supplier-name" sx={{ wordBreak: 'break-word' }}>
              {s.supplierName ?? s.supplierKey}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('supplier.ids', { id: s.sourceSupplierId ?? '—', key: s.supplierKey })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              <ValueChip value={d.match.status} />
              <ValueChip value={d.acceptance.cardCapability} />
            </Stack>
          </Box>
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', fontWeight: 600 }}>
              {t('supplier.spend')}
            </Typography>
            <Typography variant="h4" data-testid="supplier-spend">
              {formatAmount(s.spend, cur)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatPercent(s.spendShare === null ? null : s.spendShare * 100, 2)} {t('useCases.share')}
            </Typography>
          </Box>
        </Stack>
      </Box>

      {useCase && (
        <Section title={t('supplier.inUseCase', { name: useCase.name })} testId="use-case-contribution">
          <Grid>
            <Field label={t('useCases.spend')}>{formatAmount(inUseCase?.spend ?? null, cur)}</Field>
            <Field label={t('supplier.estimatedRebate')}>{formatAmount(inUseCase?.estimatedRebate ?? null, cur)}</Field>
            <Field label={t('useCases.bps')}>{t('supplier.rebateBps', { bps: useCase.rebateBps })}</Field>
            <Field label={t('supplier.useCaseShare')}>
              {t('supplier.ofUseCaseSpend', {
                value: formatPercent(
                  inUseCase && useCase.spend > 0 ? (inUseCase.spend / useCase.spend) * 100 : null,
                  2,
                ),
              })}
            </Field>
          </Grid>
        </Section>
      )}

      <Section title={t('supplier.supplier')} testId="supplier-data">
        <Grid>
          <Field label={t('supplier.address')}>{address(s)}</Field>
          <Field label={t('supplier.taxId')}>{dash(s.taxId)}</Field>
          <Field label={t('supplier.avgTicket')}>{formatAmount(s.avgTransactionValue, cur)}</Field>
          <Field label={t('supplier.frequency')}>
            {dash(s.frequencyBand)}
            {s.transactionsPerYear !== null &&
              ` · ${t('supplier.perYear', { value: formatCount(s.transactionsPerYear) })}`}
          </Field>
          <Field label={t('supplier.terms')}>
            {dash(s.paymentTermsBand)}
            {s.paymentTermsDays !== null && ` · ${t('supplier.termsDays', { days: s.paymentTermsDays })}`}
          </Field>
          <Field label={t('supplier.paymentMethod')}>{dash(s.paymentMethod)}</Field>
          <Field label={t('supplier.paymentMethods')}>
            {s.paymentMethods.length ? s.paymentMethods.join(', ') : '—'}
          </Field>
          <Field label={t('supplier.cardSpend')}>{formatAmount(s.cardSpend, cur)}</Field>
          <Field label={t('supplier.category')}>{dash(s.category)}</Field>
        </Grid>
      </Section>

      <MatchSection d={d} />

      <NetworksSection d={d} />

      <Section title={t('supplier.acceptance')} testId="supplier-acceptance">
        <Grid>
          <Field label={t('columns.cardCapability')}>
            <ValueChip value={d.acceptance.cardCapability} />
          </Field>
          <Field label={t('columns.vcAccepting')}>
            <ValueChip value={d.acceptance.vcAccepting} />
          </Field>
          <Field label={t('columns.detailLevel')}>{dash(d.acceptance.detailLevel)}</Field>
          <Field label={t('columns.stpCapable')}>
            <ValueChip value={d.acceptance.stpCapable} />
          </Field>
          <Field label={t('supplier.lockboxes')}>
            {d.acceptance.lockboxes.length ? d.acceptance.lockboxes.join(', ') : '—'}
          </Field>
          <Field label={t('supplier.prediction')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ValueChip value={d.acceptance.prediction} />
              {d.acceptance.probability !== null && (
                <Typography variant="body2" color="text.secondary">
                  {t('supplier.probability', { value: formatPercent(d.acceptance.probability * 100) })}
                </Typography>
              )}
            </Stack>
          </Field>
        </Grid>
        <PredictionDrivers d={d} />
      </Section>

      {seesScores && <ScoresSection d={d} />}

      {seesScores && d.scored && d.routes.length > 0 && <RoutesSection d={d} />}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 2.5 }}>
        <Section title={t('supplier.industry')} testId="supplier-industry">
          <Table size="small">
            <TableBody>
              {d.industry.classifications.map((c) => (
                <TableRow key={c.key}>
                  <TableCell sx={{ color: 'text.secondary', width: '40%' }}>
                    {t(`supplier.classifications.${c.key}`, { defaultValue: c.key })}
                  </TableCell>
                  <TableCell>{dash(c.value)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ color: 'text.secondary' }}>{t('supplier.codes')}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>
                  MCC {dash(d.industry.mcc)} · SIC {dash(d.industry.sicCode)} · NAICS {dash(d.industry.naicsCode)} ·
                  UNSPSC {dash(d.industry.unspscCode)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Section>
        <Section title={t('supplier.documents')} testId="supplier-documents">
          <Grid min={120}>
            {(Object.keys(d.documents.counts) as (keyof TSupplierDetail['documents']['counts'])[]).map((k) => (
              <Field key={k} label={t(`supplier.dataKinds.${k}`)}>
                <Typography variant="h6" component="span">
                  {formatCount(d.documents.counts[k])}
                </Typography>
              </Field>
            ))}
            <Field label={t('supplier.firstDate')}>{dash(d.documents.firstDate)}</Field>
            <Field label={t('supplier.lastDate')}>{dash(d.documents.lastDate)}</Field>
            <Field label={t('supplier.inputKinds')}>{d.documents.inputKinds.join(', ') || '—'}</Field>
          </Grid>
        </Section>
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 2.5 }}>
        <Section title={t('supplier.useCases')} testId="supplier-use-cases">
          {d.useCases.length === 0 ? (
            <Typography color="text.secondary">{t('supplier.noUseCases')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('report.useCase')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }} align="right">
                    {t('useCases.bps')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 700 }} align="right">
                    {t('supplier.estimatedRebate')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.useCases.map((u) => (
                  <TableRow key={u.useCaseId}>
                    <TableCell>
                      {canUseCases ? (
                        <Link
                          component={RouterLink}
                          to={`${job}/use-cases/${encodeURIComponent(u.useCaseId)}/${encodeURIComponent(s.supplierKey)}`}
                        >
                          {u.name}
                        </Link>
                      ) : (
                        u.name
                      )}
                    </TableCell>
                    <TableCell align="right">{t('supplier.rebateBps', { bps: u.rebateBps })}</TableCell>
                    <TableCell align="right">{formatAmount(u.estimatedRebate, cur)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section title={t('supplier.campaigns')} testId="supplier-campaigns">
          {d.campaigns.length === 0 ? (
            <Typography color="text.secondary">{t('supplier.campaignsNone')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supplier.campaignWorkflow')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supplier.campaignWave')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supplier.campaignStatus')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.campaigns.map((c) => (
                  <TableRow key={c.id} data-testid={`supplier-campaign-${c.id}`}>
                    <TableCell>
                      {canCampaigns ? (
                        <Link
                          component={RouterLink}
                          to={`${job}/campaign-workflows/${encodeURIComponent(c.id)}/suppliers/${encodeURIComponent(s.supplierKey)}`}
                        >
                          {c.name}
                        </Link>
                      ) : (
                        c.name
                      )}
                    </TableCell>
                    <TableCell>{c.campaignName ?? '—'}</TableCell>
                    <TableCell>{t(`supplier.campaignStatuses.${c.status}`)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
      </Box>
    </Stack>
  );
}

/**
 * Why the acceptance model predicted what it did: the features that moved the prediction most (+ towards accepting,
 * − away from it), or, when the run's model could not learn, the reason it made no prediction.
 */
function PredictionDrivers({ d }: { d: TSupplierDetail }) {
  const { t } = useTranslation(NS);
  const { drivers, explanation } = d.acceptance;
  if (!drivers.length && !explanation) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="supplier-prediction-drivers">
      <Typography variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('supplier.predictionDrivers')}
      </Typography>
      {drivers.length ? (
        <Table size="small">
          <TableBody>
            {drivers.map((x) => (
              <TableRow key={x.feature}>
                <TableCell>{x.label}</TableCell>
                <TableCell
                  align="right"
                  sx={{
                    width: 120,
                    fontVariantNumeric: 'tabular-nums',
                    color: x.effect >= 0 ? 'success.main' : 'error.main',
                  }}
                >
                  {x.effect >= 0 ? '▲ +' : '▼ −'}
                  {Math.abs(x.effect).toFixed(2)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {explanation}
        </Typography>
      )}
      {drivers.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('supplier.predictionDriversHint')}
        </Typography>
      )}
    </Box>
  );
}
