import { describe, expect, it } from 'vitest';
import {
  buildPath,
  NAV_GROUPS,
  navItemPermissions,
  hasAll,
  permissionsOf,
  ROLES,
  ROUTES,
  routeById,
  type TRole,
} from '@sextant/shared/values';
import { visibleNavGroups } from '../layouts/nav-groups.ts';
import { BOOT_PAGE_IDS, BOOT_PATHS } from './boot-pages.ts';

/** Every path SPEC §2 names, in React Router form. */
const SPEC_PATHS = [
  '/login',
  '/lobby',
  '/401',
  '/404',
  '/500',
  '/503',
  '/dashboard',
  '/analysis',
  '/global-insights/loading',
  '/global-insights/insights',
  '/global-insights/organizations',
  '/campaign-workflows',
  '/resource-hub',
  '/vendors',
  '/vendors/:vendorId',
  '/profile',
  '/release-notes',
  '/jobs/loading/:jobId?',
  '/jobs/create/:type',
  '/jobs/:jobId/workflow/:type',
  ...[
    'details',
    'logs',
    'users',
    'users/assigned',
    'summary',
    'insights',
    'suppliers',
    'suppliers/:supplierKey',
    'report/insights',
    'presentation',
    'report/use-cases',
    'use-cases',
    'use-cases/:useCaseId',
    'use-cases/:useCaseId/:supplierKey',
    'campaign-workflows',
    'campaign-workflows/:campaignWorkflowId',
    'campaign-workflows/:campaignWorkflowId/suppliers/:supplierKey',
    'campaign-workflows/:campaignWorkflowId/create',
    'analysis-data-download',
    'matched-data-only-download',
    'no-access',
    'business-case-calculator',
    'business-case-download',
  ].map((s) => `/jobs/:jobId/${s}`),
  '/jobs/:jobId/printable/:analysisReportType/*',
  '/admin/users',
  '/admin/users/create',
  '/admin/users/:userId',
  '/admin/system-logs',
  '/admin/issuer-manager',
  '/admin/issuer-manager/:issuerId',
  '/admin/issuer-manager/:issuerId/users',
  '/admin/issuer-manager/create',
  '/admin/buyer-manager',
  '/admin/buyer-manager/:buyerId',
  '/admin/buyer-manager/create',
  '/admin/analytics-query',
  '/admin/analytics-query/reports/:reportId',
  '/admin/analytics-query/reports/create',
  '/admin/analysis-admin',
  '/admin/analysis-admin/confidence-rulesets',
  '/admin/analysis-admin/confidence-rulesets/:versionNumber',
  '/admin/analysis-admin/scoring-rulesets',
  '/admin/analysis-admin/scoring-rulesets/:versionNumber',
  '/admin/analysis-admin/ai-prompts',
  '/admin/analysis-admin/ai-prompts/:promptId',
  '/admin/analysis-admin/ai-prompts/create',
  '/admin/analysis-admin/translations',
  '/admin/analysis-admin/magic-links',
  '/admin/analysis-admin/datapoint-profiles',
  '/admin/analysis-admin/datapoint-profiles/:datapointProfileId',
  '/admin/analysis-admin/datapoint-profiles/create',
  '/admin/analysis-admin/video-resources',
  '/admin/analysis-admin/video-resources/:videoResourceId',
  '/admin/analysis-admin/video-resources/create',
  '/admin/analysis-admin/merge-linked-accounts',
  '/admin/analysis-admin/ml-prediction',
  '/admin/analysis-admin/chatbot-document-management',
  '/devops',
  '/devops/job-maintenance',
  '/proq-monitoring',
  '/workflow-management',
  '/endpoint-comparison/jobs',
  '/endpoint-comparison/jobs/:jobId',
  '/endpoint-comparison/users',
  '/resource-guard',
  '/devops/sftp-configuration',
  '/devops/sftp-configuration/:configId',
  '/devops/sftp-configuration/create',
  '/tools',
  '/tools/companies-house',
  '/tools/send-email',
  '/tools/ai-address-parser',
  '/tools/address-validator',
  '/dev',
  '/dev/examples/*',
  '/dev/exercise/debug-logging',
  '/dev/layouts/*',
  '/dev/tools/anonymize-csv',
  '/dev/tools/reset-all-jobs',
  '/dev/tools/database-anonymizer',
  '/dev/inaccessible',
];

