/**
 * Job tabs (SPEC §2 "Jobs (ViewJobTabs)"): which tab belongs to which section, which permissions open it and
 * which job types it makes sense for. Declared once; the web app shows a tab only when `jobTabVisible` holds
 * for the server-provided permissions of the current user and the job's type, and answers /no-access otherwise.
 */
import type { TJobSectionCategory, TJobType } from './enums.ts';
import type { TGrant } from './permissions.ts';
import { JOB_TAB_LABELS } from './routes.ts';

export type TJobTabKey = keyof typeof JOB_TAB_LABELS;

export interface TJobTabDef {
  key: TJobTabKey;
  /** Path segment under /jobs/:jobId. */
  path: TJobTabKey;
  label: (typeof JOB_TAB_LABELS)[TJobTabKey];
  section: TJobSectionCategory;
  /** Route id of the page (packages/shared/src/routes.ts). */
  routeId: string;
  /** Every permission needed (accessor role permissions plus feature permissions). */
  permissions: readonly TGrant[];
  /** Job types the tab applies to. */
  jobTypes: readonly TJobType[];
  /** A result of a finished run (summary, insights…): built by the results issue. */
  result: boolean;
}

/** Section labels (SPEC §3 job section categories); Creation and Analysis start open. */
export const JOB_SECTION_LABELS: Record<TJobSectionCategory, string> = {
  Creation: 'Creation',
  Analysis: 'Analysis',
  Enablement: 'Enablement',
  Output: 'Output',
  Admin: 'Admin',
  BusinessCase: 'Business Case',
};
export const JOB_SECTIONS_OPEN_BY_DEFAULT: readonly TJobSectionCategory[] = ['Creation', 'Analysis'];

const ALL: readonly TJobType[] = ['base', 'matched-data-only', 'advanced'];
/** Scoring results exist only for jobs that score (matched-data-only jobs match and download). */
const SCORED: readonly TJobType[] = ['base', 'advanced'];

type TTabInput = Omit<TJobTabDef, 'label' | 'path' | 'result'> & { result?: boolean };
const tab = (t: TTabInput): TJobTabDef => ({
  ...t,
  path: t.key,
  label: JOB_TAB_LABELS[t.key],
  result: t.result ?? false,
});

