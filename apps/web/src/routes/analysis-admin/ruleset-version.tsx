/**
 * A ruleset version: its rules as a readable table and as JSON, a diff against any other version, a dry-run on a
 * job's latest results, activation, and "new version from this one" (structured or JSON editor).
 */
import { Fragment, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import type { TRulesetDryRun, TRulesetKind, TRulesetVersionDetail } from '@sextant/shared/values';
import {
  activateRulesetVersion,
  dryRunRuleset,
  rulesetKeys,
  rulesetListQuery,
  rulesetQuery,
} from '../../api/rulesets.ts';
import { analysisAdminKeys } from '../../api/analysis-admin.ts';
import { fetchJobList } from '../../api/jobs.ts';
import { formatNumber } from '../../app/i18n.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { Field, FieldGrid } from '../../components/field.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useFormMutation } from '../../components/form-mutation.ts';
import { RulesetEditor } from './ruleset-editor.tsx';
import { rulesetPath } from './ruleset-list.tsx';
import { conditionText, diffLines, type TCondition } from './ruleset-logic.ts';
import { DataTable, type TDataColumn } from '../../components/data-table/data-table.tsx';

type TRuleView = {
  id: string;
  description: string;
  when: TCondition;
  level?: string;
  confidence?: string;
  appliesTo?: '*' | string[];
};
type TScoringDef = {
  scores: Record<string, { rules: TRuleView[]; defaultLevel: string; defaultRuleId: string }>;
  optima: { order: string[]; description?: string };
};
type TConfidenceDef = { rules: TRuleView[]; defaultConfidence: string; defaultRuleId: string };

const LEVEL_COLOR: Record<string, 'success' | 'warning' | 'default' | 'info'> = {
  High: 'success',
  Medium: 'info',
  Low: 'warning',
  None: 'default',
};
const Level = ({ value }: { value: string | null | undefined }) =>
  value ? <Chip size="small" variant="outlined" color={LEVEL_COLOR[value] ?? 'default'} label={value} /> : <>—</>;

/** A rule of a table, or its last row: the default (`rule` null) that applies when no rule does. */
type TRuleRow = { n: number | null; id: string; rule: TRuleView | null; level: string | undefined };

const ruleRows = (
  rules: TRuleView[],
  level: (r: TRuleView) => string | undefined,
  defaultRuleId: string,
  defaultLevel: string,
) => [
  ...rules.map((r, i): TRuleRow => ({ n: i + 1, id: r.id, rule: r, level: level(r) })),
  { n: null, id: defaultRuleId, rule: null, level: defaultLevel },
];

function RulesTable({ kind, detail }: { kind: TRulesetKind; detail: TRulesetVersionDetail }) {
  const { t } = useTranslation('analysis-admin');
  const number: TDataColumn<TRuleRow> = { id: 'n', header: '#', width: 32, render: (r) => r.n ?? '' };
  const ruleId: TDataColumn<TRuleRow> = {
    field: 'id',
    header: t('version.ruleId'),
    width: 120,
    cellSx: { fontFamily: 'monospace', whiteSpace: 'nowrap' },
  };
  const description: TDataColumn<TRuleRow> = {
    id: 'description',
    header: t('version.description'),
    render: (r) =>
      r.rule ? (
        r.rule.description
      ) : (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('version.otherwise')}
        </Box>
      ),
  };
  const condition: TDataColumn<TRuleRow> = {
    id: 'condition',
    header: t('version.condition'),
    cellSx: { fontFamily: 'monospace', fontSize: 12.5 },
    render: (r) => (r.rule ? conditionText(r.rule.when) : ''),
  };
  if (kind === 'confidence') {
    const def = detail.definition as unknown as TConfidenceDef;
    return (
      <DataTable
        rows={ruleRows(def.rules, (r) => r.confidence, def.defaultRuleId, def.defaultConfidence)}
        testId="rules-table"
        variant="plain"
        stickyHeader={false}
        ariaLabel={t('version.rules')}
        rowKey={(r) => r.id}
        columns={[
          number,
          ruleId,
          description,
          {
            id: 'appliesTo',
            header: t('version.appliesTo'),
            render: (r) =>
              !r.rule ? '' : r.rule.appliesTo === '*' ? t('editor.allKinds') : (r.rule.appliesTo ?? []).join(', '),
          },
          condition,
          { id: 'confidence', header: t('version.confidence'), render: (r) => <Level value={r.level} /> },
        ]}
      />
    );
  }
  const def = detail.definition as unknown as TScoringDef;
  return (
    <Stack sx={{ gap: 2 }} data-testid="rules-table">
      {Object.entries(def.scores).map(([k, s]) => (
        <Box key={k}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {k}
          </Typography>
          <DataTable
            rows={ruleRows(s.rules, (r) => r.level, s.defaultRuleId, s.defaultLevel)}
            testId={`rules-table-${k}`}
            variant="plain"
            stickyHeader={false}
            ariaLabel={k}
            rowKey={(r) => r.id}
            columns={[
              number,
              ruleId,
              description,
              condition,
              { id: 'level', header: t('version.level'), width: 90, render: (r) => <Level value={r.level} /> },
            ]}
          />
        </Box>
      ))}
      <Alert severity="info" icon={false}>
        <strong>Optima</strong> — {t('version.optima', { order: def.optima.order.join(' › ') })}
      </Alert>
    </Stack>
  );
}

