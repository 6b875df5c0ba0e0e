import { describe, expect, it } from 'vitest';
import {
  ACCESSOR_ROLES,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
  hasAll,
  isGrant,
  isRole,
  permissionsOf,
  roleKind,
} from './permissions.ts';
import { avatarInitials } from './auth.ts';
import { driftInputLabel } from './ml-prediction.ts';

const set = (role: keyof typeof ROLE_PERMISSIONS) => new Set<string>(ROLE_PERMISSIONS[role]);

describe('roles and permissions (SPEC §6)', () => {
  it('accumulates tiers: base → ptcoJobManager → sysAdmin → tester → developer', () => {
    const chain = ['client', 'ptcoJobManager', 'sysAdmin', 'tester', 'developer'] as const;
    for (let i = 1; i < chain.length; i++) {
      const lower = set(chain[i - 1]!);
      const higher = set(chain[i]!);
      for (const p of lower) expect(higher.has(p), `${chain[i]} lacks ${p} of ${chain[i - 1]}`).toBe(true);
      expect(higher.size).toBeGreaterThan(lower.size);
    }
  });

  it('gives the base tier the same core and issuers their extras', () => {
    for (const role of ['issuer', 'client', 'issuerPlus', 'accountManager'] as const) {
      expect(
        hasAll(set(role), [
          'AnalysisJobList_VIEW',
          'Insights_VIEW',
          'UseCases_VIEW',
          'Concurrency_Take_Entity_Lock',
          'StandardLayoutNavbar_VIEW',
        ]),
      ).toBe(true);
    }
    expect(hasAll(set('issuer'), ['BuyerCreate', 'CapabilitySelection_VIEW', 'Chatbot_VIEW'])).toBe(true);
    expect(set('client').has('BuyerCreate')).toBe(false);
  });

  it('places the named permissions at the tier SPEC §6 says', () => {
    expect(
      hasAll(set('ptcoJobManager'), [
        'ActiveUsers_VIEW',
        'AnalyticsQuery_VIEW',
        'IssuerArea_VIEW',
        'BuyerManagement_VIEW',
        'Toolbar_Theme_Switcher_VIEW',
      ]),
    ).toBe(true);
    expect(set('ptcoJobManager').has('User_CRUD')).toBe(false);
    expect(
      hasAll(set('sysAdmin'), [
        'Address_Validator_VIEW',
        'DevOps_Area_VIEW',
        'Tools_Area_VIEW',
        'IssuerArea_CRUD',
        'User_CRUD',
        'Dashboard_VIEW',
      ]),
    ).toBe(true);
    expect(set('sysAdmin').has('JobMaintenance_VIEW')).toBe(false);
    expect(set('tester').has('JobMaintenance_VIEW')).toBe(true);
    expect(set('tester').has('DevArea_CRUD')).toBe(false);
    expect(hasAll(set('developer'), ['DevArea_CRUD', 'SystemMaintenanceMode_IGNORE', 'Chatbot_ErrorState_VIEW'])).toBe(
      true,
    );
  });

  it('grants only known permissions, and every accessor role is a tabbed-view role', () => {
    const known = new Set<string>([...PERMISSIONS, ...ACCESSOR_ROLES]);
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(known.has(p), `${role}: ${p}`).toBe(true);
    for (const r of ACCESSOR_ROLES) expect(roleKind(r)).toBe('tabbedView');
    expect(roleKind('sysAdmin')).toBe('standard');
  });

  it('passes a check only when every required permission is held, across roles plus extra permissions', () => {
    const held = permissionsOf(['client', 'JobSummaryAccessor'], ['SystemLogs_VIEW']);
    expect(hasAll(held, ['AnalysisJobList_VIEW', 'JobSummaryAccessor', 'SystemLogs_VIEW'])).toBe(true);
    expect(hasAll(held, ['AnalysisJobList_VIEW', 'User_CRUD'])).toBe(false);
    expect(hasAll(held, [])).toBe(true);
  });
});

describe('avatar initials (SPEC §3)', () => {
  it('uses given name and surname, else the username, else N/A', () => {
    expect(avatarInitials({ givenName: 'sara', surname: 'admin', username: 'x' })).toBe('SA');
    expect(avatarInitials({ givenName: 'Sara', surname: null, username: 'developer' })).toBe('DE');
    expect(avatarInitials({})).toBe('N/A');
  });
});

describe('guards for stored strings', () => {
  it('tells known roles and grants from unknown or misspelt ones', () => {
    for (const r of ROLES) expect(isRole(r)).toBe(true);
    expect(isRole('sysadmin')).toBe(false);
    expect(isRole('User_Update')).toBe(false);
    expect(isGrant('User_Update')).toBe(true);
    expect(isGrant('sysAdmin')).toBe(false);
  });

  it('labels known drift inputs and keeps an unknown one as stored', () => {
    expect(driftInputLabel('spendBand')).toBe('Spend band');
    expect(driftInputLabel('retiredInput')).toBe('retiredInput');
    expect(driftInputLabel('toString')).toBe('toString');
  });
});

describe('platform-only permissions (docs/SECURITY.md)', () => {
  it('are known permissions, held by no tenant role, and mark the internal roles', async () => {
    const { PLATFORM_ONLY_PERMISSIONS, PLATFORM_ONLY_ROLES, platformOnlyIn, switchableRoles } =
      await import('./permissions.ts');
    for (const p of PLATFORM_ONLY_PERMISSIONS) expect(PERMISSIONS).toContain(p);
    for (const role of [
      'issuer',
      'client',
      'issuerPlus',
      'accountManager',
      'campaignManager',
      'live',
      'readOnly',
      'matchedDataOnlyJobCreator',
      'selfServeJobCreator',
      ...ACCESSOR_ROLES,
    ] as const)
      expect(platformOnlyIn(ROLE_PERMISSIONS[role]), role).toEqual([]);
    expect(PLATFORM_ONLY_ROLES).toEqual(['ptcoJobManager', 'sysAdmin', 'tester', 'developer']);
    expect(switchableRoles(['sysAdmin'], false)).not.toContain('ptcoJobManager');
    expect(switchableRoles(['sysAdmin'], true)).toContain('ptcoJobManager');
  });
});