/** Every job tab, in display order within its section. */
export const JOB_TABS: readonly TJobTabDef[] = [
  tab({
    key: 'workflow/base',
    section: 'Creation',
    routeId: 'jobWorkflow',
    permissions: ['JobSummaryUploadAccessor'],
    jobTypes: ['base'],
  }),
  tab({
    key: 'workflow/matched-data-only',
    section: 'Creation',
    routeId: 'jobWorkflow',
    permissions: ['JobMatchedDataOnlyUploadAccessor'],
    jobTypes: ['matched-data-only'],
  }),
  tab({
    key: 'workflow/advanced',
    section: 'Creation',
    routeId: 'jobWorkflow',
    permissions: ['JobConsultantUploadAccessor'],
    jobTypes: ['advanced'],
  }),
  tab({
    key: 'summary',
    section: 'Analysis',
    routeId: 'jobSummary',
    permissions: ['JobSummaryAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'insights',
    section: 'Analysis',
    routeId: 'jobInsights',
    permissions: ['JobInsightsAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'suppliers',
    section: 'Analysis',
    routeId: 'jobSuppliers',
    permissions: ['JobSuppliersAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'use-cases',
    section: 'Analysis',
    routeId: 'jobUseCases',
    permissions: ['JobUseCasesAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'campaign-workflows',
    section: 'Enablement',
    routeId: 'jobCampaigns',
    permissions: ['JobCampaignsAccessor', 'CampaignManager_Feature_VIEW'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'report/insights',
    section: 'Output',
    routeId: 'jobReportInsights',
    permissions: ['JobReportAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'presentation',
    section: 'Output',
    routeId: 'jobPresentation',
    permissions: ['JobPresentationAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'report/use-cases',
    section: 'Output',
    routeId: 'jobReportUseCases',
    permissions: ['JobUseCasesReportAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'analysis-data-download',
    section: 'Output',
    routeId: 'jobAnalysisDataDownload',
    permissions: ['JobDataDownloadAccessor'],
    jobTypes: SCORED,
  }),
  tab({
    key: 'matched-data-only-download',
    section: 'Output',
    routeId: 'jobMatchedDataOnlyDownload',
    permissions: ['JobMatchedDataOnlyDownloadAccessor'],
    jobTypes: ALL,
  }),
  tab({
    key: 'users',
    section: 'Admin',
    routeId: 'jobUsers',
    permissions: ['JobUsersAccessor', 'UserAssignment_EDIT'],
    jobTypes: ALL,
  }),
  tab({
    key: 'details',
    section: 'Admin',
    routeId: 'jobDetails',
    permissions: ['JobDetailsAccessor', 'JobDetails_VIEW'],
    jobTypes: ALL,
  }),
  tab({
    key: 'logs',
    section: 'Admin',
    routeId: 'jobLogs',
    permissions: ['JobLogsAccessor', 'JobLogs_VIEW'],
    jobTypes: ALL,
  }),
  tab({
    key: 'business-case-calculator',
    section: 'BusinessCase',
    routeId: 'jobBusinessCaseCalculator',
    permissions: ['JobBusinessCaseCalculatorAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
  tab({
    key: 'business-case-download',
    section: 'BusinessCase',
    routeId: 'jobBusinessCaseDownload',
    permissions: ['JobBusinessCaseDownloadAccessor'],
    jobTypes: SCORED,
    result: true,
  }),
];

export const JOB_TABS_BY_KEY: Readonly<Record<TJobTabKey, TJobTabDef>> = Object.fromEntries(
  JOB_TABS.map((t) => [t.key, t]),
) as Record<TJobTabKey, TJobTabDef>;

/** Sub-pages that belong to a tab (e.g. /suppliers/:supplierKey → suppliers, /users/assigned → users). */
const ROUTE_TAB: Readonly<Record<string, TJobTabKey>> = {
  jobSupplier: 'suppliers',
  jobUseCase: 'use-cases',
  jobUseCaseSupplier: 'use-cases',
  jobCampaign: 'campaign-workflows',
  jobCampaignSupplier: 'campaign-workflows',
  jobCampaignCreate: 'campaign-workflows',
  jobUsersAssigned: 'users',
};

/** The tab a job route belongs to (the workflow route needs the job type from its :type param). */
export function jobTabOfRoute(routeId: string, workflowType?: string): TJobTabDef | undefined {
  if (routeId === 'jobWorkflow')
    return workflowType ? JOB_TABS_BY_KEY[`workflow/${workflowType}` as TJobTabKey] : undefined;
  const key = ROUTE_TAB[routeId];
  if (key) return JOB_TABS_BY_KEY[key];
  return JOB_TABS.find((t) => t.routeId === routeId);
}

/** A tab is shown when the job is of a type it applies to and every permission it needs is held. */
export function jobTabVisible(t: TJobTabDef, permissions: ReadonlySet<string>, jobType: TJobType): boolean {
  return t.jobTypes.includes(jobType) && t.permissions.every((p) => permissions.has(p));
}

export function visibleJobTabs(permissions: ReadonlySet<string>, jobType: TJobType): TJobTabDef[] {
  return JOB_TABS.filter((t) => jobTabVisible(t, permissions, jobType));
}

export interface TJobSection {
  section: TJobSectionCategory;
  label: string;
  openByDefault: boolean;
  tabs: TJobTabDef[];
}

/** Visible tabs grouped by section, in section order; sections without a visible tab are left out. */
export function jobTabSections(permissions: ReadonlySet<string>, jobType: TJobType): TJobSection[] {
  const visible = visibleJobTabs(permissions, jobType);
  return (Object.keys(JOB_SECTION_LABELS) as TJobSectionCategory[])
    .map((section) => ({
      section,
      label: JOB_SECTION_LABELS[section],
      openByDefault: JOB_SECTIONS_OPEN_BY_DEFAULT.includes(section),
      tabs: visible.filter((t) => t.section === section),
    }))
    .filter((s) => s.tabs.length > 0);
}

/** Where a job opens: its first result tab when it has results, else its first visible tab. */
export function firstJobTab(
  permissions: ReadonlySet<string>,
  jobType: TJobType,
  hasResults: boolean,
): TJobTabDef | undefined {
  const visible = visibleJobTabs(permissions, jobType);
  if (hasResults) {
    const result = visible.find(
      (t) => t.result || t.key === 'matched-data-only-download' || t.key === 'analysis-data-download',
    );
    if (result) return result;
  }
  return visible[0];
}

export const jobTabPath = (jobId: string, key: TJobTabKey) => `/jobs/${encodeURIComponent(jobId)}/${key}`;

/**
 * Which job types a creator may create (SPEC §6 server permissions "job create … self-serve; matched-data-only"):
 * job staff (Job_Update, the job editing of ptcoJobManager and above) create any type; a self-serve job creator
 * (SelfServe) creates the summary-upload job it runs itself; a matched-data-only job creator (MatchedDataOnly) creates
 * matched-data-only jobs. The consultant upload (advanced) is for job staff only. Job_Create is needed in every case.
 */
export function mayCreateJobType(held: ReadonlySet<string>, type: TJobType): boolean {
  if (!held.has('Job_Create')) return false;
  if (held.has('Job_Update')) return true;
  if (type === 'base') return held.has('SelfServe');
  if (type === 'matched-data-only') return held.has('MatchedDataOnly');
  return false;
}