function DiffView({ kind, detail }: { kind: TRulesetKind; detail: TRulesetVersionDetail }) {
  const { t } = useTranslation('analysis-admin');
  const list = useQuery({ ...rulesetListQuery(kind), meta: { operation: 'Loading rulesets' } });
  const others = (list.data?.versions ?? []).filter((v) => v.version !== detail.version);
  const [other, setOther] = useState<number | ''>('');
  const chosen = other === '' ? (others.find((v) => v.version < detail.version)?.version ?? others[0]?.version) : other;
  const otherQ = useQuery({
    ...rulesetQuery(kind, chosen ?? 0),
    enabled: chosen !== undefined,
    meta: { operation: 'Loading ruleset' },
  });
  if (!others.length && list.data) return <Typography color="text.secondary">{t('version.noOther')}</Typography>;
  const lines =
    otherQ.data &&
    diffLines(JSON.stringify(otherQ.data.definition, null, 2), JSON.stringify(detail.definition, null, 2));
  const changed = lines ? lines.filter((l) => l.kind !== 'same').length : 0;
  return (
    <Stack sx={{ gap: 1.5 }}>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('version.compareWith')}
          value={chosen ?? ''}
          onChange={(e) => setOther(Number(e.target.value))}
          sx={{ width: 260 }}
        >
          {others.map((v) => (
            <MenuItem key={v.version} value={v.version}>
              v{v.version} · {v.name}
            </MenuItem>
          ))}
        </TextField>
        {lines && (
          <Typography variant="body2" color="text.secondary" data-testid="diff-summary">
            {t('version.diffSummary', { count: changed, from: chosen, to: detail.version })}
          </Typography>
        )}
      </Stack>
      {otherQ.isLoading && <Skeleton height={200} />}
      {lines && (
        <Box
          data-testid="diff"
          sx={{
            fontFamily: 'monospace',
            fontSize: 12.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            maxHeight: 560,
            overflow: 'auto',
          }}
        >
          {lines.map((l, i) =>
            l.kind === 'same' && lines.slice(Math.max(0, i - 3), i + 4).every((x) => x.kind === 'same') ? (
              i > 0 && lines[i - 1]!.kind !== 'same' ? (
                <Box key={i} sx={{ px: 1, color: 'text.disabled', bgcolor: 'action.hover' }}>
                  ⋯
                </Box>
              ) : null
            ) : (
              <Box
                key={i}
                data-kind={l.kind}
                sx={{
                  display: 'flex',
                  whiteSpace: 'pre',
                  bgcolor:
                    l.kind === 'added'
                      ? 'rgba(46,160,67,0.15)'
                      : l.kind === 'removed'
                        ? 'rgba(248,81,73,0.15)'
                        : undefined,
                }}
              >
                <Box
                  component="span"
                  sx={{ width: 44, textAlign: 'right', pr: 1, color: 'text.disabled', flexShrink: 0 }}
                >
                  {l.left ?? ''}
                </Box>
                <Box
                  component="span"
                  sx={{ width: 44, textAlign: 'right', pr: 1, color: 'text.disabled', flexShrink: 0 }}
                >
                  {l.right ?? ''}
                </Box>
                <Box component="span" sx={{ width: 16, flexShrink: 0 }}>
                  {l.kind === 'added' ? '+' : l.kind === 'removed' ? '−' : ' '}
                </Box>
                {l.text}
              </Box>
            ),
          )}
        </Box>
      )}
    </Stack>
  );
}

