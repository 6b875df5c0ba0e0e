/** Pure rules of the job pages: durations, run progress, column-mapping edits. Unit-tested in job-logic.test.ts. */
import {
  firstJobTab,
  jobTabPath,
  jobTabVisible,
  JOB_TABS_BY_KEY,
  type TColumnMapping,
  type TInputKind,
  type TJobDetails,
  type TJobFile,
  type TJobRun,
  type TJobTabKey,
  type TRunStep,
} from '@sextant/shared/values';
import i18n, { currentLanguage } from '../../app/i18n.ts';

/** 850 ms → "0.9 s", 75 s → "1 min 15 s", 2 h 3 min → "2 h 3 min". Negative or invalid → "—". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  // Tenths rounded half up (toFixed would round 0.85 down through binary floating point).
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  if (ms < 60_000) return `${Math.round(ms / 1_000)} s`;
  const totalS = Math.round(ms / 1_000);
  const h = Math.floor(totalS / 3_600);
  const m = Math.floor((totalS % 3_600) / 60);
  const s = totalS % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return s > 0 ? `${m} min ${s} s` : `${m} min`;
}

/** How long a step took, or has been running so far (`now` for a step still in progress). */
export function stepDurationMs(
  step: Pick<TRunStep, 'startedAt' | 'completedAt'>,
  now: number = Date.now(),
): number | null {
  if (!step.startedAt) return null;
  const start = Date.parse(step.startedAt);
  const end = step.completedAt ? Date.parse(step.completedAt) : now;
  return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, end - start) : null;
}

export type TStepPhase = 'waiting' | 'running' | 'done' | 'failed' | 'canceled';

/** ProQ command state of a step → what the user sees. */
export function stepPhase(step: Pick<TRunStep, 'state' | 'error' | 'completedAt' | 'startedAt'>): TStepPhase {
  const s = step.state.toLowerCase();
  if (s === 'error' || s === 'failed' || step.error) return 'failed';
  if (s === 'canceled' || s === 'cancelled') return 'canceled';
  if (s === 'completed' || s === 'done') return 'done';
  if (s === 'inprogress' || s === 'running') return 'running';
  return 'waiting';
}

/** Overall progress of a run in percent: finished steps count whole, the running one by its own progress. */
export function runProgressPercent(run: Pick<TJobRun, 'steps' | 'status'>): number {
  if (run.status === 'Completed') return 100;
  if (run.steps.length === 0) return 0;
  let sum = 0;
  for (const st of run.steps) {
    const phase = stepPhase(st);
    if (phase === 'done') sum += 100;
    else if (phase === 'running') sum += Math.min(100, Math.max(0, st.progressPercent ?? 0));
  }
  return Math.round(sum / run.steps.length);
}

/** Points a datapoint at a source header (null: not mapped). A header feeds one datapoint, so its other use is cleared. */
export function setMappedColumn(mapping: TColumnMapping, datapoint: string, header: string | null): TColumnMapping {
  const next: TColumnMapping = {};
  for (const [k, v] of Object.entries(mapping)) next[k] = header !== null && v === header && k !== datapoint ? null : v;
  next[datapoint] = header;
  return next;
}

/** Required datapoints without a source column. */
export function missingRequired(
  file: Pick<TJobFile, 'datapoints' | 'mapping'>,
  mapping: TColumnMapping = file.mapping,
): string[] {
  return file.datapoints.filter((d) => d.required && !mapping[d.key]).map((d) => d.label);
}

/** Headers of the file that no datapoint uses (shown so the user sees what will be ignored). */
export function unmappedHeaders(
  file: Pick<TJobFile, 'headers' | 'mapping'>,
  mapping: TColumnMapping = file.mapping,
): string[] {
  const used = new Set(Object.values(mapping).filter((v): v is string => Boolean(v)));
  return file.headers.filter((h) => !used.has(h));
}

/** True when two mappings differ (the page enables "Save mapping" only then). */
export function mappingChanged(a: TColumnMapping, b: TColumnMapping): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? null) !== (b[k] ?? null)) return true;
  return false;
}

/**
 * A job can be run when it has at least one file and every file is importable with its required columns mapped.
 * The reasons are in the current UI language (jobs namespace), so call it while rendering.
 */
export function runBlockers(job: Pick<TJobDetails, 'files' | 'status'>): string[] {
  const t = i18n.getFixedT(null, 'jobs');
  const out: string[] = [];
  if (job.status === 'Processing') out.push(t('blockers.running'));
  if (job.files.length === 0) out.push(t('blockers.noFile'));
  for (const f of job.files) {
    if (f.validation?.fatal) out.push(`${f.originalName}: ${f.validation.fatal}`);
    const missing = missingRequired(f);
    if (missing.length) out.push(t('blockers.map', { file: f.originalName, columns: missing.join(', ') }));
  }
  return out;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? '—'
    : d.toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'medium' });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(currentLanguage(), { dateStyle: 'medium' });
}

/** Initials for an avatar (SPEC §3): first letters of two name parts, else the first two letters, else N/A. */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '')
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (parts.length >= 2) return (parts[0]![0]! + parts[1]![0]!).toUpperCase();
  if (parts.length === 1 && parts[0]!.length >= 2) return parts[0]!.slice(0, 2).toUpperCase();
  return 'N/A';
}

/** Where opening a job from the list leads: results when ready, progress while running or failed, the upload tab for a draft. */
export function jobHomePath(
  job: Pick<TJobDetails, 'id' | 'type' | 'status' | 'resultRunId'>,
  permissions: ReadonlySet<string>,
): string {
  const id = encodeURIComponent(job.id);
  if (job.status === 'Processing' || (job.status === 'Failed' && !job.resultRunId)) return `/jobs/loading/${id}`;
  if (job.status === 'Draft') {
    const upload = JOB_TABS_BY_KEY[`workflow/${job.type}` as TJobTabKey];
    if (upload && jobTabVisible(upload, permissions, job.type)) return jobTabPath(job.id, upload.key);
  }
  const tab = firstJobTab(permissions, job.type, Boolean(job.resultRunId));
  return tab ? jobTabPath(job.id, tab.key) : `/jobs/${id}/no-access`;
}

const KIND_HINTS: [RegExp, TInputKind][] = [
  [/invoice/i, 'invoices'],
  [/payment|remittance/i, 'payments'],
  [/(^|[^a-z])(po|pos)([^a-z]|$)|purchase[-_ ]?order/i, 'pos'],
  [/transaction|card[-_ ]?txn|txn/i, 'transactions'],
  [/supplier|vendor[-_ ]?master/i, 'suppliers'],
  [/spend|ledger|ap[-_ ]?extract/i, 'spend'],
];

/** The data kind a file name suggests (the user can change it), among the kinds the job type takes. */
export function guessDataKind(fileName: string, allowed: readonly TInputKind[], fallback: TInputKind): TInputKind {
  for (const [re, kind] of KIND_HINTS) if (re.test(fileName) && allowed.includes(kind)) return kind;
  return fallback;
}
