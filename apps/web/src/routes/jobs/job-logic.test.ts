import { describe, expect, it } from 'vitest';
import { ensureEnglish } from '../../app/i18n.ts';
import {
  ACCESSOR_ROLES,
  firstJobTab,
  JOB_TAB_LABELS,
  JOB_TABS,
  jobTabOfRoute,
  jobTabSections,
  permissionsOf,
  visibleJobTabs,
  ROUTES_BY_ID,
  type TJobFile,
  type TRole,
} from '@sextant/shared/values';
import {
  guessDataKind,
  formatDuration,
  jobHomePath,
  mappingChanged,
  missingRequired,
  runBlockers,
  runProgressPercent,
  setMappedColumn,
  stepDurationMs,
  stepPhase,
  unmappedHeaders,
  initialsOf,
} from './job-logic.ts';

/** The job-tab accessor roles (every accessor role whose name starts with Job). */
const ACCESSORS: TRole[] = ACCESSOR_ROLES.filter((r) => r.startsWith('Job') && r !== 'JobTypeTabSwitcherAccessor');
const perms = (...roles: TRole[]) => permissionsOf(roles);
const keys = (tabs: { key: string }[]) => tabs.map((t) => t.key);

// the page texts (blockers, durations) load with their page in the app
await ensureEnglish();

describe('job tabs (SPEC §2)', () => {
  it('uses exactly the SPEC labels, every label once, each on a real route', () => {
    expect(new Set(JOB_TABS.map((t) => t.label))).toEqual(new Set(Object.values(JOB_TAB_LABELS)));
    for (const t of JOB_TABS) expect(ROUTES_BY_ID[t.routeId], t.key).toBeDefined();
  });

  it('a job manager with every accessor sees every tab of a base job except the other upload types and campaigns', () => {
    const p = perms('ptcoJobManager', ...ACCESSORS);
    const tabs = keys(visibleJobTabs(p, 'base'));
    expect(tabs).toContain('workflow/base');
    expect(tabs).not.toContain('workflow/advanced');
    expect(tabs).not.toContain('workflow/matched-data-only');
    expect(tabs).toEqual(
      expect.arrayContaining([
        'summary',
        'insights',
        'suppliers',
        'details',
        'logs',
        'users',
        'analysis-data-download',
      ]),
    );
    // Campaigns also need CampaignManager_Feature_VIEW.
    expect(tabs).not.toContain('campaign-workflows');
    expect(keys(visibleJobTabs(perms('ptcoJobManager', 'campaignManager', ...ACCESSORS), 'base'))).toContain(
      'campaign-workflows',
    );
  });

  it('matched-data-only jobs have no scoring tabs', () => {
    const tabs = keys(visibleJobTabs(perms('sysAdmin', ...ACCESSORS), 'matched-data-only'));
    expect(tabs).toEqual(['workflow/matched-data-only', 'matched-data-only-download', 'users', 'details', 'logs']);
  });

  it('accessor roles alone do not open admin tabs: details, logs and users also need their feature permissions', () => {
    const tabs = keys(
      visibleJobTabs(
        perms('client', 'JobDetailsAccessor', 'JobLogsAccessor', 'JobUsersAccessor', 'JobSummaryAccessor'),
        'base',
      ),
    );
    expect(tabs).toEqual(['summary']);
    expect(keys(visibleJobTabs(perms('ptcoJobManager'), 'base'))).toEqual([]);
  });

  it('groups by section in SPEC order, Creation and Analysis open, empty sections left out', () => {
    const sections = jobTabSections(perms('ptcoJobManager', 'campaignManager', ...ACCESSORS), 'advanced');
    expect(sections.map((s) => s.label)).toEqual([
      'Creation',
      'Analysis',
      'Enablement',
      'Output',
      'Admin',
      'Business Case',
    ]);
    expect(sections.filter((s) => s.openByDefault).map((s) => s.section)).toEqual(['Creation', 'Analysis']);
    expect(jobTabSections(perms('client', 'JobSummaryAccessor'), 'base').map((s) => s.section)).toEqual(['Analysis']);
  });

  it('maps sub-pages and the workflow route to their tab', () => {
    expect(jobTabOfRoute('jobSupplier')?.key).toBe('suppliers');
    expect(jobTabOfRoute('jobUsersAssigned')?.key).toBe('users');
    expect(jobTabOfRoute('jobWorkflow', 'advanced')?.key).toBe('workflow/advanced');
    expect(jobTabOfRoute('jobWorkflow', 'nonsense')).toBeUndefined();
    expect(jobTabOfRoute('jobNoAccess')).toBeUndefined();
  });

  it('opens a finished job on its first result tab, a draft on its upload tab', () => {
    const p = perms('ptcoJobManager', ...ACCESSORS);
    expect(firstJobTab(p, 'base', true)?.key).toBe('summary');
    expect(firstJobTab(p, 'matched-data-only', true)?.key).toBe('matched-data-only-download');
    const job = { id: 'j1', type: 'base' as const, resultRunId: null };
    expect(jobHomePath({ ...job, status: 'Draft' }, p)).toBe('/jobs/j1/workflow/base');
    expect(jobHomePath({ ...job, status: 'Processing' }, p)).toBe('/jobs/loading/j1');
    expect(jobHomePath({ ...job, status: 'Ready', resultRunId: 'r' }, p)).toBe('/jobs/j1/summary');
    expect(jobHomePath({ ...job, status: 'Ready', resultRunId: 'r' }, perms('client'))).toBe('/jobs/j1/no-access');
  });
});