describe('route table', () => {
  it('registers every SPEC §2 route exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of SPEC_PATHS) expect(paths, p).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
  });
  it('lets some role open every page except the deliberately inaccessible one', () => {
    // The permission names are checked by the compiler; this checks that the combination a route requires is held
    // by at least one role, so no page is unreachable by mistake.
    const unreachable = ROUTES.filter((r) => !ROLES.some((role) => hasAll(permissionsOf([role]), r.permissions))).map(
      (r) => r.id,
    );
    expect(unreachable).toEqual(['devInaccessible']);
  });
  it('accumulates group and route permissions (SPEC §2)', () => {
    expect(routeById('confidenceRulesets').permissions).toEqual(['Analysis_Admin_Area_VIEW', 'Confidence_VIEW']);
    expect(routeById('jobMaintenance').permissions).toEqual(['DevOps_Area_VIEW', 'JobMaintenance_VIEW']);
    expect(routeById('addressValidator').permissions).toEqual(['Tools_Area_VIEW', 'Address_Validator_VIEW']);
    expect(routeById('devInaccessible').permissions).toEqual(['DevArea_CRUD', 'InaccessibleArea_ALL']);
    expect(routeById('jobSummary').permissions).toEqual(['ViewJobTabs']);
    expect(routeById('profile').permissions).toEqual([]);
  });
  it('uses the SPEC frames and titles', () => {
    expect(routeById('jobPrintable').frame).toBe('printable');
    expect(routeById('login').frame).toBe('minimal');
    expect(routeById('dashboard').frame).toBe('main');
    expect(routeById('mlPrediction').title).toBe('OCI ML Model monitoring');
    expect(routeById('error401').title).toBe('Access Error');
    expect(routeById('error503').title).toBe('Service Unavailable');
  });
  it('builds paths from patterns', () => {
    expect(buildPath('/jobs/:jobId/summary', { jobId: 'a b' })).toBe('/jobs/a%20b/summary');
    expect(buildPath('/jobs/loading/:jobId?')).toBe('/jobs/loading');
    expect(buildPath('/dev/examples/*')).toBe('/dev/examples');
  });
});

describe('navbar', () => {
  const navFor = (role: TRole) =>
    visibleNavGroups([...permissionsOf([role])]).flatMap((g) => g.items.map((i) => i.label));
  it('lists the SPEC §2 groups in order', () => {
    expect(NAV_GROUPS.map((g) => g.label)).toEqual(['Home', 'Analysis', 'Admin', 'System']);
    expect(NAV_GROUPS[1]!.items.map((i) => i.label)).toEqual([
      'Campaign Workflows',
      'Analysis Jobs',
      'Global Insights',
      'Resource Hub',
      'Vendor Lookup',
    ]);
    expect(NAV_GROUPS[1]!.items.find((i) => i.label === 'Vendor Lookup')?.chip).toBe('BETA');
    expect(NAV_GROUPS[2]!.items.map((i) => i.label)).toEqual([
      'Admin',
      'User Management',
      'System Audit Logs',
      'Issuer Management',
      'Buyer Management',
      // not in SPEC §2's list: branding administration (issue #33), for Brandings_CRUD holders (internal staff)
      'Branding Management',
      'Analytics Queries',
    ]);
  });
  it('User Management needs UserManagement_VIEW', () => {
    const item = NAV_GROUPS[2]!.items.find((i) => i.label === 'User Management')!;
    expect(navItemPermissions(item)).toContain('UserManagement_VIEW');
  });
  const ADMIN_AND_SYSTEM = [
    'Admin',
    'User Management',
    'System Audit Logs',
    'Issuer Management',
    'Buyer Management',
    'Analytics Queries',
    'DevOps',
    'Tools',
  ];
  it('shows base-tier users only their areas', () => {
    for (const role of ['client', 'issuer', 'issuerPlus', 'accountManager'] as const) {
      const items = navFor(role);
      expect(items).toContain('Analysis Jobs');
      expect(items).not.toContain('Home');
      for (const i of ADMIN_AND_SYSTEM) expect(items).not.toContain(i);
    }
  });
  it('adds areas per tier', () => {
    const ptco = navFor('ptcoJobManager');
    expect(ptco).toEqual(
      expect.arrayContaining(['Analysis Jobs', 'Issuer Management', 'Buyer Management', 'Analytics Queries']),
    );
    for (const i of ['Home', 'Admin', 'User Management', 'System Audit Logs', 'DevOps', 'Tools'])
      expect(ptco).not.toContain(i);
    const admin = navFor('sysAdmin');
    expect(admin).toEqual(expect.arrayContaining(['Home', 'Analysis Jobs', ...ADMIN_AND_SYSTEM]));
    // order follows SPEC §2
    expect(admin.indexOf('Home')).toBeLessThan(admin.indexOf('Analysis Jobs'));
    expect(admin.indexOf('Analysis Jobs')).toBeLessThan(admin.indexOf('Admin'));
    expect(admin.indexOf('Analytics Queries')).toBeLessThan(admin.indexOf('DevOps'));
    expect(navFor('campaignManager')).toContain('Campaign Workflows');
    expect(navFor('VendorsLookupAccessor')).toEqual(['Vendor Lookup']);
  });
  it('hides every item without permissions', () => {
    expect(visibleNavGroups([])).toEqual([]);
  });
});

describe('the signed-out start (boot-pages.ts)', () => {
  it('index.html preloads the page registry on every path but the boot pages’', () => {
    for (const r of ROUTES) {
      const sample = r.path.replace(/\/:\w+\?/g, '').replace(/:\w+/g, 'x') || '/';
      expect(BOOT_PATHS.test(sample), `${r.id} ${sample}`).toBe((BOOT_PAGE_IDS as readonly string[]).includes(r.id));
    }
  });
});