function DryRunView({ kind, detail }: { kind: TRulesetKind; detail: TRulesetVersionDetail }) {
  const { t } = useTranslation('analysis-admin');
  const [search, setSearch] = useState('');
  const [job, setJob] = useState<{ id: string; name: string } | null>(null);
  const jobs = useQuery({
    queryKey: ['rulesets', 'dry-run-jobs', search],
    queryFn: () =>
      fetchJobList({
        pageNumber: 1,
        pageSize: 20,
        orderBy: { propertyName: 'createdOn', direction: 'desc' },
        filters: {
          filterItems: [
            { propertyName: 'type', itemComparisonOperator: 'NotEqual', itemValue: 'matched-data-only' },
            ...(search
              ? [{ propertyName: 'name', itemComparisonOperator: 'Contains' as const, itemValue: search }]
              : []),
          ],
        },
      }),
    meta: { operation: 'Loading jobs' },
  });
  const [result, setResult] = useState<TRulesetDryRun | null>(null);
  const run = useFormMutation({
    operation: 'Dry-running ruleset',
    mutationFn: () => dryRunRuleset(kind, detail.version, job!.id),
    onSuccess: (r) => setResult(r),
  });
  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('dryRun.intro', { version: detail.version })}
      </Typography>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Autocomplete
          sx={{ width: 380 }}
          size="small"
          options={(jobs.data?.collection ?? []).map((j) => ({ id: j.id, name: j.name }))}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={job}
          onChange={(_, v) => setJob(v)}
          onInputChange={(_, v, reason) => reason === 'input' && setSearch(v)}
          loading={jobs.isLoading}
          renderInput={(p) => <TextField {...p} label={t('dryRun.job')} />}
        />
        <PendingButton
          variant="contained"
          startIcon={<PlayArrowRounded />}
          disabled={!job}
          pending={run.isPending}
          onClick={() => run.mutate(undefined)}
        >
          {t('dryRun.run')}
        </PendingButton>
      </Stack>
      {run.errors.jobId && <Alert severity="error">{run.errors.jobId}</Alert>}
      {result && (
        <Box data-testid="dry-run-result">
          <Alert severity={result.changedSuppliers ? 'warning' : 'success'} sx={{ mb: 2 }}>
            {t('dryRun.summary', {
              changed: formatNumber(result.changedSuppliers),
              total: formatNumber(result.suppliers),
              job: result.jobName,
              run: result.runNumber,
              runVersion: result.runVersion ?? '—',
              version: result.version,
            })}
          </Alert>
          <DataTable
            rows={result.scoreKinds}
            testId="dry-run-table"
            variant="plain"
            stickyHeader={false}
            ariaLabel={t('dryRun.title')}
            rowKey={(k) => k.scoreKind}
            rowTestId={(k) => `dry-run-${k.scoreKind}`}
            columns={[
              { field: 'scoreKind', header: t('dryRun.scoreKind'), cellSx: { fontWeight: 600 } },
              { field: 'changed', header: t('dryRun.changed'), align: 'right', render: (k) => formatNumber(k.changed) },
              {
                field: 'up',
                header: t('dryRun.up'),
                align: 'right',
                render: (k) =>
                  k.up ? (
                    <Stack
                      direction="row"
                      sx={{ justifyContent: 'flex-end', alignItems: 'center', color: 'success.main' }}
                    >
                      <ArrowUpwardRounded sx={{ fontSize: 14 }} />
                      {formatNumber(k.up)}
                    </Stack>
                  ) : (
                    '0'
                  ),
              },
              {
                field: 'down',
                header: t('dryRun.down'),
                align: 'right',
                render: (k) =>
                  k.down ? (
                    <Stack
                      direction="row"
                      sx={{ justifyContent: 'flex-end', alignItems: 'center', color: 'error.main' }}
                    >
                      <ArrowDownwardRounded sx={{ fontSize: 14 }} />
                      {formatNumber(k.down)}
                    </Stack>
                  ) : (
                    '0'
                  ),
              },
              {
                field: 'examples',
                header: t('dryRun.examples'),
                render: (k) =>
                  k.examples.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('dryRun.noChange')}
                    </Typography>
                  ) : (
                    <Stack sx={{ gap: 0.25 }}>
                      {k.examples.map((e) => (
                        <Typography key={e.supplierKey} variant="body2" sx={{ fontSize: 12.5 }}>
                          {e.supplierName ?? e.supplierKey}: {e.from ?? '—'} → <strong>{e.to ?? '—'}</strong>
                          {e.ruleId && (
                            <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'monospace', ml: 0.75 }}>
                              {e.ruleId}
                            </Box>
                          )}
                        </Typography>
                      ))}
                    </Stack>
                  ),
              },
            ]}
          />
        </Box>
      )}
    </Stack>
  );
}