describe('durations and progress', () => {
  it('formats durations for people', () => {
    expect(formatDuration(850)).toBe('0.9 s');
    expect(formatDuration(4_250)).toBe('4.3 s');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(75_000)).toBe('1 min 15 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(2 * 3_600_000 + 3 * 60_000)).toBe('2 h 3 min');
    expect(formatDuration(3_600_000)).toBe('1 h');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
  });

  it('measures a finished step and a running one against now', () => {
    expect(stepDurationMs({ startedAt: '2025-01-01T10:00:00Z', completedAt: '2025-01-01T10:00:12Z' })).toBe(12_000);
    expect(
      stepDurationMs({ startedAt: '2025-01-01T10:00:00Z', completedAt: null }, Date.parse('2025-01-01T10:01:00Z')),
    ).toBe(60_000);
    expect(stepDurationMs({ startedAt: null, completedAt: null })).toBeNull();
  });

  it('maps ProQ states to step phases and sums run progress', () => {
    const step = (state: string, progressPercent: number | null = null, error: string | null = null) => ({
      step: 'ingest' as const,
      label: 'x',
      commandId: 1,
      state,
      progressPercent,
      progressMessage: null,
      startedAt: null,
      completedAt: null,
      error,
    });
    expect(stepPhase(step('Blocked'))).toBe('waiting');
    expect(stepPhase(step('InProgress'))).toBe('running');
    expect(stepPhase(step('Completed'))).toBe('done');
    expect(stepPhase(step('Error', null, 'boom'))).toBe('failed');
    expect(
      runProgressPercent({
        status: 'Running',
        steps: [step('Completed'), step('InProgress', 50), step('Pending'), step('Blocked')],
      }),
    ).toBe(38);
    expect(runProgressPercent({ status: 'Completed', steps: [] })).toBe(100);
  });
});

describe('column mapping edits', () => {
  const file: Pick<TJobFile, 'datapoints' | 'mapping' | 'headers'> = {
    headers: ['Supplier', 'Country', 'Amount', 'Notes'],
    mapping: { name: 'Supplier', country: 'Country', spend: null },
    datapoints: [
      { key: 'name', label: 'Supplier name', required: true },
      { key: 'country', label: 'Country', required: false },
      { key: 'spend', label: 'Spend', required: true },
    ],
  };

  it('maps a column, and a header feeds only one datapoint', () => {
    const m = setMappedColumn(file.mapping, 'spend', 'Amount');
    expect(m).toEqual({ name: 'Supplier', country: 'Country', spend: 'Amount' });
    const moved = setMappedColumn(m, 'country', 'Amount');
    expect(moved).toEqual({ name: 'Supplier', country: 'Amount', spend: null });
    expect(setMappedColumn(m, 'name', null).name).toBeNull();
  });

  it('lists required datapoints still unmapped and the headers left unused', () => {
    expect(missingRequired(file)).toEqual(['Spend']);
    expect(missingRequired(file, setMappedColumn(file.mapping, 'spend', 'Amount'))).toEqual([]);
    expect(unmappedHeaders(file)).toEqual(['Amount', 'Notes']);
  });

  it('detects a changed mapping, treating a missing key as not mapped', () => {
    expect(mappingChanged({ a: 'x', b: null }, { a: 'x' })).toBe(false);
    expect(mappingChanged({ a: 'x' }, { a: 'y' })).toBe(true);
  });

  it('blocks a run without files, with a fatal file or an unmapped required column', () => {
    expect(runBlockers({ status: 'Draft', files: [] })).toEqual(['Upload a file first.']);
    const f = {
      ...file,
      originalName: 'a.csv',
      validation: { fatal: 'Empty file', rowCount: 0, validRowCount: 0, errorCount: 0, warningCount: 0, issues: [] },
    } as unknown as TJobFile;
    expect(runBlockers({ status: 'Draft', files: [f] })).toEqual(['a.csv: Empty file', 'a.csv: map Spend']);
  });
});

describe('avatar initials (SPEC §3)', () => {
  it('takes two name parts, else two letters, else N/A', () => {
    expect(initialsOf('Carl Bennett')).toBe('CB');
    expect(initialsOf('client')).toBe('CL');
    expect(initialsOf('x')).toBe('N/A');
  });
});

describe('data kind of an advanced upload', () => {
  const all = ['suppliers', 'spend', 'pos', 'invoices', 'payments', 'transactions'] as const;
  it('is suggested by the file name, else the fallback', () => {
    expect(guessDataKind('AP_invoices_2025.xlsx', all, 'spend')).toBe('invoices');
    expect(guessDataKind('payments-q1.csv', all, 'spend')).toBe('payments');
    expect(guessDataKind('open_PO_list.csv', all, 'spend')).toBe('pos');
    expect(guessDataKind('card-transactions.csv', all, 'spend')).toBe('transactions');
    expect(guessDataKind('vendor master.csv', all, 'spend')).toBe('suppliers');
    expect(guessDataKind('export.csv', all, 'spend')).toBe('spend');
    expect(guessDataKind('invoices.csv', ['suppliers'], 'suppliers')).toBe('suppliers');
  });
});