export function RulesetVersion({ kind }: { kind: TRulesetKind }) {
  const { t } = useTranslation('analysis-admin');
  const navigate = useNavigate();
  const version = Number(useParams().versionNumber);
  const q = useQuery({ ...rulesetQuery(kind, version), meta: { operation: 'Loading ruleset' } });
  const [tab, setTab] = useState<'rules' | 'json' | 'diff' | 'dryRun'>('rules');
  const [editing, setEditing] = useState(false);
  const activate = useFormMutation({
    operation: 'Activating ruleset version',
    mutationFn: () => activateRulesetVersion(kind, version),
    invalidate: [rulesetKeys.kind(kind), analysisAdminKeys.overview()],
    success: t('version.activated', { version }),
  });
  if (q.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (!q.data) return <Alert severity="error">{t('version.notFound', { version })}</Alert>;
  const d = q.data;
  return (
    <Stack sx={{ gap: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 200 }} data-testid="version-title">
              v{d.version} · {d.name}
            </Typography>
            {d.isActive ? (
              <Chip color="success" label={t('rulesets.active')} data-testid="active-chip" />
            ) : (
              d.canUpdate && (
                <PendingButton
                  variant="outlined"
                  pending={activate.isPending}
                  onClick={() => activate.mutate(undefined)}
                >
                  {t('version.activate')}
                </PendingButton>
              )
            )}
            {d.canUpdate && !editing && (
              <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={() => setEditing(true)}>
                {t('version.newFromThis')}
              </Button>
            )}
          </Stack>
          {d.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {d.description}
            </Typography>
          )}
          <FieldGrid>
            <Field label={t('rulesets.columns.author')}>{d.createdBy ?? t('rulesets.bundled')}</Field>
            <Field label={t('rulesets.columns.created')}>{formatDateTime(d.createdAt)}</Field>
            <Field label={t('version.basedOnLabel')}>
              {d.basedOn !== null ? (
                <Link component={RouterLink} to={rulesetPath(kind, d.basedOn)}>
                  v{d.basedOn}
                </Link>
              ) : null}
            </Field>
            <Field label={t('version.activatedAt')}>{d.activatedAt ? formatDateTime(d.activatedAt) : null}</Field>
            <Field label={t('rulesets.columns.jobs')} testId="jobs-used">
              {d.jobsCount === 0
                ? t('version.noJobs')
                : d.jobs.slice(0, 5).map((j, i) => (
                    <Fragment key={`${j.jobId}-${j.runNumber}`}>
                      {i > 0 && ', '}
                      <Link component={RouterLink} to={`/jobs/${j.jobId}/details`}>
                        {j.jobName} #{j.runNumber}
                      </Link>
                    </Fragment>
                  ))}
              {d.jobsCount > 0 && d.jobs.length > 5 && ` ${t('version.andMore', { count: d.jobs.length - 5 })}`}
            </Field>
          </FieldGrid>
        </CardContent>
      </Card>
      {editing ? (
        <RulesetEditor
          kind={kind}
          base={d}
          onDone={(created) => {
            setEditing(false);
            if (created) navigate(rulesetPath(kind, created.version));
          }}
        />
      ) : (
        <Card variant="outlined">
          <Tabs
            value={tab}
            onChange={(_, v: typeof tab) => setTab(v)}
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="rules" label={t('version.tabs.rules')} />
            <Tab value="json" label={t('version.tabs.json')} />
            <Tab value="diff" label={t('version.tabs.diff')} />
            <Tab value="dryRun" label={t('version.tabs.dryRun')} />
          </Tabs>
          <CardContent>
            {tab === 'rules' && <RulesTable kind={kind} detail={d} />}
            {tab === 'json' && (
              <Box
                component="pre"
                data-testid="ruleset-json"
                sx={{
                  m: 0,
                  fontSize: 12.5,
                  maxHeight: 600,
                  overflow: 'auto',
                  bgcolor: 'action.hover',
                  p: 1.5,
                  borderRadius: 1,
                }}
              >
                {JSON.stringify(d.definition, null, 2)}
              </Box>
            )}
            {tab === 'diff' && <DiffView kind={kind} detail={d} />}
            {tab === 'dryRun' && <DryRunView kind={kind} detail={d} />}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
